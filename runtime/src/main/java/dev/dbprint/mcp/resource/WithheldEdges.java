package dev.dbprint.mcp.resource;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;

import dev.dbprint.mcp.print.model.Diff;
import dev.dbprint.mcp.print.model.Edge;
import dev.dbprint.mcp.print.model.Raw;
import dev.dbprint.mcp.print.model.Relationships;
import dev.dbprint.mcp.print.model.TableEntry;
import dev.dbprint.mcp.print.store.PrintView;
import dev.dbprint.mcp.print.store.RejectedEdges;
import dev.dbprint.mcp.render.KeptChanges;
import dev.dbprint.mcp.render.YamlText;

/**
 * The two resources served without what a human rejected (spec §3.4): a table's relationships without the rejected
 * edges, from either side, and the connection's diff without the relationship events about them, its
 * {@code summary.relationships_changed} counting the events kept. Each answers the re-serialized YAML only when
 * something was withheld — otherwise empty, and the file is served byte for byte. Every file consulted is read through
 * the view, so it is part of the read's {@code version}.
 */
final class WithheldEdges {

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
        KeptChanges kept = KeptChanges.of(diff, rejected, change -> true);
        if (kept.changes().size() == diff.changes().size()) {
            return Optional.empty();
        }
        Map<String, Object> out = new LinkedHashMap<>(diff.raw());
        out.put("changes", kept.changes());
        if (kept.summary() != null) {
            out.put("summary", kept.summary());
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
