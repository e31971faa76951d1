package dev.dbprint.mcp.text;

import java.math.BigDecimal;
import java.math.BigInteger;
import java.util.Collection;
import java.util.Iterator;
import java.util.Map;

/**
 * Python {@code repr()} spellings, for the §8.2 detail strings that quote a value the way the reference
 * Python server does ({@code table 'foo' not found}, {@code Accepted: ['a', 'b']}).
 *
 * <p>
 * Strings follow CPython's {@code unicode_repr}: single quotes unless the text holds {@code '} and no {@code "};
 * backslash and the chosen quote escaped; {@code \t \n \r} by name; other C0 controls and DEL as {@code \xhh};
 * non-ASCII code points kept when printable ({@code str.isprintable}) and otherwise escaped as {@code \xhh},
 * {@code \\uhhhh} or {@code \Uhhhhhhhh}. A lone surrogate is not printable and comes out as {@code \\udxxx}.
 */
public final class PyRepr {

    private PyRepr() {
    }

    /** repr of a string. {@code null} spells {@code None}. */
    public static String repr(String s) {
        if (s == null) {
            return "None";
        }
        if (plain(s)) { // a table's or connection's usual name: one string, at its length
            return "'" + s + "'";
        }
        char quote = (s.indexOf('\'') >= 0 && s.indexOf('"') < 0) ? '"' : '\'';
        StringBuilder out = new StringBuilder(s.length() + 2);
        out.append(quote);
        for (int i = 0; i < s.length();) {
            int cp = s.codePointAt(i);
            i += Character.charCount(cp);
            if (cp == quote || cp == '\\') {
                out.append('\\').appendCodePoint(cp);
            } else if (cp == '\t') {
                out.append("\\t");
            } else if (cp == '\n') {
                out.append("\\n");
            } else if (cp == '\r') {
                out.append("\\r");
            } else if (cp < ' ' || cp == 0x7f) {
                hex(out, "\\x", cp, 2);
            } else if (cp < 0x7f) {
                out.append((char) cp);
            } else if (isPrintable(cp)) {
                out.appendCodePoint(cp);
            } else if (cp <= 0xff) {
                hex(out, "\\x", cp, 2);
            } else if (cp <= 0xffff) {
                hex(out, "\\u", cp, 4);
            } else {
                hex(out, "\\U", cp, 8);
            }
        }
        return out.append(quote).toString();
    }

    /** Whether {@code s} is printable ASCII without a backslash or a single quote: its repr is itself in single quotes. */
    private static boolean plain(String s) {
        for (int i = 0; i < s.length(); i++) {
            char c = s.charAt(i);
            if (c < ' ' || c >= 0x7f || c == '\\' || c == '\'') {
                return false;
            }
        }
        return true;
    }

    /** repr of a list of strings: {@code ['a', 'b']}. */
    public static String repr(Collection<?> items) {
        if (items == null) {
            return "None";
        }
        StringBuilder out = new StringBuilder("[");
        Iterator<?> it = items.iterator();
        while (it.hasNext()) {
            out.append(repr(it.next()));
            if (it.hasNext()) {
                out.append(", ");
            }
        }
        return out.append(']').toString();
    }

    /**
     * repr of a value as Python would print the equivalent object: {@code None}, {@code True}/{@code False},
     * strings, lists, dicts ({@code {'k': v}}), integers as digits, floats as Python's {@code repr(float)};
     * a {@link BigDecimal} is spelled plain (never exponent form); anything else by {@code toString()}.
     */
    public static String repr(Object value) {
        if (value == null) {
            return "None";
        }
        if (value instanceof String s) {
            return repr(s);
        }
        if (value instanceof Character c) {
            return repr(String.valueOf(c));
        }
        if (value instanceof Boolean b) {
            return b ? "True" : "False";
        }
        if (value instanceof Collection<?> c) {
            return repr(c);
        }
        if (value instanceof Map<?, ?> m) {
            StringBuilder out = new StringBuilder("{");
            Iterator<? extends Map.Entry<?, ?>> it = m.entrySet().iterator();
            while (it.hasNext()) {
                Map.Entry<?, ?> e = it.next();
                out.append(repr(e.getKey())).append(": ").append(repr(e.getValue()));
                if (it.hasNext()) {
                    out.append(", ");
                }
            }
            return out.append('}').toString();
        }
        if (value instanceof Double d) {
            return floatRepr(d);
        }
        if (value instanceof Float f) {
            return floatRepr(f);
        }
        if (value instanceof BigDecimal bd) {
            return bd.toPlainString();
        }
        if (value instanceof BigInteger || value instanceof Long || value instanceof Integer
                || value instanceof Short || value instanceof Byte) {
            return value.toString();
        }
        return value.toString();
    }

    /** Python's {@code repr(float)} of a float: exponent form below 1e-4 and from 1e16, always a point otherwise. */
    public static String floatRepr(float f) {
        if (Float.isNaN(f) || Float.isInfinite(f)) {
            return floatRepr((double) f);
        }
        return shortestRepr(Float.toString(f), f < 0 || (f == 0 && 1 / f < 0));
    }

    /** Python's {@code repr(float)}: {@code 1e-05}, {@code 0.0001}, {@code 1e+16}, {@code 1234.5}, {@code nan}, {@code inf}. */
    public static String floatRepr(double d) {
        if (Double.isNaN(d)) {
            return "nan";
        }
        if (Double.isInfinite(d)) {
            return d > 0 ? "inf" : "-inf";
        }
        return shortestRepr(Double.toString(d), d < 0 || (d == 0 && 1 / d < 0));
    }

    private static String shortestRepr(String javaSpelling, boolean negative) {
        BigDecimal bd = new BigDecimal(javaSpelling);
        if (bd.signum() == 0) {
            return negative ? "-0.0" : "0.0";
        }
        bd = bd.stripTrailingZeros();
        String digits = bd.unscaledValue().abs().toString();
        int exp10 = digits.length() - 1 - bd.scale();
        String sign = bd.signum() < 0 ? "-" : "";
        if (exp10 >= -4 && exp10 < 16) {
            String plain = bd.abs().toPlainString();
            return sign + (plain.indexOf('.') < 0 ? plain + ".0" : plain);
        }
        StringBuilder out = new StringBuilder(sign).append(digits.charAt(0));
        if (digits.length() > 1) {
            out.append('.').append(digits, 1, digits.length());
        }
        out.append('e').append(exp10 < 0 ? '-' : '+');
        int abs = Math.abs(exp10);
        if (abs < 10) {
            out.append('0');
        }
        return out.append(abs).toString();
    }

    /** CPython's {@code Py_UNICODE_ISPRINTABLE}: not in Cc, Cf, Cs, Co, Cn, Zl, Zp, Zs (space excepted). */
    static boolean isPrintable(int cp) {
        if (cp == ' ') {
            return true;
        }
        switch (Character.getType(cp)) {
            case Character.CONTROL :
            case Character.FORMAT :
            case Character.SURROGATE :
            case Character.PRIVATE_USE :
            case Character.UNASSIGNED :
            case Character.LINE_SEPARATOR :
            case Character.PARAGRAPH_SEPARATOR :
            case Character.SPACE_SEPARATOR :
                return false;
            default :
                return true;
        }
    }

    private static void hex(StringBuilder out, String prefix, int cp, int width) {
        String h = Integer.toHexString(cp);
        out.append(prefix);
        for (int i = h.length(); i < width; i++) {
            out.append('0');
        }
        out.append(h);
    }
}
