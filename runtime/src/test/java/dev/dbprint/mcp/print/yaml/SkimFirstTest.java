package dev.dbprint.mcp.print.yaml;

import static dev.dbprint.mcp.print.yaml.YamlSkimTest.spelled;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Random;

import org.junit.jupiter.api.Test;

import dev.dbprint.mcp.error.PrintError;

/**
 * {@link YamlLoader#loadSkimFirst}: the tree, or the error, of {@link YamlLoader#load} for every document, built by the
 * skim where it proves the whole file.
 */
class SkimFirstTest {

    private static final Path FILE = Path.of("/print/t/statistics.annotations.yaml");
    private final YamlLoader loader = new YamlLoader();

    /** Every YAML file the project ships: the sample print and the test fixtures, invalid ones included. */
    private static List<Path> shippedYaml() throws IOException {
        return ShippedFiles.named(name -> name.endsWith(".yaml"));
    }

    @Test
    void everyShippedFileReadsAsTheParserReadsIt() throws IOException {
        int skimmed = 0;
        for (Path p : shippedYaml()) {
            byte[] doc = Files.readAllBytes(p);
            assertEquals(outcome(() -> loader.load(p, doc)), outcome(() -> loader.loadSkimFirst(p, doc)), p.toString());
            YamlSkim.Cut cut = YamlSkim.cut(doc, YamlSkim.WHOLE);
            if (cut != null && cut.tree() != null) {
                skimmed++;
            }
        }
        assertTrue(skimmed >= 30, "skimmed " + skimmed);
    }

    /** The sample print's manifest and its notes, as dbprint writes them, are read without the parser. */
    @Test
    void theSamplePrintsManifestAndNotesAreSkimmed() throws IOException {
        Path rental = Path.of("../src/sample/prints/shop/rental");
        for (Path p : List.of(rental.resolveSibling("manifest.yaml"),
                rental.resolve("customer/statistics.annotations.yaml"),
                rental.resolve("ride/statistics.annotations.yaml"))) {
            YamlSkim.Cut cut = YamlSkim.cut(Files.readAllBytes(p), YamlSkim.WHOLE);
            assertNotNull(cut, p.toString());
            assertNotNull(cut.tree(), p.toString());
        }
    }

    @Test
    void aNoteFoldedAsDbprintFoldsItIsItsLinesJoinedBySpaces() {
        String doc = """
                format_version: 1
                columns:
                  a:
                    note: >-
                      First line: with a colon # and a hash,
                      then 'quotes', "more", caf\u00e9 and - a dash.
                  b:
                    values:
                    - value: x
                      note: >-
                        One line.
                    note: >-
                      Last.
                """;
        YamlSkim.Cut cut = YamlSkim.cut(doc.getBytes(StandardCharsets.UTF_8), YamlSkim.WHOLE);
        assertNotNull(cut);
        assertNotNull(cut.tree());
        assertEquals(spelled(loader.load(FILE, doc.getBytes(StandardCharsets.UTF_8))), spelled(cut.tree()));
        assertTrue(spelled(cut.tree()).contains("First line: with a colon # and a hash, then 'quotes', \"more\""));
    }

    @Test
    void anyOtherBlockScalarIsDeclined() {
        for (String doc : List.of("a: >\n  text\n", "a: >+\n  text\n", "a: |-\n  text\n", "a: >2-\n  text\n",
                "a: >- # c\n  text\n", "a: >- \n  text\n", "a: >-\n  text \n", "a: >-\n  one\n    more\n",
                "a: >-\n  one\n\n  two\n", "a: >-\n  one\n  # two\n", "a: >-\n  o\tne\n", "a: >-\nb: 1\n", "a: >-\n",
                "a: >-\n  one\n two\n", "a:\n- >-\n  text\n", "a: >-\n  one\r\n")) {
            assertNull(YamlSkim.cut(doc.getBytes(StandardCharsets.UTF_8), YamlSkim.WHOLE), doc);
        }
    }

    /**
     * Soundness over the shipped annotation files and manifests: whatever a mutant becomes, the skim-first read gives
     * the parser's tree or the parser's error, word for word.
     */
    @Test
    void aMutatedFileReadsAsTheParserReadsIt() throws IOException {
        List<byte[]> files = new ArrayList<>();
        for (Path p : shippedYaml()) {
            String name = p.getFileName().toString();
            if (name.equals("statistics.annotations.yaml") || name.equals("manifest.yaml")) {
                files.add(Files.readAllBytes(p));
            }
        }
        byte[][] inserts = {{' '}, {'\n'}, {':'}, {'-'}, {'\''}, {'"'}, {'#'}, {'\t'}, {'>'}, {'|'}, {'a'}, {'1'},
                {'.'}, {(byte) 0xc3}, {':', ' '}, {'-', ' '}, {'\n', ' ', ' '}, {'>', '-', '\n'}, {' ', '#'}};
        Random random = new Random(20261206);
        int skimmed = 0;
        for (int round = 0; round < 3000; round++) {
            byte[] doc = YamlSkimTest.mutate(files.get(random.nextInt(files.size())), random, inserts);
            assertEquals(outcome(() -> loader.load(FILE, doc)), outcome(() -> loader.loadSkimFirst(FILE, doc)),
                    new String(doc, StandardCharsets.UTF_8));
            YamlSkim.Cut cut = YamlSkim.cut(doc, YamlSkim.WHOLE);
            if (cut != null && cut.tree() != null) {
                skimmed++;
            }
        }
        assertTrue(skimmed > 300, "too few mutants skimmed to test anything: " + skimmed);
    }

    private interface Read {

        Object tree();
    }

    /** The tree spelled with its types, or the error's words. */
    private static String outcome(Read read) {
        try {
            return spelled(read.tree());
        } catch (PrintError e) {
            return e.kind() + ": " + e.getMessage();
        }
    }
}
