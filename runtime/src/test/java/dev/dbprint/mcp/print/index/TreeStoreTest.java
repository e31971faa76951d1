package dev.dbprint.mcp.print.index;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.io.RandomAccessFile;
import java.nio.ByteBuffer;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import dev.dbprint.mcp.print.Fixtures;
import dev.dbprint.mcp.print.files.FileIdentity;
import dev.dbprint.mcp.print.files.PlainEntries;

/** The on-disk tree store: trees come back only for their identity, and nothing wrong with the file is ever fatal. */
class TreeStoreTest {

    @TempDir
    Path dir;

    private Path root() throws IOException {
        return Files.createDirectories(dir.resolve("print"));
    }

    private Path cache() {
        return dir.resolve("cache");
    }

    /** A store over {@link #cache()} that keeps trees of files just written (the racy window has its own test). */
    private DiskTreeStore store() {
        return new DiskTreeStore(cache(), DiskTrees.ANY_AGE);
    }

    private static Map<String, Object> tree(String v) {
        Map<String, Object> m = new LinkedHashMap<>();
        m.put("v", v);
        m.put("n", 12L);
        return m;
    }

    /** Writes {@code count} files under {@code root} and keeps a tree for each; returns their paths. */
    private List<Path> keep(DiskTreeStore store, Path root, int count) throws IOException {
        List<Path> files = new ArrayList<>();
        for (int i = 0; i < count; i++) {
            Path f = Fixtures.write(root.resolve("t" + i + ".yaml"), "v: " + i + "\n");
            store.shelf(root).put(f, "form", FileIdentity.of(f), tree("v" + i));
            files.add(f);
        }
        store.flush();
        return files;
    }

    @Test
    void aLaterProcessReadsTheTreeBackForTheSameIdentityOnly() throws IOException {
        Path root = root();
        List<Path> files = keep(store(), root, 3);
        DiskTreeStore later = store();
        TreeStore.Shelf shelf = later.shelf(root);
        for (int i = 0; i < 3; i++) {
            assertEquals(tree("v" + i), shelf.get(files.get(i), "form", FileIdentity.of(files.get(i))));
        }
        assertNull(shelf.get(files.get(0), "other form", FileIdentity.of(files.get(0))));
        Fixtures.write(files.get(1), "v: changed, longer\n");
        assertNull(shelf.get(files.get(1), "form", FileIdentity.of(files.get(1))), "a rewritten file's tree is stale");
    }

    /**
     * A tree parsed at an identity read within the racy window of the file's last change is not kept: on a file system
     * with whole-second timestamps two writes of the same size within one second leave every field of the identity,
     * change time included, as it was, and a later process would take the first version's tree for the second's. Once
     * the window has passed since the change, the same file's tree is kept.
     */
    @Test
    void aTreeOfAFileChangedWithinTheRacyWindowIsNotKept() throws Exception {
        Path root = root();
        long window = TimeUnit.MILLISECONDS.toNanos(400);
        Path f = Fixtures.write(root.resolve("t.yaml"), "v: 1\n");
        FileIdentity racy = FileIdentity.of(f);
        DiskTreeStore first = new DiskTreeStore(cache(), window);
        first.shelf(root).put(f, "form", racy, tree("v1"));
        first.flush();
        assertNull(new DiskTreeStore(cache(), window).shelf(root).get(f, "form", racy), "read just after the write");

        Thread.sleep(500);
        FileIdentity settled = FileIdentity.of(f);
        assertEquals(racy, settled, "the same file, unchanged");
        DiskTreeStore later = new DiskTreeStore(cache(), window);
        later.shelf(root).put(f, "form", settled, tree("v1"));
        later.flush();
        assertEquals(tree("v1"), new DiskTreeStore(cache(), window).shelf(root).get(f, "form", settled));
        assertTrue(PlainEntries.RACY_NANOS >= TimeUnit.SECONDS.toNanos(1), "the default covers whole-second clocks");
    }

