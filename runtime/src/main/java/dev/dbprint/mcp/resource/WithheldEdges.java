package dev.dbprint.mcp.resource;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;

import dev.dbprint.mcp.print.PrintView;
import dev.dbprint.mcp.print.RejectedEdges;
import dev.dbprint.mcp.print.model.Change;
import dev.dbprint.mcp.print.model.Diff;
import dev.dbprint.mcp.print.model.Edge;
import dev.dbprint.mcp.print.model.Raw;
import dev.dbprint.mcp.print.model.Relationships;
import dev.dbprint.mcp.print.model.TableEntry;
import dev.dbprint.mcp.render.YamlText;

/**
 * The two resources served without what a human rejected (spec §3.4): a table's relationships without the rejected
 * edges, from either side, and the connection's diff without the relationship events about them, its
 * {@code summary.relationships_changed} counting the events kept. Each answers the re-serialized YAML only when
 * something was withheld — otherwise empty, and the file is served byte for byte. Every file consulted is read through
 * the view, so it is part of the read's {@code version}.
 */
final class WithheldEdges {

    /** The event kinds {@code summary.relationships_changed} counts (format spec §2.6.4). */
    private static final Set<String> RELATIONSHIP_EVENTS = Set.of("relationship_added", "relationship_removed",
            "relationship_modified");

    private final RejectedEdges rejected;

    WithheldEdges(PrintView view) {
        this.rejected = new RejectedEdges(view, RejectedEdges.Unreadable.FAILS);
    }

    Optional<String> relationships(TableEntry table, Relationships rels) {
        Map<String, Object> out = new LinkedHashMap<>(rels.raw());
        boolean withheld = keep(out, "refers_to", table.fqn(), rels.refersTo());
        withheld |= keep(out, "referenced_by", table.fqn(), rels.referencedBy());
        return withheld ? Optional.of(YamlText.dump(out)) : Optional.empty();
    }

    Optional<String> diff(Diff diff) {
        List<Object> items = Raw.list(diff.raw().get("changes"));
        List<Object> kept = new ArrayList<>();
        long relationshipEvents = 0;
        for (int i = 0; i < diff.changes().size(); i++) {
            Change c = diff.changes().get(i);
            if (rejected.withholds(c)) {
                continue;
            }
            kept.add(items.get(i)); // the item as parsed, even one that is not a mapping
            if (RELATIONSHIP_EVENTS.contains(c.kind())) {
                relationshipEvents++;
            }
        }
        if (kept.size() == diff.changes().size()) {
            return Optional.empty();
        }
        Map<String, Object> out = new LinkedHashMap<>(diff.raw());
        out.put("changes", kept);
        if (diff.summary() != null && diff.summary().containsKey("relationships_changed")) {
            Map<String, Object> summary = new LinkedHashMap<>(diff.summary());
            summary.put("relationships_changed", relationshipEvents);
            out.put("summary", summary);
        }
        return Optional.of(YamlText.dump(out));
    }

    /** Replaces {@code key}'s list with the edges kept; whether any was withheld. */
    private boolean keep(Map<String, Object> out, String key, String self, List<Edge> edges) {
        List<Object> items = Raw.list(out.get(key));
        List<Object> kept = new ArrayList<>();
        for (int i = 0; i < edges.size(); i++) {
            if (!rejected.withholds(self, edges.get(i))) {
                kept.add(items.get(i)); // the item as parsed, even one that is not a mapping
            }
        }
        if (kept.size() == edges.size()) {
            return false;
        }
        out.put(key, kept);
        return true;
    }
}
