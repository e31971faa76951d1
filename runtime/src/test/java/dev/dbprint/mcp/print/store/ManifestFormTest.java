package dev.dbprint.mcp.print.store;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertNotSame;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.ByteArrayOutputStream;
import java.io.DataOutputStream;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Map;

import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import dev.dbprint.mcp.print.cache.CacheSizes;
import dev.dbprint.mcp.print.index.DiskTrees;
import dev.dbprint.mcp.print.index.TreeCodec;
import dev.dbprint.mcp.print.index.TreeStore;
import dev.dbprint.mcp.print.model.Manifest;
import dev.dbprint.mcp.print.model.TableEntry;
import dev.dbprint.mcp.print.yaml.YamlLoader;

/**
 * The manifest as the on-disk index keeps it ({@link ManifestForm}): a fresh process reads the names without building
 * any entry, builds an entry when it is looked up, and gets the very manifest a parse gives; a changed manifest is
 * parsed again, and an index file that is cut short or damaged costs a parse, never an answer.
 */
class ManifestFormTest {

    /** Entries of every kind a listing or a completion tells apart, not in code-point order, a name with a lone surrogate. */
    private static final String MANIFEST = """
            format_version: 1
            connection: arb
            failed_tables:
            - s.gone
            manifest_annotations: manifest.annotations.yaml
            tables:
              s.zeta:
                type: table
                path: s/zeta
                artifacts:
                  statistics: statistics.yaml
                  relationships_annotations: relationships.annotations.yaml
                row_count: 12
              s.alpha:
                path: s/alpha
                artifacts:
                  ddl: ddl.sql
                profiled_at: 2026-03-01T10:00:00Z
              s.outside:
                path: ../elsewhere
              s.listed: not a mapping
              "s.\\ud800odd":
                path: s/odd
            """;

    @TempDir
    Path dir;

    private Path root;
    private Path index;

    @BeforeEach
    void print() throws IOException {
        root = dir.resolve("print").toAbsolutePath().normalize();
        Files.createDirectories(root);
        Files.writeString(root.resolve("manifest.yaml"), MANIFEST);
        index = dir.resolve("index");
    }

    private Manifest parsed() throws IOException {
        Path path = root.resolve("manifest.yaml");
        return Manifest.of(path, root, new YamlLoader().load(path, Files.readAllBytes(path)));
    }

    @Test
    void theFormGivesBackTheManifestAParseGives() throws IOException {
        Manifest parsed = parsed();
        Manifest kept = new ManifestForm(root).decode(parsed.path(), new ManifestForm(root).encode(parsed));

        assertNotNull(kept);
        assertEquals(List.of("s.alpha", "s.listed", "s.outside", "s.zeta", "s.\ud800odd"), kept.fqnOrder());
        assertEquals(List.of("s.alpha", "s.zeta", "s.\ud800odd"), kept.followableOrder());
        assertEquals(parsed.followableOrder(), kept.followableOrder());
        assertEquals(List.of("s.zeta"), kept.edgeAnnotators());
        assertEquals(parsed.edgeAnnotators(), kept.edgeAnnotators());
        assertEquals(List.of("s.gone"), kept.failedTables());
        assertEquals("manifest.annotations.yaml", kept.manifestAnnotations());
        assertEquals("arb", kept.connection());
        assertEquals(parsed.header(), kept.header());
        assertEquals(List.copyOf(parsed.tables().keySet()), List.copyOf(kept.tables().keySet()), "file order");
        assertEquals(parsed.tables(), kept.tables());
        assertEquals(parsed.written(), kept.written());
        assertEquals(parsed, kept);
    }

    /**
     * Names are found by hash without a map of them: names whose hashes collide ({@code "Aa"} and {@code "BB"}), and a
     * thousand more, each find their own entry, and a name the manifest lacks, or a key that is no name, finds none.
     */
    @Test
    void everyNameFindsItsOwnEntryAndNoOtherKeyFindsOne() throws IOException {
        StringBuilder yaml = new StringBuilder("format_version: 1\nconnection: arb\ntables:\n");
        List<String> names = new ArrayList<>(List.of("s.Aa", "s.BB", "s.AaAa", "s.BBBB", "s.AaBB", "s.BBAa"));
        for (int i = 0; i < 1000; i++) {
            names.add("s.t" + i);
        }
        names.forEach(n -> yaml.append("  ").append(n).append(":\n    path: ").append(n.replace('.', '/'))
                .append('\n'));
        Files.writeString(root.resolve("manifest.yaml"), yaml);
        Manifest parsed = parsed();
        Manifest kept = new ManifestForm(root).decode(parsed.path(), new ManifestForm(root).encode(parsed));

        assertNotNull(kept);
        for (String n : names) {
            assertTrue(kept.tables().containsKey(n), n);
            assertEquals(n, kept.table(n).fqn());
            assertEquals(parsed.table(n), kept.table(n));
        }
        assertEquals(names.size(), kept.tables().size());
        for (Object other : List.of("s.t1000", "s.Ab", "", "Aa", 7)) {
            assertNull(kept.tables().get(other), String.valueOf(other));
            assertFalse(kept.tables().containsKey(other), String.valueOf(other));
        }
    }

