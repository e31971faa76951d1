package dev.dbprint.mcp.glob;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.function.Predicate;
import java.util.regex.Pattern;

/**
 * Python's {@code fnmatch.fnmatchcase}, exactly: the pattern is translated the way CPython 3.12's
 * {@code fnmatch.translate} does and matched against the whole name, case-sensitively.
 *
 * <ul>
 * <li>{@code *} matches any run of characters, dots, slashes and line breaks included; {@code ?} one code point.</li>
 * <li>{@code [seq]} one code point in seq, {@code [!seq]} one not in it; {@code a-z} ranges; a {@code ]} first in
 * the set (after an optional {@code !}) is literal; a reversed range such as {@code z-a} is dropped, so
 * {@code [z-a]} matches nothing and {@code [!z-a]} any one code point.</li>
 * <li>An unclosed {@code [} is a literal {@code [}. A backslash is a literal character; there is no escaping.</li>
 * </ul>
 * Compiled patterns are kept in a bounded LRU cache.
 */
public final class Fnmatch {

    private static final int CACHE_SIZE = 512;
    private static final int RANGE = -1;

    private static final Map<String, Pattern> CACHE = new LinkedHashMap<>(64, 0.75f, true) {

        @Override
        protected boolean removeEldestEntry(Map.Entry<String, Pattern> eldest) {
            return size() > CACHE_SIZE;
        }
    };

    private Fnmatch() {
    }

    /** Whether {@code name} matches {@code pattern} under {@code fnmatch.fnmatchcase}. */
    public static boolean matches(String name, String pattern) {
        return compile(pattern).matcher(name).matches();
    }

    /**
     * A matcher for {@code pattern} to test many names with: the same answers as {@link #matches}, with the common
     * shapes — a literal, {@code *}, {@code lit*}, {@code *lit}, {@code *lit*}, {@code a*b} — tested without a regex, since
     * a search walks hundreds of thousands of names per call.
     */
    public static Predicate<String> predicate(String pattern) {
        if (pattern.indexOf('?') >= 0 || pattern.indexOf('[') >= 0) {
            Pattern p = compile(pattern);
            return name -> p.matcher(name).matches();
        }
        String[] pieces = pattern.split("\\*+", -1);
        if (pieces.length == 1) {
            return pattern::equals;
        }
        String head = pieces[0];
        String tail = pieces[pieces.length - 1];
        if (pieces.length == 2) {
            int min = head.length() + tail.length();
            return name -> name.length() >= min && name.startsWith(head) && name.endsWith(tail);
        }
        if (pieces.length == 3 && head.isEmpty() && tail.isEmpty()) {
            String middle = pieces[1];
            return name -> name.contains(middle);
        }
        Pattern p = compile(pattern);
        return name -> p.matcher(name).matches();
    }

    /** The compiled pattern (whole-string, DOTALL), from the cache when it was seen lately. */
    public static Pattern compile(String pattern) {
        synchronized (CACHE) {
            Pattern p = CACHE.get(pattern);
            if (p != null) {
                return p;
            }
        }
        Pattern p = Pattern.compile(translate(pattern), Pattern.DOTALL);
        synchronized (CACHE) {
            CACHE.put(pattern, p);
        }
        return p;
    }

    /** The java.util.regex spelling of the pattern, to be used with {@code matches()} (whole string). */
    public static String translate(String pattern) {
        int[] pat = pattern.codePoints().toArray();
        int n = pat.length;
        StringBuilder re = new StringBuilder();
        int i = 0;
        while (i < n) {
            int c = pat[i++];
            if (c == '*') {
                while (i < n && pat[i] == '*') {
                    i++;
                }
                re.append(".*");
            } else if (c == '?') {
                re.append('.');
            } else if (c == '[') {
                int j = i;
                if (j < n && pat[j] == '!') {
                    j++;
                }
                if (j < n && pat[j] == ']') {
                    j++;
                }
                while (j < n && pat[j] != ']') {
                    j++;
                }
                if (j >= n) {
                    literal(re, '[');
                } else {
                    set(re, pat, i, j);
                    i = j + 1;
                }
            } else {
                literal(re, c);
            }
        }
        return re.toString();
    }

    /** The set pat[i, j) (between the brackets), following CPython's chunking of ranges. */
    private static void set(StringBuilder re, int[] pat, int i, int j) {
        List<Integer> tokens = new ArrayList<>();
        boolean hasHyphen = false;
        for (int k = i; k < j; k++) {
            hasHyphen |= pat[k] == '-';
        }
        if (!hasHyphen) {
            for (int k = i; k < j; k++) {
                tokens.add(pat[k]);
            }
        } else {
            List<List<Integer>> chunks = new ArrayList<>();
            int k = pat[i] == '!' ? i + 2 : i + 1;
            while (true) {
                k = find(pat, '-', k, j);
                if (k < 0) {
                    break;
                }
                chunks.add(slice(pat, i, k));
                i = k + 1;
                k = k + 3;
            }
            List<Integer> chunk = slice(pat, i, j);
            if (!chunk.isEmpty()) {
                chunks.add(chunk);
            } else {
                chunks.get(chunks.size() - 1).add((int) '-');
            }
            // Remove empty (reversed) ranges, as CPython does.
            for (int m = chunks.size() - 1; m > 0; m--) {
                List<Integer> prev = chunks.get(m - 1);
                List<Integer> next = chunks.get(m);
                if (prev.get(prev.size() - 1) > next.get(0)) {
                    List<Integer> merged = new ArrayList<>(prev.subList(0, prev.size() - 1));
                    merged.addAll(next.subList(1, next.size()));
                    chunks.set(m - 1, merged);
                    chunks.remove(m);
                }
            }
            for (int m = 0; m < chunks.size(); m++) {
                if (m > 0) {
                    tokens.add(RANGE);
                }
                tokens.addAll(chunks.get(m));
            }
        }
        if (tokens.isEmpty()) {
            re.append("(?!)");
            return;
        }
        boolean negated = tokens.get(0) == '!';
        List<Integer> body = negated ? tokens.subList(1, tokens.size()) : tokens;
        if (body.isEmpty()) {
            re.append('.');
            return;
        }
        re.append(negated ? "[^" : "[");
        for (int t = 0; t < body.size(); t++) {
            int tok = body.get(t);
            if (tok == RANGE) {
                boolean between = t > 0 && t + 1 < body.size() && body.get(t - 1) != RANGE && body.get(t + 1) != RANGE;
                if (between) {
                    re.append('-');
                } else {
                    literal(re, '-');
                }
            } else {
                literal(re, tok);
            }
        }
        re.append(']');
    }

    private static int find(int[] pat, int ch, int from, int to) {
        for (int k = Math.max(from, 0); k < to; k++) {
            if (pat[k] == ch) {
                return k;
            }
        }
        return -1;
    }

    private static List<Integer> slice(int[] pat, int from, int to) {
        List<Integer> out = new ArrayList<>(Math.max(0, to - from));
        for (int k = from; k < to; k++) {
            out.add(pat[k]);
        }
        return out;
    }

    private static void literal(StringBuilder re, int cp) {
        re.append("\\x{").append(Integer.toHexString(cp)).append('}');
    }
}
