package dev.dbprint.mcp.print.model;

import java.util.List;
import java.util.Map;

/**
 * One {@code changes} event of {@code diff.yaml} (format spec §2.6.5/§2.6.6). The schema guarantees only {@code kind}; the
 * other accessors are null when the event does not carry the field.
 */
public record Change(Map<String, Object> raw, String kind, String table, String sourceTable, String targetTable,
        List<String> sourceColumn, List<String> targetColumn) {

    public boolean isRelationshipEvent() {
        return kind != null && kind.startsWith("relationship_");
    }

    /** Whether the event names {@code fqn} as its table, source table or target table (server spec §4.5). */
    public boolean names(String fqn) {
        return fqn.equals(table) || fqn.equals(sourceTable) || fqn.equals(targetTable);
    }

    static Change of(Object o) {
        Map<String, Object> m = Raw.map(o);
        if (m == null) {
            m = Map.of();
        }
        return new Change(m, Raw.str(m, "kind"), Raw.str(m, "table"), Raw.str(m, "source_table"),
                Raw.str(m, "target_table"), Raw.strings(m, "source_column"), Raw.strings(m, "target_column"));
    }
}
