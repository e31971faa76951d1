package dev.dbprint.mcp.glob;

/**
 * search_columns' {@code pattern} (spec §4.3) as an {@link Fnmatch} pattern. A part is named {@code <column><path>}, and
 * a path spells its steps with brackets — {@code [*]} for every element, {@code ["key"]} for a quoted key — which
 * fnmatch would read as character classes, so the documented {@code items[*].sku} would match nothing. Here {@code [*]}
 * and an opening {@code ["} are read as the text they are; every other {@code [} opens a class as in fnmatch, and
 * {@code [[]} matches a literal {@code [}.
 */
public final class ColumnGlob {

    private ColumnGlob() {
    }

    /** The fnmatch pattern matching what {@code pattern} means over column and part names. */
    public static String toFnmatch(String pattern) {
        if (pattern.indexOf('[') < 0) {
            return pattern;
        }
        StringBuilder out = new StringBuilder(pattern.length() + 8);
        for (int i = 0; i < pattern.length();) {
            if (pattern.startsWith("[*]", i)) {
                out.append("[[][*]]"); // a literal '[', a literal '*', and ']' (literal outside a class)
                i += 3;
            } else if (pattern.startsWith("[\"", i)) {
                out.append("[[]\"");
                i += 2;
            } else {
                out.append(pattern.charAt(i++));
            }
        }
        return out.toString();
    }
}