    /**
     * Names that differ only in a numeric suffix have hashes close together; spread before probing, they stay a few
     * slots from home: every name finds its own position, a name of the same shape that is not listed finds none, and
     * neither look-up walks a long run of full slots.
     */
    @Test
    void namesThatDifferInANumericSuffixStayAFewProbesFromHome() {
        List<String> suffixed = new ArrayList<>();
        List<String> suffixedMisses = new ArrayList<>();
        for (int i = 0; i < 14_000; i++) {
            (i < 7003 ? suffixed : suffixedMisses).add("s.t" + i);
        }
        List<String> dims = new ArrayList<>();
        List<String> dimMisses = new ArrayList<>();
        for (int schema = 0; schema < 39; schema++) {
            for (int i = 0; i < 360; i++) {
                (i < 180 ? dims : dimMisses).add("schema" + schema + ".dim_x" + i);
            }
        }
        assertFewProbes(suffixed, suffixedMisses);
        assertFewProbes(dims, dimMisses);
    }

    private static void assertFewProbes(List<String> names, List<String> misses) {
        ManifestForm.Positions positions = new ManifestForm.Positions(names.toArray(String[]::new));
        long total = 0;
        int worst = 0;
        for (int i = 0; i < names.size(); i++) {
            assertEquals(i, positions.of(names.get(i)), names.get(i));
            total += positions.probes(names.get(i));
            worst = Math.max(worst, positions.probes(names.get(i)));
        }
        for (String miss : misses) {
            assertEquals(-1, positions.of(miss), miss);
            total += positions.probes(miss);
            worst = Math.max(worst, positions.probes(miss));
        }
        String set = names.get(0) + "..." + names.get(names.size() - 1);
        assertTrue(total <= 2L * (names.size() + misses.size()), set + ": " + total + " probes in all");
        assertTrue(worst <= 32, set + ": a look-up " + worst + " probes long");
    }

    /** A print of no tables keeps its form too: its header, and no name found. */
    @Test
    void aPrintOfNoTablesGoesThroughTheForm() throws IOException {
        Files.writeString(root.resolve("manifest.yaml"), "format_version: 1\nconnection: arb\ntables: {}\n");
        Manifest parsed = parsed();
        Manifest kept = new ManifestForm(root).decode(parsed.path(), new ManifestForm(root).encode(parsed));

        assertNotNull(kept);
        assertEquals(parsed, kept);
        assertEquals(0, kept.tables().size());
        assertEquals(List.of(), kept.fqnOrder());
        assertNull(kept.table("s.t"));
    }

    /** Bytes shaped as the form but listing a name twice are not a manifest: they decode to nothing, and it is parsed. */
    @Test
    void bytesThatListANameTwiceDecodeToNothing() throws IOException {
        ManifestForm form = new ManifestForm(root);
        Path path = root.resolve("manifest.yaml");
        assertEquals(List.of("s.a", "s.b"), form.decode(path, formOf("s.a", "s.b")).fqnOrder(), "two names: a form");
        assertNull(form.decode(path, formOf("s.a", "s.a")));
    }

    /** The form's bytes for tables {@code names}, in that order, each followable and at path {@code s/a}. */
    private static byte[] formOf(String... names) throws IOException {
        ByteArrayOutputStream bytes = new ByteArrayOutputStream();
        byte[] entry = TreeCodec.encode(Map.of("path", "s/a"));
        try (DataOutputStream out = new DataOutputStream(bytes)) {
            out.writeInt(names.length);
            TreeCodec.writeSized(out, List.of(names));
            TreeCodec.writeSized(out, Map.of("connection", "arb"));
            out.write(new byte[names.length]);
            for (int i = 0; i < names.length; i++) {
                out.writeInt(i);
            }
            for (String name : names) {
                out.writeInt(entry.length);
            }
            for (String name : names) {
                out.write(entry);
            }
        }
        return bytes.toByteArray();
    }

