package dev.dbprint.mcp.print.index;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import java.io.IOException;
import java.math.BigDecimal;
import java.math.BigInteger;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Random;
import java.util.stream.Stream;

import org.junit.jupiter.api.Test;

import dev.dbprint.mcp.print.yaml.YamlLoader;

class TreeCodecTest {

    @Test
    void everyYamlFileOfTheSamplePrintRoundTripsExactly() throws IOException {
        YamlLoader loader = new YamlLoader();
        int files = 0;
        try (Stream<Path> s = Files.walk(Path.of("../src/sample"))) {
            for (Path p : s.filter(p -> p.toString().endsWith(".yaml")).toList()) {
                Object tree = loader.load(p, Files.readAllBytes(p));
                assertExactlyEqual(tree, TreeCodec.decode(TreeCodec.encode(tree)), p.toString());
                files++;
            }
        }
        assertEquals(true, files > 10, "sample yaml files: " + files);
    }

    @Test
    void scalarsKeepTheirTypesScalesBitsAndUnits() {
        Map<String, Object> m = new LinkedHashMap<>();
        m.put("z", 1L);
        m.put("a", new BigDecimal("12.50"));
        m.put("big", new BigInteger("123456789012345678901234567890"));
        m.put("neg", new BigDecimal("-0.000010"));
        m.put("inf", Double.NEGATIVE_INFINITY);
        m.put("nan", Double.NaN);
        m.put("lone surrogate \uD800", "caf\u00e9 \uD83D\uDE00 \uDC00 \u0000");
        m.put("t", true);
        m.put("f", false);
        m.put("n", null);
        m.put("l", new ArrayList<>(List.of(new ArrayList<>(), new LinkedHashMap<>(), "x")));
        assertExactlyEqual(m, TreeCodec.decode(TreeCodec.encode(m)), "scalars");
    }

    /** A string read from within a larger payload, ASCII or not wherever its first other unit falls, reads back whole. */
    @Test
    void stringsReadBackFromWithinAPayload() {
        List<Object> strings = new ArrayList<>(List.of("", "path", "s000/accession", "\u0000nul", "ascii then \u00e9",
                "\u00e9 first", "end \uD83D\uDE00", "\u007f\u0080"));
        byte[] tree = TreeCodec.encode(strings);
        byte[] within = new byte[tree.length + 10];
        System.arraycopy(tree, 0, within, 7, tree.length);
        assertExactlyEqual(strings, TreeCodec.decode(within, 7, tree.length), "strings");
    }

    @Test
    void bytesThatAreNotATreeFailWithoutBuildingAnything() {
        Random random = new Random(7);
        byte[] good = TreeCodec.encode(Map.of("k", List.of(1L, "v")));
        for (int i = 0; i < 2000; i++) {
            byte[] b = random.nextBoolean() ? new byte[random.nextInt(64)] : Arrays.copyOf(good, good.length);
            if (b.length == good.length) {
                b[random.nextInt(b.length)] ^= (byte) (1 + random.nextInt(255));
            } else {
                random.nextBytes(b);
            }
            try {
                TreeCodec.decode(b);
            } catch (IllegalArgumentException expected) {
                // refused: fine; what must never happen is another exception or an allocation sized by the bytes
            }
        }
        // a count claiming more items than bytes remain is refused before anything is allocated
        assertThrows(IllegalArgumentException.class, () -> TreeCodec.decode(new byte[]{9, 0x7f, 0, 0, 0}));
        assertThrows(IllegalArgumentException.class, () -> TreeCodec.decode(Arrays.copyOf(good, good.length - 1)));
        assertThrows(IllegalArgumentException.class, () -> TreeCodec.decode(Arrays.copyOf(good, good.length + 1)));
    }

    /** equals, plus the same class at every node and the same scale on every decimal. */
    static void assertExactlyEqual(Object expected, Object actual, String where) {
        assertEquals(expected == null ? null : expected.getClass(), actual == null ? null : actual.getClass(), where);
        if (expected instanceof Map<?, ?> e) {
            Map<?, ?> a = (Map<?, ?>) actual;
            assertEquals(List.copyOf(e.keySet()), List.copyOf(a.keySet()), where);
            e.forEach((k, v) -> assertExactlyEqual(v, a.get(k), where + "." + k));
        } else if (expected instanceof List<?> e) {
            List<?> a = (List<?>) actual;
            assertEquals(e.size(), a.size(), where);
            for (int i = 0; i < e.size(); i++) {
                assertExactlyEqual(e.get(i), a.get(i), where + "[" + i + "]");
            }
        } else if (expected instanceof BigDecimal d) {
            assertEquals(d.toString(), actual.toString(), where);
        } else if (expected instanceof Double d) {
            assertEquals(Double.doubleToRawLongBits(d), Double.doubleToRawLongBits((Double) actual), where);
        } else {
            assertEquals(expected, actual, where);
        }
    }
}
