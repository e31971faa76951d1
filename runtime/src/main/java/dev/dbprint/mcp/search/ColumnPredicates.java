package dev.dbprint.mcp.search;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.function.Function;
import java.util.function.Predicate;

import dev.dbprint.mcp.glob.ColumnGlob;
import dev.dbprint.mcp.glob.Fnmatch;
import dev.dbprint.mcp.print.model.StatisticsAnnotations;

/**
 * search_columns' predicates (§4.3), ANDed; an absent argument constrains nothing.
 * <ul>
 * <li>{@code pattern} — fnmatch over the column name, or {@code <column><path>} for a part, a path's {@code [*]} and
 * {@code ["} read as written ({@link ColumnGlob}).</li>
 * <li>{@code classification}, {@code sql_type} — fnmatch over the block's field; reach a catalog-only view's columns,
 * never an annotation-only column (which has neither field).</li>
 * <li>{@code sensitivity}, {@code looks_like} ({@code inferred.*}), {@code redacted} — fnmatch; and
 * {@code candidate_key}, exact against {@code inferred.candidate_key} read as false when absent. None of these reaches a
 * catalog-only view's column (the marker forbids every field they test) or an annotation-only one.</li>
 * <li>{@code text} — case-insensitive substring of the name, the column's annotation note, or any of its per-value
 * notes; the notes that matched are returned so the match can carry them as {@code value_notes}.</li>
 * </ul>
 * Every glob needs its field present: {@code sensitivity: "*"} never matches a column carrying no detection.
 */
public final class ColumnPredicates {

    private final List<Predicate<SearchedColumn>> filters = new ArrayList<>();
    private final String text;
    /** The one name a {@link #named} search accepts, lower-cased, or null: a table whose text lacks it is passed. */
    private final String lowerName;
    private final boolean looksLikeFilter;

    /**
     * @param candidateKey the {@code candidate_key} argument, or null when not given
     * @param text the {@code text} argument, or null
     */
    public ColumnPredicates(String pattern, String classification, String sqlType, String sensitivity, String looksLike,
            String redacted, Boolean candidateKey, String text) {
        this(pattern, classification, sqlType, sensitivity, looksLike, redacted, candidateKey, text, null);
    }

    private ColumnPredicates(String pattern, String classification, String sqlType, String sensitivity,
            String looksLike, String redacted, Boolean candidateKey, String text, String lowerName) {
        if (pattern != null) {
            Predicate<String> p = Fnmatch.predicate(ColumnGlob.toFnmatch(pattern));
            filters.add(c -> p.test(c.name()));
        }
        catalogGlob(classification, SearchedColumn::classification);
        catalogGlob(sqlType, SearchedColumn::sqlType);
        measuredGlob(sensitivity, SearchedColumn::sensitivity);
        measuredGlob(looksLike, SearchedColumn::looksLike);
        measuredGlob(redacted, SearchedColumn::redacted);
        if (candidateKey != null) {
            boolean wanted = candidateKey;
            filters.add(c -> c.measured() && c.candidateKey() == wanted);
        }
        this.text = text == null ? null : text.toLowerCase(Locale.ROOT);
        this.looksLikeFilter = looksLike != null;
        this.lowerName = lowerName;
    }

    /** The predicates of a search for the columns named exactly {@code name}: its glob characters match themselves. */
    public static ColumnPredicates named(String name) {
        StringBuilder glob = new StringBuilder();
        boolean literal = true;
        for (char ch : name.toCharArray()) {
            if (ch == '*' || ch == '?' || ch == '[') {
                glob.append('[').append(ch).append(']');
                literal = false;
            } else {
                glob.append(ch);
            }
        }
        // a name with no glob character matches only itself, whose lower case is in its table's text; a bracket may
        // also be read as a part's path (ColumnGlob), so such a name is left to the columns
        return new ColumnPredicates(glob.toString(), null, null, null, null, null, null, null,
                literal ? name.toLowerCase(Locale.ROOT) : null);
    }

    /** Whether {@code looks_like} is among the filters (switched_off_tables is reported only then). */
    public boolean filtersLooksLike() {
        return looksLikeFilter;
    }

    /**
     * Whether any column of {@code index} can pass the text predicate and, for a {@link #named} search, have the name
     * (all can when there is neither); false rules the table out on its text alone.
     */
    public boolean mayMatch(TableIndex index) {
        return mayMatch(index::mayContain);
    }

    /** As {@link #mayMatch(TableIndex)}, for a table's text that {@code mayContain} searches where it is kept. */
    public boolean mayMatch(Predicate<String> mayContain) {
        return (text == null || mayContain.test(text)) && (lowerName == null || mayContain.test(lowerName));
    }

    /** The match for {@code c} on {@code table}, or null when some predicate rejects it. */
    public ColumnMatch match(SearchedColumn.TableFacts table, SearchedColumn c) {
        for (Predicate<SearchedColumn> f : filters) {
            if (!f.test(c)) {
                return null;
            }
        }
        if (text == null) {
            return new ColumnMatch(table, c, null);
        }
        List<StatisticsAnnotations.ValueNote> notes = matchingValueNotes(c);
        if (notes != null) {
            return new ColumnMatch(table, c, notes);
        }
        if (c.lowerName().contains(text) || (c.lowerNote() != null && c.lowerNote().contains(text))) {
            return new ColumnMatch(table, c, null);
        }
        return null;
    }

    private List<StatisticsAnnotations.ValueNote> matchingValueNotes(SearchedColumn c) {
        List<StatisticsAnnotations.ValueNote> out = null;
        List<String> lower = c.lowerValueNotes();
        for (int i = 0; i < lower.size(); i++) {
            if (lower.get(i).contains(text)) {
                if (out == null) {
                    out = new ArrayList<>();
                }
                out.add(c.valueNotes().get(i));
            }
        }
        return out;
    }

    private void catalogGlob(String glob, Function<SearchedColumn, String> field) {
        if (glob != null) {
            Predicate<String> p = Fnmatch.predicate(glob);
            filters.add(c -> c.described() && present(field.apply(c), p));
        }
    }

    private void measuredGlob(String glob, Function<SearchedColumn, String> field) {
        if (glob != null) {
            Predicate<String> p = Fnmatch.predicate(glob);
            filters.add(c -> c.measured() && present(field.apply(c), p));
        }
    }

    private static boolean present(String value, Predicate<String> p) {
        return value != null && p.test(value);
    }
}
