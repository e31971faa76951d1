package dev.dbprint.mcp.render.context;

import java.util.Comparator;
import java.util.HashMap;
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

    private static final Comparator<Term> ORDER = Comparator.comparingInt(Term::rank);

    private final Map<String, Set<Term>> byRow = new HashMap<>();
    private final Map<String, Set<Term>> byFragment = new HashMap<>();

    /** Records that {@code row} prints {@code terms} (nulls ignored) and returns the row. */
    public String mark(String row, Term... terms) {
        Set<Term> set = byRow.computeIfAbsent(row, r -> new TreeSet<>(ORDER));
        for (Term t : terms) {
            if (t != null) {
                set.add(t);
            }
        }
        return row;
    }

    /** Adds terms to a row already marked. */
    public void add(String row, Set<Term> terms) {
        byRow.computeIfAbsent(row, r -> new TreeSet<>(ORDER)).addAll(terms);
    }

    @Override
    public String forRows(List<String> rowsOnPage) {
        Set<Term> terms = new TreeSet<>(ORDER);
        for (String row : rowsOnPage) {
            Set<Term> t = byRow.get(row);
            terms.addAll(t != null ? t : fragmentTerms(row));
        }
        if (terms.isEmpty()) {
            return "";
        }
        StringBuilder sb = new StringBuilder("\n## Terms\n");
        terms.forEach(t -> sb.append(t.line()));
        return sb.toString();
    }

    /** The whole legend: every term the document prints. */
    public String whole(List<List<String>> sections) {
        return forRows(sections.stream().flatMap(List::stream).toList());
    }

    private Set<Term> fragmentTerms(String fragment) {
        return byFragment.computeIfAbsent(fragment, f -> {
            Set<Term> out = new TreeSet<>(ORDER);
            byRow.forEach((row, t) -> {
                if (row.contains(f)) {
                    out.addAll(t);
                }
            });
            return out;
        });
    }
}
