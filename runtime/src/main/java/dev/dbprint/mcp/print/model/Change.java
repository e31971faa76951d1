package dev.dbprint.mcp.print.model;

import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * One {@code changes} event of {@code diff.yaml} (format spec §2.6.5/§2.6.6). The schema guarantees only {@code kind}; the
 * other accessors are null when the event does not carry the field.
 */
public record Change(Map<String, Object> raw, String kind, String table, String sourceTable, String targetTable,
        List<String> sourceColumn, List<String> targetColumn) {

    /** The event kinds {@code summary.relationships_changed} counts (format spec §2.6.4). */
    private static final Set<String> RELATIONSHIP_EVENTS = Set.of("relationship_added", "relationship_removed",
            "relationship_modified");

    /** An edge's event: what a rejected edge withholds and {@code summary.relationships_changed} counts. */
    public boolean isRelationshipEvent() {
        return kind != null && RELATIONSHIP_EVENTS.contains(kind);
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
