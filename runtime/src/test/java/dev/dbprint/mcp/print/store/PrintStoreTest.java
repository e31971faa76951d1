package dev.dbprint.mcp.print.store;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assertions.fail;

import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.nio.file.attribute.FileTime;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.atomic.AtomicBoolean;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import dev.dbprint.mcp.error.PrintError;
import dev.dbprint.mcp.print.Fixtures;
import dev.dbprint.mcp.print.files.FileIdentity;
import dev.dbprint.mcp.print.index.TreeStore;

class PrintStoreTest {

    @TempDir
    Path dir;

    private final PrintStore store = new PrintStore();

    private Object value(Path file) {
        return ((Map<?, ?>) store.yaml(dir, file).value()).get("v");
    }

    /**
     * A manifest heavier than the whole bound (a print of tens of thousands of tables under a small heap) is still kept:
     * every call reads it, so dropping it would parse it on every call. Other files stay within the bound.
     */
    @Test
    void theManifestIsKeptWhateverTheBoundWhileOtherFilesAreNot() throws Exception {
        Path root = Fixtures.copy("basic", dir.resolve("basic"));
        PrintStore tiny = new PrintStore(1, TreeStore.NONE);
        PrintView first = tiny.view("c", root);
        String fqn = first.index().tables().keySet().iterator().next();
        first.statistics(first.requireTable(fqn));
        assertEquals(2, tiny.counters().parses());
        PrintView second = tiny.view("c", root);
        second.index();
        second.manifest();
        assertEquals(2, tiny.counters().parses(), "the manifest was parsed again");
        second.statistics(second.requireTable(fqn));
        assertEquals(3, tiny.counters().parses(), "statistics.yaml outweighs a bound of one byte");
        Files.writeString(root.resolve("manifest.yaml"), Files.readString(root.resolve("manifest.yaml")) + "\n");
        tiny.view("c", root).index();
        assertEquals(4, tiny.counters().parses(), "a changed manifest is read again");
        PrintStore roomy = new PrintStore(1 << 20, TreeStore.NONE);
        PrintView view = roomy.view("c", root);
        view.statistics(view.requireTable(fqn));
        view = roomy.view("c", root);
        view.statistics(view.requireTable(fqn));
        assertEquals(2, roomy.counters().parses(), "both kept: the manifest and statistics.yaml fit the bound together");
    }

    @Test
    void warmReadIsAHitWithoutParsing() {
        Path f = Fixtures.write(dir.resolve("a.yaml"), "v: 1\n");
        assertEquals(1L, value(f));
        StoreCounters cold = store.counters();
        assertEquals(1, cold.parses());
        assertEquals(1, cold.filesCached());
        assertEquals(1L, value(f));
        StoreCounters warm = store.counters();
        assertEquals(1, warm.parses());
        assertEquals(cold.cacheHits() + 1, warm.cacheHits());
        assertTrue(warm.identityChecks() > cold.identityChecks());
    }

    @Test
    void sizeChangeReparses() {
        Path f = Fixtures.write(dir.resolve("a.yaml"), "v: 1\n");
        assertEquals(1L, value(f));
        Fixtures.write(f, "v: 22\n");
        assertEquals(22L, value(f));
        assertEquals(2, store.counters().parses());
    }

    @Test
    void aRewriteWithItsMtimeRestoredOrAnMtimeChangeAloneReparses() throws Exception {
        Path f = Fixtures.write(dir.resolve("a.yaml"), "v: 1\n");
        FileTime t = FileTime.fromMillis(1_600_000_000_000L);
        Files.setLastModifiedTime(f, t);
        assertEquals(1L, value(f));
        Thread.sleep(20); // past the file system's timestamp tick
        Fixtures.write(f, "v: 2\n"); // same size, same inode
        Files.setLastModifiedTime(f, t); // same mtime: only the change time tells
        assertEquals(2L, value(f), "the change time, which no process sets back, shows the rewrite");
        Thread.sleep(20);
        Files.setLastModifiedTime(f, FileTime.fromMillis(1_600_000_000_001L));
        assertEquals(2L, value(f));
        assertEquals(3, store.counters().parses());
    }

