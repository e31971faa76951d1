package dev.dbprint.mcp.print.model;

import java.math.BigDecimal;
import java.math.BigInteger;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.Map;

/**
 * Lenient typed accessors over the plain YAML tree: each returns null (or an empty collection) when the key is absent or
 * holds another type, so a model never guesses. The raw map stays available for everything else.
 */
public final class Raw {

    private Raw() {
    }

    public static String str(Map<String, Object> m, String key) {
        return m != null && m.get(key) instanceof String s ? s : null;
    }

    /** An integral number (Long, BigInteger within range, or an integral BigDecimal), else null. */
    public static Long lng(Map<String, Object> m, String key) {
        return m == null ? null : asLong(m.get(key));
    }

    public static Long asLong(Object o) {
        if (o instanceof Long l) {
            return l;
        }
        if (o instanceof BigInteger b && b.bitLength() < 64) {
            return b.longValue();
        }
        return null;
    }

    /** Any number (Long, BigInteger, BigDecimal, Double), else null. */
    public static Number num(Map<String, Object> m, String key) {
        return m != null && m.get(key) instanceof Number n ? n : null;
    }

    public static Boolean bool(Map<String, Object> m, String key) {
        return m != null && m.get(key) instanceof Boolean b ? b : null;
    }

    @SuppressWarnings("unchecked")
    public static Map<String, Object> map(Object o) {
        return o instanceof Map<?, ?> ? (Map<String, Object>) o : null;
    }

    public static Map<String, Object> map(Map<String, Object> m, String key) {
        return m == null ? null : map(m.get(key));
    }

    @SuppressWarnings("unchecked")
    public static List<Object> list(Object o) {
        return o instanceof List<?> ? (List<Object>) o : null;
    }

    public static List<Object> list(Map<String, Object> m, String key) {
        return m == null ? null : list(m.get(key));
    }

    /** A list whose items are all strings, else null. */
    public static List<String> strings(Map<String, Object> m, String key) {
        List<Object> l = list(m, key);
        if (l == null) {
            return null;
        }
        List<String> out = new ArrayList<>(l.size());
        for (Object o : l) {
            if (!(o instanceof String s)) {
                return null;
            }
            out.add(s);
        }
        return Collections.unmodifiableList(out);
    }

    /** Compares two parsed numbers by value (so {@code 1}, {@code 1.0} and {@code 1.00} are equal). */
    public static int compare(Number a, Number b) {
        return decimal(a).compareTo(decimal(b));
    }

    public static BigDecimal decimal(Number n) {
        if (n instanceof BigDecimal d) {
            return d;
        }
        if (n instanceof BigInteger b) {
            return new BigDecimal(b);
        }
        if (n instanceof Long || n instanceof Integer) {
            return BigDecimal.valueOf(n.longValue());
        }
        return BigDecimal.valueOf(n.doubleValue());
    }
}
