package dev.dbprint.mcp.render.context;

import java.math.BigDecimal;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;

import dev.dbprint.mcp.print.model.ColumnStats;
import dev.dbprint.mcp.print.model.Relationships;
import dev.dbprint.mcp.print.model.StatisticsAnnotations;
import dev.dbprint.mcp.render.vocabulary.Literals;
import dev.dbprint.mcp.render.vocabulary.Term;
import dev.dbprint.mcp.render.vocabulary.TermsLegend;

/**
 * {@code purpose: query} as Markdown (spec §4.1): identity and scope, DDL, Connection notes, Column values, Joins and
 * Data dictionary (the table's description, then the column notes) — the paging paragraph's priority order, on one
 * page as on many (docs/spec-readings.md) — with each DDL-nullable column's null share stated exactly once: in its
 * value-table row when it has one, else on the first Joins line naming it alone, else on the Nulls line closing Column
 * values.
 */
public final class QueryMarkdown {

    /** The sections in reply order, whether the fragment fits one page or pages. */
    public record Rendered(List<List<String>> sections, TermsLegend legend) {
    }

    private final ContextModel m;
    private final boolean relationships;
    private final boolean description;
    private final TermsLegend legend = new TermsLegend();
    private final Set<String> nullStated = new HashSet<>();
    private final Map<String, ValueList> lists = new LinkedHashMap<>();

    public QueryMarkdown(ContextModel model, boolean includeRelationships, boolean includeDescription) {
        this.m = model;
        this.relationships = includeRelationships;
        this.description = includeDescription;
        for (Map.Entry<String, ColumnStats> e : m.columns().entrySet()) {
            ValueList v = ValueList.of(e.getValue(), m.annotation(e.getKey()), m.rowsScanned(), m.scoped());
            if (v != null) {
                lists.put(e.getKey(), v);
            }
        }
    }

    /** Whether the table reads as documented under query (inherited notes count). */
    public static boolean documented(ContextModel m) {
        return m.documented() || m.inheritsNotes();
    }

    public Rendered render() {
        List<String> identity = MarkdownParts.identity(m, legend, documented(m), List.of());
        List<String> ddl = MarkdownParts.ddl(m);
        List<String> notes = MarkdownParts.connectionNotes(m);
        List<String> values = valueTable();
        List<String> joins = joins();
        List<String> dictionary = dictionary();
        List<String> closing = nullsLine(values.size() > 1);
        List<String> valuesWhole = new ArrayList<>(values);
        valuesWhole.addAll(closing);
        if (valuesWhole.size() == 1) {
            valuesWhole.add("No column carries a value list a predicate can be written from.\n");
        }
        return new Rendered(List.of(identity, ddl, notes, valuesWhole, joins, dictionary), legend);
    }

    private List<String> valueTable() {
        List<String> rows = new ArrayList<>();
        rows.add("\n## Column values\n");
        if (lists.isEmpty()) {
            return rows;
        }
        rows.add("| Column | Values | Coverage | Nulls |\n");
        rows.add("|---|---|---|---|\n");
        for (Map.Entry<String, ValueList> e : lists.entrySet()) {
            String col = e.getKey();
            ValueList v = e.getValue();
            ColumnStats c = m.columns().get(col);
            Set<Term> terms = new HashSet<>();
            StringBuilder cells = new StringBuilder("| ").append(MarkdownParts.cell(col)).append(" | ");
            cells.append(valuesCell(v, c, terms)).append(" | ");
            cells.append(MarkdownParts.cell(v.coverageStatement()));
            terms.add(switch (v.kind()) {
                case COMPLETE -> Term.WHOLE_DOMAIN;
                case SAMPLED -> Term.SAMPLE;
                case FREQUENT -> Term.FREQUENT;
            });
            if (v.kind() == ValueList.Kind.COMPLETE && m.scoped()) {
                terms.add(Term.OVER_ROWS_SCANNED);
            }
            if (meaningsUndocumented(col, c, v)) {
                cells.append("; meanings: not documented here");
                terms.add(Term.MEANINGS);
            }
            cells.append(" | ");
            if (MarkdownParts.nullable(c)) {
                String share = MarkdownParts.nullShare(c, m.scoped());
                cells.append(share);
                nullStated.add(col);
                terms.add(Term.NULLS);
                terms.add(MarkdownParts.shareTerm(share));
            }
            String row = cells.append(" |\n").toString();
            terms.remove(null);
            legend.mark(row);
            legend.add(row, terms);
            rows.add(row);
        }
        return rows;
    }

