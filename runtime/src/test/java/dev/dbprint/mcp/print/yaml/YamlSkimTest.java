package dev.dbprint.mcp.print.yaml;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Random;
import java.util.stream.Stream;

import org.junit.jupiter.api.Test;

import dev.dbprint.mcp.error.PrintError;
import dev.dbprint.mcp.print.model.ColumnStats;
import dev.dbprint.mcp.print.model.Statistics;

class YamlSkimTest {

    private static final Path FILE = Path.of("/print/t/statistics.yaml");
    private final YamlLoader loader = new YamlLoader();

    /** Every statistics.yaml the project ships (the sample print and the test fixtures). */
    static List<byte[]> shippedStatistics() throws IOException {
        List<byte[]> out = new ArrayList<>();
        for (Path p : ShippedFiles.named(name -> name.equals("statistics.yaml"))) {
            out.add(Files.readAllBytes(p));
        }
        assertTrue(out.size() >= 10, "expected the sample print's and the fixtures' statistics files: " + out.size());
        return out;
    }

    @Test
    void everyShippedStatisticsFileReducesToTheSameSearchFields() throws IOException {
        int proven = 0;
        for (byte[] doc : shippedStatistics()) {
            byte[] reduced = reduced(doc);
            if (reduced != null) {
                proven++;
                assertSameSearchFields(full(doc), Statistics.of(FILE, loader.load(FILE, reduced)));
                assertTrue(reduced.length < doc.length, "nothing was dropped");
            }
        }
        assertTrue(proven >= 8, "proven " + proven);
    }

    /**
     * The tree the skim builds beside its cut is the loader's tree of that cut, value for value, type for type and in
     * file order, so the model, the search record and the index's copy are those of a parse.
     */
    @Test
    void everyShippedStatisticsFileGetsTheTreeTheLoaderBuildsOfItsCut() throws IOException {
        int built = 0;
        for (byte[] doc : shippedStatistics()) {
            YamlSkim.Cut cut = YamlSkim.cut(doc, SearchFields.RULE);
            assertSameTreeWithoutTheCut(doc);
            if (cut != null && cut.tree() != null) {
                built++;
                assertEquals(spelled(loader.load(FILE, cut.bytes())), spelled(cut.tree()));
                assertSameSearchFields(full(doc), Statistics.of(FILE, cut.tree()));
            }
        }
        assertTrue(built >= 8, "built " + built);
    }

    /**
     * A kept scalar gets its value in the tree only where no YAML 1.1 resolver could read it otherwise; any other
     * spelling leaves the tree out, and the cut is parsed as before.
     */
    @Test
    void theTreeHoldsOnlyScalarsWhoseValueIsCertain() {
        List<String> certain = List.of("text", "character varying(8)", "12", "-3", "0", "123456789012345678", "0.50",
                "-0.25", "00000001-84d7-40dd-a29f-3e92756f884a", "3d-printer", "1st", "12:30 pm", "2024-01-01 caf\u00e9",
                "true", "false", "null", "~", "'it''s'", "'x: y'", "\"a b\"", "caf\u00e9", "\u00e9t\u00e9", "[]",
                "{}", "");
        List<String> uncertain = List.of("yes", "No", "ON", "True", "FALSE", "Null", "0x1f", "017", "1_000", "1e5",
                "1.5e3", "1:30", "2024-01-01", "2001-12-14t21:59:43.10-05:00", "2001-12-14 21:59:43Z", "0b101", "0x1F", "0xg",
                "12345678-1234-1234-1234-123456789e12", "12e3", "1_2:3", ".5", "1.", "-0", "+1", "1234567890123456789",
                "\"caf\\u00e9\"",
                "'two\n    lines'", "\"two\n    lines\"", ".inf", "/path", "=x", "-x", "(x)");
        for (String value : certain) {
            String doc = "scope:\n  a: " + value + "\n  b:\n  - " + value + "\n";
            YamlSkim.Cut cut = YamlSkim.cut(doc.getBytes(StandardCharsets.UTF_8), SearchFields.RULE);
            assertNotNull(cut, doc);
            assertNotNull(cut.tree(), doc);
            assertEquals(spelled(loader.load(FILE, cut.bytes())), spelled(cut.tree()), doc);
            assertSameTreeWithoutTheCut(doc.getBytes(StandardCharsets.UTF_8));
        }
        for (String value : uncertain) {
            String doc = "scope:\n  a: " + value + "\n";
            YamlSkim.Cut cut = YamlSkim.cut(doc.getBytes(StandardCharsets.UTF_8), SearchFields.RULE);
            assertNotNull(cut, doc);
            assertNull(cut.tree(), doc);
            assertEquals(doc, new String(cut.bytes(), StandardCharsets.UTF_8));
            assertNull(YamlSkim.tree(doc.getBytes(StandardCharsets.UTF_8), SearchFields.RULE), doc);
            assertSameTreeWithoutTheCut(doc.getBytes(StandardCharsets.UTF_8));
        }
    }

