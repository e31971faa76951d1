package dev.dbprint.mcp.render.context;

import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;

import dev.dbprint.mcp.print.model.ColumnStats;
import dev.dbprint.mcp.print.model.Edge;
import dev.dbprint.mcp.print.model.StatisticsAnnotations;
import dev.dbprint.mcp.print.model.ValueEntry;
import dev.dbprint.mcp.print.yaml.YamlLoader;
import dev.dbprint.mcp.render.vocabulary.Literals;
import dev.dbprint.mcp.render.vocabulary.Term;
import dev.dbprint.mcp.render.vocabulary.TermsLegend;

/**
 * {@code purpose: profile} as Markdown (spec §4.1): Header (with the table's Grain and Timeline lines), Connection notes,
 * DDL, Description, Annotations, the Cardinality table with a per-column Notes summary and the columns NULL on the same
 * rows, and Relationships. A value list that is not the column's whole
 * domain is summarised as its five most frequent values with their shares; on a scoped table every claim one unread row
 * could falsify says "over the rows scanned" in its own cell.
 */
public final class ProfileMarkdown {

    private final ContextModel m;
    private final boolean stats;
    private final boolean relationships;
    private final boolean description;
    private final TermsLegend legend = new TermsLegend();

    public ProfileMarkdown(ContextModel model, boolean includeStats, boolean includeRelationships,
            boolean includeDescription) {
        this.m = model;
        this.stats = includeStats;
        this.relationships = includeRelationships;
        this.description = includeDescription;
    }

    public TermsLegend legend() {
        return legend;
    }

    public List<List<String>> sections() {
        return List.of(MarkdownParts.identity(m, legend, m.documented(), tableFacts()), MarkdownParts.connectionNotes(m),
                MarkdownParts.ddl(m), description(), annotationsSection(), cardinality(), relationshipsSection());
    }

    /** The header's Grain and Timeline lines: statistics, so include_stats: false drops them as it drops json's. */
    private List<String> tableFacts() {
        List<String> rows = new ArrayList<>();
        if (stats && m.statistics.isPresent()) {
            Optional<String> grain = GrainLine.of(m.statistics.get(), legend);
            if (grain.isPresent()) {
                rows.add(grain.get());
            }
            Optional<String> timeline = TimelineLine.of(m.statistics.get(), legend);
            if (timeline.isPresent()) {
                rows.add(timeline.get());
            }
        }
        return rows;
    }

    private List<String> description() {
        List<String> rows = description ? MarkdownParts.description(m) : new ArrayList<>();
        if (!rows.isEmpty()) {
            rows.add(0, "\n## Description\n");
        }
        return rows;
    }

    private List<String> annotationsSection() {
        List<String> rows = new ArrayList<>();
        if (m.annotations.isEmpty()) {
            return rows;
        }
        for (StatisticsAnnotations.Column a : m.annotations.get().columns().values()) {
            List<String> facts = new ArrayList<>();
            if (a.note() != null) {
                facts.add(MarkdownParts.oneLine(a.note()));
            }
            for (StatisticsAnnotations.ValueNote v : a.values()) {
                facts.add(Literals.of(v.value()) + " = " + MarkdownParts.oneLine(v.note()));
            }
            if (a.claims() != null && !a.claims().isEmpty()) {
                List<String> claims = new ArrayList<>();
                a.claims().forEach((stat, pred) -> claims.add(stat + " " + YamlLoader.keyText(pred)));
                facts.add("claims: " + String.join(", ", claims));
            }
            if (!facts.isEmpty()) {
                rows.add(legend.mark("- " + a.name() + ": " + String.join("; ", facts) + "\n",
                        a.claims() != null && !a.claims().isEmpty() ? Term.CLAIMS : null));
            }
        }
        for (StatisticsAnnotations.GrainKey k : m.annotations.get().grainKeys()) {
            rows.add(legend.mark("- key (" + String.join(", ", k.columns()) + ")"
                    + (k.note() == null ? "" : ": " + MarkdownParts.oneLine(k.note())) + "\n", Term.GRAIN_KEY));
        }
        if (!rows.isEmpty()) {
            rows.add(0, "\n## Annotations\n");
        }
        return rows;
    }