    /**
     * Bytes derived from several files is kept once none of them changed within the racy window, an absent one
     * included (an absence has no change time: a table without annotations gets its record too); it comes back only for
     * the same files at the same identities, and outlives a rewrite of the index while they keep them.
     */
    @Test
    void derivedBytesComeBackForItsFilesIdentitiesAndIsKeptBesideAnAbsentOne() throws Exception {
        Path root = root();
        long window = TimeUnit.MILLISECONDS.toNanos(400);
        Path table = Files.createDirectories(root.resolve("t"));
        Path stats = Fixtures.write(table.resolve("statistics.yaml"), "v: 1\n");
        Path notes = table.resolve("statistics.annotations.yaml");
        Thread.sleep(500);
        Map<Path, FileIdentity> from = new LinkedHashMap<>();
        from.put(stats, FileIdentity.of(stats));
        from.put(notes, FileIdentity.of(notes));
        assertFalse(from.get(notes).exists());
        DiskTreeStore first = new DiskTreeStore(cache(), window);
        first.shelf(root).putDerived(table, "record", from, bytes("record"));
        first.flush();

        DiskTreeStore later = new DiskTreeStore(cache(), window);
        assertArrayEquals(bytes("record"), later.shelf(root).derived(table, "record", from));
        assertNull(later.shelf(root).derived(table, "other", from));
        Path other = Fixtures.write(root.resolve("other.yaml"), "v: 2\n");
        rewrite(root, other);
        assertArrayEquals(bytes("record"), new DiskTreeStore(cache(), window).shelf(root).derived(table, "record", from),
                "carried over while its files keep their identities");

        Fixtures.write(notes, "columns: {}\n");
        Map<Path, FileIdentity> now = new LinkedHashMap<>(from);
        now.put(notes, FileIdentity.of(notes));
        assertNull(new DiskTreeStore(cache(), window).shelf(root).derived(table, "record", now), "a file appeared");
        DiskTreeStore racy = new DiskTreeStore(cache(), window);
        racy.shelf(root).putDerived(table, "record", now, bytes("racy"));
        racy.flush();
        assertNull(new DiskTreeStore(cache(), window).shelf(root).derived(table, "record", now),
                "not kept: a file changed within the racy window");
        rewrite(root, other);
        DiskTreeStore last = store();
        assertNull(last.shelf(root).derived(table, "record", from), "dropped at the rewrite: a file changed");
        assertNotNull(last.shelf(root).get(other, "form", FileIdentity.of(other)), "the rewrite kept the other tree");
    }

    private static byte[] bytes(String text) {
        return text.getBytes(StandardCharsets.UTF_8);
    }

    /** Rewrites the root's file, as any process that keeps a new tree does. */
    private void rewrite(Path root, Path file) throws IOException {
        DiskTreeStore writer = store();
        writer.shelf(root).put(file, "form", FileIdentity.of(file), tree(file.toString() + System.nanoTime()));
        writer.flush();
    }

    @Test
    void theManifestsTreeIsKeptInAFileOfItsOwnAndOutlivesTheOthersFile() throws IOException {
        Path root = root();
        Path manifest = Fixtures.write(root.resolve("manifest.yaml"), "tables: {}\n");
        Path table = Fixtures.write(root.resolve("orders.yaml"), "v: 1\n");
        DiskTreeStore store = store();
        store.shelf(root).put(manifest, TreeStore.MANIFEST_FORM, FileIdentity.of(manifest), tree("manifest"));
        store.shelf(root).put(table, "form", FileIdentity.of(table), tree("table"));
        store.flush();
        Path rest = cache().resolve(ShelfFile.name(root, ""));
        Path own = cache().resolve(ShelfFile.name(root, "manifest"));
        assertEquals(Set.of(rest, own), Set.copyOf(DiskTrees.files(cache())));
        String ownText = new String(Files.readAllBytes(own), java.nio.charset.StandardCharsets.ISO_8859_1);
        assertTrue(ownText.contains("manifest.yaml") && !ownText.contains("orders.yaml"), ownText);

        Files.write(rest, new byte[]{1, 2, 3});
        TreeStore.Shelf later = store().shelf(root);
        later.prepare();
        assertEquals(tree("manifest"), later.get(manifest, TreeStore.MANIFEST_FORM, FileIdentity.of(manifest)));
        assertTrue(later.holds(manifest, TreeStore.MANIFEST_FORM));
        assertNull(later.get(table, "form", FileIdentity.of(table)), "the other file is ignored, alone");
        assertFalse(later.holds(table, "form"));
        assertFalse(later.holds(manifest, "form"), "a form is looked for in its own file");
    }

    @Test
    void aShelfHoldsAFileInAFormWhateverItsIdentityNow() throws IOException {
        Path root = root();
        List<Path> files = keep(store(), root, 2);
        Fixtures.write(files.get(1), "v: changed, longer\n");
        TreeStore.Shelf shelf = store().shelf(root);
        assertTrue(shelf.holds(files.get(0), "form"));
        assertTrue(shelf.holds(files.get(1), "form"), "kept at an older identity: the file was there");
        assertFalse(shelf.holds(files.get(0), "other form"));
        assertFalse(shelf.holds(root.resolve("never.yaml"), "form"));
    }