    /** The sample print is dbprint output: the subset must cover all of it, or the fast path is moot. */
    @Test
    void everyFileOfTheSamplePrintIsProven() throws IOException {
        try (Stream<Path> s = Files.walk(Path.of("../src/sample"))) {
            List<Path> files = s.filter(p -> p.getFileName().toString().equals("statistics.yaml")).toList();
            assertTrue(files.size() >= 6, files.toString());
            for (Path p : files) {
                assertNotNull(YamlSkim.cut(Files.readAllBytes(p), SearchFields.RULE), p.toString());
            }
        }
    }

    /**
     * Soundness: whatever a mutated file becomes, the skim either declines it or agrees with the full parse — it never
     * accepts a document the full parser rejects, and never reads a kept field differently.
     */
    @Test
    void aMutatedFileIsDeclinedOrReadAsTheFullParseReadsIt() throws IOException {
        List<byte[]> files = shippedStatistics();
        byte[][] inserts = {{' '}, {'\n'}, {':'}, {'-'}, {'\''}, {'"'}, {'#'}, {'\t'}, {'{'}, {'['}, {'a'}, {'\\'},
                {'&'}, {'*'}, {'!'}, {'|'}, {'\r'}, {(byte) 0xc3}, {(byte) 0xc3, (byte) 0xa9}, {':', ' '}, {'-', ' '},
                {'\n', ' ', ' '}, {'\n', '-', ' '}, {'\'', '\''}, {(byte) 0xe2, (byte) 0x80, (byte) 0xa8}, {0x7f},
                "sql_type: x\n".getBytes(StandardCharsets.UTF_8), "  x: 1\n".getBytes(StandardCharsets.UTF_8)};
        Random random = new Random(20261201);
        int accepted = 0;
        int rejectedByParser = 0;
        for (int round = 0; round < 3000; round++) {
            byte[] doc = files.get(random.nextInt(files.size()));
            byte[] mutated = mutate(doc, random, inserts);
            byte[] reduced = reduced(mutated);
            Object whole = outcome(mutated);
            assertSameTreeWithoutTheCut(mutated);
            if (whole instanceof PrintError e && e.kind() == PrintError.Kind.PARSE) {
                rejectedByParser++;
                assertNull(reduced, "skim accepted a document the parser rejects: " + e.getMessage() + "\n"
                        + new String(mutated, StandardCharsets.UTF_8));
                continue;
            }
            if (reduced != null) {
                accepted++;
                Object tree = YamlSkim.cut(mutated, SearchFields.RULE).tree();
                if (tree != null) {
                    assertEquals(spelled(loader.load(FILE, reduced)), spelled(tree));
                }
                Object kept = outcome(reduced);
                String text = new String(mutated, StandardCharsets.UTF_8);
                if (whole instanceof Statistics s) {
                    assertSameSearchFields(s, assertInstanceOf(Statistics.class, kept, text));
                } else {
                    // a shape the model refuses is refused alike, with the same words
                    assertEquals(((PrintError) whole).getMessage(),
                            assertInstanceOf(PrintError.class, kept, text).getMessage(), text);
                }
            }
        }
        assertTrue(accepted > 200, "too few mutants proven to test anything: " + accepted);
        assertTrue(rejectedByParser > 300, "too few invalid mutants: " + rejectedByParser);
    }

