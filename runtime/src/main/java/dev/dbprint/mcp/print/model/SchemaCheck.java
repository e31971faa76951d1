package dev.dbprint.mcp.print.model;

import java.math.BigDecimal;
import java.math.BigInteger;
import java.nio.file.Path;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.regex.Pattern;

import dev.dbprint.mcp.error.PrintError;
import dev.dbprint.mcp.print.yaml.YamlLoader;

/**
 * Hand-written checks of the three annotation schemas (format spec §2.7, {@code schemas/*annotations*.schema.json}). The
 * first violation met, walking the document in file order, is thrown as
 * {@code <path>: does not match its schema (SPEC 2.7): <address>: <message>}.
 * <p>
 * <b>Address spelling.</b> Keys joined with {@code .} from the document root, list positions as {@code [i]}:
 * {@code columns.email.values[0].note}, {@code refers_to[2].verdict}. A key that is empty or holds {@code .}, {@code [},
 * {@code ]}, a quote or whitespace is written in brackets as a JSON string ({@code columns["odd.name"].note}). The document
 * itself is {@code (top level)}. An unknown key is addressed by its own address.
 */
final class SchemaCheck {

    static final String TOP = "(top level)";
    private static final Pattern PLAIN_KEY = Pattern.compile("[^.\\[\\]\"'\\s]+");

    private final Path path;

    SchemaCheck(Path path) {
        this.path = path;
    }

    PrintError fail(String address, String message) {
        return PrintError.schema(path, address, message);
    }

    static String key(String parent, String key) {
        String k = PLAIN_KEY.matcher(key).matches() ? key : "[" + json(key) + "]";
        if (parent.equals(TOP)) {
            return k;
        }
        return k.startsWith("[") ? parent + k : parent + "." + k;
    }

    static String index(String parent, int i) {
        return (parent.equals(TOP) ? "" : parent) + "[" + i + "]";
    }

    Map<String, Object> mapping(String address, Object o) {
        Map<String, Object> m = Raw.map(o);
        if (m == null) {
            throw fail(address, "must be a mapping (found " + describe(o) + ")");
        }
        return m;
    }

    List<Object> list(String address, Object o) {
        List<Object> l = Raw.list(o);
        if (l == null) {
            throw fail(address, "must be a list (found " + describe(o) + ")");
        }
        return l;
    }

    String string(String address, Object o) {
        if (!(o instanceof String s)) {
            throw fail(address, "must be a string (found " + describe(o) + ")");
        }
        return s;
    }

    void closed(String address, Map<String, Object> m, List<String> accepted) {
        for (String k : m.keySet()) {
            if (!accepted.contains(k)) {
                throw fail(key(address, k), "is not a key this file takes; accepted: " + String.join(", ", accepted));
            }
        }
    }

    void required(String address, Map<String, Object> m, String... keys) {
        for (String k : keys) {
            if (!m.containsKey(k)) {
                throw fail(address, "'" + k + "' is required");
            }
        }
    }

    void formatVersion(Map<String, Object> m) {
        Object v = m.get("format_version");
        if (!(v instanceof Long l && l == 1L)) {
            throw fail("format_version", "must be 1 (found " + describe(v) + ")");
        }
    }

    /** A non-empty list of non-empty strings; {@code unique} additionally refuses repeats. */
    List<String> columnArray(String address, Object o, boolean unique) {
        List<Object> l = list(address, o);
        if (l.isEmpty()) {
            throw fail(address, "must list at least one name");
        }
        Set<String> seen = new HashSet<>();
        for (int i = 0; i < l.size(); i++) {
            String s = string(index(address, i), l.get(i));
            if (s.isEmpty()) {
                throw fail(index(address, i), "must be a non-empty string");
            }
            if (unique && !seen.add(s)) {
                throw fail(index(address, i), "repeats '" + s + "'; each name may appear once");
            }
        }
        @SuppressWarnings({"unchecked", "rawtypes"})
        List<String> strings = (List) l;
        return strings;
    }

    static String describe(Object o) {
        if (o == null) {
            return "null";
        }
        if (o instanceof String s) {
            return "string " + json(s);
        }
        if (o instanceof Boolean b) {
            return "boolean " + b;
        }
        if (o instanceof Long || o instanceof BigInteger) {
            return "integer " + o;
        }
        if (o instanceof BigDecimal || o instanceof Double) {
            return "number " + YamlLoader.spell(o);
        }
        if (o instanceof Map<?, ?>) {
            return "a mapping";
        }
        if (o instanceof List<?>) {
            return "a list";
        }
        return o.getClass().getSimpleName();
    }

    static String json(String s) {
        StringBuilder sb = new StringBuilder("\"");
        for (char c : s.toCharArray()) {
            switch (c) {
                case '"' -> sb.append("\\\"");
                case '\\' -> sb.append("\\\\");
                case '\n' -> sb.append("\\n");
                case '\t' -> sb.append("\\t");
                case '\r' -> sb.append("\\r");
                default -> {
                    if (c < 0x20) {
                        sb.append(String.format("\\u%04x", (int) c));
                    } else {
                        sb.append(c);
                    }
                }
            }
        }
        return sb.append('"').toString();
    }
}
