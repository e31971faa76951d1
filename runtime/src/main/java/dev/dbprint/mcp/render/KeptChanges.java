package dev.dbprint.mcp.render;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.function.Predicate;

import dev.dbprint.mcp.print.model.Change;
import dev.dbprint.mcp.print.model.Diff;
import dev.dbprint.mcp.print.model.Raw;
import dev.dbprint.mcp.print.store.RejectedEdges;

/**
 * A diff's changes as a reader is shown them, by get_diff (server spec §4.5) and the diff resource (§3.4) alike: the
 * changes asked for, without the relationship events about a rejected edge, and {@code summary.relationships_changed}
 * counting the relationship events kept.
 *
 * @param changes the items kept, each as parsed (even one that is not a mapping), in file order
 * @param summary the diff's summary with the count redone, or null when it has no {@code relationships_changed}
 */
public record KeptChanges(List<Object> changes, Map<String, Object> summary) {

    private static final String RELATIONSHIPS_CHANGED = "relationships_changed";

    /**
     * @param asked which changes the caller wants; tested first, so a change it filters out is never judged, nor its
     *        annotation file read
     */
    public static KeptChanges of(Diff diff, RejectedEdges rejected, Predicate<Change> asked) {
        List<Object> items = Raw.list(diff.raw(), "changes"); // null when the file has no changes key
        List<Object> kept = new ArrayList<>();
        long relationshipEvents = 0;
        for (int i = 0; i < diff.changes().size(); i++) {
            Change change = diff.changes().get(i);
            if (!asked.test(change) || rejected.withholds(change)) {
                continue;
            }
            kept.add(items.get(i));
            relationshipEvents += change.isRelationshipEvent() ? 1 : 0;
        }
        Map<String, Object> summary = null;
        if (diff.summary() != null && diff.summary().containsKey(RELATIONSHIPS_CHANGED)) {
            summary = new LinkedHashMap<>(diff.summary()); // never the cached parse itself
            summary.put(RELATIONSHIPS_CHANGED, relationshipEvents);
        }
        return new KeptChanges(kept, summary);
    }
}