    @Test
    void aStaleEntryIsDroppedWhenTheFileIsWrittenAgain() throws IOException {
        Path root = root();
        List<Path> files = keep(store(), root, 2);
        Fixtures.write(files.get(0), "v: rewritten, longer\n");
        DiskTreeStore second = store();
        Path added = Fixtures.write(root.resolve("new.yaml"), "v: 9\n");
        second.shelf(root).put(added, "form", FileIdentity.of(added), tree("new"));
        second.flush();
        String names = new String(Files.readAllBytes(onlyFile()), java.nio.charset.StandardCharsets.ISO_8859_1);
        assertTrue(names.contains("t1.yaml") && names.contains("new.yaml"), names);
        assertTrue(!names.contains("t0.yaml"), "the entry of a rewritten file is not carried over");
    }

    /**
     * A process that keeps adding trees (a first search over a very large print) writes them once a shelf holds more
     * than its bound in memory, without waiting for a pause; what it wrote reads back whole in a later process, trees
     * carried over from the earlier write included.
     */
    @Test
    void aShelfHoldingTooMuchIsWrittenWithoutWaitingForAPause() throws Exception {
        Path root = root();
        // a quiet period of an hour: a write can come only from the pending bound, however slow the machine
        DiskTreeStore store = new DiskTreeStore(cache(), DiskTrees.ANY_AGE, TimeUnit.HOURS.toMillis(1));
        String big = "x".repeat(256 * 1024);
        List<Path> files = new ArrayList<>();
        long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(30);
        int i = 0;
        while (DiskTrees.files(cache()).isEmpty()) {
            assertTrue(System.nanoTime() < deadline, "nothing was written after " + i + " trees");
            Path f = Fixtures.write(root.resolve("t" + i + ".yaml"), "v: " + i + "\n");
            store.shelf(root).put(f, "form", FileIdentity.of(f), tree(big + i));
            files.add(f);
            i++;
            Thread.sleep(5);
        }
        assertTrue(i * (long) big.length() >= DiskTreeStore.MAX_PENDING_BYTES,
                "written only past the bound, after " + i + " trees");
        store.flush();
        TreeStore.Shelf later = store().shelf(root);
        for (int k = 0; k < files.size(); k++) {
            assertEquals(tree(big + k), later.get(files.get(k), "form", FileIdentity.of(files.get(k))), "tree " + k);
        }
    }

    private Path onlyFile() throws IOException {
        try (var s = Files.list(cache())) {
            List<Path> files = s.filter(p -> p.toString().endsWith(".trees")).toList();
            assertEquals(1, files.size(), files.toString());
            return files.get(0);
        }
    }

    @Test
    void aCorruptTruncatedForeignOrGarbageFileIsIgnoredAndRebuilt() throws IOException {
        Path root = root();
        List<Path> files = keep(store(), root, 3);
        Path file = onlyFile();
        byte[] good = Files.readAllBytes(file);

        // a payload byte flipped: that entry alone is refused
        byte[] flipped = good.clone();
        flipped[flipped.length - 2] ^= 0x55;
        Files.write(file, flipped);
        TreeStore.Shelf s1 = store().shelf(root);
        int refused = 0;
        for (int i = 0; i < files.size(); i++) {
            Object t = s1.get(files.get(i), "form", FileIdentity.of(files.get(i)));
            if (t == null) {
                refused++;
            } else {
                assertEquals(tree("v" + i), t);
            }
        }
        assertEquals(1, refused, "the entry whose payload was hit, and no other");

        // truncated, a table byte flipped, garbage, empty: the whole file is ignored
        byte[] tableFlipped = good.clone();
        tableFlipped[40] ^= 0x01;
        for (byte[] bad : List.of(java.util.Arrays.copyOf(good, good.length - 3), tableFlipped,
                "not a tree file at all".getBytes(), new byte[0])) {
            Files.write(file, bad);
            DiskTreeStore store = store();
            for (Path f : files) {
                assertNull(store.shelf(root).get(f, "form", FileIdentity.of(f)));
            }
            // and rebuilt: what is put again is written whole
            store.shelf(root).put(files.get(0), "form", FileIdentity.of(files.get(0)), tree("again"));
            store.flush();
            assertEquals(tree("again"),
                    store().shelf(root).get(files.get(0), "form", FileIdentity.of(files.get(0))));
            Files.write(file, good);
        }

        // another root's file under this root's name is foreign
        Path other = Files.createDirectories(dir.resolve("other"));
        Files.copy(file, cache().resolve(ShelfFile.name(other, "")));
        assertNull(store().shelf(other).get(other.resolve("t0.yaml"), "form",
                FileIdentity.of(files.get(0))));
    }

