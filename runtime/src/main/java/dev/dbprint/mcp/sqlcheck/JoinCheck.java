package dev.dbprint.mcp.sqlcheck;

import java.util.ArrayList;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Set;

import dev.dbprint.mcp.print.model.Artifact;
import dev.dbprint.mcp.print.model.ColumnStats;
import dev.dbprint.mcp.print.model.Edge;
import dev.dbprint.mcp.print.model.Relationships;
import dev.dbprint.mcp.print.model.RelationshipsAnnotations;
import dev.dbprint.mcp.print.model.Statistics;
import dev.dbprint.mcp.print.model.TableEntry;
import dev.dbprint.mcp.render.vocabulary.Term;
import dev.dbprint.mcp.sqlcheck.ColumnNames.Resolved;
import dev.dbprint.mcp.sqlcheck.Finding.Kind;
import dev.dbprint.mcp.sqlcheck.Scope.Source;
import net.sf.jsqlparser.expression.Expression;
import net.sf.jsqlparser.schema.Column;
import net.sf.jsqlparser.statement.select.PlainSelect;
import net.sf.jsqlparser.statement.select.SelectItem;

/**
 * A join's {@code ON} or {@code USING} columns against the relationships the print holds between the two tables: the
 * edges of relationships.yaml (declared, inferred, measured) and those a person added in relationships.annotations.yaml.
 * A join matching an edge a person rejected is an error naming the rejection; one matching no edge names the edges that
 * do connect the tables; one using part of a multi-column edge says which columns it leaves out.
 */
final class JoinCheck {

    /** One column equality between two sources of a block, and where it was written. */
    record Equality(Resolved left, Resolved right, int[] at) {
    }

    /** One edge between two tables, from its referencing side, with the file and field that hold it. */
    record Link(String source, List<String> sourceColumns, String target, List<String> targetColumns, String detection,
            boolean rejected, String note, String file, String field) {

        String spelled() {
            return source + "." + String.join(", ", sourceColumns) + " -> " + target + "." + String.join(", ", targetColumns)
                    + " (" + (detection == null ? "detection not stated" : detection) + ")";
        }

        /** The column pairs the edge joins on, as {source column, target column}. */
        Set<List<String>> pairs() {
            Set<List<String>> out = new HashSet<>();
            for (int i = 0; i < Math.min(sourceColumns.size(), targetColumns.size()); i++) {
                out.add(List.of(sourceColumns.get(i), targetColumns.get(i)));
            }
            return out;
        }
    }

    /** The column equalities of one join, grouped by the pair of sources they connect. */
    static final class Pairs {

        private final Map<List<Source>, Set<List<String>>> bySources = new LinkedHashMap<>();
        private final Map<List<Source>, int[]> at = new LinkedHashMap<>();
        private final List<Equality> equalities = new ArrayList<>();

        void add(Resolved a, Resolved b, int[] position) {
            equalities.add(new Equality(a, b, position));
            if (a.source().table() == null || b.source().table() == null) {
                return;
            }
            List<Source> key = List.of(a.source(), b.source());
            List<Source> reverse = List.of(b.source(), a.source());
            if (bySources.containsKey(reverse)) {
                bySources.get(reverse).add(List.of(b.column(), a.column()));
                return;
            }
            bySources.computeIfAbsent(key, k -> new LinkedHashSet<>()).add(List.of(a.column(), b.column()));
            at.putIfAbsent(key, position);
        }
    }

    private final StatementChecker checker;
    private final PrintFacts facts;

    JoinCheck(StatementChecker checker, PrintFacts facts) {
        this.checker = checker;
        this.facts = facts;
    }

    Pairs start() {
        return new Pairs();
    }

    /** Judges a join condition's equalities against the print's edges between the two tables. */
    void finish(Pairs pairs, Scope scope) {
        note(pairs, scope);
        pairs.bySources.forEach((sources, columns) -> judge(sources.get(0), sources.get(1), columns, pairs.at.get(sources)));
    }

