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
        Grain grain = grain();
        return grain == null ? List.of() : grain.keys().stream().map(GrainKey::columns).toList();
    }

    /**
     * What the {@code scope} block says of how the table was read in part (§2.2.8).
     *
     * @param rowsScanned {@code rows_scanned} as written, or null
     * @param sampled whether the block has a {@code sample} key; {@code sample} its value as written
     * @param filtered whether the block has a {@code filter} key; {@code filter} its value as written
     */
    public record PartialRead(Object rowsScanned, boolean sampled, Object sample, boolean filtered, Object filter) {
    }

    /** The {@code scope} block read, or null when the whole table was read. */
    public PartialRead partialRead() {
        if (scope == null) {
            return null;
        }
        return new PartialRead(scope.get("rows_scanned"), scope.containsKey("sample"), scope.get("sample"),
                scope.containsKey("filter"), scope.get("filter"));
    }

    /** One {@code grain.keys} entry with a non-empty list of column names; {@code detection} null when absent. */
    public record GrainKey(List<String> columns, String detection) {
    }

    /**
     * The {@code grain} block (§2.2.7).
     *
     * @param keys its keys, in file order
     * @param searchExhausted {@code search.exhausted}, or null when no search for a measured key ran
     */
    public record Grain(List<GrainKey> keys, Boolean searchExhausted) {
    }

    /** The {@code grain} block, or null when the file has none. */
    public Grain grain() {
        Map<String, Object> grain = Raw.map(raw, "grain");
        if (grain == null) {
            return null;
        }
        List<GrainKey> keys = new ArrayList<>();
        for (Map<String, Object> key : mappings(Raw.list(grain, "keys"))) {
            List<String> columns = Raw.strings(key, "columns");
            if (columns != null && !columns.isEmpty()) {
                keys.add(new GrainKey(columns, Raw.str(key, "detection")));
            }
        }
        return new Grain(keys, Raw.bool(Raw.map(grain, "search"), "exhausted"));
    }

    /** One {@code null_patterns.patterns} entry: the columns null together and on how many rows. */
    public record NullPattern(List<String> columns, long count) {
    }

    /**
     * The {@code null_patterns} block (§2.2.10).
     *
     * @param patterns the entries with a list of column names and a count, in file order
     * @param coverage the share of the scanned rows the patterns hold, or null
     */
    public record NullPatterns(List<NullPattern> patterns, Number coverage) {
    }

    /** The {@code null_patterns} block, or null when it has no {@code patterns} list. */
    public NullPatterns nullPatterns() {
        Map<String, Object> block = Raw.map(raw, "null_patterns");
        List<Object> listed = Raw.list(block, "patterns");
        if (listed == null) {
            return null;
        }
        List<NullPattern> patterns = new ArrayList<>();
        for (Map<String, Object> p : mappings(listed)) {
            List<String> columns = Raw.strings(p, "columns");
            Long count = Raw.lng(p, "count");
            if (columns != null && count != null) {
                patterns.add(new NullPattern(columns, count));
            }
        }
        return new NullPatterns(patterns, Raw.num(block, "coverage"));
    }

    /** One {@code timeline.buckets} entry: its {@code start} as written and its row count. */
    public record Bucket(Object start, long count) {
    }

    /**
     * The {@code timeline} block (§2.2.16).
     *
     * @param column the anchor column, or null
     * @param unit the bucket unit, or null
     * @param buckets the entries with a start and a count, in file order
     * @param coverage the share of the scanned rows bucketed, or null
     */
    public record Timeline(String column, String unit, List<Bucket> buckets, Number coverage) {
    }

    /** The {@code timeline} block, or null when the file has none. */
    public Timeline timeline() {
        Map<String, Object> timeline = Raw.map(raw, "timeline");
        if (timeline == null) {
            return null;
        }
        List<Bucket> buckets = new ArrayList<>();
        for (Map<String, Object> b : mappings(Raw.list(timeline, "buckets"))) {
            Long count = Raw.lng(b, "count");
            if (b.get("start") != null && count != null) {
                buckets.add(new Bucket(b.get("start"), count));
            }
        }
        return new Timeline(Raw.str(timeline, "column"), Raw.str(timeline, "unit"), buckets,
                Raw.num(timeline, "coverage"));
    }

    /** The items of {@code list} that are mappings, in order; none when it is null. */
    private static List<Map<String, Object>> mappings(List<Object> list) {
        List<Map<String, Object>> out = new ArrayList<>();
        for (Object o : list == null ? List.of() : list) {
            Map<String, Object> m = Raw.map(o);
            if (m != null) {
                out.add(m);
            }
        }
        return out;
    }

    /** Builds the model; a document that is not a mapping, or whose {@code columns} is not one, is a shape error. */
    public static Statistics of(Path path, Object tree) {
        Map<String, Object> m = FormatVersion.top(path, tree);
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