    private String valuesCell(ValueList v, ColumnStats c, Set<Term> terms) {
        if (v.groups().isEmpty()) {
            return "none";
        }
        List<String> parts = new ArrayList<>();
        if (v.redacted()) {
            terms.add(Term.REDACTED);
            terms.add(Term.COUNTS_ONLY);
            for (ValueList.Group g : v.groups()) {
                parts.add(String.valueOf(g.head().entry().count()));
            }
            return "redacted (" + MarkdownParts.cell(c.redacted()) + "): counts only, " + String.join(", ", parts);
        }
        for (ValueList.Group g : v.groups()) {
            StringBuilder sb = new StringBuilder(shown(g.head()));
            if (!g.spellings().isEmpty()) {
                terms.add(Term.SPELLING);
                List<String> sp = new ArrayList<>();
                g.spellings().forEach(s -> sp.add(shown(s)));
                sb.append(" [also spelled ").append(String.join(", ", sp)).append("]");
            }
            parts.add(sb.toString());
        }
        return String.join(", ", parts);
    }

    private static String shown(ValueList.Shown s) {
        String lit = MarkdownParts.cell(Literals.of(s.entry().value())) + " (" + s.entry().count() + ")";
        return s.note() == null ? lit : lit + " = " + MarkdownParts.cell(s.note());
    }

    /** A complete categorical or text list no note explains (spec §4.1 Meanings cue). */
    boolean meaningsUndocumented(String col, ColumnStats c, ValueList v) {
        if (v.kind() != ValueList.Kind.COMPLETE || v.redacted()
                || !("categorical".equals(c.classification()) || "text".equals(c.classification()))) {
            return false;
        }
        return !m.columnDocumented(col);
    }

    private List<String> joins() {
        List<String> rows = new ArrayList<>();
        if (!relationships || m.relationships.isEmpty()) {
            return rows;
        }
        rows.add("\n## Joins\n");
        if (m.joins.isEmpty()) {
            boolean notTarget = Boolean.FALSE.equals(m.relationships.map(Relationships::eligibleTarget).orElse(null));
            rows.add(notTarget
                    ? legend.mark("none found (not a join target, no declared-unique column)\n", Term.NOT_A_TARGET)
                    : "none found\n");
            return rows;
        }
        for (ContextModel.Join j : m.joins) {
            Set<Term> terms = new HashSet<>();
            terms.add(Term.detectionOf(j.detection()));
            StringBuilder line = new StringBuilder("- ").append(MarkdownParts.joinHead(j));
            if (j.path() != null || j.otherPath() != null) {
                terms.add(Term.PATH);
            }
            if (j.outgoing() && j.column() != null && j.column().size() == 1) {
                String col = j.column().get(0);
                ColumnStats c = m.columns().get(col);
                if (j.path() != null && !j.path().isEmpty()) {
                    BigDecimal rate = MarkdownParts.pathNullRate(c, j.path(), m.rowsScanned());
                    if (rate != null) {
                        line.append("; nulls: ").append(Shares.percent(rate));
                        terms.add(Term.NULLS);
                    }
                } else if (c != null && MarkdownParts.nullable(c) && nullStated.add(col)) {
                    String share = MarkdownParts.nullShare(c, m.scoped());
                    line.append("; nulls: ").append(share);
                    terms.add(Term.NULLS);
                    terms.add(MarkdownParts.shareTerm(share));
                }
            }
            if (j.note() != null) {
                line.append("; note: ").append(MarkdownParts.oneLine(j.note()));
            }
            terms.remove(null);
            String row = line.append("\n").toString();
            legend.add(row, terms);
            rows.add(row);
        }
        return rows;
    }

