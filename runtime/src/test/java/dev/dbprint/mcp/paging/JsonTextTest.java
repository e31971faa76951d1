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
import java.util.Random;

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

    /** Values of every kind the serializer writes, nested at random, each measured as its text at a random level. */
    @Test
    void measuresMatchTheTextOfAnyValue() {
        Random r = new Random(7);
        for (int i = 0; i < 2000; i++) {
            Object value = randomValue(r, 0);
            int level = r.nextInt(4);
            assertEquals(JsonText.indentedLength(JsonText.pretty(value), level), JsonText.indentedLength(value, level),
                    JsonText.compact(value));
        }
    }

    private static Object randomValue(Random r, int depth) {
        int kind = r.nextInt(depth > 3 ? 9 : 12);
        return switch (kind) {
            case 0 -> null;
            case 1 -> r.nextBoolean();
            case 2 -> r.nextInt() >> r.nextInt(32);
            case 3 -> r.nextLong();
            case 4 -> r.nextDouble() * Math.pow(10, r.nextInt(30) - 15);
            case 5 -> new BigDecimal(BigInteger.valueOf(r.nextLong()), r.nextInt(20) - 5);
            case 6 -> (short) r.nextInt();
            case 7, 8 -> randomString(r);
            case 9 -> {
                List<Object> list = new ArrayList<>();
                for (int j = r.nextInt(4); j > 0; j--) {
                    list.add(randomValue(r, depth + 1));
                }
                yield list;
            }
            default -> {
                Map<Object, Object> map = new LinkedHashMap<>();
                for (int j = r.nextInt(4); j > 0; j--) {
                    // now and then a key that is not a string, which json.dumps spells as it spells the value
                    map.put(r.nextInt(8) == 0 ? (Object) r.nextInt(100) : randomString(r), randomValue(r, depth + 1));
                }
                yield map;
            }
        };
    }

    private static String randomString(Random r) {
        String alphabet = "ab \"\\\n\t\u0001\u001f\u007f/é€\u2028\ud83d\ude00";
        StringBuilder b = new StringBuilder();
        for (int j = r.nextInt(12); j > 0; j--) {
            b.append(alphabet.charAt(r.nextInt(alphabet.length())));
        }
        return b.toString();
    }

    /**
     * A measure counts the text without holding it: it allocates less than half a byte per character it counts, where
     * holding the text took more than two (a writer's buffer, then the string).
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

    /**
     * The pager measures each unit of a page on its own: an entry of resources/list is measured from its parts, with
     * nothing set up for it (a serializer set up to count each entry was a tenth of what a page of the listing allocated).
     */
    @Test
    void measuringEntriesOneByOneSetsUpNothingForEach() {
        List<Map<String, Object>> entries = new ArrayList<>();
        for (int i = 0; i < 2_000; i++) {
            Map<String, Object> entry = new LinkedHashMap<>(); // as a resources/list entry is written
            entry.put("uri", "dbprint://alpha/sales.t" + i + "/statistics");
            entry.put("name", "alpha/sales.t" + i + "/statistics");
            entry.put("description", "statistics.yaml of 'sales.t" + i + "' in connection 'alpha': per-column profile");
            entry.put("mimeType", "application/yaml");
            entry.put("annotations", Map.of("lastModified", "2026-03-01T09:30:00.25Z"));
            entries.add(entry);
        }
        long length = 0;
        for (Map<String, Object> entry : entries) {
            length += JsonText.indentedLength(entry, 2);
        }
        ThreadMXBean threads = (ThreadMXBean) ManagementFactory.getThreadMXBean();
        long before = threads.getCurrentThreadAllocatedBytes();
        long again = 0;
        for (Map<String, Object> entry : entries) {
            again += JsonText.indentedLength(entry, 2);
        }
        long allocated = threads.getCurrentThreadAllocatedBytes() - before;
        assertEquals(length, again);
        assertTrue(allocated < 200L * entries.size(), allocated + " bytes allocated to measure " + entries.size()
                + " entries one by one");
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
