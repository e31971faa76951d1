package dev.dbprint.mcp.tool;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

import dev.dbprint.mcp.paging.JsonText;
import dev.dbprint.mcp.paging.ListReply;

/** Merges json pages key by key (parts reassembled), and builds the whole object a paged reply describes. */
final class Merge {

    private Merge() {
    }

    private static final Map<String, StringBuilder> OPEN = new LinkedHashMap<>();

    static boolean isPart(Object o) {
        return o instanceof Map<?, ?> m && m.keySet().equals(java.util.Set.of("part", "parts", "text"));
    }

    @SuppressWarnings("unchecked")
    static void into(Map<String, Object> into, Map<String, Object> page) {
        for (Map.Entry<String, Object> e : page.entrySet()) {
            Object v = e.getValue();
            Object have = into.get(e.getKey());
            if (isPart(v)) {
                Map<String, Object> part = (Map<String, Object>) v;
                StringBuilder sb = OPEN.computeIfAbsent(System.identityHashCode(into) + e.getKey(), k -> new StringBuilder());
                sb.append((String) part.get("text"));
                if (part.get("part").equals(part.get("parts"))) {
                    into.put(e.getKey(), JsonText.parse(sb.toString()));
                    OPEN.remove(System.identityHashCode(into) + e.getKey());
                }
            } else if (v instanceof Map<?, ?> m && have instanceof Map<?, ?>) {
                into((Map<String, Object>) have, (Map<String, Object>) m);
            } else if (v instanceof List<?> l && have instanceof List<?>) {
                ((List<Object>) have).addAll(l);
            } else if (v instanceof Map<?, ?> m) {
                Map<String, Object> fresh = new LinkedHashMap<>();
                into.put(e.getKey(), fresh);
                into(fresh, (Map<String, Object>) m);
            } else {
                if (into.containsKey(e.getKey())) {
                    throw new AssertionError(e.getKey() + " sent twice");
                }
                into.put(e.getKey(), v instanceof List<?> l ? new ArrayList<>(l) : v);
            }
        }
    }

    @SuppressWarnings("unchecked")
    static Map<String, Object> whole(ListReply reply) {
        Map<String, Object> out = new LinkedHashMap<>(reply.header());
        for (ListReply.Walk w : reply.walks()) {
            Map<String, Object> parent = out;
            for (String p : w.parents()) {
                parent = (Map<String, Object>) parent.computeIfAbsent(p, k -> new LinkedHashMap<String, Object>());
            }
            if (w.isMap()) {
                ((Map<String, Object>) parent.computeIfAbsent(w.key(), k -> new LinkedHashMap<String, Object>()))
                        .putAll(w.entries());
            } else {
                parent.put(w.key(), new ArrayList<>(w.items()));
            }
        }
        return out;
    }
}
