package dev.dbprint.mcp.render.context;

import java.util.ArrayList;
import java.util.Collections;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.function.Supplier;

import dev.dbprint.mcp.error.PrintError;
import dev.dbprint.mcp.print.model.Artifact;
import dev.dbprint.mcp.print.model.ColumnStats;
import dev.dbprint.mcp.print.model.Edge;
import dev.dbprint.mcp.print.model.ManifestAnnotations;
import dev.dbprint.mcp.print.model.Relationships;
import dev.dbprint.mcp.print.model.RelationshipsAnnotations;
import dev.dbprint.mcp.print.model.Statistics;
import dev.dbprint.mcp.print.model.StatisticsAnnotations;
import dev.dbprint.mcp.print.model.TableEntry;
import dev.dbprint.mcp.print.store.PrintView;
import dev.dbprint.mcp.print.store.RejectedEdges;

/**
 * What the print says about one table, read once through the call's {@link PrintView} (spec §4.1): each artifact, the
 * artifacts that failed to parse ({@code _corrupted}) or are declared but absent ({@code _missing}) — a broken artifact
 * leaves its own part empty and never fails the call — the join list with human-rejected edges withheld
 * ({@link RejectedEdges}) and human-added edges merged on both tables, and the notes inherited through
 * {@code derived_from}. Built without annotations, it holds none of the notes people wrote, so no renderer can print
 * one under {@code include_annotations: false}, whatever its format or purpose.
 * <p>
 * Past the reads of the artifacts, the model and the Markdown renderers loop where a stream or an {@code Optional}
 * chain would link a lambda: JDK 17's class-data archive keeps no linked call site, so each lambda a first
 * get_table_context met cost it about 0.1 ms of bootstrapping in the interpreter.
 */
public final class ContextModel {

    /**
     * Other tables' relationships.annotations.yaml read on every processor from this many: a few are read in turn, as
     * the parallel stream's set-up (its tasks, a pool thread started) cost a first call more than the reads. The cutoff
     * is a judgement, not a measurement, between the handful of such files the sample print has and the 1,556 of the
     * 7,003-table print of docs/performance.md, for which the parallel reads are kept.
     */
    private static final int PARALLEL_ANNOTATORS = 16;

    /** One join of the table, from its own side. */
    public record Join(Edge.Direction direction, List<String> column, List<String> path, String otherTable,
            List<String> otherColumn, List<String> otherPath, String detection, String note, Edge emitted) {

        public boolean outgoing() {
            return direction == Edge.Direction.REFERS_TO;
        }

        Join withoutNote() {
            return new Join(direction, column, path, otherTable, otherColumn, otherPath, detection, null, emitted);
        }
    }

    /** A note inherited from a source column ({@code source} is {@code <table>.<column>}). */
    public record Inherited(String source, String note, List<StatisticsAnnotations.ValueNote> values) {
    }

    public final String fqn;
    public final TableEntry entry;
    public final Map<String, String> corrupted = new LinkedHashMap<>();
    public final List<String> missing = new ArrayList<>();
    public final Optional<String> ddl;
    public final Optional<String> description;
    public final Optional<Statistics> statistics;
    public final Optional<Relationships> relationships;
    public final Optional<StatisticsAnnotations> annotations;
    public final Optional<RelationshipsAnnotations> relationshipAnnotations;
    public final Optional<ManifestAnnotations> connectionNotes;
    /** Joins in relationships.yaml order (outgoing, then incoming), added edges after the emitted ones of each side. */
    public final List<Join> joins;
    public final Map<String, List<Inherited>> inherited;

    private final PrintView view;
    private final RejectedEdges rejected;
    /** The annotation files as read, whatever the reply includes: the joins, inherited notes and documentation facts. */
    private final Optional<StatisticsAnnotations> readAnnotations;
    private final Optional<RelationshipsAnnotations> readVerdicts;
    private final boolean documented;
    /** Columns whose own entry carries a note or value note, or that inherit one: a fact of the print. */
    private final Set<String> documentedColumns = new HashSet<>();
    private final boolean inheritsNotes;
    /** Read once: every column's shares and the joins ask for it. */
    private final Long rowsScanned;