    /** Each entry is kept apart: one that cannot be decoded fails its own look-up, and the names and others serve. */
    @Test
    void anEntryIsBuiltWhenItIsLookedUpAndNoSooner() throws IOException {
        Manifest parsed = parsed();
        byte[] bytes = new ManifestForm(root).encode(parsed);
        byte[] last = TreeCodec.encode(parsed.written().get("s.\ud800odd"));
        int at = bytes.length - last.length;
        assertTrue(Arrays.equals(last, Arrays.copyOfRange(bytes, at, bytes.length)), "the last entry ends the form");
        bytes[at] = 99; // no tag of a tree

        Manifest kept = new ManifestForm(root).decode(parsed.path(), bytes);
        assertNotNull(kept, "decoding reads no entry");
        assertEquals(parsed.followableOrder(), kept.followableOrder());
        assertEquals(parsed.table("s.zeta"), kept.table("s.zeta"));
        assertThrows(IllegalArgumentException.class, () -> kept.table("s.\ud800odd"));
    }

    /**
     * A caller that looks at each table once (a page of resources/list) builds the entries it needs and keeps none: the
     * manifest the cache holds still has only the entries other callers looked up.
     */
    @Test
    void anEntryBuiltInPassingIsNotKept() throws IOException {
        Manifest parsed = parsed();
        assertSame(parsed, parsed.passing(), "a parsed manifest has every entry built already");
        Manifest kept = new ManifestForm(root).decode(parsed.path(), new ManifestForm(root).encode(parsed));
        Manifest passing = kept.passing();

        TableEntry once = passing.table("s.zeta");
        assertEquals(parsed.table("s.zeta"), once);
        assertNotSame(once, passing.table("s.zeta"), "built again: the first was not kept");
        assertNotSame(once, kept.table("s.zeta"));
        assertSame(kept.table("s.zeta"), kept.table("s.zeta"), "a look-up that is not in passing keeps its entry");
        assertSame(kept.table("s.zeta"), passing.table("s.zeta"), "and one kept serves in passing too");
    }

    /** The listing's view: each page's look-ups leave the cached manifest's entries unbuilt. */
    @Test
    void aViewLooksUpInPassingWhatTheManifestOfTheIndexFormKeepsNot() throws Exception {
        fresh();
        PrintStore store = new PrintStore(CacheSizes.defaultParseCacheBytes(), DiskTrees.at(index));
        Object first = store.view("arb", root).manifestPassing().table("s.alpha").raw();
        Object again = store.view("arb", root).manifestPassing().table("s.alpha").raw();
        assertEquals(0, store.counters().parses(), "the form, read from the index");
        assertNotSame(first, again, "built for each page: the cached manifest kept neither");
        assertSame(store.view("arb", root).manifest().table("s.alpha").raw(),
                store.view("arb", root).manifest().table("s.alpha").raw(), "a call's look-up is kept for the next");
    }

    /**
     * The process that parses the manifest holds it in the index's form as well, with or without an index to keep it in:
     * a page's look-ups build entries it does not keep, and no tree of the parse stays behind for the collector to copy
     * page after page.
     */
    @Test
    void theProcessThatParsesHoldsTheManifestInTheFormToo() throws Exception {
        for (PrintStore store : List.of(new PrintStore(CacheSizes.defaultParseCacheBytes(), DiskTrees.at(index)),
                new PrintStore())) {
            Object first = store.view("arb", root).manifestPassing().table("s.alpha").raw();
            Object again = store.view("arb", root).manifestPassing().table("s.alpha").raw();
            assertEquals(1, store.counters().parses(), "parsed once, then held");
            assertNotSame(first, again, "built for each page: the manifest held is not the parsed one");
            assertEquals(parsed(), store.view("arb", root).index());
            assertEquals(parsed().table("s.alpha"), store.view("arb", root).manifest().table("s.alpha"));
        }
    }

    /** An entry built and kept weighs by its form's bytes, once; one built in passing, or by a parse, adds nothing. */
    @Test
    void anEntryKeptOnceBuiltWeighsTwelveTimesItsForm() throws IOException {
        Manifest parsed = parsed();
        Manifest kept = new ManifestForm(root).decode(parsed.path(), new ManifestForm(root).encode(parsed));
        assertEquals(0, kept.builtWeight());
        kept.passing().table("s.zeta");
        assertEquals(0, kept.builtWeight(), "built in passing: not kept");
        kept.table("s.zeta");
        kept.table("s.zeta");
        assertEquals(12L * TreeCodec.encode(parsed.written().get("s.zeta")).length, kept.builtWeight());
        assertEquals(0, parsed.builtWeight(), "a parsed manifest's entries came with its tree");
    }

