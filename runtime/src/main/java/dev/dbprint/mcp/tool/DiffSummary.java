package dev.dbprint.mcp.tool;

import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;
import java.util.Set;
import java.util.function.Predicate;
import java.util.stream.Stream;

import dev.dbprint.mcp.print.model.Change;

/**
 * diff.yaml's {@code summary} recounted over the events a get_diff reply returns (spec §4.5), so that every count
 * describes the list it rides with: each event counter (format spec §2.6.4) counts the returned events of its kinds, and
 * {@code tables_modified} the tables those events modify — a relationship event modifies both tables it joins, whose
 * relationships.yaml both list the edge — within the {@code table} filter when one is given. {@code unchanged_tables} and {@code unevaluated_tables} count
 * objects that produced no event at all, which no event filter selects or drops, so they stay as the file has them. Only
 * the keys the file carries are written.
 */
final class DiffSummary {

    /** Each counter and the events it counts; a relationship event is what {@link Change} says one is. */
    private static final Map<String, Predicate<Change>> EVENT_COUNTERS = Map.ofEntries(
            Map.entry("tables_added", kinds("table_added")), Map.entry("tables_removed", kinds("table_removed")),
            Map.entry("columns_added", kinds("column_added")), Map.entry("columns_removed", kinds("column_removed")),
            Map.entry("columns_type_changed", kinds("column_type_changed")),
            Map.entry("columns_nullable_changed", kinds("column_nullable_changed")),
            Map.entry("columns_default_changed", kinds("column_default_changed")),
            Map.entry("statistics_drifted", kinds("statistic_changed")),
            Map.entry("relationships_changed", Change::isRelationshipEvent),
            Map.entry("indexes_changed", kinds("index_added", "index_removed", "index_modified")),
            Map.entry("comments_changed", kinds("comment_changed")));
    private static final String TABLES_MODIFIED = "tables_modified";

    private DiffSummary() {
    }

    /** The file's summary with every counter it carries recounted over {@code returned}. */
    static Map<String, Object> of(Map<String, Object> fileSummary, List<Change> returned, Optional<String> table) {
        Map<String, Object> out = new LinkedHashMap<>(fileSummary); // never the cached parse itself
        for (Map.Entry<String, Predicate<Change>> c : EVENT_COUNTERS.entrySet()) {
            if (out.containsKey(c.getKey())) {
                out.put(c.getKey(), returned.stream().filter(c.getValue()).count());
            }
        }
        if (out.containsKey(TABLES_MODIFIED)) {
            Set<String> modified = new HashSet<>();
            for (Change e : returned) {
                if (!"table_added".equals(e.kind()) && !"table_removed".equals(e.kind())) {
                    Stream.of(e.table(), e.sourceTable(), e.targetTable()).filter(Objects::nonNull).forEach(modified::add);
                }
            }
            table.ifPresent(t -> modified.retainAll(Set.of(t)));
            out.put(TABLES_MODIFIED, (long) modified.size());
        }
        return out;
    }

    private static Predicate<Change> kinds(String... kinds) {
        List<String> of = List.of(kinds);
        return e -> of.contains(e.kind());
    }
}