    public ContextModel(PrintView view, TableEntry entry) {
        this(view, entry, true);
    }

    /**
     * @param includeAnnotations false drops every note people wrote — statistics.annotations.yaml's column and value
     *        notes, claims and grain keys, the connection's notes, inherited notes, each edge's note and the verdict
     *        file — from the model itself. The files are still read: a broken one is still named, a rejected edge still
     *        withheld, an added one still joined, and whether the print documents the table and each column (the
     *        Meanings cues) stays the print's fact.
     */
    public ContextModel(PrintView view, TableEntry entry, boolean includeAnnotations) {
        this.view = view;
        this.fqn = entry.fqn();
        this.entry = entry;
        this.rejected = new RejectedEdges(view, RejectedEdges.Unreadable.WITHHOLDS);
        for (Map.Entry<String, String> a : entry.artifacts().entrySet()) {
            Optional<Artifact> kind = Artifact.ofKey(a.getKey());
            if (kind.isPresent() && !view.exists(entry, kind.get())) {
                missing.add(a.getKey());
            }
        }
        Optional<ManifestAnnotations> notes = guarded("manifest_annotations", view::manifestAnnotations);
        this.ddl = guarded(Artifact.DDL.key(), () -> view.ddl(entry));
        this.description = guarded(Artifact.DESCRIPTION.key(), () -> view.description(entry));
        this.statistics = guarded(Artifact.STATISTICS.key(), () -> view.statistics(entry));
        this.rowsScanned = readRowsScanned();
        this.relationships = guarded(Artifact.RELATIONSHIPS.key(), () -> view.relationships(entry));
        this.readAnnotations = guarded(Artifact.STATISTICS_ANNOTATIONS.key(), () -> view.statisticsAnnotations(entry));
        this.readVerdicts = guarded(Artifact.RELATIONSHIPS_ANNOTATIONS.key(),
                () -> view.relationshipsAnnotations(entry));
        List<Join> read = relationships.isPresent() ? joins() : List.of();
        Map<String, List<Inherited>> inheritedRead = inherited();
        if (readAnnotations.isPresent()) {
            for (Map.Entry<String, StatisticsAnnotations.Column> c : readAnnotations.get().columns().entrySet()) {
                if (c.getValue().hasNoteOrValueNotes()) {
                    documentedColumns.add(c.getKey());
                }
            }
        }
        this.documented = description.isPresent() && !description.get().isBlank() || !documentedColumns.isEmpty();
        documentedColumns.addAll(inheritedRead.keySet());
        this.inheritsNotes = !inheritedRead.isEmpty();
        this.connectionNotes = includeAnnotations ? notes : Optional.empty();
        this.annotations = includeAnnotations ? readAnnotations : Optional.empty();
        this.relationshipAnnotations = includeAnnotations ? readVerdicts : Optional.empty();
        this.joins = List.copyOf(includeAnnotations ? read : read.stream().map(Join::withoutNote).toList());
        this.inherited = includeAnnotations ? Collections.unmodifiableMap(inheritedRead) : Map.of();
    }

    public boolean scoped() {
        return statistics.isPresent() && statistics.get().scoped();
    }

    public Map<String, ColumnStats> columns() {
        return statistics.isPresent() ? statistics.get().columns() : Map.of();
    }

    /** The table's row count: statistics.yaml's, else the manifest's; null when neither carries one. */
    public Long rowCount() {
        Long rows = statistics.isPresent() ? statistics.get().rowCount() : null;
        return rows != null ? rows : entry.rowCount();
    }

    /** The rows every share is over: scope.rows_scanned when scoped, else the row count. */
    public Long rowsScanned() {
        return rowsScanned;
    }