    /**
     * A WHERE's equalities: those joining a comma-joined source are its join condition and are judged as one; every one
     * connects its sources. Then a source joined with no condition that the print relates to another gets a finding.
     */
    void finishWhere(Pairs pairs, Scope scope) {
        note(pairs, scope);
        pairs.bySources.forEach((sources, columns) -> {
            if (scope.commaJoined.contains(sources.get(0)) || scope.commaJoined.contains(sources.get(1))) {
                judge(sources.get(0), sources.get(1), columns, pairs.at.get(sources));
            }
        });
        scope.unconditioned.forEach((source, at) -> {
            if (source.table() == null || scope.connected.contains(source)) {
                return;
            }
            for (Source other : scope.sources) {
                Link edge = other == source || other.table() == null
                        ? null
                        : links(source.table(), other.table()).stream().filter(l -> !l.rejected()).findFirst()
                                .orElse(null);
                if (edge != null) {
                    checker.add(Kind.MISSING_JOIN_PREDICATE.at(at,
                            source.table().fqn() + " is joined with no condition, and the print relates it to "
                                    + other.table().fqn() + ": every row pairs with every row of the others.",
                            edge.file(), edge.field(), "Add the join condition: " + edge.spelled() + ".", Set.of()));
                    return;
                }
            }
        });
    }

    private static void note(Pairs pairs, Scope scope) {
        for (Equality e : pairs.equalities) {
            scope.connected.add(e.left().source());
            scope.connected.add(e.right().source());
            scope.equalities.add(e);
        }
    }

    /**
     * An aggregate over a column of a source whose join partner repeats its key: each of the source's rows joins
     * several rows, so a SUM, AVG or COUNT of its column counts it several times. The print proves the repetition: the
     * partner column is no key and holds fewer distinct values than non-null rows.
     */
    void fanOut(PlainSelect p, Scope scope) {
        if (scope.equalities.isEmpty()) {
            return;
        }
        List<Expression> aggregates = new ArrayList<>();
        for (SelectItem<?> item : p.getSelectItems()) {
            QueryShape.aggregates(item.getExpression(), QueryShape.AGGREGATES, aggregates);
        }
        if (aggregates.isEmpty()) {
            return;
        }
        List<Resolved> summed = new ArrayList<>();
        for (Expression aggregate : QueryShape.aggregates(p, Set.of("sum", "avg", "count"))) {
            for (Column c : QueryShape.columnsIn(aggregate)) {
                Resolved r = checker.resolved.get(c);
                if (r != null && r.source().table() != null) {
                    summed.add(r);
                }
            }
        }
        for (Equality e : scope.equalities) {
            String left = repeats(e.left());
            String right = repeats(e.right());
            if (left != null && right != null) {
                fanOut(e, e.left(), e.right(), left + ", and " + right, "both sides");
                continue;
            }
            for (Resolved r : summed) {
                Resolved partner = e.left().source() == r.source()
                        ? e.right()
                        : e.right().source() == r.source() ? e.left() : null;
                String repeated = partner == null ? null : repeats(partner);
                if (repeated != null) {
                    fanOut(e, r, partner, repeated, r.source().table().fqn() + "." + r.column());
                    break;
                }
            }
        }
    }

    private void fanOut(Equality e, Resolved multiplied, Resolved partner, String repeated, String what) {
        checker.add(Kind.FAN_OUT.at(e.at(),
                "This join matches each row of " + multiplied.source().table().fqn() + " with every row of "
                        + partner.source().table().fqn() + " that shares its key, and " + repeated
                        + ": an aggregate over " + what + " counts a row once per match.",
                checker.fileOf(partner.source()), "columns." + partner.column() + ".cardinality",
                "Aggregate " + partner.source().table().fqn() + " to one row per key in a subquery before joining, or"
                        + " aggregate with DISTINCT on a key.",
                Set.of()));
    }