    /**
     * {@link YamlSkim#tree}, which writes no cut, gives the tree the cut comes with, and nothing where the skim declines
     * the document or a kept scalar is uncertain; {@link YamlSkim#treeOrCut} gives that tree, or the cut itself where a
     * kept scalar is uncertain, and nothing where the skim declines the document.
     */
    private static void assertSameTreeWithoutTheCut(byte[] doc) {
        String text = new String(doc, StandardCharsets.UTF_8);
        YamlSkim.Cut cut = YamlSkim.cut(doc, SearchFields.RULE);
        Object tree = YamlSkim.tree(doc, SearchFields.RULE);
        YamlSkim.Cut either = YamlSkim.treeOrCut(doc, SearchFields.RULE);
        if (cut == null) {
            assertNull(tree, text);
            assertNull(either, text);
        } else if (cut.tree() == null) {
            assertNull(tree, text);
            assertNull(either.tree(), text);
            assertEquals(new String(cut.bytes(), StandardCharsets.UTF_8),
                    new String(either.bytes(), StandardCharsets.UTF_8), text);
        } else {
            assertEquals(spelled(cut.tree()), spelled(tree), text);
            assertEquals(spelled(cut.tree()), spelled(either.tree()), text);
        }
    }

    static byte[] mutate(byte[] doc, Random random, byte[][] inserts) {
        byte[] out = doc;
        int edits = 1 + random.nextInt(3);
        for (int e = 0; e < edits; e++) {
            int at = random.nextInt(out.length);
            byte[] ins = random.nextInt(4) == 0 ? new byte[0] : inserts[random.nextInt(inserts.length)];
            int del = random.nextInt(3);
            int end = Math.min(out.length, at + del);
            byte[] next = new byte[out.length - (end - at) + ins.length];
            System.arraycopy(out, 0, next, 0, at);
            System.arraycopy(ins, 0, next, at, ins.length);
            System.arraycopy(out, end, next, at + ins.length, out.length - end);
            out = next;
        }
        return out;
    }

    @Test
    void keepsWhatSearchReadsAndWritesAnEmptiedColumnAsAMapping() {
        String doc = """
                format_version: 1
                table: s.t
                row_count: 12
                disabled:
                - looks_like
                columns:
                  a:
                    sql_type: text
                    values:
                    - value: 'x: y'
                      count: 3
                    sketch:
                      method: kmv
                      values: AAAA+/==
                    inferred:
                      sensitivity: contact
                  b:
                    null_rate: 0.5
                  '[keys]':
                    parts:
                      .status:
                        occurrences: 4
                        histogram:
                        - 1
                scope:
                  sample: 0.50
                """;
        String reduced = reduce(doc);
        assertEquals("""
                format_version: 1
                row_count: 12
                disabled:
                - looks_like
                columns:
                  a:
                    sql_type: text
                    inferred:
                      sensitivity: contact
                  b: {}
                  '[keys]':
                    parts:
                      .status:
                        occurrences: 4
                scope:
                  sample: 0.50
                """, reduced);
    }

    /**
     * A file none of whose top-level keys search reads (fixtures/skim/no-searched-key: no {@code columns}, nothing
     * else kept) is still a mapping: an empty cut would read as null, a shape error the full parse never gives.
     */
    @Test
    void aTopLevelWithNoSearchedKeyStaysAMapping() throws IOException {
        // without its format_version, which search keeps to refuse a later format
        byte[] doc = Files.readString(Path.of("src/test/resources/fixtures/skim/no-searched-key/statistics.yaml"))
                .replaceFirst("format_version: 1\n", "").getBytes(StandardCharsets.UTF_8);
        byte[] cut = reduced(doc);
        assertEquals("{}\n", new String(cut, StandardCharsets.UTF_8));
        assertSameSearchFields(full(doc), full(cut));
        assertEquals("{}\n", reduce("a:\n"));
    }

