package dev.dbprint.mcp.print.store;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import dev.dbprint.mcp.print.Fixtures;
import dev.dbprint.mcp.print.cache.CacheSizes;
import dev.dbprint.mcp.print.index.DiskTrees;
import dev.dbprint.mcp.print.index.TreeStore;

/**
 * A manifest read before any store exists ({@link PrintStore#readManifestAhead}) is taken by the first store to read it,
 * without a parse, only while the file is still at the identity it was read at.
 */
class ManifestReadAheadTest {

    @TempDir
    Path dir;

    private static List<String> tables(PrintStore store, Path root) {
        return List.copyOf(store.view("c", root).index().tables().keySet());
    }

    /** A store over an index that records each form it keeps in {@code kept}, once it took {@code root}'s manifest read ahead. */
    private static PrintStore tookAhead(Path root, List<String> kept) {
        PrintStore.readManifestAhead(root);
        PrintStore store = new PrintStore(1 << 20, new RecordingTrees(kept::add, prepared -> {
        }));
        tables(store, root);
        return store;
    }

    /** A store over the on-disk index in {@code index} that took {@code root}'s manifest read ahead. */
    private static PrintStore tookAheadOver(Path root, Path index) {
        PrintStore.readManifestAhead(root);
        PrintStore store = new PrintStore(CacheSizes.defaultParseCacheBytes(), DiskTrees.at(index));
        tables(store, root);
        return store;
    }

    /** How many files a later process's store, over the index in {@code index}, parses to list {@code root}'s tables. */
    private static long parsesLater(Path root, Path index) {
        PrintStore later = new PrintStore(CacheSizes.defaultParseCacheBytes(), DiskTrees.at(index));
        tables(later, root);
        return later.counters().parses();
    }

    @Test
    void theFirstStoreTakesTheManifestReadAheadWithoutParsingIt() {
        Path root = Fixtures.copy("basic", dir.resolve("basic"));
        PrintStore.readManifestAhead(root);
        PrintStore first = new PrintStore();
        List<String> taken = tables(first, root);
        assertEquals(0, first.counters().parses());
        PrintStore second = new PrintStore();
        assertEquals(tables(second, root), taken);
        assertEquals(1, second.counters().parses(), "taken once: a later store reads the file itself");
    }

    /** A read ahead that ends after a store read the manifest itself is dropped, not kept for a later store. */
    @Test
    void aReadAheadThatEndsAfterAStoreReadTheManifestIsDropped() {
        Path root = Fixtures.copy("basic", dir.resolve("basic"));
        tables(new PrintStore(), root);
        PrintStore.readManifestAhead(root);
        PrintStore later = new PrintStore();
        tables(later, root);
        assertEquals(1, later.counters().parses(), "nothing was kept for it");
    }

    /**
     * The store that takes a manifest read ahead keeps it on its on-disk index, as its own read would have, once it
     * prepares that index (or flushes), not as a first call takes it: opening the index is no part of a first list_tables.
     */
    @Test
    void theStoreThatTakesItKeepsItOnItsIndexOnceItPreparesIt() {
        Path root = Fixtures.copy("basic", dir.resolve("basic"));
        List<String> kept = new CopyOnWriteArrayList<>();
        PrintStore store = tookAhead(root, kept);
        assertEquals(0, store.counters().parses());
        assertEquals(List.of(), kept, "nothing written as the manifest is taken");
        store.prepareTrees(root);
        assertEquals(List.of(TreeStore.MANIFEST_FORM), kept);
        store.prepareTrees(root);
        assertEquals(List.of(TreeStore.MANIFEST_FORM), kept, "kept once");
    }

    /** Flushing the store keeps a manifest taken from a read ahead that no preparation kept. */
    @Test
    void aFlushKeepsWhatNoPreparationKept() {
        Path root = Fixtures.copy("basic", dir.resolve("basic"));
        List<String> kept = new CopyOnWriteArrayList<>();
        PrintStore store = tookAhead(root, kept);
        store.flush();
        assertEquals(List.of(TreeStore.MANIFEST_FORM), kept);
    }

    /**
     * At shutdown an index no call opened is left as it is, its directory not even made: the one thing to write would be
     * the form read ahead, which the next process reads ahead again.
     */
    @Test
    void aFlushOpensNoIndexThatNoCallOpened() {
        Path root = Fixtures.copy("basic", dir.resolve("basic"));
        Path index = dir.resolve("index");
        tookAheadOver(root, index).flush();
        assertFalse(Files.exists(index), "the index directory is not made");
    }

    /** Once a call opened the index, the flush keeps the form read ahead there, as a preparation would have. */
    @Test
    void aFlushKeepsTheFormReadAheadOnAnIndexACallOpened() {
        Path root = Fixtures.copy("basic", dir.resolve("basic"));
        Path index = dir.resolve("index");
        PrintStore store = tookAheadOver(root, index);
        PrintView view = store.view("c", root);
        view.statistics(view.index().tables().values().iterator().next());
        store.flush();
        assertEquals(0, parsesLater(root, index), "decoded from the index");
    }

    /** A manifest changed after the store took it is kept as read again; the form read ahead is not written after it. */
    @Test
    void aManifestReadAgainIsKeptAsReadAgain() throws Exception {
        Path root = Fixtures.copy("basic", dir.resolve("basic"));
        List<String> kept = new CopyOnWriteArrayList<>();
        PrintStore store = tookAhead(root, kept);
        Path manifest = root.resolve(PrintView.MANIFEST);
        Files.writeString(manifest, Files.readString(manifest) + "\n");
        tables(store, root);
        store.prepareTrees(root);
        assertEquals(1, store.counters().parses());
        assertEquals(List.of(TreeStore.MANIFEST_FORM), kept, "the form read again, alone");
    }

    /**
     * The form read ahead is the file's at the identity it was read at, so the store keeps it on its index though it
     * dropped the manifest since: a later process decodes the manifest rather than parsing it.
     */
    @Test
    void aManifestDroppedAtTheIdentityItWasReadAheadAtIsStillKept() {
        Path root = Fixtures.copy("basic", dir.resolve("basic"));
        Path index = dir.resolve("index");
        PrintStore store = tookAheadOver(root, index);
        store.clear();
        store.prepareTrees(root);
        store.flush();
        assertEquals(0, parsesLater(root, index), "decoded from the index");
    }

    @Test
    void aManifestChangedSinceItWasReadAheadIsReadAgain() throws Exception {
        Path root = Fixtures.copy("basic", dir.resolve("basic"));
        PrintStore.readManifestAhead(root);
        Path manifest = root.resolve(PrintView.MANIFEST);
        Files.writeString(manifest, Files.readString(manifest) + "\n");
        PrintStore store = new PrintStore();
        tables(store, root);
        assertEquals(1, store.counters().parses());
    }

    @Test
    void aManifestLargerThanTheBoundIsNotReadAhead() throws Exception {
        Path root = Fixtures.copy("basic", dir.resolve("basic"));
        Path manifest = root.resolve(PrintView.MANIFEST);
        String padding = "# " + "x".repeat((int) PrintStore.READ_AHEAD_MAX_BYTES) + "\n";
        Files.writeString(manifest, padding + Files.readString(manifest));
        PrintStore.readManifestAhead(root);
        PrintStore store = new PrintStore();
        tables(store, root);
        assertEquals(1, store.counters().parses());
    }
}
