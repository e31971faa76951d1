package dev.dbprint.mcp.sqlcheck;

import java.util.ArrayList;
import java.util.EnumMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

import dev.dbprint.mcp.paging.ListReply;
import dev.dbprint.mcp.render.vocabulary.Term;
import dev.dbprint.mcp.render.vocabulary.TermsLegend;

/**
 * check_sql's reply: one entry per statement, in the order written. As json/yaml, a list reply paged over
 * {@code results} (§4.8), each entry carrying its statement's findings or the reason it could not be read. As Markdown,
 * a document with one section per statement: one row per finding, or one line saying the statement has none; its
 * legend defines the severity and kind words each page prints, and any print label a finding names (spec §4.1).
 */
public final class CheckReport {

    /** The line every read statement with no finding carries in Markdown. */
    public static final String NO_FINDING = "No finding: every table, column, join and literal checked agrees with the print.\n";

    /** Legend ranks for check_sql's own words, before every rank {@link Term} gives: a legend opens with them. */
    private static final int RANK_BASE = -1_000;
    private static final Map<Finding.Severity, Term> SEVERITY_TERMS = new EnumMap<>(Finding.Severity.class);
    private static final Map<Finding.Kind, Term> KIND_TERMS = new EnumMap<>(Finding.Kind.class);

    static {
        String[] severityMeaning = {"the statement fails, or returns rows other than the ones it was written for",
                "likely wrong, or right only as long as the data stays as the print saw it",
                "worth knowing when reading the statement's result"};
        for (Finding.Severity s : Finding.Severity.values()) {
            SEVERITY_TERMS.put(s, new Term(RANK_BASE + s.ordinal(), s.wire(), severityMeaning[s.ordinal()],
                    "results[].findings[].severity: " + s.wire(), null));
        }
        for (Finding.Kind k : Finding.Kind.values()) {
            KIND_TERMS.put(k, new Term(RANK_BASE + 10 + k.ordinal(), k.wire(), k.definition(),
                    "results[].findings[].kind: " + k.wire(), null));
        }
    }

    private final String connection;
    private final Dialect dialect;
    private final List<SqlCheck.Outcome> outcomes;

    public CheckReport(String connection, Dialect dialect, List<SqlCheck.Outcome> outcomes) {
        this.connection = connection;
        this.dialect = dialect;
        this.outcomes = outcomes;
    }

    /** The json/yaml reply: the header on the first page, {@code results} paged, {@code total} counting statements. */
    public ListReply object() {
        Map<String, Object> header = new LinkedHashMap<>();
        header.put("connection", connection);
        header.put("dialect", dialect.wire());
        header.put("statements", outcomes.size());
        List<Object> results = new ArrayList<>();
        for (SqlCheck.Outcome o : outcomes) {
            Map<String, Object> m = new LinkedHashMap<>();
            m.put("statement", o.piece().index());
            m.put("line", o.piece().line());
            m.put("column", o.piece().column());
            if (o.unreadable() != null) {
                m.put("error", o.unreadable());
            } else {
                m.put("findings", o.findings().stream().map(Finding::toMap).toList());
            }
            results.add(m);
        }
        return ListReply.of(header, "results", results);
    }

    /** The Markdown document: the identity, then one section per statement. */
    public Markdown markdown() {
        TermsLegend legend = new TermsLegend();
        List<List<String>> sections = new ArrayList<>();
        sections.add(List.of("# check_sql: " + outcomes.size() + (outcomes.size() == 1 ? " statement" : " statements")
                + ", connection " + connection + ", dialect " + dialect.wire() + "\n",
                "Checked against the print alone: no database was connected to and nothing was run.\n"));
        for (SqlCheck.Outcome o : outcomes) {
            List<String> rows = new ArrayList<>();
            rows.add("\n## Statement " + o.piece().index() + " (line " + o.piece().line() + ", column "
                    + o.piece().column() + ")\n");
            if (o.unreadable() != null) {
                rows.add("Not checked: " + o.unreadable() + "\n");
            } else if (o.findings().isEmpty()) {
                rows.add(NO_FINDING);
            } else {
                for (Finding f : o.findings()) {
                    String row = row(f);
                    legend.mark(row, SEVERITY_TERMS.get(f.severity()), KIND_TERMS.get(f.kind()));
                    legend.add(row, f.terms());
                    rows.add(row);
                }
            }
            sections.add(rows);
        }
        legend.knowRows(sections);
        return new Markdown(sections, legend);
    }

    /** The sections and their legend, as the document pager takes them. */
    public record Markdown(List<List<String>> sections, TermsLegend legend) {
    }

    private static String row(Finding f) {
        StringBuilder sb = new StringBuilder("- ").append(f.severity().wire()).append(" (").append(f.kind().wire())
                .append(") at line ").append(f.line()).append(", column ").append(f.column()).append(": ")
                .append(f.message());
        if (f.file() != null) {
            sb.append(" Print: ").append(f.file());
            if (f.field() != null) {
                sb.append(", ").append(f.field());
            }
            sb.append('.');
        }
        return sb.append(" Fix: ").append(f.fix()).append('\n').toString();
    }
}