    /**
     * The parse cache counts the entries a walk builds beside the manifest's form: from the next call on, the other
     * files get what remains of the bound after both.
     */
    @Test
    void theEntriesAWalkBuildsCountAgainstTheParseCacheFromTheNextCallOn() throws IOException {
        Path other = Files.writeString(root.resolve("other.sql"), "select 1");
        long form = 64 + 4L * new ManifestForm(root).encode(parsed()).length;
        PrintStore store = new PrintStore(form + (64 + 4L * Files.size(other)) + 64, TreeStore.NONE);
        Manifest manifest = store.view("arb", root).manifest();
        store.bytes(root.toRealPath(), other);
        assertEquals(1, store.counters().filesCached(), "room beside the manifest's form");
        manifest.tables().values().forEach(TableEntry::fqn); // a walk: every entry built and kept
        store.view("arb", root);
        assertEquals(0, store.counters().filesCached(), "no room beside the form and its entries");
    }

    @Test
    void bytesThatAreNotTheFormDecodeToNothing() throws IOException {
        Manifest parsed = parsed();
        ManifestForm form = new ManifestForm(root);
        byte[] bytes = form.encode(parsed);
        assertNull(form.decode(parsed.path(), Arrays.copyOf(bytes, bytes.length - 1)), "cut short");
        assertNull(form.decode(parsed.path(), Arrays.copyOf(bytes, bytes.length + 1)), "overlong");
        assertNull(form.decode(parsed.path(), new byte[0]));
        assertNull(form.decode(parsed.path(), TreeCodec.encode(Map.of("tables", Map.of()))), "a tree, as kept before");
        byte[] count = bytes.clone();
        count[3]++; // one entry more than the names
        assertNull(form.decode(parsed.path(), count));
    }

    /** A fresh process over {@link #index}: a store of its own, written at its end as at shutdown. */
    private record Process(PrintStore store, Manifest manifest) {
    }

    private Process fresh() {
        PrintStore store = new PrintStore(CacheSizes.defaultParseCacheBytes(), DiskTrees.at(index));
        Manifest manifest = store.view("arb", root).index();
        store.flush();
        return new Process(store, manifest);
    }

    private static Path manifestFile(Path index) throws IOException {
        return DiskTrees.files(index).stream().filter(f -> f.getFileName().toString().endsWith(".manifest.trees"))
                .findFirst().orElseThrow();
    }

    @Test
    void aFreshProcessReadsTheManifestFromTheIndexUntilTheManifestChanges() throws Exception {
        Process first = fresh();
        assertEquals(1, first.store().counters().parses());
        Process second = fresh();
        assertEquals(0, second.store().counters().parses(), "read from the index");
        assertEquals(parsed(), second.manifest());

        Thread.sleep(20); // past the file system's timestamp tick
        Files.writeString(root.resolve("manifest.yaml"), MANIFEST.replace("s.alpha:", "s.beta:"));
        Process changed = fresh();
        assertEquals(1, changed.store().counters().parses(), "a changed manifest is parsed again");
        assertEquals(List.of("s.beta", "s.zeta", "s.\ud800odd"), changed.manifest().followableOrder());
        Process after = fresh();
        assertEquals(0, after.store().counters().parses(), "and kept again");
        assertEquals(changed.manifest(), after.manifest());
    }

    @Test
    void anIndexFileCutShortOrDamagedCostsAParse() throws Exception {
        fresh();
        Path file = manifestFile(index);
        byte[] whole = Files.readAllBytes(file);

        Files.write(file, Arrays.copyOf(whole, whole.length - 100));
        Process cut = fresh();
        assertEquals(1, cut.store().counters().parses());
        assertEquals(parsed(), cut.manifest());
        assertEquals(0, fresh().store().counters().parses(), "written whole again");

        byte[] damaged = Files.readAllBytes(file);
        damaged[damaged.length - 30] ^= 0x5a; // inside the form's last entry: its payload fails its check
        Files.write(file, damaged);
        Process broken = fresh();
        assertEquals(1, broken.store().counters().parses());
        assertEquals(parsed(), broken.manifest());
        assertEquals(parsed().followableOrder(), broken.manifest().followableOrder());
    }
}
