package dev.dbprint.mcp.text;

import java.util.Comparator;

/**
 * Strings in code-point order, the order Python's {@code sorted} gives and the format's orderings name. Java's
 * {@link String#compareTo} compares UTF-16 units instead, which puts a character above U+FFFF before U+E000–U+FFFF.
 */
public final class CodePointOrder implements Comparator<String> {

    public static final CodePointOrder INSTANCE = new CodePointOrder();

    private CodePointOrder() {
    }

    @Override
    public int compare(String a, String b) {
        int n = Math.min(a.length(), b.length());
        for (int i = 0; i < n; i++) {
            char x = a.charAt(i), y = b.charAt(i);
            if (x != y) {
                return fix(x) - fix(y);
            }
        }
        return a.length() - b.length();
    }

    /** Moves surrogates above the rest of the BMP so unit order becomes code-point order. */
    private static int fix(char c) {
        return c < 0xD800 ? c : c >= 0xE000 ? c - 0x800 : c + 0x2000;
    }
}
