package dev.dbprint.mcp.print.yaml;

import java.math.BigDecimal;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.LinkedHashMap;

/**
 * Reads a scalar that {@link YamlSkim} has proven as the value {@link YamlLoader} gives it, for the few spellings where
 * that value is certain without the loader's resolvers: a plain scalar that starts with a letter (a string, unless it is
 * {@code true}, {@code false} or {@code null}), a decimal integer of at most 18 digits, a positional decimal fraction,
 * a version such as {@code 0.4.0}, a plain scalar that starts with a digit and holds a letter no number or timestamp
 * spelling holds (a UUID), {@code ~}, a quoted scalar on one line (a double-quoted one without escapes), and a
 * folded note. Anything else — another YAML 1.1 boolean or null word, an octal, hexadecimal, sexagesimal or exponent
 * spelling, an underscore in a number, a timestamp, a quoted scalar over several lines — is {@link #UNCERTAIN}, and
 * the caller leaves the document to the loader.
 */
final class SkimScalar {

    /** What {@link #value} returns for a spelling it does not read. */
    static final Object UNCERTAIN = new Object();

    private static final int MAX_LONG_DIGITS = 18;

    private SkimScalar() {
    }

    /**
     * The value of the scalar at {@code [start, end)} of {@code in} (a proven value: plain, quoted or an empty flow
     * collection, its trailing spaces included), or {@link #UNCERTAIN}.
     */
    static Object value(byte[] in, int start, int end) {
        while (in[end - 1] == ' ') {
            end--;
        }
        byte b = in[start];
        if (b == '\'' || b == '"') {
            return quoted(in, start, end);
        }
        if (b == '>') {
            return folded(in, start, end);
        }
        if (b == '[') {
            return new ArrayList<>(0);
        }
        if (b == '{') {
            return new LinkedHashMap<String, Object>(4);
        }
        if (letter(b) || b == '_') {
            return word(in, start, end);
        }
        if ((b >= '0' && b <= '9') || b == '-') {
            return number(in, start, end);
        }
        if (b == '~' && end - start == 1) {
            return null;
        }
        return (b & 0x80) != 0 ? new String(in, start, end - start, StandardCharsets.UTF_8) : UNCERTAIN;
    }

    /** A mapping key the skim accepted (plain, or quoted on one line) as the string it reads as. */
    static String key(byte[] in, int start, int end) {
        byte b = in[start];
        if (b == '\'' || b == '"') {
            return (String) quoted(in, start, end);
        }
        return new String(in, start, end - start, StandardCharsets.ISO_8859_1);
    }

    /** A plain scalar starting with a letter: a string, or one of the words YAML 1.1 resolves otherwise. */
    private static Object word(byte[] in, int start, int end) {
        int len = end - start;
        if (resolvesOtherwise(in, start, end)) {
            if (is(in, start, end, "true")) {
                return Boolean.TRUE;
            }
            if (is(in, start, end, "false")) {
                return Boolean.FALSE;
            }
            return is(in, start, end, "null") ? null : UNCERTAIN;
        }
        for (int i = start; i < end; i++) {
            if (in[i] < 0) {
                return new String(in, start, len, StandardCharsets.UTF_8);
            }
        }
        return new String(in, start, len, StandardCharsets.ISO_8859_1);
    }

    /**
     * {@code 0} or {@code -?[1-9][0-9]*} of at most 18 digits (a Long), {@code -?[0-9]+\.[0-9]+} (a BigDecimal), or
     * digits in three or more dot-separated groups (a string).
     */
    private static Object number(byte[] in, int start, int end) {
        int i = in[start] == '-' ? start + 1 : start;
        int digits = i;
        while (i < end && in[i] >= '0' && in[i] <= '9') {
            i++;
        }
        int whole = i - digits;
        if (whole == 0) {
            return UNCERTAIN;
        }
        if (digits == start && noResolverReads(in, start, end)) {
            return new String(in, start, end - start, StandardCharsets.UTF_8);
        }
        String text = new String(in, start, end - start, StandardCharsets.ISO_8859_1);
        if (i == end) {
            boolean zero = whole == 1 && in[digits] == '0' && digits == start;
            boolean decimal = in[digits] != '0' && whole <= MAX_LONG_DIGITS;
            return zero || decimal ? (Object) Long.parseLong(text) : UNCERTAIN;
        }
        int dots = 0;
        for (int k = i; k < end; k++) {
            if (in[k] == '.' && k + 1 < end && in[k + 1] != '.') {
                dots++;
            } else if (in[k] < '0' || in[k] > '9') {
                return UNCERTAIN;
            }
        }
        if (dots == 1) {
            return new BigDecimal(text);
        }
        // a version such as 0.4.0: no resolver reads two dots, so it is a string
        return digits == start ? text : UNCERTAIN;
    }

