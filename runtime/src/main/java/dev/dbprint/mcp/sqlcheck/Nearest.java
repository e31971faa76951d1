package dev.dbprint.mcp.sqlcheck;

import java.util.ArrayList;
import java.util.Collection;
import java.util.Comparator;
import java.util.List;
import java.util.Set;

import dev.dbprint.mcp.search.ValueResolver;
import dev.dbprint.mcp.text.CodePointOrder;
import dev.dbprint.mcp.text.Trigram;

/** The names nearest a misspelt one, by the trigram similarity resolve_value ranks values with. */
final class Nearest {

    /** resolve_value's floor: below it a name does not resemble another. */
    static final double FLOOR = ValueResolver.NEAREST_FLOOR;
    static final int LIMIT = 3;

    private Nearest() {
    }

    /**
     * At most {@link #LIMIT} of {@code names} scoring above {@link #FLOOR}, best first; with {@code byLastPart} a dotted
     * name also scores by its last part, so {@code rides} finds {@code rental.ride}.
     */
    static List<String> names(String written, Collection<String> names, boolean byLastPart) {
        Set<String> grams = Trigram.trigrams(written);
        record Scored(String name, double score) {
        }
        List<Scored> scored = new ArrayList<>();
        for (String n : names) {
            double s = Trigram.similarity(grams, n);
            if (byLastPart) {
                s = Math.max(s, Trigram.similarity(grams, TableNames.lastPart(n)));
            }
            if (s > FLOOR) {
                scored.add(new Scored(n, s));
            }
        }
        scored.sort(Comparator.comparingDouble(Scored::score).reversed().thenComparing(Scored::name,
                CodePointOrder.INSTANCE));
        return scored.stream().limit(LIMIT).map(Scored::name).toList();
    }
}
