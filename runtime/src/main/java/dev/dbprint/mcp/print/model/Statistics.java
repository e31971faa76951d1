package dev.dbprint.mcp.print.model;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

import dev.dbprint.mcp.error.PrintError;

/**
 * {@code statistics.yaml} (format spec §2.2).
 *
 * @param raw the whole document in file order (sketches included)
 * @param scope the {@code scope} block (§2.2.8), or null when the whole table was read
 * @param catalogOnly {@code catalog_only: true} present (§2.2.15)
 * @param external {@code external: true} present (§2.2.20)
 * @param disabled {@code disabled} (blocks a producer's configuration switched off; server spec §4.3), empty when absent
 * @param unmeasured the table-level {@code unmeasured} list, empty when absent
 * @param columns columns in file order
 */
public record Statistics(Path path, Map<String, Object> raw, String table, String type, String profiledAt, Long rowCount,
        String rowCountMethod, Map<String, Object> scope, boolean catalogOnly, boolean external, List<String> disabled,
        List<String> unmeasured, Map<String, ColumnStats> columns) {

    public boolean scoped() {
        return scope != null;
    }

    public ColumnStats column(String name) {
        return columns.get(name);
    }

    /** The columns of each {@code grain.keys} entry (§2.2.7), declared or measured, in file order. */
    public List<List<String>> keys() {
        List<List<String>> out = new ArrayList<>();
        List<Object> keys = Raw.list(Raw.map(raw, "grain"), "keys");
        if (keys != null) {
            for (Object k : keys) {
                Map<String, Object> key = Raw.map(k);
                List<String> columns = key == null ? null : Raw.strings(key, "columns");
                if (columns != null && !columns.isEmpty()) {
                    out.add(columns);
                }
            }
        }
        return out;
    }

    /** Builds the model; a document that is not a mapping, or whose {@code columns} is not one, is a shape error. */
    public static Statistics of(Path path, Object tree) {
        Map<String, Object> m = Raw.map(tree);
        if (m == null) {
            throw PrintError.shape(path, "top level is not a mapping");
        }
        FormatVersion.require(path, m);
        Map<String, ColumnStats> columns = new LinkedHashMap<>();
        Object rawColumns = m.get("columns");
        if (rawColumns != null) {
            Map<String, Object> cm = Raw.map(rawColumns);
            if (cm == null) {
                throw PrintError.shape(path, "'columns' is not a mapping");
            }
            for (Map.Entry<String, Object> e : cm.entrySet()) {
                Map<String, Object> col = Raw.map(e.getValue());
                if (col == null) {
                    throw PrintError.shape(path, "column '" + e.getKey() + "' is not a mapping");
                }
                columns.put(e.getKey(), ColumnStats.of(e.getKey(), col));
            }
        }
        List<String> disabled = Raw.strings(m, "disabled");
        List<String> unmeasured = Raw.strings(m, "unmeasured");
        return new Statistics(path, m, Raw.str(m, "table"), Raw.str(m, "type"), Raw.str(m, "profiled_at"),
                Raw.lng(m, "row_count"), Raw.str(m, "row_count_method"), Raw.map(m, "scope"),
                Boolean.TRUE.equals(Raw.bool(m, "catalog_only")), Boolean.TRUE.equals(Raw.bool(m, "external")),
                disabled == null ? List.of() : disabled, unmeasured == null ? List.of() : unmeasured,
                Collections.unmodifiableMap(columns));
    }
}
