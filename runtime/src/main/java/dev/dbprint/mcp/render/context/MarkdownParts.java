package dev.dbprint.mcp.render.context;

import java.math.BigDecimal;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.regex.Pattern;

import dev.dbprint.mcp.paging.Fence;
import dev.dbprint.mcp.print.model.ColumnStats;
import dev.dbprint.mcp.print.model.Statistics;
import dev.dbprint.mcp.print.yaml.YamlLoader;
import dev.dbprint.mcp.render.vocabulary.Literals;
import dev.dbprint.mcp.render.vocabulary.Term;
import dev.dbprint.mcp.render.vocabulary.TermsLegend;

/**
 * The Markdown both purposes share: the identity section (corrupt-artifact note, header, scope, the Meanings and Missing
 * lines), Connection notes, DDL, the join line forms and cell/line spelling. Every row ends with a line break; a
 * section's first row is its heading, preceded by a blank line.
 */
final class MarkdownParts {

    static final String MEANINGS_LINE = "Meanings: not documented here - read codes, units and defaults from the code: "
            + "the print states which values the data holds, not what they mean.\n";

    private static final Pattern BREAKS = Pattern.compile("\\s*[\\r\\n]+\\s*");
    private static final Pattern NAME = Pattern.compile("[A-Za-z_][A-Za-z0-9_]*");

    private MarkdownParts() {
    }

    /**
     * The identity section: corrupt-artifact notes, the title, the type / rows / profiled-at line, the scope, then
     * {@code tableFacts} (profile's Grain and Timeline lines), the Meanings line and the Missing line.
     */
    static List<String> identity(ContextModel m, TermsLegend legend, boolean documented, List<String> tableFacts) {
        List<String> rows = new ArrayList<>();
        for (Map.Entry<String, String> c : m.corrupted.entrySet()) {
            rows.add(legend.mark("> " + c.getKey() + " could not be read: " + oneLine(c.getValue())
                    + " - only its own part of this context is left out.\n", Term.CORRUPT));
        }
        if (!m.corrupted.isEmpty()) {
            rows.add("\n");
        }
        rows.add("# " + m.fqn + "\n");
        StringBuilder facts = new StringBuilder();
        Statistics read = m.statistics.orElse(null);
        String type = read != null && read.type() != null ? read.type() : m.entry.type();
        if (type != null) {
            facts.append("Type: ").append(type);
        }
        Long rowCount = m.rowCount();
        Term method = null;
        if (rowCount != null) {
            String rcm = read != null ? read.rowCountMethod() : null;
            method = "approximate".equals(rcm) ? Term.APPROXIMATE : "exact".equals(rcm) ? Term.EXACT : null;
            facts.append(facts.length() > 0 ? "; " : "").append("rows: ").append(rowCount)
                    .append(method != null ? " (" + rcm + ")" : "");
        }
        String profiled = read != null && read.profiledAt() != null ? read.profiledAt() : m.entry.profiledAt();
        if (profiled != null) {
            facts.append(facts.length() > 0 ? "; " : "").append("profiled at ").append(profiled);
        }
        boolean catalogOnly = read != null && read.catalogOnly();
        if (catalogOnly) {
            facts.append("; catalog only: no query was issued, so no value was measured");
        }
        if (facts.length() > 0) {
            rows.add(legend.mark(facts + "\n", method, catalogOnly ? Term.CATALOG_ONLY : null));
        }
        if (m.scoped()) {
            Statistics.PartialRead scope = m.statistics.get().partialRead();
            StringBuilder s = new StringBuilder("Scope: ").append(YamlLoader.spell(scope.rowsScanned()))
                    .append(" rows scanned");
            if (rowCount != null) {
                s.append(" of ").append(rowCount);
            }
            if (scope.sampled()) {
                s.append(" (sample ").append(YamlLoader.spell(scope.sample())).append(")");
            }
            if (scope.filtered()) {
                s.append(" (filter ").append(Literals.of(scope.filter())).append(")");
            }
            s.append(": every count and share below is over the rows scanned, not the table\n");
            rows.add(legend.mark(s.toString(), Term.SCOPE, Term.OVER_ROWS_SCANNED));
        }
        rows.addAll(tableFacts);
        if (!documented) {
            rows.add(legend.mark(MEANINGS_LINE, Term.MEANINGS));
        }
        if (!m.missing.isEmpty()) {
            rows.add(legend.mark("Missing: " + String.join(", ", m.missing)
                    + " (declared in the manifest, file absent from disk; re-run dbprint generate)\n", Term.MISSING));
        }
        return rows;
    }

    static List<String> connectionNotes(ContextModel m) {
        List<String> rows = new ArrayList<>();
        if (m.connectionNotes.isPresent() && m.connectionNotes.get().hasNotes()) {
            rows.add("\n## Connection notes\n");
            lines(EmbeddedMarkdown.nested(m.connectionNotes.get().notes()), rows);
        }
        return rows;
    }

