package dev.dbprint.mcp.print.model;

import java.util.Map;

import dev.dbprint.mcp.print.yaml.YamlLoader;

/**
 * One {@code values} entry (format spec §2.2.4).
 *
 * @param value the parsed value (String, Long/BigInteger, BigDecimal, Boolean); never null in a conforming file
 * @param text the value spelled as the file spells it ({@link YamlLoader#spell(Object)}): positional for a float
 * @param count {@code count}, or -1 when absent or not an integer
 * @param spellingOf {@code spelling_of}, or null when absent (the canonical member of a group, or ungrouped)
 * @param raw the entry as parsed
 */
public record ValueEntry(Object value, String text, long count, Object spellingOf, Map<String, Object> raw) {

    public boolean hasSpellingOf() {
        return raw.containsKey("spelling_of");
    }

    static ValueEntry of(Object o) {
        Map<String, Object> m = Raw.map(o);
        if (m == null) {
            // not a mapping: keep the scalar as the value, count unknown
            return new ValueEntry(o, YamlLoader.spell(o), -1, null, Map.of());
        }
        Object v = m.get("value");
        Long c = Raw.lng(m, "count");
        return new ValueEntry(v, YamlLoader.spell(v), c == null ? -1 : c, m.get("spelling_of"), m);
    }
}