    @Test
    void inodeChangeAloneReparses() throws Exception {
        Path f = Fixtures.write(dir.resolve("a.yaml"), "v: 1\n");
        FileTime t = FileTime.fromMillis(1_600_000_000_000L);
        Files.setLastModifiedTime(f, t);
        assertEquals(1L, value(f));
        FileIdentity before = FileIdentity.of(f);
        Path tmp = Fixtures.write(dir.resolve("a.yaml.tmp"), "v: 3\n"); // same size
        Files.setLastModifiedTime(tmp, t); // same mtime
        Files.move(tmp, f, StandardCopyOption.ATOMIC_MOVE, StandardCopyOption.REPLACE_EXISTING);
        FileIdentity after = FileIdentity.of(f);
        assertEquals(before.size(), after.size());
        assertEquals(before.mtimeNanos(), after.mtimeNanos());
        assertNotEquals(before.ino(), after.ino());
        assertEquals(3L, value(f));
        assertEquals(2, store.counters().parses());
    }

    @Test
    void corruptFileIsNeverCachedAndIsReadOnceFixed() {
        Path f = Fixtures.write(dir.resolve("a.yaml"), "v: [1, 2\n");
        for (int i = 0; i < 2; i++) {
            PrintError e = assertThrows(PrintError.class, () -> store.yaml(dir, f));
            assertEquals(PrintError.Kind.PARSE, e.kind());
            assertTrue(e.getMessage().startsWith(f + ": YAML parse error: "), e.getMessage());
            assertEquals(0, store.counters().filesCached());
        }
        assertEquals(2, store.counters().parses(), "a corrupt file is parsed again on every read");
        Fixtures.write(f, "v: 5\n");
        assertEquals(5L, value(f));
        assertEquals(1, store.counters().filesCached());
    }

    @Test
    void cachedFileThatTurnsCorruptIsEvicted() {
        Path f = Fixtures.write(dir.resolve("a.yaml"), "v: 1\n");
        assertEquals(1L, value(f));
        Fixtures.write(f, "v: [oops\n");
        assertThrows(PrintError.class, () -> store.yaml(dir, f));
        assertEquals(0, store.counters().filesCached());
    }

    @Test
    void absentFileReadsAsAbsent() {
        Read<Object> r = store.yaml(dir, dir.resolve("none.yaml"));
        assertFalse(r.present());
        assertEquals(FileIdentity.ABSENT, r.identity());
        Read<byte[]> b = store.bytes(dir, dir.resolve("sub/none.md"));
        assertFalse(b.present());
    }

    @Test
    void fileUnderARegularFileIsAbsent() throws Exception {
        Path f = Fixtures.write(dir.resolve("file"), "x");
        assertEquals(FileIdentity.ABSENT, FileIdentity.of(f.resolve("child.yaml")));
    }

    @Test
    void bytesAndTreesAreCachedApart() {
        Path f = Fixtures.write(dir.resolve("a.yaml"), "v: 1\n");
        assertEquals("v: 1\n", new String(store.bytes(dir, f).value()));
        assertEquals(1L, value(f));
        assertEquals(2, store.counters().filesCached());
    }

    @Test
    void concurrentReadersAgree() throws Exception {
        Path f = Fixtures.write(dir.resolve("a.yaml"), "v: 1\n");
        ExecutorService pool = Executors.newFixedThreadPool(8);
        try {
            List<Future<Object>> futures = new ArrayList<>();
            for (int i = 0; i < 200; i++) {
                futures.add(pool.submit(() -> value(f)));
            }
            for (Future<Object> fu : futures) {
                assertEquals(1L, fu.get());
            }
        } finally {
            pool.shutdownNow();
        }
        assertEquals(1, store.counters().parses());
        assertEquals(199, store.counters().cacheHits());
    }