    /**
     * Two builds of different format versions serve one root from one directory: each reads and writes a file of its
     * own, where one name for both had each replace the other's file at its next write (and parse the root again).
     */
    @Test
    void aBuildOfAnotherFormatVersionKeepsAFileOfItsOwn() throws IOException {
        Path root = root();
        List<Path> files = keep(store(), root, 2);
        Path own = cache().resolve(ShelfFile.name(root, ""));
        Path other = cache().resolve(ShelfFile.name(root, "", ShelfFile.VERSION + 1));
        // the other build's file: this one's, of the next version (the version follows the 8-byte magic)
        ByteBuffer written = ByteBuffer.wrap(Files.readAllBytes(own));
        written.putInt(8, ShelfFile.VERSION + 1);
        Files.write(other, written.array());
        byte[] othersFile = Files.readAllBytes(other);

        DiskTreeStore store = store();
        assertEquals(tree("v0"), store.shelf(root).get(files.get(0), "form", FileIdentity.of(files.get(0))),
                "this build reads its own file");
        Path added = Fixtures.write(root.resolve("added.yaml"), "v: added\n");
        store.shelf(root).put(added, "form", FileIdentity.of(added), tree("added"));
        store.flush();
        assertArrayEquals(othersFile, Files.readAllBytes(other), "the other build's file is left as it was");
        assertEquals(tree("added"), store().shelf(root).get(added, "form", FileIdentity.of(added)));
    }

    @Test
    void anUnwritableDirectoryCostsOnlyTheParse() throws IOException {
        Path root = root();
        Path blocker = Fixtures.write(dir.resolve("blocker"), "a file where the cache directory should be");
        DiskTreeStore store = new DiskTreeStore(blocker.resolve("cache"), DiskTrees.ANY_AGE);
        assertNull(store.shelf(root), "no shelf: every tree is parsed");
        store.flush();
    }

    /**
     * Two processes writing at once (two stores on one directory, flushing in a loop) while a third reads: every read
     * finds either nothing or the right tree, and the file left behind is whole.
     */
    @Test
    void concurrentWritersLeaveOneWholeFileAndReadersNeverSeeAWrongTree() throws Exception {
        Path root = root();
        List<Path> files = new ArrayList<>();
        for (int i = 0; i < 40; i++) {
            files.add(Fixtures.write(root.resolve("t" + i + ".yaml"), "v: " + i + "\n"));
        }
        ExecutorService pool = Executors.newFixedThreadPool(3);
        try {
            List<Future<?>> running = new ArrayList<>();
            for (int w = 0; w < 2; w++) {
                int writer = w;
                running.add(pool.submit(() -> {
                    for (int round = 0; round < 25; round++) {
                        DiskTreeStore store = store();
                        for (int i = writer; i < files.size(); i += 2) {
                            store.shelf(root).put(files.get(i), "form", identity(files.get(i)), tree("v" + i));
                        }
                        store.flush();
                    }
                    return null;
                }));
            }
            running.add(pool.submit(() -> {
                for (int round = 0; round < 60; round++) {
                    TreeStore.Shelf shelf = store().shelf(root);
                    for (int i = 0; i < files.size(); i++) {
                        Object t = shelf.get(files.get(i), "form", identity(files.get(i)));
                        if (t != null) {
                            assertEquals(tree("v" + i), t);
                        }
                    }
                }
                return null;
            }));
            for (Future<?> f : running) {
                f.get(120, TimeUnit.SECONDS);
            }
        } finally {
            pool.shutdownNow();
        }
        TreeStore.Shelf last = store().shelf(root);
        int found = 0;
        for (int i = 0; i < files.size(); i++) {
            Object t = last.get(files.get(i), "form", identity(files.get(i)));
            if (t != null) {
                assertEquals(tree("v" + i), t);
                found++;
            }
        }
        assertTrue(found >= files.size() / 2, "the last writer's entries at least: " + found);
        try (var s = Files.list(cache())) {
            assertEquals(List.of(), s.filter(p -> p.getFileName().toString().endsWith(".tmp")).toList(),
                    "no temporary file is left behind");
        }
        try (RandomAccessFile raf = new RandomAccessFile(onlyFile().toFile(), "r")) {
            assertNotNull(raf);
        }
    }

    private static FileIdentity identity(Path f) {
        try {
            return FileIdentity.of(f);
        } catch (IOException e) {
            throw new AssertionError(e);
        }
    }
}
