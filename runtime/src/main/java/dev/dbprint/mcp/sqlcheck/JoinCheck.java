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
import dev.dbprint.mcp.print.model.Edge;
import dev.dbprint.mcp.print.model.Relationships;
import dev.dbprint.mcp.print.model.RelationshipsAnnotations;
import dev.dbprint.mcp.print.model.TableEntry;
import dev.dbprint.mcp.render.context.Term;
import dev.dbprint.mcp.sqlcheck.Finding.Kind;
import dev.dbprint.mcp.sqlcheck.Finding.Severity;
import dev.dbprint.mcp.sqlcheck.Scope.Source;
import dev.dbprint.mcp.sqlcheck.StatementChecker.Resolved;

/**
 * A join's {@code ON} or {@code USING} columns against the relationships the print holds between the two tables: the
 * edges of relationships.yaml (declared, inferred, measured) and those a person added in relationships.annotations.yaml.
 * A join matching an edge a person rejected is an error naming the rejection; one matching no edge names the edges that
 * do connect the tables; one using part of a multi-column edge says which columns it leaves out.
 */
final class JoinCheck {

    /** One edge between two tables, from its referencing side. */
    record Link(String source, List<String> sourceColumns, String target, List<String> targetColumns, String detection,
            boolean rejected, String note, String file) {

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

        void add(Resolved a, Resolved b, int[] position) {
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

    void finish(Pairs pairs) {
        pairs.bySources.forEach((sources, columns) -> judge(sources.get(0), sources.get(1), columns, pairs.at.get(sources)));
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
                    checker.add(new Finding(Severity.ERROR, Kind.JOIN_REJECTED, at[0], at[1],
                            "This join is on " + link.spelled() + ", an edge a person rejected"
                                    + (link.note() == null ? "." : ": " + link.note()),
                            link.file(), "refers_to", "Do not join these tables on these columns; "
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
            checker.add(new Finding(Severity.WARNING, Kind.JOIN_PARTIAL, at[0], at[1],
                    "This join uses only part of " + partial.spelled() + ", so each row may match several.",
                    partial.file(), "refers_to", "Join on every column of the relationship.", terms(List.of(partial))));
            return;
        }
        String written = String.join(" AND ",
                columns.stream().map(p -> a.name() + "." + p.get(0) + " = " + b.name() + "." + p.get(1)).toList());
        List<Link> usable = links.stream().filter(l -> !l.rejected()).toList();
        String file = facts.file(a.table(), Artifact.RELATIONSHIPS);
        checker.add(new Finding(Severity.WARNING, Kind.JOIN_NOT_IN_PRINT, at[0], at[1],
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
                                    null, facts.file(t, Artifact.RELATIONSHIPS)));
                        }
                    }
                    for (Edge e : rels.referencedBy()) {
                        if (other.fqn().equals(e.otherTable()) && e.column() != null && e.otherColumn() != null) {
                            put(out, new Link(e.otherTable(), e.otherColumn(), t.fqn(), e.column(), e.detection(), false,
                                    null, facts.file(t, Artifact.RELATIONSHIPS)));
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
                            e.rejected() ? null : "annotated", e.rejected(), e.note(), file));
                } else if (e.rejected() && !"declared".equals(emitted.detection())) {
                    out.put(key, new Link(emitted.source(), emitted.sourceColumns(), emitted.target(),
                            emitted.targetColumns(), emitted.detection(), true, e.note(), file));
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