    private Long readRowsScanned() {
        if (scoped()) {
            Object rs = statistics.get().partialRead().rowsScanned();
            if (rs instanceof Number n) {
                return n.longValue();
            }
        }
        return rowCount();
    }

    public StatisticsAnnotations.Column annotation(String column) {
        return annotations.isPresent() ? annotations.get().column(column) : null;
    }

    /**
     * Whether description.md or a column / value note in the print documents the table (inherited notes not counted),
     * whether or not the reply includes the notes.
     */
    public boolean documented() {
        return documented;
    }

    /** Whether some column inherits a note through derived_from, in the print. */
    public boolean inheritsNotes() {
        return inheritsNotes;
    }

    /** Whether the column's own entry carries a note or value note, or it inherits one, in the print. */
    public boolean columnDocumented(String column) {
        return documentedColumns.contains(column);
    }

    // ---------------------------------------------------------------- reading

    private <T> Optional<T> guarded(String kind, Supplier<Optional<T>> read) {
        try {
            return read.get();
        } catch (PrintError e) {
            switch (e.kind()) {
                case PARSE, SCHEMA, SHAPE -> corrupted.put(kind, withoutPath(e));
                case MISSING_FILE -> {
                    // already named in _missing
                }
                default -> throw e;
            }
            return Optional.empty();
        }
    }

    /** The parser's or schema checker's message without the {@code <path>: } the §8 detail puts before it. */
    private static String withoutPath(PrintError e) {
        String d = e.detail();
        String prefix = e.path() == null ? null : e.path() + ": ";
        return prefix != null && d.startsWith(prefix) ? d.substring(prefix.length()) : d;
    }

    private List<Join> joins() {
        Relationships rels = relationships.get();
        List<Join> out = new ArrayList<>();
        List<RelationshipsAnnotations.Entry> own = refersTo(readVerdicts);
        for (Edge e : rels.refersTo()) {
            if (!rejected.withholds(fqn, e)) {
                out.add(new Join(e.direction(), e.column(), e.path(), e.otherTable(), e.otherColumn(), e.targetPath(),
                        e.detection(), noteOn(own, e.column(), e.otherTable(), e.otherColumn()), e));
            }
        }
        for (RelationshipsAnnotations.Entry a : own) {
            if (a.verdict() == null && !addressesAny(a, rels.refersTo())) {
                out.add(new Join(Edge.Direction.REFERS_TO, a.column(), a.path(), a.targetTable(), a.targetColumn(),
                        a.targetPath(), "annotated", a.note(), null));
            }
        }
        for (Edge e : rels.referencedBy()) {
            if (!rejected.withholds(fqn, e)) {
                out.add(new Join(e.direction(), e.column(), null, e.otherTable(), e.otherColumn(), null, e.detection(),
                        noteOn(sourceAnnotations(e.otherTable()), e.otherColumn(), fqn, e.column()), e));
            }
        }
        // only a table whose entry declares relationships.annotations.yaml can add an edge here; judging and reading
        // every other table's directory would make this call cost as much as the whole print; a print of thousands of
        // tables may still have thousands of such files, so they are judged and read on every processor
        List<String> annotators = view.manifest().edgeAnnotators();
        List<List<RelationshipsAnnotations.Entry>> annotations = new ArrayList<>(annotators.size());
        if (annotators.size() < PARALLEL_ANNOTATORS) {
            for (String other : annotators) {
                annotations.add(sourceAnnotations(other));
            }
        } else {
            annotations.addAll(annotators.parallelStream().map(this::sourceAnnotations).toList());
        }
        for (int i = 0; i < annotators.size(); i++) {
            String other = annotators.get(i);
            for (RelationshipsAnnotations.Entry a : annotations.get(i)) {
                if (a.verdict() == null && fqn.equals(a.targetTable()) && !addressedBy(a, other, rels.referencedBy())) {
                    out.add(new Join(Edge.Direction.REFERENCED_BY, a.targetColumn(), a.targetPath(), other,
                            a.column(), a.path(), "annotated", a.note(), null));
                }
            }
        }
        return out;
    }