    /** How the print shows the column repeating its values, or null when it does not prove it (a key, unmeasured). */
    private static String repeats(Resolved r) {
        ColumnStats block = r.block();
        Statistics stats = r.source().stats();
        Long rows = block == null || block.rowsScanned() == null
                ? stats == null ? null : stats.rowCount()
                : block.rowsScanned();
        if (block == null || rows == null || stats.scoped() && block.rowsScanned() == null || block.cardinality() == null
                || block.candidateKey()
                || !"exact".equals(block.cardinalityMethod())) {
            return null;
        }
        // distinct values fewer than the non-null rows read prove a repeat, over a sample as over the whole table
        long nonNull = rows - (block.nullCount() == null ? 0 : block.nullCount());
        if (stats.keys().contains(List.of(r.column()))) {
            return null;
        }
        return block.cardinality() < nonNull
                ? r.source().table().fqn() + "." + r.column() + " holds " + block.cardinality() + " distinct values in "
                        + nonNull + " non-null rows" + (stats.scoped() ? " scanned" : "")
                : null;
    }

    private void judge(Source a, Source b, Set<List<String>> columns, int[] at) {
        String ta = a.table().fqn();
        String tb = b.table().fqn();
        List<Link> links = links(a.table(), b.table());
        Link partial = null;
        for (Link link : links) {
            Set<List<String>> edge = link.pairs();
            Set<List<String>> written = oriented(columns, link, ta, tb);
            if (written == null) {
                continue;
            }
            if (written.equals(edge)) {
                if (link.rejected()) {
                    checker.add(Kind.JOIN_REJECTED.at(at,
                            "This join is on " + link.spelled() + ", an edge a person rejected"
                                    + (link.note() == null ? "." : ": " + link.note()),
                            link.file(), link.field(), "Do not join these tables on these columns; "
                                    + others(links, link),
                            terms(links)));
                }
                return;
            }
            if (edge.containsAll(written) && !link.rejected()) {
                partial = link;
            }
        }
        if (partial != null) {
            checker.add(Kind.JOIN_PARTIAL.at(at,
                    "This join uses only part of " + partial.spelled() + ", so each row may match several.",
                    partial.file(), partial.field(), "Join on every column of the relationship.", terms(List.of(partial))));
            return;
        }
        String written = String.join(" AND ",
                columns.stream().map(p -> a.name() + "." + p.get(0) + " = " + b.name() + "." + p.get(1)).toList());
        List<Link> usable = links.stream().filter(l -> !l.rejected()).toList();
        String file = facts.file(a.table(), Artifact.RELATIONSHIPS);
        checker.add(Kind.JOIN_NOT_IN_PRINT.at(at,
                "No relationship in the print joins " + ta + " and " + tb + " on " + written + "."
                        + (usable.isEmpty()
                                ? " The print holds no relationship between these tables."
                                : " The print connects them by: "
                                        + String.join("; ", usable.stream().map(Link::spelled).toList()) + "."),
                file, "refers_to",
                usable.isEmpty()
                        ? "Check the join columns with get_table_context purpose 'query' (its Joins list)."
                        : "Join on " + usable.get(0).spelled() + " if that is the path meant.",
                terms(usable)));
    }

    /** The written pairs in the link's own {source, target} order, or null when the link is not between these tables. */
    private static Set<List<String>> oriented(Set<List<String>> columns, Link link, String ta, String tb) {
        if (link.source().equals(ta) && link.target().equals(tb)) {
            Set<List<String>> same = new HashSet<>(columns);
            if (!ta.equals(tb) || link.pairs().containsAll(same)) {
                return same;
            }
        }
        if (link.source().equals(tb) && link.target().equals(ta)) {
            Set<List<String>> flipped = new HashSet<>();
            columns.forEach(p -> flipped.add(List.of(p.get(1), p.get(0))));
            return flipped;
        }
        return null;
    }