    private List<String> cardinality() {
        List<String> rows = new ArrayList<>();
        if (!stats || m.statistics.isEmpty()) {
            return rows;
        }
        rows.add("\n## Cardinality\n");
        rows.add("| Column | Type | Classification | Distinct | Notes |\n");
        rows.add("|---|---|---|---|---|\n");
        for (Map.Entry<String, ColumnStats> e : m.columns().entrySet()) {
            rows.add(row(e.getKey(), e.getValue(), false));
            if (e.getValue().parts() != null) {
                for (Map.Entry<String, ColumnStats> p : e.getValue().parts().entrySet()) {
                    rows.add(row(e.getKey() + p.getKey(), p.getValue(), true));
                }
            }
        }
        rows.addAll(NullsTogether.rows(m.statistics.get(), m.rowsScanned(), legend));
        return rows;
    }

    private String row(String name, ColumnStats c, boolean part) {
        Set<Term> terms = new HashSet<>();
        String type = c.sqlType() == null ? "" : c.sqlType();
        if (!part && Boolean.FALSE.equals(c.nullable())) {
            type += ", not null";
            terms.add(Term.NOT_NULL);
        }
        String cls = c.classification() == null ? "" : c.classification();
        terms.add(Term.classificationOf(c.classification()));
        String distinct = "";
        if (c.cardinality() != null) {
            distinct = c.cardinality() + (c.cardinalityMethod() == null ? "" : " (" + c.cardinalityMethod() + ")");
            terms.add("approximate".equals(c.cardinalityMethod())
                    ? Term.APPROXIMATE
                    : "exact".equals(c.cardinalityMethod()) ? Term.EXACT : null);
        }
        String line = "| " + MarkdownParts.cell(name) + " | " + MarkdownParts.cell(type) + " | " + MarkdownParts.cell(cls)
                + " | " + distinct + " | " + MarkdownParts.cell(String.join("; ", notes(c, part, terms))) + " |\n";
        terms.remove(null);
        legend.add(line, terms);
        return line;
    }

    private List<String> notes(ColumnStats c, boolean part, Set<Term> terms) {
        List<String> f = new ArrayList<>();
        String scanned = m.scoped() ? " over the rows scanned" : "";
        if (part && c.occurrences() != null) {
            f.add("occurrences " + c.occurrences());
            terms.add(Term.OCCURRENCES);
        }
        if ((part || MarkdownParts.nullable(c)) && (c.nullRate() != null || c.nullCount() != null)) {
            String share = MarkdownParts.nullShare(c, m.scoped());
            f.add("nulls: " + share);
            terms.add(Term.NULLS);
            terms.add(MarkdownParts.shareTerm(share));
        }
        if (c.candidateKey()) {
            f.add("candidate key" + scanned);
            terms.add(Term.CANDIDATE_KEY);
        }
        if (c.inferred() != null && c.inferred().looksLike() != null) {
            f.add("looks like " + c.inferred().looksLike());
            terms.add(Term.LOOKS_LIKE);
        }
        if (c.inferred() != null && c.inferred().sensitivity() != null) {
            f.add("sensitivity " + c.inferred().sensitivity());
            terms.add(Term.SENSITIVITY);
        }
        if (c.redacted() != null) {
            f.add("redacted " + c.redacted());
            terms.add(Term.REDACTED);
        }
        if (c.values() != null) {
            f.add(values(c, terms, scanned));
        }
        ColumnStats.Bounds range = c.range();
        if (range != null) {
            f.add("range " + Literals.of(range.min()) + " to " + Literals.of(range.max()));
            terms.add(Term.RANGE);
        }
        List<ColumnStats.Percentile> percentiles = c.percentiles();
        if (!percentiles.isEmpty()) {
            List<String> ps = new ArrayList<>();
            for (ColumnStats.Percentile p : percentiles) {
                Term t = Term.isPercentileKey(p.key()) ? Term.percentile(p.key()) : null;
                ps.add((t == null ? p.key() : t.label()) + " " + Literals.of(p.value()));
                terms.add(t);
            }
            f.add(String.join(", ", ps));
        }
        count(f, terms, c.mean(), Term.MEAN);
        count(f, terms, c.zeroCount(), Term.ZEROS);
        count(f, terms, c.negativeCount(), Term.NEGATIVES);
        count(f, terms, c.emptyCount(), Term.EMPTIES);
        ColumnStats.Bounds length = c.length();
        if (length != null) {
            f.add("length " + YamlLoader.spell(length.min()) + " to " + YamlLoader.spell(length.max()));
            terms.add(Term.LENGTH);
        }
        ColumnStats.ValueAge fresh = c.valueAge();
        if (fresh != null) {
            f.add(fresh.classification() + " (newest value " + YamlLoader.spell(fresh.maxAgeDays()) + " days old)"
                    + scanned);
            terms.add(Term.freshnessOf(fresh.classification()));
            if (!scanned.isEmpty()) {
                terms.add(Term.OVER_ROWS_SCANNED);
            }
        }
        if (c.distribution() != null) {
            Term t = Term.distributionOf(c.distribution());
            f.add(t == null ? c.distribution() : t.label());
            terms.add(t);
        }
        List<Object> unmeasured = c.unmeasured();
        if (!unmeasured.isEmpty()) {
            f.add("unmeasured: " + String.join(", ", unmeasured.stream().map(YamlLoader::keyText).toList()));
            terms.add(Term.UNMEASURED);
        }
        if (c.candidateKey() && !scanned.isEmpty()) {
            terms.add(Term.OVER_ROWS_SCANNED);
        }
        return f;
    }

