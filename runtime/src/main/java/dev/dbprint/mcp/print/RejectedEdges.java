package dev.dbprint.mcp.print;

import java.util.List;
import java.util.Optional;

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
 */
public final class RejectedEdges {

    private final PrintView view;

    public RejectedEdges(PrintView view) {
        this.view = view;
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
        if (!rejected(change.sourceTable(), change.sourceColumn(), change.targetTable(), change.targetColumn())) {
            return false;
        }
        return !declaredNow(change.sourceTable(), change.sourceColumn(), change.targetTable(), change.targetColumn());
    }

    private boolean rejected(String source, List<String> column, String target, List<String> targetColumn) {
        return annotations(source).map(a -> a.rejects(column, target, targetColumn)).orElse(false);
    }

    /** The source table's annotation file; a table that cannot be followed, or a broken file, rejects nothing. */
    private Optional<RelationshipsAnnotations> annotations(String source) {
        Optional<TableEntry> entry = followable(source);
        if (entry.isEmpty()) {
            return Optional.empty();
        }
        try {
            return view.relationshipsAnnotations(entry.get());
        } catch (PrintError e) {
            return Optional.empty();
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
