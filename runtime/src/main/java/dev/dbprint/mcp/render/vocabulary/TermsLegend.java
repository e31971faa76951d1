package dev.dbprint.mcp.render.vocabulary;

import java.util.ArrayList;
import java.util.Comparator;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeSet;

import dev.dbprint.mcp.paging.DocumentPager;

/**
 * The {@code ## Terms} block of a Markdown reply (spec §4.1): the renderers mark each row with the terms it prints, and a
 * page's legend defines exactly the terms of the rows that page holds — none when they print no term. A row split
 * across pages (larger than a page) carries the terms of the whole row on each of its pages.
 */
public final class TermsLegend implements DocumentPager.Legend {

    private static final String HEADER = "\n## Terms\n";
    /** Terms by rank. Written out rather than {@code Comparator.comparingInt}: see {@link #termsAt}. */
    private static final Comparator<Term> ORDER = new Comparator<>() {

        @Override
        public int compare(Term a, Term b) {
            return Integer.compare(a.rank(), b.rank());
        }
    };

    private final Map<String, Set<Term>> byRow = new HashMap<>();
    private final Map<String, Set<Term>> byFragment = new HashMap<>();
    /** Built on the first lookup of an unmarked text; dropped by any later mark. */
    private Marked marked;

    /** Records that {@code row} prints {@code terms} (nulls ignored) and returns the row. */
    public String mark(String row, Term... terms) {
        marked = null;
        Set<Term> set = termsAt(row);
        for (Term t : terms) {
            if (t != null) {
                set.add(t);
            }
        }
        return row;
    }

    /**
     * Registers every whole row of the document: a row no renderer marked prints no term. Without this, such a row (a
     * blank line, a DDL line like {@code ")"}) would be looked up as a piece of a split row and take the terms of every
     * marked row containing its text, defining on its page terms the page does not print.
     */
    public void knowRows(List<List<String>> sections) {
        for (List<String> section : sections) {
            for (String row : section) {
                termsAt(row);
            }
        }
    }

    /** Adds terms to a row already marked. */
    public void add(String row, Set<Term> terms) {
        marked = null;
        termsAt(row).addAll(terms);
    }

    /**
     * The row's terms, an empty set made for a row not met yet. This class, called by every Markdown reply's first
     * rendering, links no lambda: on JDK 17, whose class-data archive keeps no linked call site, each cost a first
     * get_table_context about 0.1 ms of bootstrapping in the interpreter.
     */
    private Set<Term> termsAt(String row) {
        Set<Term> set = byRow.get(row);
        if (set == null) {
            set = new TreeSet<>(ORDER);
            byRow.put(row, set);
        }
        return set;
    }

    @Override
    public String forRows(List<String> rowsOnPage) {
        Set<Term> terms = new TreeSet<>(ORDER);
        for (String row : rowsOnPage) {
            terms.addAll(termsOf(row));
        }
        if (terms.isEmpty()) {
            return "";
        }
        StringBuilder sb = new StringBuilder(HEADER);
        for (Term t : terms) {
            sb.append(t.line());
        }
        return sb.toString();
    }

    /**
     * Counts the legend of a page as its rows are placed: the ranks already defined and the length of their lines, so a
     * question about one more row costs that row's terms, not the whole page again. Exactly
     * {@code forRows(rows).length()}: a rank is defined once, by the first row that prints it.
     */
    @Override
    public DocumentPager.Tally tally() {
        return new DocumentPager.Tally() {

            private final Set<Integer> ranks = new HashSet<>();
            private int lines;

            @Override
            public void add(String row) {
                for (Term t : termsOf(row)) {
                    if (ranks.add(t.rank())) {
                        lines += t.line().length();
                    }
                }
            }

            @Override
            public int lengthWith(List<String> more) {
                Set<Integer> added = new HashSet<>();
                int extra = 0;
                for (String row : more) {
                    for (Term t : termsOf(row)) {
                        if (!ranks.contains(t.rank()) && added.add(t.rank())) {
                            extra += t.line().length();
                        }
                    }
                }
                return ranks.isEmpty() && added.isEmpty() ? 0 : HEADER.length() + lines + extra;
            }
        };
    }

    /** The whole legend: every term the document prints. */
    public String whole(List<List<String>> sections) {
        return forRows(sections.stream().flatMap(List::stream).toList());
    }

    /** A marked row's terms; for any other text, those of every marked row containing it (a piece of a split row). */
    private Set<Term> termsOf(String row) {
        Set<Term> t = byRow.get(row);
        return t != null ? t : fragmentTerms(row);
    }

    private Set<Term> fragmentTerms(String fragment) {
        Set<Term> known = byFragment.get(fragment);
        if (known != null) {
            return known;
        }
        Marked marked = marked();
        Set<Term> out;
        if (!marked.grams.mayOccur(fragment)) {
            out = Set.of(); // most unmarked rows (DDL lines, headings) occur in no marked row
        } else {
            out = new TreeSet<>(ORDER);
            for (int i = 0; i < marked.rows.length; i++) {
                if (marked.rows[i].contains(fragment)) {
                    out.addAll(marked.terms.get(i));
                }
            }
        }
        byFragment.put(fragment, out);
        return out;
    }

    /**
     * The marked rows that print a term, in the map's iteration order (so where two terms share a rank, the same one
     * is met first as when iterating the map): a flat array, scanned once per distinct unmarked text.
     */
    private Marked marked() {
        if (marked == null) {
            List<String> rows = new ArrayList<>();
            List<Set<Term>> terms = new ArrayList<>();
            for (Map.Entry<String, Set<Term>> e : byRow.entrySet()) {
                if (!e.getValue().isEmpty()) {
                    rows.add(e.getKey());
                    terms.add(e.getValue());
                }
            }
            String[] texts = rows.toArray(new String[0]);
            marked = new Marked(texts, terms, new GramFilter(texts));
        }
        return marked;
    }

    private record Marked(String[] rows, List<Set<Term>> terms, GramFilter grams) {
    }
}
