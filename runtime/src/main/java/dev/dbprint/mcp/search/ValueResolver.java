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

import dev.dbprint.mcp.paging.JsonForm;
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

    /** Which rung of the ladder answered, and the list its answer carries. */
    public enum Match {

        STORED("stored", "spellings"), DEFINITION("definition", "candidates"), NEAREST("nearest", "candidates"), NONE("none",
                null), UNAVAILABLE("unavailable", null);

        private final String wire;
        private final String listKey;

        Match(String wire, String listKey) {
            this.wire = wire;
            this.listKey = listKey;
        }

        public String wire() {
            return wire;
        }

        /** {@code spellings} or {@code candidates}, or null when the match carries no list. */
        public String listKey() {
            return listKey;
        }
    }

    /**
     * One value the answer offers.
     *
     * @param value the value as statistics.yaml holds it
     * @param count its {@code count}, or null when the entry has none (a note on an unlisted value)
     * @param spellingOf {@code spelling_of}, when {@code grouped}
     * @param grouped whether the entry carries {@code spelling_of}
     * @param note the value's note, or null
     * @param score the similarity of a nearest value, or null
     */
    public record Candidate(Object value, Long count, Object spellingOf, boolean grouped, String note, Double score)
            implements
                JsonForm {

        /** The entry as the reply writes it: {@code {value, count?, spelling_of?, note?, score?}}. */
        @Override
        public Map<String, Object> toJson() {
            Map<String, Object> m = new LinkedHashMap<>();
            m.put("value", value);
            if (count != null) {
                m.put("count", count);
            }
            if (grouped) {
                m.put("spelling_of", spellingOf);
            }
            if (note != null) {
                m.put("note", note);
            }
            if (score != null) {
                m.put("score", score);
            }
            return m;
        }
    }

    /**
     * The ladder's answer.
     *
     * @param items the list's entries (empty when the match carries no list)
     */
    public record Resolution(Match match, List<Candidate> items) {
    }

    private ValueResolver() {
    }

    public static Resolution resolve(PublishedValues list, String text) {
        if (list.unavailable() != null) {
            return new Resolution(Match.UNAVAILABLE, List.of());
        }
        String key = fold(text);
        BigDecimal number = numeral(key);
        List<Candidate> spellings = new ArrayList<>();
        for (ValueEntry e : list.entries()) {
            if (fold(e.text()).equals(key)
                    || number != null && e.value() instanceof Number n && Raw.compare(n, number) == 0) {
                spellings.add(candidate(list, e, null));
            }
        }
        if (!spellings.isEmpty()) {
            return new Resolution(Match.STORED, spellings);
        }
        List<Candidate> definitions = definitions(list, text);
        if (!definitions.isEmpty()) {
            return new Resolution(Match.DEFINITION, definitions);
        }
        List<Candidate> nearest = nearest(list, text);
        if (!nearest.isEmpty()) {
            return new Resolution(Match.NEAREST, nearest);
        }
        return new Resolution(Match.NONE, List.of());
    }

    /** Every listed value as a domain entry, in list order. */
    public static List<Candidate> domain(PublishedValues list) {
        List<Candidate> out = new ArrayList<>(list.listed());
        for (ValueEntry e : list.entries()) {
            out.add(candidate(list, e, null));
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
    private static List<Candidate> definitions(PublishedValues list, String text) {
        List<Candidate> out = new ArrayList<>();
        Set<String> listed = new HashSet<>();
        for (ValueEntry e : list.entries()) {
            listed.add(e.text());
            String note = list.noteOf(e);
            if (note != null && Words.eitherContains(note, text)) {
                out.add(candidate(list, e, null));
            }
        }
        if (!list.completeOverRead()) {
            for (StatisticsAnnotations.ValueNote n : list.notes().values()) {
                if (!listed.contains(n.text()) && Words.eitherContains(n.note(), text)) {
                    out.add(new Candidate(n.value(), null, null, false, n.note(), null));
                }
            }
        }
        return out;
    }

    private record Scored(ValueEntry entry, double score) {
    }

    private static List<Candidate> nearest(PublishedValues list, String text) {
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
        List<Candidate> out = new ArrayList<>();
        for (Scored s : scored.subList(0, Math.min(NEAREST_LIMIT, scored.size()))) {
            out.add(candidate(list, s.entry(), Math.round(s.score() * 1_000_000d) / 1_000_000d));
        }
        return out;
    }

    private static Candidate candidate(PublishedValues list, ValueEntry e, Double score) {
        return new Candidate(e.value(), e.count() >= 0 ? e.count() : null, e.spellingOf(), e.hasSpellingOf(),
                list.noteOf(e), score);
    }
}
