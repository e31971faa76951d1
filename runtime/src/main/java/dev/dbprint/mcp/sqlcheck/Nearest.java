package dev.dbprint.mcp.sqlcheck;

import java.util.ArrayList;
import java.util.Collection;
import java.util.Comparator;
import java.util.List;
import java.util.Set;

import dev.dbprint.mcp.print.model.TableNameIndex;
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

    /** The optimal string alignment distance: insertions, deletions, substitutions and adjacent transpositions. */
    static int edits(String a, String b) {
        int[][] d = new int[a.length() + 1][b.length() + 1];
        for (int i = 0; i <= a.length(); i++) {
            d[i][0] = i;
        }
        for (int j = 0; j <= b.length(); j++) {
            d[0][j] = j;
        }
        for (int i = 1; i <= a.length(); i++) {
            for (int j = 1; j <= b.length(); j++) {
                int cost = a.charAt(i - 1) == b.charAt(j - 1) ? 0 : 1;
                d[i][j] = Math.min(Math.min(d[i - 1][j] + 1, d[i][j - 1] + 1), d[i - 1][j - 1] + cost);
                if (i > 1 && j > 1 && a.charAt(i - 1) == b.charAt(j - 2) && a.charAt(i - 2) == b.charAt(j - 1)) {
                    d[i][j] = Math.min(d[i][j], d[i - 2][j - 2] + 1);
                }
            }
        }
        return d[a.length()][b.length()];
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
                s = Math.max(s, Trigram.similarity(grams, TableNameIndex.lastPart(n)));
            }
            if (s > FLOOR) {
                scored.add(new Scored(n, s));
            }
        }
        if (scored.isEmpty()) {
            // a transposed or dropped letter (emial, staus) shares few trigrams: one or two edits away is near too
            for (String n : names) {
                String candidate = byLastPart ? TableNameIndex.lastPart(n) : n;
                int d = edits(written, candidate);
                if (d <= Math.min(2, written.length() / 3)) {
                    scored.add(new Scored(n, 1.0 - d / (double) Math.max(written.length(), candidate.length())));
                }
            }
        }
        scored.sort(Comparator.comparingDouble(Scored::score).reversed().thenComparing(Scored::name,
                CodePointOrder.INSTANCE));
        return scored.stream().limit(LIMIT).map(Scored::name).toList();
    }
}
