package dev.dbprint.mcp.search;

import java.math.BigDecimal;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;

import dev.dbprint.mcp.print.model.Raw;
import dev.dbprint.mcp.print.model.StatisticsAnnotations;
import dev.dbprint.mcp.print.model.ValueEntry;
import dev.dbprint.mcp.text.CodePointOrder;
import dev.dbprint.mcp.text.Trigram;
import dev.dbprint.mcp.text.Words;

/**
 * resolve_value's match ladder (§4.7), first rung that applies:
 * <ol>
 * <li>{@code unavailable} — the list cannot be matched against ({@link PublishedValues#unavailable()} says why);</li>
 * <li>{@code stored} — {@code text} folds, under the normalization key (format spec §2.2.4: trimmed, lower-cased), to
 * the key of one or more listed values, or is a numeric literal equal in value to a listed number; {@code spellings}
 * lists every one of them;</li>
 * <li>{@code definition} — a per-value note and {@code text} contain one another on word boundaries;
 * {@code candidates} lists every such value;</li>
 * <li>{@code nearest} — listed values whose trigram similarity to {@code text} is above {@value #NEAREST_FLOOR}, the
 * best {@value #NEAREST_LIMIT}, each with its {@code score};</li>
 * <li>{@code none}.</li>
 * </ol>
 * Each entry is {@code {value, count, spelling_of?, note?}} with the value as statistics.yaml holds it.
 */
public final class ValueResolver {

    /** pg_trgm's own default similarity threshold, so "resembles" means what it means in a database. */
    public static final double NEAREST_FLOOR = 0.3;
    public static final int NEAREST_LIMIT = 5;

    /**
     * The ladder's answer.
     *
     * @param match {@code stored | definition | nearest | none | unavailable}
     * @param listKey {@code spellings} or {@code candidates}, or null when the match carries no list
     * @param items the list's entries (empty when {@code listKey} is null)
     */
    public record Resolution(String match, String listKey, List<Map<String, Object>> items) {
    }

    private ValueResolver() {
    }

    public static Resolution resolve(PublishedValues list, String text) {
        if (list.unavailable() != null) {
            return new Resolution("unavailable", null, List.of());
        }
        String key = fold(text);
        BigDecimal number = numeral(key);
        List<Map<String, Object>> spellings = new ArrayList<>();
        for (ValueEntry e : list.entries()) {
            if (fold(e.text()).equals(key)
                    || number != null && e.value() instanceof Number n && Raw.compare(n, number) == 0) {
                spellings.add(entry(list, e));
            }
        }
        if (!spellings.isEmpty()) {
            return new Resolution("stored", "spellings", spellings);
        }
        List<Map<String, Object>> definitions = definitions(list, text);
        if (!definitions.isEmpty()) {
            return new Resolution("definition", "candidates", definitions);
        }
        List<Map<String, Object>> nearest = nearest(list, text);
        if (!nearest.isEmpty()) {
            return new Resolution("nearest", "candidates", nearest);
        }
        return new Resolution("none", null, List.of());
    }

    /** Every listed value as a domain entry, in list order. */
    public static List<Map<String, Object>> domain(PublishedValues list) {
        List<Map<String, Object>> out = new ArrayList<>(list.listed());
        for (ValueEntry e : list.entries()) {
            out.add(entry(list, e));
        }
        return out;
    }

    /**
     * {@code text} as a number when it is a numeric literal ({@code 1e-7}, {@code -3}, {@code 0.50}), so it matches a
     * stored number of the same value however the file spells it; null otherwise. Only a stored number is compared this
     * way: a string {@code '007'} is still matched as the string it is.
     */
    private static BigDecimal numeral(String folded) {
        if (folded.isEmpty() || !(Character.isDigit(folded.charAt(folded.length() - 1)) || folded.endsWith("."))) {
            return null; // rules out most words before the parser is asked
        }
        try {
            return new BigDecimal(folded);
        } catch (NumberFormatException e) {
            return null;
        }
    }

    /** The normalization key of format spec §2.2.4: trimmed and lower-cased. */
    static String fold(String s) {
        return s.strip().toLowerCase(Locale.ROOT);
    }

    /**
     * Listed values whose note matches, in list order; then, where the list is a cut, notes on values it does not carry
     * (the value may occur unlisted, so the note still defines it), without a count. Under a complete list such a note is
     * stale and is left out.
     */
    private static List<Map<String, Object>> definitions(PublishedValues list, String text) {
        List<Map<String, Object>> out = new ArrayList<>();
        Set<String> listed = new HashSet<>();
        for (ValueEntry e : list.entries()) {
            listed.add(e.text());
            String note = list.noteOf(e);
            if (note != null && Words.eitherContains(note, text)) {
                out.add(entry(list, e));
            }
        }
        if (!list.completeOverRead()) {
            for (StatisticsAnnotations.ValueNote n : list.notes().values()) {
                if (!listed.contains(n.text()) && Words.eitherContains(n.note(), text)) {
                    Map<String, Object> m = new LinkedHashMap<>();
                    m.put("value", n.value());
                    m.put("note", n.note());
                    out.add(m);
                }
            }
        }
        return out;
    }

    private record Scored(ValueEntry entry, double score) {
    }

    private static List<Map<String, Object>> nearest(PublishedValues list, String text) {
        Set<String> grams = Trigram.trigrams(text);
        List<Scored> scored = new ArrayList<>();
        for (ValueEntry e : list.entries()) {
            double s = Trigram.similarity(grams, e.text());
            if (s > NEAREST_FLOOR) {
                scored.add(new Scored(e, s));
            }
        }
        scored.sort(Comparator.comparingDouble(Scored::score).reversed()
                .thenComparing(Comparator.comparingLong((Scored s) -> s.entry().count()).reversed())
                .thenComparing(s -> s.entry().text(), CodePointOrder.INSTANCE));
        List<Map<String, Object>> out = new ArrayList<>();
        for (Scored s : scored.subList(0, Math.min(NEAREST_LIMIT, scored.size()))) {
            Map<String, Object> m = entry(list, s.entry());
            m.put("score", Math.round(s.score() * 1_000_000d) / 1_000_000d);
            out.add(m);
        }
        return out;
    }

    private static Map<String, Object> entry(PublishedValues list, ValueEntry e) {
        Map<String, Object> m = new LinkedHashMap<>();
        m.put("value", e.value());
        if (e.count() >= 0) {
            m.put("count", e.count());
        }
        if (e.hasSpellingOf()) {
            m.put("spelling_of", e.spellingOf());
        }
        String note = list.noteOf(e);
        if (note != null) {
            m.put("note", note);
        }
        return m;
    }
}
