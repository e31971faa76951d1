package dev.dbprint.mcp.render.vocabulary;

import java.util.BitSet;

/**
 * A one-sided test of whether a text may occur inside any of a set of texts: it hashes every run of {@link #GRAM}
 * characters of those texts into a bit set, so a text with a run no text holds is answered "no" without scanning them.
 * Never a false "no" (a text that occurs has every one of its runs set); a "yes" may be false and must be confirmed by
 * a scan, as must any text shorter than a run.
 */
final class GramFilter {

    static final int GRAM = 4;
    /** Bits per run held: sparse enough that a text absent from every row almost always hits an unset bit. */
    private static final int BITS_PER_GRAM = 16;

    private final BitSet bits;
    private final int mask;

    GramFilter(String[] texts) {
        long grams = 0;
        for (String t : texts) {
            grams += Math.max(0, t.length() - GRAM + 1);
        }
        int size = Integer.highestOneBit((int) Math.min(1 << 26, Math.max(64, grams * BITS_PER_GRAM)) - 1) << 1;
        this.mask = size - 1;
        this.bits = new BitSet(size);
        for (String t : texts) {
            for (int i = 0; i + GRAM <= t.length(); i++) {
                bits.set(slot(t, i));
            }
        }
    }

    /** False only when {@code text} occurs in none of the texts. */
    boolean mayOccur(String text) {
        for (int i = 0; i + GRAM <= text.length(); i++) {
            if (!bits.get(slot(text, i))) {
                return false;
            }
        }
        return true;
    }

    private int slot(String t, int i) {
        long code = (long) t.charAt(i) << 48 | (long) t.charAt(i + 1) << 32 | (long) t.charAt(i + 2) << 16
                | t.charAt(i + 3);
        return (int) ((code * 0x9E3779B97F4A7C15L) >>> 32) & mask;
    }
}
