package dev.dbprint.mcp.text;

import java.util.HashSet;
import java.util.Locale;
import java.util.Set;

/**
 * Trigram similarity as PostgreSQL's {@code pg_trgm} defines it, so a score reads the way a database user already knows
 * it: the text is lower-cased and cut into words at every character that is not a letter or a digit, each word is padded
 * with two spaces in front and one behind, and the score is the number of distinct trigrams the two texts share over the
 * number of distinct trigrams either has (0 when neither has any).
 * <p>
 * {@code similarity("Germany", "germny")} is 5 / 10 = 0.5.
 */
public final class Trigram {

    private Trigram() {
    }

    /** The distinct trigrams of {@code text}, each as a string of three code points. */
    public static Set<String> trigrams(String text) {
        Set<String> out = new HashSet<>();
        int[] cps = text.toLowerCase(Locale.ROOT).codePoints().toArray();
        int i = 0;
        while (i < cps.length) {
            while (i < cps.length && !Character.isLetterOrDigit(cps[i])) {
                i++;
            }
            int start = i;
            while (i < cps.length && Character.isLetterOrDigit(cps[i])) {
                i++;
            }
            if (i > start) {
                addWord(out, cps, start, i);
            }
        }
        return out;
    }

    /** The share of distinct trigrams the two texts have in common, in [0, 1]. */
    public static double similarity(String a, String b) {
        return similarity(trigrams(a), b);
    }

    /** As {@link #similarity(String, String)}, with {@code a}'s trigrams computed once by the caller. */
    public static double similarity(Set<String> a, String b) {
        Set<String> tb = trigrams(b);
        if (a.isEmpty() && tb.isEmpty()) {
            return 0;
        }
        int shared = 0;
        for (String t : tb) {
            if (a.contains(t)) {
                shared++;
            }
        }
        return (double) shared / (a.size() + tb.size() - shared);
    }

    private static void addWord(Set<String> out, int[] cps, int from, int to) {
        int n = to - from + 3;
        int[] padded = new int[n];
        padded[0] = ' ';
        padded[1] = ' ';
        System.arraycopy(cps, from, padded, 2, to - from);
        padded[n - 1] = ' ';
        for (int k = 0; k + 3 <= n; k++) {
            out.add(new String(padded, k, 3));
        }
    }
}
