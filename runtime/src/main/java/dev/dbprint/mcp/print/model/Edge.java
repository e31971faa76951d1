package dev.dbprint.mcp.print.model;

import java.util.List;
import java.util.Map;

/**
 * One {@code refers_to} or {@code referenced_by} entry of {@code relationships.yaml} (format spec §2.3.2/§2.3.3), read from
 * its own side.
 *
 * @param direction {@link Direction#REFERS_TO} (this → other) or {@link Direction#REFERENCED_BY} (other → this)
 * @param column this table's columns ({@code column})
 * @param otherTable {@code target_table} on an outgoing edge, {@code referencer_table} on an incoming one
 * @param otherColumn {@code target_column} / {@code referencer_column}
 * @param path {@code path} (outgoing only, §2.3.9), or null
 * @param targetPath {@code target_path} (outgoing only), or null
 * @param detection {@code declared | inferred | measured}, or null
 * @param observed what the {@code observed} block (§2.3.10) says, or null when absent
 */
public record Edge(Map<String, Object> raw, Direction direction, List<String> column, String otherTable,
        List<String> otherColumn, List<String> path, List<String> targetPath, String detection, String onDelete,
        String onUpdate, String constraintName, Observed observed) {

    /**
     * The {@code observed} block's measures of the edge.
     *
     * @param fanoutAvg {@code fanout_avg} as written, or null
     * @param targetCoverage {@code target_coverage} when a number, else null
     */
    public record Observed(Object fanoutAvg, Number targetCoverage) {

        static Observed of(Map<String, Object> block) {
            return block == null ? null : new Observed(block.get("fanout_avg"), Raw.num(block, "target_coverage"));
        }
    }

    public enum Direction {
        REFERS_TO, REFERENCED_BY
    }

    /** The referencing table: {@code self} for an outgoing edge, the referencer for an incoming one. */
    public String sourceTable(String self) {
        return direction == Direction.REFERS_TO ? self : otherTable;
    }

    public List<String> sourceColumn() {
        return direction == Direction.REFERS_TO ? column : otherColumn;
    }

    /** The referenced table: the target for an outgoing edge, {@code self} for an incoming one. */
    public String targetTable(String self) {
        return direction == Direction.REFERS_TO ? otherTable : self;
    }

    public List<String> targetColumn() {
        return direction == Direction.REFERS_TO ? otherColumn : column;
    }

    static Edge of(Direction d, Object o) {
        Map<String, Object> m = Raw.map(o);
        if (m == null) {
            m = Map.of();
        }
        boolean out = d == Direction.REFERS_TO;
        return new Edge(m, d, Raw.strings(m, "column"), Raw.str(m, out ? "target_table" : "referencer_table"),
                Raw.strings(m, out ? "target_column" : "referencer_column"), Raw.strings(m, "path"),
                Raw.strings(m, "target_path"), Raw.str(m, "detection"), Raw.str(m, "on_delete"),
                Raw.str(m, "on_update"), Raw.str(m, "constraint_name"), Observed.of(Raw.map(m, "observed")));
    }
}