    /**
     * Whether no resolver reads the plain scalar at [start, end), which starts with a digit, as other than a string: the
     * loader tries its integer, float and timestamp spellings only, and outside a {@code 0x} or {@code 0b} prefix those
     * hold no letter but {@code e}, {@code E}, {@code t}, {@code T} and {@code Z}, and no byte beyond ASCII. A UUID
     * such as {@code 00000001-84d7-40dd-a29f-3e92756f884a} is a string.
     */
    private static boolean noResolverReads(byte[] in, int start, int end) {
        if (end - start > 1 && in[start] == '0' && (in[start + 1] == 'x' || in[start + 1] == 'b')) {
            return false;
        }
        for (int k = start; k < end; k++) {
            byte c = in[k];
            if (c < 0 || (letter(c) && "eEtTZ".indexOf(c) < 0)) {
                return true;
            }
        }
        return false;
    }

    /** A folded scalar as the skim proves one ({@code >-}, lines at one indentation): its lines joined by spaces. */
    private static String folded(byte[] in, int start, int end) {
        StringBuilder sb = new StringBuilder(end - start);
        int i = start;
        while (in[i] != '\n') {
            i++;
        }
        while (i < end) {
            i++; // past the line break
            while (in[i] == ' ') {
                i++;
            }
            int e = i;
            while (e < end && in[e] != '\n') {
                e++;
            }
            if (sb.length() > 0) {
                sb.append(' ');
            }
            sb.append(new String(in, i, e - i, StandardCharsets.UTF_8));
            i = e;
        }
        return sb.toString();
    }

    /** A quoted scalar on one line, without escapes when double-quoted; else {@link #UNCERTAIN}. */
    private static Object quoted(byte[] in, int start, int end) {
        byte q = in[start];
        StringBuilder sb = null;
        int from = start + 1;
        for (int i = start + 1; i < end - 1; i++) {
            byte x = in[i];
            if (x == '\n' || (q == '"' && x == '\\')) {
                return UNCERTAIN;
            }
            if (q == '\'' && x == '\'') {
                // the skim proved each inner quote doubled
                if (sb == null) {
                    sb = new StringBuilder(end - start);
                }
                sb.append(new String(in, from, i + 1 - from, StandardCharsets.UTF_8));
                i++;
                from = i + 1;
            }
        }
        String tail = new String(in, from, end - 1 - from, StandardCharsets.UTF_8);
        return sb == null ? tail : sb.append(tail).toString();
    }

    private static final String[] NON_STRING_WORDS = {"yes", "Yes", "YES", "no", "No", "NO", "true", "True", "TRUE",
            "false", "False", "FALSE", "on", "On", "ON", "off", "Off", "OFF", "null", "Null", "NULL", ".inf", ".nan"};

    /** Whether the plain scalar at [start, end) is a word YAML 1.1 reads as a boolean, null or float. */
    static boolean resolvesOtherwise(byte[] in, int start, int end) {
        if (end - start < 2 || end - start > 5) {
            return false;
        }
        switch (in[start]) { // a switch, not a lookup in a string: every key of every file passes here
            case 'y', 'Y', 'n', 'N', 't', 'T', 'f', 'F', 'o', 'O', '.' -> {
                // may be one of the words
            }
            default -> {
                return false;
            }
        }
        for (String w : NON_STRING_WORDS) {
            if (is(in, start, end, w)) {
                return true;
            }
        }
        return false;
    }

    private static boolean letter(byte b) {
        return (b >= 'a' && b <= 'z') || (b >= 'A' && b <= 'Z');
    }

    /** Whether [start, end) of {@code in} holds the ASCII text {@code w}. */
    static boolean is(byte[] in, int start, int end, String w) {
        if (end - start != w.length()) {
            return false;
        }
        for (int i = 0; i < w.length(); i++) {
            if (in[start + i] != w.charAt(i)) {
                return false;
            }
        }
        return true;
    }
}