    @Test
    void aNullColumnStaysNullSoItsShapeErrorIsTheFullParsesOwn() {
        String doc = "columns:\n  a:\n  b:\n    sql_type: int\n";
        assertEquals(doc, reduce(doc));
        PrintError e = assertThrows(PrintError.class,
                () -> Statistics.of(FILE, loader.load(FILE, doc.getBytes(StandardCharsets.UTF_8))));
        assertTrue(e.getMessage().contains("column 'a' is not a mapping"), e.getMessage());
    }

    @Test
    void keepsAMultiLineQuotedScalarWhole() {
        String doc = "columns:\n  a:\n    redacted: 'mask, and the street entrance\n      is locked at night.'\n"
                + "    note: \"b\\u00e9\n      c\"\n";
        assertEquals("columns:\n  a:\n    redacted: 'mask, and the street entrance\n      is locked at night.'\n",
                reduce(doc));
    }

    @Test
    void declinesWhatItCannotProve() {
        for (String doc : List.of(
                "a: 1\na: 2\n", // duplicate key
                "a: 1\n'a': 2\n", // duplicate through quoting
                "columns:\n  x:\n    sql_type: 'it''s'\n    'sql_type': 2\n", // duplicate nested
                "a:\n\tb: 1\n", // tab
                "a: &x 1\nb: *x\n", // anchor, alias
                "a: !!str 1\n", // tag
                "a: |\n  text\n", // block scalar
                "a: {b: 1}\n", // flow mapping
                "a: b: c\n", // mapping value in a plain scalar
                "a: 1 # comment\n", // comment
                "# comment\na: 1\n",
                "a: 1\n\nb: 2\n", // blank line
                "a: 1\n  b: 2\n", // deeper line under a scalar
                "a:\n  b: 1\n c: 2\n", // stray indentation
                "- a\n", // top level not a mapping
                "true: 1\n", // a key that is not a string
                "a: \"\\q\"\n", // bad escape
                "a: 'unterminated\n", "a: x\r\n", "a: \u2028\n", "a: caf\u00e9 \u0085\n", "---\na: 1\n", "",
                "a: 'x' y\n", "a: =\n", "a:b\n")) {
            assertNull(YamlSkim.cut(doc.getBytes(StandardCharsets.UTF_8), SearchFields.RULE), doc);
        }
        assertNull(YamlSkim.cut(new byte[]{'a', ':', ' ', (byte) 0xc3}, SearchFields.RULE), "truncated UTF-8");
        assertNull(YamlSkim.cut(new byte[]{'a', ':', ' ', (byte) 0xc0, (byte) 0x80}, SearchFields.RULE), "overlong");
    }

    /** A key spelled as a YAML 1.1 boolean, null or float is told from every other short key. */
    @Test
    void aKeyThatReadsAsAnotherTypeIsTold() {
        for (String word : List.of("yes", "Yes", "YES", "no", "No", "NO", "true", "True", "TRUE", "false", "False",
                "FALSE", "on", "On", "ON", "off", "Off", "OFF", "null", "Null", "NULL", ".inf", ".nan")) {
            byte[] b = (" " + word + ":").getBytes(StandardCharsets.UTF_8);
            assertTrue(SkimScalar.resolvesOtherwise(b, 1, b.length - 1), word);
        }
        for (String word : List.of("y", "n", "yEs", "nO", "type", "table", "scope", "falsy", "nulls", "o", ".in",
                "offs", "to", "x", "ab")) {
            byte[] b = (" " + word + ":").getBytes(StandardCharsets.UTF_8);
            assertFalse(SkimScalar.resolvesOtherwise(b, 1, b.length - 1), word);
        }
    }