    private static String noteOn(List<RelationshipsAnnotations.Entry> entries, List<String> column, String target,
            List<String> targetColumn) {
        for (RelationshipsAnnotations.Entry a : entries) {
            if (a.note() != null && a.addresses(column, target, targetColumn)) {
                return a.note();
            }
        }
        return null;
    }

    /** Another table's relationships.annotations.yaml entries; its own file, so a broken one only loses its additions. */
    private List<RelationshipsAnnotations.Entry> sourceAnnotations(String table) {
        if (table == null) {
            return List.of();
        }
        if (table.equals(fqn)) {
            return refersTo(readVerdicts);
        }
        try {
            Optional<TableEntry> e = view.table(table);
            return e.isEmpty() || !e.get().followable() ? List.of() : refersTo(view.relationshipsAnnotations(e.get()));
        } catch (PrintError err) {
            return List.of();
        }
    }

    private Map<String, List<Inherited>> inherited() {
        Map<String, List<Inherited>> out = new LinkedHashMap<>();
        List<String> names = new ArrayList<>(columns().keySet());
        if (readAnnotations.isPresent()) {
            for (String k : readAnnotations.get().columns().keySet()) {
                if (!names.contains(k)) {
                    names.add(k);
                }
            }
        }
        for (String column : names) {
            List<Inherited> notes = new ArrayList<>();
            for (String source : sources(column)) {
                int dot = source.lastIndexOf('.');
                if (dot <= 0 || dot == source.length() - 1) {
                    continue;
                }
                StatisticsAnnotations.Column c = sourceNote(source.substring(0, dot), source.substring(dot + 1));
                if (c != null) {
                    notes.add(new Inherited(source, c.note(), c.values()));
                }
            }
            if (!notes.isEmpty()) {
                out.put(column, notes);
            }
        }
        return out;
    }

    /** The column's derived_from: the annotation's own replaces the parsed one. */
    private List<String> sources(String column) {
        return StatisticsAnnotations.derivedSources(
                readAnnotations.isPresent() ? readAnnotations.get().column(column) : null, columns().get(column));
    }

    /** The source column's annotation when it carries a note or value note, else null. */
    private StatisticsAnnotations.Column sourceNote(String table, String column) {
        try {
            Optional<StatisticsAnnotations> a = readAnnotations;
            if (!table.equals(fqn)) {
                Optional<TableEntry> e = view.table(table);
                a = e.isPresent() && e.get().followable() ? view.statisticsAnnotations(e.get()) : Optional.empty();
            }
            StatisticsAnnotations.Column c = a.isPresent() ? a.get().column(column) : null;
            return c != null && c.hasNoteOrValueNotes() ? c : null;
        } catch (PrintError e) {
            return null;
        }
    }

    private static List<RelationshipsAnnotations.Entry> refersTo(Optional<RelationshipsAnnotations> file) {
        List<RelationshipsAnnotations.Entry> entries = file.isPresent() ? file.get().refersTo() : null;
        return entries != null ? entries : List.of();
    }

    /** Whether the added edge {@code a} addresses one of the table's emitted outgoing edges. */
    private static boolean addressesAny(RelationshipsAnnotations.Entry a, List<Edge> edges) {
        for (Edge e : edges) {
            if (a.addresses(e)) {
                return true;
            }
        }
        return false;
    }

    /** Whether {@code other}'s added edge {@code a} addresses one of the table's emitted incoming edges from it. */
    private boolean addressedBy(RelationshipsAnnotations.Entry a, String other, List<Edge> incoming) {
        for (Edge e : incoming) {
            if (e.otherTable().equals(other) && a.addresses(e.otherColumn(), fqn, e.column())) {
                return true;
            }
        }
        return false;
    }
}