    @Test
    void aLinkOutsideTheRootIsNotRead() throws Exception {
        Path root = Files.createDirectories(dir.resolve("root"));
        Path secret = Fixtures.write(dir.resolve("secret.sql"), "secret");
        Path link = root.resolve("ddl.sql");
        Files.createSymbolicLink(link, secret);
        PrintError e = assertThrows(PrintError.class, () -> store.bytes(root, link));
        assertEquals(PrintError.Kind.NOT_FOLLOWABLE, e.kind());
        assertEquals(link + ": leads outside the connection root " + root, e.getMessage());
    }

    @Test
    void aLinkFlippingInAndOutOfTheRootNeverServesTheOutsideFile() throws Exception {
        Path root = Files.createDirectories(dir.resolve("root"));
        Path inside = Fixtures.write(root.resolve("inside.sql"), "inside");
        Path outside = Fixtures.write(dir.resolve("outside.sql"), "secret");
        Path link = root.resolve("ddl.sql");
        Files.createSymbolicLink(link, inside);
        AtomicBoolean stop = new AtomicBoolean();
        Thread flipper = new Thread(() -> {
            Path tmp = root.resolve(".flip");
            for (int i = 0; !stop.get() && i < 1_000_000; i++) {
                try {
                    Files.createSymbolicLink(tmp, i % 2 == 0 ? outside : inside);
                    Files.move(tmp, link, StandardCopyOption.ATOMIC_MOVE, StandardCopyOption.REPLACE_EXISTING);
                } catch (java.io.IOException ex) {
                    throw new java.io.UncheckedIOException(ex);
                }
            }
        });
        flipper.start();
        int served = 0;
        int refused = 0;
        long deadline = System.nanoTime() + 3_000_000_000L;
        try {
            for (int i = 0; i < 20_000 && System.nanoTime() < deadline; i++) {
                try {
                    byte[] b = store.bytes(root, link).value();
                    if (b != null) {
                        assertEquals("inside", new String(b), "read " + i);
                        served++;
                    }
                } catch (PrintError e) {
                    refused++;
                }
            }
        } finally {
            stop.set(true);
            flipper.join();
        }
        assertTrue(served > 0 && refused > 0, served + " served, " + refused + " refused: the race never ran");
    }

    /**
     * A file rewritten in place while it is read: whatever a read returns is the file as it was at the identity the read
     * reports — one version, perhaps caught part-written, never bytes of two versions or under another version's
     * identity. The writer pauses between rewrites so that no two rewrites share a modification-time tick.
     */
    @Test
    void aReadNeverMixesTwoVersionsOfAFileBeingRewritten() throws Exception {
        byte[] a = new byte[1 << 20];
        byte[] b = new byte[(1 << 20) + 7];
        java.util.Arrays.fill(a, (byte) 'a');
        java.util.Arrays.fill(b, (byte) 'b');
        Path f = Files.write(dir.resolve("big.md"), a);
        ExecutorService writer = Executors.newSingleThreadExecutor();
        try {
            Future<?> rewrites = writer.submit(() -> {
                long until = System.nanoTime() + 3_000_000_000L;
                for (int i = 0; i < 300 && System.nanoTime() < until; i++) {
                    Files.write(f, i % 2 == 0 ? b : a);
                    Thread.sleep(10);
                }
                return null;
            });
            int whole = 0;
            while (!rewrites.isDone()) {
                Read<byte[]> r;
                try {
                    r = store.bytes(dir, f);
                } catch (PrintError kept) {
                    continue; // "kept changing while it was read": refusing is fine, mixing is not
                }
                byte[] v = r.value();
                assertEquals(r.identity().size(), v.length, "bytes served under another version's identity");
                for (byte c : v) {
                    if (c != v[0]) {
                        fail("a mix of two versions was served");
                    }
                }
                whole++;
            }
            rewrites.get();
            assertTrue(whole > 0, "no read completed while the file was rewritten");
        } finally {
            writer.shutdownNow();
        }
    }
}
