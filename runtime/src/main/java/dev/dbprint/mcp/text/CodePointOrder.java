package dev.dbprint.mcp.text;

import java.util.Comparator;

/**
 * Python's string order ({@code sorted()} on {@code str}): by code point. {@link String#compareTo} compares UTF-16 code
 * units instead, which puts a character outside the Basic Multilingual Plane before U+E000..U+FFFF.
 */
public final class CodePointOrder implements Comparator<String> {

    public static final CodePointOrder INSTANCE = new CodePointOrder();

    private CodePointOrder() {
    }

    @Override
    public int compare(String a, String b) {
        int i = 0, j = 0;
        while (i < a.length() && j < b.length()) {
            int ca = a.codePointAt(i), cb = b.codePointAt(j);
            if (ca != cb) {
                return Integer.compare(ca, cb);
            }
            i += Character.charCount(ca);
            j += Character.charCount(cb);
        }
        return Boolean.compare(i < a.length(), j < b.length());
    }
}