    private static String others(List<Link> links, Link rejected) {
        List<String> usable = links.stream().filter(l -> !l.rejected() && l != rejected).map(Link::spelled).toList();
        return usable.isEmpty()
                ? "the print holds no other relationship between them."
                : "the print connects them by: " + String.join("; ", usable) + ".";
    }

    private static Set<Term> terms(List<Link> links) {
        Set<Term> out = new LinkedHashSet<>();
        for (Link l : links) {
            Term t = Term.detectionOf(l.detection());
            if (t != null) {
                out.add(t);
            }
        }
        return out;
    }

    /**
     * Every edge between the two tables: each table's own relationships.yaml edges naming the other, then the edges a
     * person added in either table's relationships.annotations.yaml; a verdict marks the edge it addresses rejected,
     * unless that edge is declared, which no verdict overrides.
     */
    private List<Link> links(TableEntry a, TableEntry b) {
        Map<List<Object>, Link> out = new LinkedHashMap<>();
        for (TableEntry t : a.fqn().equals(b.fqn()) ? List.of(a) : List.of(a, b)) {
            TableEntry other = t == a ? b : a;
            if (t.declares(Artifact.RELATIONSHIPS)) {
                Relationships rels = facts.relationships(t).orElse(null);
                if (rels != null) {
                    for (Edge e : rels.refersTo()) {
                        if (other.fqn().equals(e.otherTable()) && e.path() == null && e.column() != null
                                && e.otherColumn() != null) {
                            put(out, new Link(t.fqn(), e.column(), e.otherTable(), e.otherColumn(), e.detection(), false,
                                    null, facts.file(t, Artifact.RELATIONSHIPS), "refers_to"));
                        }
                    }
                    for (Edge e : rels.referencedBy()) {
                        if (other.fqn().equals(e.otherTable()) && e.column() != null && e.otherColumn() != null) {
                            put(out, new Link(e.otherTable(), e.otherColumn(), t.fqn(), e.column(), e.detection(), false,
                                    null, facts.file(t, Artifact.RELATIONSHIPS), "referenced_by"));
                        }
                    }
                }
            }
        }
        for (TableEntry t : a.fqn().equals(b.fqn()) ? List.of(a) : List.of(a, b)) {
            TableEntry other = t == a ? b : a;
            if (!t.declares(Artifact.RELATIONSHIPS_ANNOTATIONS)) {
                continue;
            }
            RelationshipsAnnotations ann = facts.relationshipsAnnotations(t).orElse(null);
            if (ann == null) {
                continue;
            }
            for (RelationshipsAnnotations.Entry e : ann.refersTo()) {
                if (!other.fqn().equals(e.targetTable()) || e.path() != null || e.targetPath() != null) {
                    continue;
                }
                List<Object> key = key(t.fqn(), e.column(), e.targetTable(), e.targetColumn());
                Link emitted = out.get(key);
                String file = facts.file(t, Artifact.RELATIONSHIPS_ANNOTATIONS);
                if (emitted == null) {
                    out.put(key, new Link(t.fqn(), e.column(), e.targetTable(), e.targetColumn(),
                            e.rejected() ? null : "annotated", e.rejected(), e.note(), file, "refers_to"));
                } else if (e.rejected() && !"declared".equals(emitted.detection())) {
                    out.put(key, new Link(emitted.source(), emitted.sourceColumns(), emitted.target(),
                            emitted.targetColumns(), emitted.detection(), true, e.note(), file, "refers_to"));
                }
            }
        }
        return new ArrayList<>(out.values());
    }

    private static void put(Map<List<Object>, Link> out, Link link) {
        out.putIfAbsent(key(link.source(), link.sourceColumns(), link.target(), link.targetColumns()), link);
    }

    private static List<Object> key(String source, List<String> columns, String target, List<String> targetColumns) {
        return List.of(source, List.copyOf(columns), Objects.toString(target), List.copyOf(targetColumns));
    }
}
