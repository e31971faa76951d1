package dev.dbprint.mcp.print.store;

import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;

import dev.dbprint.mcp.error.PrintError;
import dev.dbprint.mcp.print.model.Artifact;
import dev.dbprint.mcp.print.model.Change;
import dev.dbprint.mcp.print.model.Edge;
import dev.dbprint.mcp.print.model.Relationships;
import dev.dbprint.mcp.print.model.RelationshipsAnnotations;
import dev.dbprint.mcp.print.model.TableEntry;

/**
 * Which edges a human rejected (format spec §2.7.2, server spec §3.4, §4.1, §4.5). The referencing table's own
 * {@code relationships.annotations.yaml} decides, from either side of the edge: an entry with {@code verdict: rejected}
 * whose column / target table / target column triplet matches withholds the edge, unless that table's current
 * {@code relationships.yaml} declares it ({@code detection: declared}), which a verdict never overrides. Every file
 * consulted is read through the view, so it pins the cursor or resource version of the reply it shaped.
 * <p>
 * Fail closed: a verdict file that cannot be read — it does not parse, does not match its schema, cannot be read from
 * disk, or its table's entry cannot be followed — never releases the edges it may reject. What happens instead is the
 * caller's {@link Unreadable} choice. A table the manifest does not name, or whose file is absent (never written, or
 * deleted since the manifest listed it), rejects nothing.
 */
public final class RejectedEdges {

    /** What an edge a verdict file decides comes to when that file cannot be read. */
    public enum Unreadable {
        /** The read fails with the file's own error (§8.1, §8.2): the relationships and diff resources, get_diff. */
        FAILS,
        /**
         * The edge is withheld as if rejected: get_table_context, which names its own broken file under
         * {@code _corrupted} and degrades that section instead of failing.
         */
        WITHHOLDS
    }

    private final PrintView view;
    private final Unreadable unreadable;
    /** Each source table's verdicts, read once per call: a broken file is never cached, so it would parse per edge. */
    private final Map<String, Optional<RelationshipsAnnotations>> read = new HashMap<>();
    private final Map<String, PrintError> unread = new HashMap<>();

    public RejectedEdges(PrintView view, Unreadable unreadable) {
        this.view = view;
        this.unreadable = unreadable;
    }

    /** Whether {@code edge}, read from {@code self}'s relationships.yaml, is withheld. */
    public boolean withholds(String self, Edge edge) {
        if ("declared".equals(edge.detection())) {
            return false;
        }
        return rejected(edge.sourceTable(self), edge.sourceColumn(), edge.targetTable(self), edge.targetColumn());
    }

    /** Whether a relationship event of diff.yaml is about a rejected edge (§4.5). */
    public boolean withholds(Change change) {
        if (!change.isRelationshipEvent() || change.sourceTable() == null) {
            return false;
        }
        boolean rejected;
        try {
            rejected = rejected(change.sourceTable(), change.sourceColumn(), change.targetTable(),
                    change.targetColumn());
        } catch (PrintError e) {
            // a declared edge needs no verdict, so an unreadable verdict file cannot fail the read of one
            if (declaredNow(change.sourceTable(), change.sourceColumn(), change.targetTable(), change.targetColumn())) {
                return false;
            }
            throw e;
        }
        // relationships.yaml is read only for an edge a verdict would withhold
        return rejected
                && !declaredNow(change.sourceTable(), change.sourceColumn(), change.targetTable(), change.targetColumn());
    }

    private boolean rejected(String source, List<String> column, String target, List<String> targetColumn) {
        if (source == null) {
            return false;
        }
        Optional<RelationshipsAnnotations> verdicts;
        try {
            verdicts = verdicts(source);
        } catch (PrintError e) {
            if (unreadable == Unreadable.FAILS) {
                throw e;
            }
            return true;
        }
        return verdicts.map(a -> a.rejects(column, target, targetColumn)).orElse(false);
    }

    /** The source table's verdict file, empty when none is authored or the manifest has no such table. */
    private Optional<RelationshipsAnnotations> verdicts(String source) {
        PrintError failed = unread.get(source);
        if (failed != null) {
            throw failed;
        }
        Optional<RelationshipsAnnotations> known = read.get(source);
        if (known != null) {
            return known;
        }
        try {
            Optional<TableEntry> entry = view.table(source);
            Optional<RelationshipsAnnotations> verdicts = entry.isEmpty()
                    ? Optional.empty()
                    : view.relationshipsAnnotations(entry.get());
            read.put(source, verdicts);
            return verdicts;
        } catch (PrintError e) {
            if (e.kind() == PrintError.Kind.MISSING_FILE) {
                // deleted since the run that listed it: no verdict is authored, as if never written
                read.put(source, Optional.empty());
                return Optional.empty();
            }
            unread.put(source, e);
            throw e;
        }
    }

    private boolean declaredNow(String source, List<String> column, String target, List<String> targetColumn) {
        Optional<TableEntry> entry = followable(source);
        if (entry.isEmpty() || !entry.get().declares(Artifact.RELATIONSHIPS)) {
            return false;
        }
        try {
            Optional<Relationships> rels = view.relationships(entry.get());
            return rels.isPresent() && rels.get().refersTo().stream()
                    .anyMatch(e -> "declared".equals(e.detection()) && column != null && column.equals(e.column())
                            && target != null && target.equals(e.otherTable()) && targetColumn != null
                            && targetColumn.equals(e.otherColumn()));
        } catch (PrintError e) {
            return false;
        }
    }

    private Optional<TableEntry> followable(String fqn) {
        try {
            return view.table(fqn).filter(TableEntry::followable);
        } catch (PrintError e) {
            return Optional.empty();
        }
    }
}
