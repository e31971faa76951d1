package dev.dbprint.mcp.reference;

import java.util.ArrayList;
import java.util.List;

import dev.dbprint.mcp.reference.Sections.Section;

/**
 * The Markdown get_reference answers (spec §4.6), laid out for {@link dev.dbprint.mcp.paging.DocumentPager}: a list of
 * pager sections, each a list of rows, a row being one Markdown line with its line break. The reply's text is every row
 * concatenated; it does not end with a line break.
 */
public final class ReferenceReply {

    /** The line the direct subsections of a numbered document's section are listed under. */
    public static final String SUBSECTIONS_BY_NUMBER = "Subsections, each read by its own number:";
    /** The line the direct subsections of a guide heading are listed under. */
    public static final String SUBSECTIONS_BY_HEADING = "Subsections, each read by its own heading:";

    private ReferenceReply() {
    }

    /**
     * One section: its heading line (at its own level) and its own body as one pager section; then, when it has
     * subsections, a second pager section: a blank line, the {@code Subsections} line, and one {@code - <heading>} line
     * per direct subsection ({@code - 2.2.1 Top-level fields}; in the guide, {@code - get_table_context}).
     */
    public static List<List<String>> section(Sections sections, Section section) {
        List<List<String>> out = new ArrayList<>();
        List<String> own = new ArrayList<>();
        own.add(section.headingLine());
        if (!section.body().isEmpty()) {
            own.add("");
            own.addAll(section.body());
        }
        out.add(own);
        if (!section.children().isEmpty()) {
            List<String> subs = new ArrayList<>();
            subs.add("");
            subs.add(sections.document().numbered() ? SUBSECTIONS_BY_NUMBER : SUBSECTIONS_BY_HEADING);
            for (Section child : section.children()) {
                subs.add("- " + child.heading());
            }
            out.add(subs);
        }
        return rows(out);
    }

    /**
     * The table of contents: the document's title and a line saying how to read a section as the first pager section,
     * then one pager section per top section: its heading and every section below it, one {@code - <heading>} line
     * each, indented two spaces per depth.
     */
    public static List<List<String>> contents(Sections sections) {
        List<List<String>> out = new ArrayList<>();
        List<String> head = new ArrayList<>();
        if (sections.title() != null) {
            head.add("# " + sections.title());
            head.add("");
        }
        head.add(sections.document().numbered()
                ? "Contents. Read a section by passing its number as `section` (e.g. '2.2.4'); a citation such as "
                        + "'§2.2.4' works as written."
                : "Contents. Read a section by passing its heading as `section` (e.g. 'Vocabulary'); case does not "
                        + "matter.");
        head.add("");
        out.add(head);
        for (Section top : sections.top()) {
            List<String> entries = new ArrayList<>();
            tree(top, 0, entries);
            out.add(entries);
        }
        return rows(out);
    }

    private static void tree(Section s, int depth, List<String> out) {
        out.add("  ".repeat(depth) + "- " + s.heading());
        for (Section child : s.children()) {
            tree(child, depth + 1, out);
        }
    }

    /** Turns lines into rows: each line with its line break, save the reply's very last line. */
    private static List<List<String>> rows(List<List<String>> lines) {
        int lastSection = -1;
        for (int i = 0; i < lines.size(); i++) {
            if (!lines.get(i).isEmpty()) {
                lastSection = i;
            }
        }
        List<List<String>> out = new ArrayList<>();
        for (int i = 0; i < lines.size(); i++) {
            List<String> rows = new ArrayList<>();
            List<String> section = lines.get(i);
            for (int j = 0; j < section.size(); j++) {
                boolean last = i == lastSection && j == section.size() - 1;
                rows.add(last ? section.get(j) : section.get(j) + "\n");
            }
            out.add(rows);
        }
        return out;
    }
}
