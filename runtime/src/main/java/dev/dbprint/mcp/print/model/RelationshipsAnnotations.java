package dev.dbprint.mcp.print.model;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.Map;
import java.util.Objects;

/**
 * {@code relationships.annotations.yaml} (format spec §2.7.2), schema-checked on load. It lives in the source (referencing)
 * table's directory and addresses outgoing edges only.
 *
 * @param refersTo entries in file order
 */
public record RelationshipsAnnotations(Path path, Map<String, Object> raw, List<Entry> refersTo) {

    /**
     * One entry: annotates the emitted edge it resolves against, or is a human-authored edge when it resolves against
     * none.
     *
     * @param verdict {@code rejected}, or null
     */
    public record Entry(Map<String, Object> raw, List<String> column, List<String> path, String targetTable,
            List<String> targetColumn, List<String> targetPath, String verdict, String note, Map<String, Object> claims) {

        public boolean rejected() {
            return "rejected".equals(verdict);
        }

        /** Whether this entry addresses {@code edge} (an outgoing edge of the file's own table) by its triplet. */
        public boolean addresses(Edge edge) {
            return edge.direction() == Edge.Direction.REFERS_TO && addresses(edge.column(), edge.otherTable(),
                    edge.otherColumn());
        }

        public boolean addresses(List<String> sourceColumn, String target, List<String> targetCol) {
            return Objects.equals(column, sourceColumn) && Objects.equals(targetTable, target)
                    && Objects.equals(targetColumn, targetCol);
        }
    }

    /** Entries carrying {@code verdict: rejected}. */
    public List<Entry> rejected() {
        return refersTo.stream().filter(Entry::rejected).toList();
    }

    /** Whether an entry rejects the edge {@code column → target.targetColumn}. */
    public boolean rejects(List<String> column, String target, List<String> targetColumn) {
        for (Entry e : refersTo) {
            if (e.rejected() && e.addresses(column, target, targetColumn)) {
                return true;
            }
        }
        return false;
    }

    private static final List<String> ENTRY_KEYS = List.of("column", "path", "target_table", "target_column",
            "target_path", "note", "verdict", "claims");

    public static RelationshipsAnnotations of(Path path, Object tree) {
        SchemaCheck c = new SchemaCheck(path);
        String top = SchemaCheck.TOP;
        Map<String, Object> m = c.mapping(top, tree);
        c.closed(top, m, List.of("format_version", "refers_to"));
        c.required(top, m, "format_version", "refers_to");
        c.formatVersion(m);
        List<Object> l = c.list("refers_to", m.get("refers_to"));
        List<Entry> entries = new ArrayList<>(l.size());
        for (int i = 0; i < l.size(); i++) {
            String at = SchemaCheck.index("refers_to", i);
            Map<String, Object> e = c.mapping(at, l.get(i));
            c.closed(at, e, ENTRY_KEYS);
            c.required(at, e, "column", "target_table", "target_column");
            List<String> column = c.columnArray(SchemaCheck.key(at, "column"), e.get("column"), false);
            List<String> p = e.containsKey("path")
                    ? c.columnArray(SchemaCheck.key(at, "path"), e.get("path"), false)
                    : null;
            String target = c.string(SchemaCheck.key(at, "target_table"), e.get("target_table"));
            if (target.isEmpty()) {
                throw c.fail(SchemaCheck.key(at, "target_table"), "must be a non-empty string");
            }
            List<String> targetColumn = c.columnArray(SchemaCheck.key(at, "target_column"), e.get("target_column"),
                    false);
            List<String> targetPath = e.containsKey("target_path")
                    ? c.columnArray(SchemaCheck.key(at, "target_path"), e.get("target_path"), false)
                    : null;
            String note = e.containsKey("note") ? c.string(SchemaCheck.key(at, "note"), e.get("note")) : null;
            String verdict = null;
            if (e.containsKey("verdict")) {
                Object v = e.get("verdict");
                if (!"rejected".equals(v)) {
                    throw c.fail(SchemaCheck.key(at, "verdict"),
                            "must be one of ['rejected'] (found " + SchemaCheck.describe(v) + ")");
                }
                verdict = "rejected";
            }
            Map<String, Object> claims = e.containsKey("claims")
                    ? c.mapping(SchemaCheck.key(at, "claims"), e.get("claims"))
                    : null;
            entries.add(new Entry(e, List.copyOf(column), p == null ? null : List.copyOf(p), target,
                    List.copyOf(targetColumn), targetPath == null ? null : List.copyOf(targetPath), verdict, note,
                    claims));
        }
        return new RelationshipsAnnotations(path, m, Collections.unmodifiableList(entries));
    }
}
