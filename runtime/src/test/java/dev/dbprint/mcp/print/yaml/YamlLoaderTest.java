package dev.dbprint.mcp.print.yaml;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.math.BigDecimal;
import java.math.BigInteger;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;

import org.junit.jupiter.api.Test;

import dev.dbprint.mcp.error.PrintError;

class YamlLoaderTest {

    private static final Path FILE = Path.of("/prints/x/statistics.yaml");
    private final YamlLoader loader = new YamlLoader();

    @SuppressWarnings("unchecked")
    private Map<String, Object> load(String yaml) {
        return (Map<String, Object>) loader.load(FILE, yaml.getBytes(StandardCharsets.UTF_8));
    }

    private PrintError fails(String yaml) {
        return fails(yaml.getBytes(StandardCharsets.UTF_8));
    }

    private PrintError fails(byte[] bytes) {
        PrintError e = assertThrows(PrintError.class, () -> loader.load(FILE, bytes));
        assertEquals(PrintError.Kind.PARSE, e.kind());
        assertTrue(e.getMessage().startsWith(FILE + ": YAML parse error: "), e.getMessage());
        assertFalse(e.getMessage().contains("\n"), "single line: " + e.getMessage());
        return e;
    }

    @Test
    void timestampsStayTheirScalarText() {
        Map<String, Object> m = load("""
                a: 2026-05-17T22:48:01Z
                b: 2026-05-17
                c: !!timestamp 2001-12-14 21:59:43.10 -5
                d: '2026-05-17T22:48:01Z'
                """);
        assertEquals("2026-05-17T22:48:01Z", m.get("a"));
        assertEquals("2026-05-17", m.get("b"));
        assertEquals("2001-12-14 21:59:43.10 -5", m.get("c"));
        assertEquals("2026-05-17T22:48:01Z", m.get("d"));
    }

    @Test
    void floatsKeepTheirPositionalSpelling() {
        Map<String, Object> m = load("""
                small: 0.00001
                trailing: 12.50
                zero: 0.0
                neg: -19.5
                exp: 6.6e-05
                pyexp: 1.0e-05
                inf: .inf
                ninf: -.inf
                nan: .nan
                """);
        assertEquals("0.00001", spell(m, "small"));
        assertEquals("12.50", spell(m, "trailing"));
        assertEquals("0.0", spell(m, "zero"));
        assertEquals("-19.5", spell(m, "neg"));
        assertEquals("0.000066", spell(m, "exp"));
        assertEquals("0.000010", spell(m, "pyexp"));
        assertInstanceOf(BigDecimal.class, m.get("small"));
        assertEquals(Double.POSITIVE_INFINITY, m.get("inf"));
        assertEquals(Double.NEGATIVE_INFINITY, m.get("ninf"));
        assertTrue(((Double) m.get("nan")).isNaN());
        assertEquals(".inf", YamlLoader.spell(m.get("inf")));
    }

    private static String spell(Map<String, Object> m, String key) {
        return YamlLoader.spell(m.get(key));
    }

    @Test
    void integersAreLongOrBigInteger() {
        Map<String, Object> m = load("""
                small: 7
                big: 18446744073709551616
                neg: -20
                """);
        assertEquals(7L, m.get("small"));
        assertEquals(new BigInteger("18446744073709551616"), m.get("big"));
        assertEquals(-20L, m.get("neg"));
    }

    @Test
    void plainTreeKeepsKeyOrderAndStringifiesKeys() {
        Map<String, Object> m = load("""
                z: 1
                a: [x, null, true]
                1: one
                0.50: half
                m: {k: v}
                """);
        assertEquals(List.of("z", "a", "1", "0.50", "m"), new ArrayList<>(m.keySet()));
        assertEquals(java.util.Arrays.asList("x", null, true), m.get("a"));
        assertInstanceOf(java.util.LinkedHashMap.class, m.get("m"));
        assertInstanceOf(ArrayList.class, m.get("a"));
    }

    @Test
    void emptyDocumentIsNull() {
        assertEquals(null, loader.load(FILE, new byte[0]));
    }

    @Test
    void syntaxErrorNamesPathAndProblem() {
        PrintError e = fails("a: [1, 2\nb: 3\n");
        assertTrue(e.getMessage().contains("line"), e.getMessage());
    }

    @Test
    void duplicateKeysAreRefused() {
        fails("a: 1\na: 2\n");
        fails("1: a\n'1': b\n");
    }