    private static void count(List<String> f, Set<Term> terms, Number v, Term t) {
        if (v != null) {
            f.add(t.label() + " " + YamlLoader.spell(v));
            terms.add(t);
        }
    }

    private String values(ColumnStats c, Set<Term> terms, String scanned) {
        if (c.isWholeDomain()) {
            terms.add(Term.WHOLE_DOMAIN);
            if (!scanned.isEmpty()) {
                terms.add(Term.OVER_ROWS_SCANNED);
            }
            if (c.values().isEmpty()) {
                return "values: none (no non-null value; the whole domain" + scanned + ")";
            }
            List<String> vs = new ArrayList<>();
            for (ValueEntry v : c.values()) {
                vs.add(c.redacted() != null ? String.valueOf(v.count()) : Literals.of(v.value()) + " (" + v.count() + ")");
            }
            if (c.redacted() != null) {
                terms.add(Term.COUNTS_ONLY);
            }
            return (c.redacted() != null ? "counts only" : "values") + " (the whole domain" + scanned + "): "
                    + String.join(", ", vs);
        }
        long rows = c.rowsScanned() != null
                ? c.rowsScanned()
                : c.occurrences() != null
                        ? c.occurrences()
                        : m.rowsScanned() == null ? 0 : m.rowsScanned();
        long nonNull = Math.max(0, rows - (c.nullCount() == null ? 0 : c.nullCount()));
        List<String> vs = new ArrayList<>();
        long together = 0;
        for (ValueEntry v : c.values().subList(0, Math.min(ValueList.SHOWN, c.values().size()))) {
            together += Math.max(0, v.count());
            vs.add((c.redacted() != null ? "(redacted)" : Literals.of(v.value())) + " "
                    + Shares.percent(Math.max(0, v.count()), nonNull));
        }
        terms.add(Term.TOP_5);
        return "top 5: " + String.join(", ", vs) + " (together " + Shares.percent(together, nonNull) + ")";
    }

    private List<String> relationshipsSection() {
        List<String> rows = new ArrayList<>();
        if (!relationships || m.relationships.isEmpty()) {
            return rows;
        }
        rows.add("\n## Relationships\n");
        if (m.joins.isEmpty()) {
            rows.add("none found\n");
        }
        for (ContextModel.Join j : m.joins) {
            Set<Term> terms = new HashSet<>();
            terms.add(Term.detectionOf(j.detection()));
            List<String> facts = new ArrayList<>();
            if (j.path() != null || j.otherPath() != null) {
                terms.add(Term.PATH);
            }
            if (j.emitted() != null) {
                if (j.emitted().onDelete() != null) {
                    facts.add("on delete " + j.emitted().onDelete());
                    terms.add(Term.ON_DELETE);
                }
                if (j.emitted().onUpdate() != null) {
                    facts.add("on update " + j.emitted().onUpdate());
                    terms.add(Term.ON_UPDATE);
                }
                Edge.Observed obs = j.emitted().observed();
                if (obs != null && obs.fanoutAvg() != null) {
                    facts.add("fan-out " + YamlLoader.spell(obs.fanoutAvg()));
                    terms.add(Term.FANOUT);
                }
                if (obs != null && obs.targetCoverage() != null) {
                    facts.add("target coverage " + Shares.percent(obs.targetCoverage()));
                    terms.add(Term.TARGET_COVERAGE);
                }
            }
            if (j.note() != null) {
                facts.add("note: " + MarkdownParts.oneLine(j.note()));
            }
            terms.remove(null);
            String row = "- " + MarkdownParts.joinHead(j) + (facts.isEmpty() ? "" : "; " + String.join("; ", facts))
                    + "\n";
            legend.add(row, terms);
            rows.add(row);
        }
        if (m.relationships.isPresent() && Boolean.FALSE.equals(m.relationships.get().eligibleTarget())) {
            rows.add(legend.mark("(not a join target, no declared-unique column)\n", Term.NOT_A_TARGET));
        }
        return rows;
    }
}
