package dev.dbprint.mcp.print.model;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.Map;

import dev.dbprint.mcp.error.PrintError;

/**
 * {@code relationships.yaml} (format spec §2.3).
 *
 * @param eligibleTarget {@code eligible_target}, or null when not evaluated
 */
public record Relationships(Path path, Map<String, Object> raw, String table, String profiledAt, Boolean eligibleTarget,
        List<Edge> refersTo, List<Edge> referencedBy) {

    public static Relationships of(Path path, Object tree) {
        Map<String, Object> m = FormatVersion.top(path, tree);
        return new Relationships(path, m, Raw.str(m, "table"), Raw.str(m, "profiled_at"), Raw.bool(m, "eligible_target"),
                edges(path, m, "refers_to", Edge.Direction.REFERS_TO),
                edges(path, m, "referenced_by", Edge.Direction.REFERENCED_BY));
    }

    private static List<Edge> edges(Path path, Map<String, Object> m, String key, Edge.Direction d) {
        Object o = m.get(key);
        if (o == null) {
            return List.of();
        }
        List<Object> l = Raw.list(o);
        if (l == null) {
            throw PrintError.shape(path, "'" + key + "' is not a list");
        }
        List<Edge> out = new ArrayList<>(l.size());
        for (Object e : l) {
            out.add(Edge.of(d, e));
        }
        return Collections.unmodifiableList(out);
    }
}
