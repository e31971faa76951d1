package dev.dbprint.mcp.render.vocabulary;

import dev.dbprint.mcp.print.yaml.YamlLoader;

/**
 * Spells a value from a print so it reads back as itself in a predicate (spec §4.1): a string or timestamp is an SQL
 * literal, single-quoted with an embedded {@code '} doubled; a number, a boolean and NULL are bare, a number as
 * statistics.yaml spells it (positional, never exponent form); a string holding a line break, a control or an
 * invisible character is double-quoted with YAML escapes, on one line, so nothing in it can hide.
 */
public final class Literals {

    private Literals() {
    }

    /** The literal for a parsed scalar ({@code null} is NULL). */
    public static String of(Object value) {
        if (value == null) {
            return "NULL";
        }
        if (value instanceof String s) {
            return needsEscapes(s) ? yamlQuoted(s) : "'" + s.replace("'", "''") + "'";
        }
        return YamlLoader.spell(value);
    }

    /** Whether {@code s} holds a character a reader could not see or that would break the line. */
    static boolean needsEscapes(String s) {
        for (int i = 0; i < s.length(); i++) {
            if (hidden(s, i)) {
                return true;
            }
        }
        return false;
    }

    private static boolean hidden(String s, int i) {
        char c = s.charAt(i);
        if (Character.isSurrogate(c)) {
            boolean paired = Character.isHighSurrogate(c)
                    ? i + 1 < s.length() && Character.isLowSurrogate(s.charAt(i + 1))
                    : i > 0 && Character.isHighSurrogate(s.charAt(i - 1));
            return !paired;
        }
        return switch (Character.getType(c)) {
            case Character.CONTROL, Character.FORMAT, Character.LINE_SEPARATOR, Character.PARAGRAPH_SEPARATOR,
                    Character.UNASSIGNED, Character.PRIVATE_USE ->
                true;
            case Character.SPACE_SEPARATOR -> c != ' ';
            default -> false;
        };
    }

    /** A YAML double-quoted scalar on one line, every hidden character escaped. */
    static String yamlQuoted(String s) {
        StringBuilder out = new StringBuilder(s.length() + 8).append('"');
        for (int i = 0; i < s.length(); i++) {
            char c = s.charAt(i);
            switch (c) {
                case '"' -> out.append("\\\"");
                case '\\' -> out.append("\\\\");
                case '\n' -> out.append("\\n");
                case '\r' -> out.append("\\r");
                case '\t' -> out.append("\\t");
                case '\0' -> out.append("\\0");
                case '\u0007' -> out.append("\\a");
                case '\b' -> out.append("\\b");
                case '\u000b' -> out.append("\\v");
                case '\f' -> out.append("\\f");
                case '\u001b' -> out.append("\\e");
                case '\u0085' -> out.append("\\N");
                case '\u00a0' -> out.append("\\_");
                case '\u2028' -> out.append("\\L");
                case '\u2029' -> out.append("\\P");
                default -> {
                    if (hidden(s, i)) {
                        out.append(c <= 0xff ? String.format("\\x%02x", (int) c) : String.format("\\u%04x", (int) c));
                    } else {
                        out.append(c);
                    }
                }
            }
        }
        return out.append('"').toString();
    }
}