    private List<String> nullsLine(boolean hasRows) {
        List<String> rest = new ArrayList<>();
        for (Map.Entry<String, ColumnStats> e : m.columns().entrySet()) {
            // an unknown share (a catalog-only view measured nothing) is stated too, as not measured: once per column
            if (MarkdownParts.nullable(e.getValue()) && !nullStated.contains(e.getKey())) {
                rest.add(e.getKey() + " (" + MarkdownParts.nullShare(e.getValue(), m.scoped()) + ")");
            }
        }
        if (rest.isEmpty()) {
            return List.of();
        }
        String row = (hasRows ? "\n" : "") + "Nulls: " + String.join(", ", rest) + "\n";
        legend.mark(row, Term.NULLS, row.contains("over the rows scanned") ? Term.OVER_ROWS_SCANNED : null,
                row.contains("(not measured)") ? Term.NOT_MEASURED : null);
        return List.of(row);
    }

    private List<String> dictionary() {
        List<String> rows = new ArrayList<>();
        List<String> names = new ArrayList<>(m.columns().keySet());
        m.annotations.ifPresent(a -> a.columns().keySet().stream().filter(k -> !names.contains(k)).forEach(names::add));
        for (String col : names) {
            StatisticsAnnotations.Column a = m.annotation(col);
            if (a != null && a.hasNoteOrValueNotes()) {
                List<String> facts = new ArrayList<>();
                if (a.note() != null) {
                    facts.add(MarkdownParts.oneLine(a.note()));
                }
                ValueList shown = lists.get(col);
                for (StatisticsAnnotations.ValueNote vn : a.values()) {
                    if (shown == null || shown.redacted() || !inline(shown, vn.value())) {
                        facts.add(Literals.of(vn.value()) + " = " + MarkdownParts.oneLine(vn.note()));
                    }
                }
                if (!facts.isEmpty()) {
                    rows.add("- " + col + ": " + String.join("; ", facts) + "\n");
                }
            }
            for (ContextModel.Inherited in : m.inherited.getOrDefault(col, List.of())) {
                List<String> facts = new ArrayList<>();
                if (in.note() != null) {
                    facts.add(MarkdownParts.oneLine(in.note()));
                }
                in.values().forEach(vn -> facts.add(Literals.of(vn.value()) + " = " + MarkdownParts.oneLine(vn.note())));
                rows.add(legend.mark("- " + col + " (from " + in.source() + "): " + String.join("; ", facts) + "\n",
                        Term.INHERITED));
            }
        }
        // what one row of the table is comes before what each column means (docs/spec-readings.md); a heading between
        // them ends whatever block the prose ends with, so a list it closes on cannot absorb the column notes
        List<String> prose = description ? MarkdownParts.description(m) : new ArrayList<>();
        if (!prose.isEmpty() && !rows.isEmpty()) {
            prose.add("\n### Columns\n");
        }
        rows.addAll(0, prose);
        if (!rows.isEmpty()) {
            rows.add(0, "\n## Data dictionary\n");
        }
        return rows;
    }

    private static boolean inline(ValueList v, Object value) {
        for (ValueList.Group g : v.groups()) {
            if (ValueList.ValueNoteLookup.same(g.head().entry().value(), value)) {
                return true;
            }
            for (ValueList.Shown s : g.spellings()) {
                if (ValueList.ValueNoteLookup.same(s.entry().value(), value)) {
                    return true;
                }
            }
        }
        return false;
    }
}