    /** A word of eight bytes passes the line scan's fast step only when every byte would pass it alone. */
    @Test
    void aWordIsPlainOnlyWhenEachOfItsBytesIs() {
        for (int at = 0; at < Long.BYTES; at++) {
            for (int b = 0; b < 256; b++) {
                long word = 0x4141414141414141L & ~(0xffL << (8 * at)) | (long) b << (8 * at);
                assertEquals(b >= '$' && b <= '~' && b != ':', YamlSkim.plainWord(word), at + ": " + b);
            }
        }
        Random random = new Random(42);
        for (int i = 0; i < 200_000; i++) {
            long word = random.nextLong();
            boolean plain = true;
            for (int at = 0; at < Long.BYTES; at++) {
                int b = (int) (word >>> (8 * at)) & 0xff;
                plain &= b >= '$' && b <= '~' && b != ':';
            }
            assertEquals(plain, YamlSkim.plainWord(word), Long.toHexString(word));
        }
    }

    /**
     * A byte the skim must look at is seen at every offset of a long plain value, whichever word of the scan holds it:
     * a tab, a comment or a nested key declines the document, a multi-byte character is read as the loader reads it.
     */
    @Test
    void aByteToProveIsSeenAtEveryOffsetOfALongValue() {
        String plain = "AA3r33rVyTAAD9mHo8n4ewAzjCU9nBdwADbb2DE+0FUARAQSYrOsdACCXIyHXE7dA";
        for (int at = 1; at < plain.length() - 1; at++) {
            for (String inserted : List.of("\t", " #x", ": x", "\u007f")) {
                String doc = "a: " + plain.substring(0, at) + inserted + plain.substring(at) + "\nb: 1\n";
                assertNull(YamlSkim.cut(doc.getBytes(StandardCharsets.UTF_8), YamlSkim.WHOLE), doc);
            }
            // bytes from 0x80 up, line breaks of YAML 1.1 among them: the skim reads them as the loader does, or not at all
            for (String wide : List.of("\u00e9:x", "\u00e9", "\u0085", "\u2028")) {
                String doc = "a: " + plain.substring(0, at) + wide + plain.substring(at) + "\nb: 1\n";
                byte[] bytes = doc.getBytes(StandardCharsets.UTF_8);
                Object tree = YamlSkim.tree(bytes, YamlSkim.WHOLE);
                Object loaded;
                try {
                    loaded = loader.load(FILE, bytes);
                } catch (PrintError e) {
                    assertNull(tree, doc); // the loader's error is the file's: the skim keeps no tree of it
                    continue;
                }
                assertEquals(spelled(loaded), spelled(tree), doc);
            }
        }
    }

    /** A byte to prove in the last, short word of a file that ends without a newline is still seen. */
    @Test
    void aByteToProveInTheLastWordOfAFileWithoutANewlineIsSeen() {
        String plain = "AA3r33rVyTAAD9mHo8n4ewAzjCU9nBdwADbb2DE";
        for (int cut = plain.length() - 9; cut < plain.length(); cut++) {
            for (String inserted : List.of("\t", " #x", ": x", "\u007f")) {
                String doc = "b: 1\na: " + plain.substring(0, cut) + inserted + plain.substring(cut);
                assertNull(YamlSkim.cut(doc.getBytes(StandardCharsets.UTF_8), YamlSkim.WHOLE), doc);
            }
        }
    }

    /** A mapping of thousands of keys (a manifest's tables) keeps its later keys in a set: duplicates are still found. */
    @Test
    void aDuplicateKeyInALongMappingIsFound() {
        StringBuilder doc = new StringBuilder("columns:\n");
        for (int i = 0; i < 40; i++) {
            doc.append("  c").append(i).append(":\n    sql_type: int\n");
        }
        doc.append("  'it''s':\n    sql_type: int\n");
        String distinct = doc.toString();
        assertNotNull(YamlSkim.cut(distinct.getBytes(StandardCharsets.UTF_8), SearchFields.RULE));
        for (String again : List.of("  c3:\n", "  c30:\n", "  'c5':\n", "  \"c35\":\n", "  'it''s':\n")) {
            String doubled = distinct + again + "    sql_type: text\n";
            assertNull(YamlSkim.cut(doubled.getBytes(StandardCharsets.UTF_8), SearchFields.RULE), again);
            assertThrows(PrintError.class, () -> loader.load(FILE, doubled.getBytes(StandardCharsets.UTF_8)), again);
        }
    }