    static List<String> ddl(ContextModel m) {
        List<String> rows = new ArrayList<>();
        if (m.ddl.isPresent()) {
            rows.add("\n## DDL\n");
            lines(Fence.enclose(m.ddl.get(), "sql"), rows);
        }
        return rows;
    }

    /** The table's description.md as rows, its headings nested; empty (and mutable) when there is none or it is blank. */
    static List<String> description(ContextModel m) {
        List<String> rows = new ArrayList<>();
        if (m.description.isPresent() && !m.description.get().isBlank()) {
            lines(EmbeddedMarkdown.nested(m.description.get().strip()), rows);
        }
        return rows;
    }

    /** A block of text as rows, one per line, ending with a line break. */
    static void lines(String text, List<String> rows) {
        String t = text.endsWith("\n") ? text : text + "\n";
        int from = 0;
        while (from < t.length()) {
            int nl = t.indexOf('\n', from);
            rows.add(t.substring(from, nl + 1));
            from = nl + 1;
        }
    }

    /** A note on one line (its line breaks folded into spaces). */
    static String oneLine(String text) {
        if (text == null) {
            return "";
        }
        String t = text.strip();
        // most cells hold no line break: skip the matcher, which would leave them as they are
        return t.indexOf('\n') < 0 && t.indexOf('\r') < 0 ? t : BREAKS.matcher(t).replaceAll(" ");
    }

    /** Text for a table cell: one line, {@code |} escaped. */
    static String cell(String text) {
        return oneLine(text).replace("|", "\\|");
    }

    static String columns(List<String> cols) {
        if (cols == null || cols.isEmpty()) {
            return "?";
        }
        return cols.size() == 1 ? cols.get(0) : "(" + String.join(", ", cols) + ")";
    }

    /** {@code <column>} or {@code <column> (path <key>.<key>)}. */
    static String endpoint(List<String> cols, List<String> path) {
        String c = columns(cols);
        return path == null || path.isEmpty() ? c : c + " (path " + String.join(".", path) + ")";
    }

    /** The join line's head: {@code a -> t.b (inferred)} or {@code a <- t.b (declared)}. */
    static String joinHead(ContextModel.Join j) {
        String other = j.otherTable() + "." + endpoint(j.otherColumn(), j.otherPath());
        return endpoint(j.column(), j.path()) + (j.outgoing() ? " -> " : " <- ") + other + " ("
                + (j.detection() == null ? "detection not stated" : j.detection()) + ")";
    }

    /** The part key a path-valued endpoint reads (format spec §2.2.18 path grammar), e.g. {@code .reroute_station_id}. */
    static String partKey(List<String> path) {
        StringBuilder sb = new StringBuilder();
        for (String k : path) {
            if (NAME.matcher(k).matches()) {
                sb.append('.').append(k);
            } else {
                sb.append("[\"").append(k.replace("\\", "\\\\").replace("\"", "\\\"")).append("\"]");
            }
        }
        return sb.toString();
    }

    /**
     * The share of scanned rows whose key reads NULL on a path-valued endpoint — the column null, the key absent, or
     * the key holding a JSON null — from the key's part; null when the print lists no part for it.
     */
    static BigDecimal pathNullRate(ColumnStats c, List<String> path, Long tableRows) {
        if (c == null || c.parts() == null) {
            return null;
        }
        ColumnStats part = c.parts().get(partKey(path));
        if (part == null || part.occurrences() == null) {
            return null;
        }
        long rows = c.rowsScanned() != null ? c.rowsScanned() : tableRows == null ? 0 : tableRows;
        long present = part.occurrences() - (part.nullCount() == null ? 0 : part.nullCount());
        return Shares.rate(Math.max(0, rows - present), rows);
    }

    /** A column's null share as the Markdown states it: {@code 0.4%}, or none (over the rows scanned). */
    static String nullShare(ColumnStats c, boolean scoped) {
        if (c.nullCount() != null && c.nullCount() == 0 || c.nullRate() != null && c.nullRate().doubleValue() == 0) {
            return scoped ? "none over the rows scanned" : "none";
        }
        return c.nullRate() == null ? "not measured" : Shares.percent(c.nullRate());
    }

    /** The term a stated share prints beside {@link Term#NULLS}: over the rows scanned, not measured, or none. */
    static Term shareTerm(String share) {
        return share.endsWith("over the rows scanned")
                ? Term.OVER_ROWS_SCANNED
                : share.equals("not measured") ? Term.NOT_MEASURED : null;
    }

    static boolean nullable(ColumnStats c) {
        return !Boolean.FALSE.equals(c.nullable());
    }
}