    @Test
    void aliasBombIsRefused() {
        StringBuilder sb = new StringBuilder(
                "a: &a [\"lol\",\"lol\",\"lol\",\"lol\",\"lol\",\"lol\",\"lol\",\"lol\",\"lol\"]\n");
        String prev = "a";
        for (char c = 'b'; c <= 'i'; c++) {
            sb.append(c).append(": &").append(c).append(" [");
            for (int i = 0; i < 9; i++) {
                sb.append(i == 0 ? "" : ",").append('*').append(prev);
            }
            sb.append("]\n");
            prev = String.valueOf(c);
        }
        PrintError e = fails(sb.toString());
        assertEquals(FILE + ": YAML parse error: anchors and aliases expand this document by more than 1000000 nodes"
                + " beyond what it writes out; no print repeats that much, so it is refused as an alias bomb",
                e.getMessage());
    }

    @Test
    @SuppressWarnings("unchecked")
    void hundredsOfAliasesRepeatingMappingsAreRead() {
        StringBuilder sb = new StringBuilder("format_version: 1\nparams: &params\n");
        for (int c = 0; c < 40; c++) {
            sb.append("  key_").append(c).append(": ").append(c).append('\n');
        }
        sb.append("artifacts: &artifacts {ddl: ddl.sql, statistics: statistics.yaml}\ntables:\n");
        for (int t = 0; t < 300; t++) {
            sb.append("  s.t").append(t).append(":\n    params: *params\n    artifacts: *artifacts\n");
        }
        Map<String, Object> m = load(sb.toString());
        Map<String, Object> tables = (Map<String, Object>) m.get("tables");
        assertEquals(300, tables.size());
        Map<String, Object> last = (Map<String, Object>) tables.get("s.t299");
        assertEquals(40, ((Map<String, Object>) last.get("params")).size());
        assertEquals("statistics.yaml", ((Map<String, Object>) last.get("artifacts")).get("statistics"));
    }

    @Test
    void aliasesRepeatingALongScalarAreBoundedByTheTextTheyAdd() {
        PrintError e = fails(copiesOfAMebibyte(20));
        assertTrue(e.getMessage().contains("by more than 16777216 characters of text"),
                e.getMessage());
        assertEquals(15, ((List<?>) load(copiesOfAMebibyte(15)).get("b")).size(), "15 MiB added stays within the bound");
    }

    /** One anchored scalar of 1 MiB and a list of {@code n} aliases to it. */
    private static String copiesOfAMebibyte(int n) {
        StringBuilder sb = new StringBuilder("a: &a ").append("x".repeat(1024 * 1024)).append("\nb: [");
        for (int i = 0; i < n; i++) {
            sb.append(i == 0 ? "" : ", ").append("*a");
        }
        return sb.append("]\n").toString();
    }

    @Test
    void recursiveStructuresAreRefused() {
        fails("a: &a [1, *a]\n");
        fails("&m {x: *m}\n");
    }

    @Test
    void invalidUtf8IsAParseError() {
        PrintError e = fails(new byte[]{'a', ':', ' ', (byte) 0xC3, (byte) 0x28, '\n'});
        assertTrue(e.getMessage().contains("UTF-8"), e.getMessage());
    }

    @Test
    void byteOrderMarkIsAccepted() {
        byte[] body = "a: 1\n".getBytes(StandardCharsets.UTF_8);
        byte[] bytes = new byte[body.length + 3];
        bytes[0] = (byte) 0xEF;
        bytes[1] = (byte) 0xBB;
        bytes[2] = (byte) 0xBF;
        System.arraycopy(body, 0, bytes, 3, body.length);
        assertEquals(Map.of("a", 1L), loader.load(FILE, bytes));
    }

    @Test
    void nestingDepthIsLimited() {
        fails("[".repeat(YamlLoader.NESTING_DEPTH_LIMIT + 10) + "]".repeat(YamlLoader.NESTING_DEPTH_LIMIT + 10));
    }

    @Test
    void codePointLimitApplies() {
        YamlLoader tiny = new YamlLoader(100);
        String doc = "a: " + "x".repeat(500) + "\n";
        PrintError e = assertThrows(PrintError.class, () -> tiny.load(FILE, doc.getBytes(StandardCharsets.UTF_8)));
        assertEquals(PrintError.Kind.PARSE, e.kind());
    }

    @Test
    void aFileLargerThanTheHeapParsesIsRefusedBeforeParsing() {
        YamlLoader small = new YamlLoader(YamlLoader.CODE_POINT_LIMIT, 10);
        PrintError e = assertThrows(PrintError.class, () -> small.load(FILE, "a: 1234567\n".getBytes(StandardCharsets.UTF_8)));
        assertEquals(PrintError.Kind.IO, e.kind());
        assertTrue(e.getMessage().contains("file too large to parse in this server's memory (11 bytes)"), e.getMessage());
        assertEquals(Map.of("a", 123456L), small.load(FILE, "a: 123456\n".getBytes(StandardCharsets.UTF_8)));
    }

    @Test
    void unknownTagsAreRefused() {
        fails("a: !!python/object:os.system x\n");
        fails("a: !custom x\n");
    }

    @Test
    void multipleDocumentsAreRefused() {
        fails("a: 1\n---\nb: 2\n");
    }
}