    @Test
    void acceptsTheBlockShapesDbprintWrites() {
        String doc = """
                columns:
                  c_1:
                    inferred:
                      looks_like: email
                      sampled: 10
                    values:
                    - value: -1
                      count: 2
                    - value: "caf\\u00e9 \\"x\\""
                      count: 1
                    - value: 'Caf\u00e9 O''Brien'
                      count: 1
                    - value: []
                    - - nested
                    classification: text
                """;
        // an inline nested sequence is outside the subset, even in a dropped list
        assertNull(YamlSkim.cut(doc.getBytes(StandardCharsets.UTF_8), SearchFields.RULE));
        String withoutNested = doc.replace("    - - nested\n", "");
        assertEquals("""
                columns:
                  c_1:
                    inferred:
                      looks_like: email
                      sampled: 10
                    classification: text
                """, reduce(withoutNested));
    }

    private String reduce(String doc) {
        byte[] out = reduced(doc.getBytes(StandardCharsets.UTF_8));
        assertNotNull(out, doc);
        return new String(out, StandardCharsets.UTF_8);
    }

    /** The skim's kept document, or null when it declines. */
    private static byte[] reduced(byte[] doc) {
        YamlSkim.Cut cut = YamlSkim.cut(doc, SearchFields.RULE);
        return cut == null ? null : cut.bytes();
    }

    /** The model of {@code doc}, or the error it fails with. */
    private Object outcome(byte[] doc) {
        try {
            return full(doc);
        } catch (PrintError e) {
            return e;
        }
    }

    private Statistics full(byte[] doc) {
        return Statistics.of(FILE, loader.load(FILE, doc));
    }

    /** A tree spelled with each value's type, in file order: equal spellings are equal trees. */
    static String spelled(Object tree) {
        if (tree instanceof Map<?, ?> m) {
            StringBuilder sb = new StringBuilder("{");
            m.forEach((k, v) -> sb.append(k).append(": ").append(spelled(v)).append(", "));
            return sb.append('}').toString();
        }
        if (tree instanceof List<?> l) {
            StringBuilder sb = new StringBuilder("[");
            l.forEach(v -> sb.append(spelled(v)).append(", "));
            return sb.append(']').toString();
        }
        return tree == null ? "null" : tree.getClass().getSimpleName() + " " + tree;
    }

    static void assertSameSearchFields(Statistics expected, Statistics actual) {
        assertEquals(expected.rowCount(), actual.rowCount());
        assertEquals(expected.scope(), actual.scope());
        assertEquals(expected.catalogOnly(), actual.catalogOnly());
        assertEquals(expected.disabled(), actual.disabled());
        assertEquals(searchFields(expected.columns()), searchFields(actual.columns()));
    }

    private static Map<String, Object> searchFields(Map<String, ColumnStats> columns) {
        Map<String, Object> out = new LinkedHashMap<>();
        if (columns == null) {
            return out;
        }
        columns.forEach((name, c) -> {
            Map<String, Object> m = new LinkedHashMap<>();
            m.put("sql_type", c.sqlType());
            m.put("classification", c.classification());
            m.put("rows_scanned", c.rowsScanned());
            m.put("occurrences", c.occurrences());
            m.put("inferred", c.inferred() == null ? null : c.inferred().raw());
            m.put("redacted", c.redacted());
            m.put("parts", searchFields(c.parts()));
            out.put(name, m);
        });
        return out;
    }
}
