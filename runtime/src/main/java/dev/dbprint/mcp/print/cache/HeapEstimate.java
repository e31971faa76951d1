package dev.dbprint.mcp.print.cache;

import java.util.List;
import java.util.Map;

/**
 * A rough estimate of the heap a parsed value holds, for weighing cache entries: object headers, references and
 * character data of a parsed YAML tree (the loader's maps, lists, strings and numbers). Close enough to bound memory by
 * configuration; not an exact measure.
 */
public final class HeapEstimate {

    private static final long ENTRY = 40;
    private static final long OBJECT = 16;

    private HeapEstimate() {
    }

    /** The estimate for a parsed tree, or for one of its scalars. */
    public static long of(Object node) {
        if (node == null) {
            return 0;
        }
        if (node instanceof String s) {
            return 40 + s.length();
        }
        if (node instanceof Map<?, ?> m) {
            long w = 64 + 8L * m.size();
            for (Map.Entry<?, ?> e : m.entrySet()) {
                w += ENTRY + of(e.getKey()) + of(e.getValue());
            }
            return w;
        }
        if (node instanceof List<?> l) {
            long w = 40 + 8L * l.size();
            for (Object o : l) {
                w += of(o);
            }
            return w;
        }
        return 24 + OBJECT;
    }
}
