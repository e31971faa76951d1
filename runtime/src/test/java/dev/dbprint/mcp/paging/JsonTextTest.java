package dev.dbprint.mcp.paging;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.lang.management.ManagementFactory;
import java.math.BigDecimal;
import java.math.BigInteger;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

import org.junit.jupiter.api.Test;

import com.sun.management.ThreadMXBean;

class JsonTextTest {

    private static Map<String, Object> sample() {
        Map<String, Object> inner = new LinkedHashMap<>();
        inner.put("x", "\u0001\b\f\u00e9\"\\/\n");
        Map<String, Object> m = new LinkedHashMap<>();
        m.put("a", List.of());
        m.put("b", Map.of());
        m.put("c", List.of(1, inner));
        m.put("d", 1e-05);
        m.put("e", 1e16);
        m.put("f", new BigDecimal("1E-7"));
        m.put("g", new BigInteger("123456789012345678901234567890"));
        m.put("h", Arrays.asList(true, false, null));
        m.put("i", 0.5);
        return m;
    }

    @Test
    void prettyIsPythonIndentTwo() {
        String expected = "{\n"
                + "  \"a\": [],\n"
                + "  \"b\": {},\n"
                + "  \"c\": [\n"
                + "    1,\n"
                + "    {\n"
                + "      \"x\": \"\\u0001\\b\\f\u00e9\\\"\\\\/\\n\"\n"
                + "    }\n"
                + "  ],\n"
                + "  \"d\": 1e-05,\n"
                + "  \"e\": 1e+16,\n"
                + "  \"f\": 0.0000001,\n"
                + "  \"g\": 123456789012345678901234567890,\n"
                + "  \"h\": [\n"
                + "    true,\n"
                + "    false,\n"
                + "    null\n"
                + "  ],\n"
                + "  \"i\": 0.5\n"
                + "}";
        assertEquals(expected, JsonText.pretty(sample()));
    }

    @Test
    void compactIsPythonDefaultSeparators() {
        Map<String, Object> m = new LinkedHashMap<>();
        m.put("a", List.of(1, 2));
        m.put("b", "x");
        m.put("c", Map.of());
        assertEquals("{\"a\": [1, 2], \"b\": \"x\", \"c\": {}}", JsonText.compact(m));
    }

    @Test
    void scalarsAndNullKeys() {
        assertEquals("\"caf\u00e9\"", JsonText.pretty("caf\u00e9"));
        assertEquals("12", JsonText.pretty(12L));
        Map<Object, Object> m = new LinkedHashMap<>();
        m.put(null, 1);
        m.put(true, 2);
        m.put(3, 3);
        assertEquals("{\"null\": 1, \"true\": 2, \"3\": 3}", JsonText.compact(m));
    }

    @Test
    void measuresMatchTheText() {
        String s = "q\"\\\n\u0001\u00e9\ud83d\ude00";
        assertEquals(JsonText.pretty(s).length(), JsonText.stringLength(s));
        Map<String, Object> m = sample();
        String nested = JsonText.pretty(Map.of("k", List.of(m)));
        // the sample sits at level 2 inside {"k": [ sample ]}
        assertEquals(nested.length(), 1 + 1 + 2 + 3 + 2 + 1 + 1 + 4 + JsonText.indentedLength(m, 2) + 1 + 2 + 1 + 1 + 1);
    }

    /**
     * A measure counts the text as it is written: it allocates less than half a byte per character it counts (what the
     * serializer itself makes), where holding the text took more than two (a writer's buffer, then the string).
     */
    @Test
    void measuringAValueHoldsNoTextOfIt() {
        List<Object> entries = new ArrayList<>();
        for (int i = 0; i < 20_000; i++) {
            Map<String, Object> entry = new LinkedHashMap<>(); // as a resources/list entry is written
            entry.put("uri", "dbprint://alpha/sales.t" + i + "/statistics");
            entry.put("description", "statistics.yaml of 'sales.t" + i + "' in connection 'alpha': per-column profile");
            entries.add(entry);
        }
        String text = JsonText.pretty(entries);
        int length = text.length();
        assertEquals(JsonText.indentedLength(text, 3), JsonText.indentedLength(entries, 3));
        ThreadMXBean threads = (ThreadMXBean) ManagementFactory.getThreadMXBean();
        long before = threads.getCurrentThreadAllocatedBytes();
        JsonText.indentedLength(entries, 3);
        long allocated = threads.getCurrentThreadAllocatedBytes() - before;
        assertTrue(allocated < length / 2, allocated + " bytes allocated to measure " + length + " characters");
    }

    @Test
    void canonicalSortsKeysEverywhere() {
        Map<String, Object> m = new LinkedHashMap<>();
        m.put("z", 1);
        m.put("a", Map.of("y", 1, "b", 2));
        assertEquals("{\"a\":{\"b\":2,\"y\":1},\"z\":1}", JsonText.canonical(m));
    }

    @Test
    void parsesBack() {
        // numbers come back as BigDecimal/BigInteger, so compare the two spellings' parses
        assertEquals(JsonText.parse(JsonText.pretty(sample())), JsonText.parse(JsonText.compact(sample())));
    }
}
