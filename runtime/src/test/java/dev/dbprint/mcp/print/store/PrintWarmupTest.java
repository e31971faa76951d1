package dev.dbprint.mcp.print.store;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Set;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicLong;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import dev.dbprint.mcp.config.Connections;
import dev.dbprint.mcp.config.DbprintYaml;
import dev.dbprint.mcp.config.ServedConnection;
import dev.dbprint.mcp.config.ServedSet;
import dev.dbprint.mcp.error.PrintError;
import dev.dbprint.mcp.print.index.TreeStore;
import dev.dbprint.mcp.signal.CallUnderway;

class PrintWarmupTest {

    @TempDir
    Path dir;

    private Connections connections(String... manifests) throws IOException {
        StringBuilder yaml = new StringBuilder("connections:\n");
        for (int i = 0; i < manifests.length; i++) {
            yaml.append("  c").append(i).append(":\n    auto: true\n");
            Path manifest = dir.resolve("prints/c" + i + "/manifest.yaml");
            Files.createDirectories(manifest.getParent());
            Files.writeString(manifest, manifests[i]);
            Path annotations = manifest.resolveSibling("s/a/relationships.annotations.yaml");
            Files.createDirectories(annotations.getParent());
            Files.writeString(annotations, "format_version: 1\nrefers_to: []\n");
        }
        Path file = dir.resolve(".dbprint.yaml");
        Files.writeString(file, yaml);
        return new Connections(ServedSet.resolve(DbprintYaml.read(file), List.of()));
    }

    // s.a adds edges in relationships.annotations.yaml, s.b adds none
    private static final String MANIFEST = """
            format_version: 1
            tables:
              s.a: {type: table, path: s/a, artifacts: {ddl: ddl.sql, relationships_annotations: relationships.annotations.yaml}}
              s.b: {type: table, path: s/b, artifacts: {ddl: ddl.sql}}
            """;

    @Test
    void everyServedManifestAndEveryEdgeAnnotationIsReadOnceAheadAndTheFirstCallFindsThemKept() throws Exception {
        Connections connections = connections(MANIFEST, MANIFEST);
        PrintStore store = new PrintStore();
        PrintWarmup warmup = new PrintWarmup(store, connections);

        warmup.begin().get(30, TimeUnit.SECONDS);

        assertEquals(4, store.counters().parses(), "per served connection, its manifest and s.a's annotations");
        for (ServedConnection c : connections.set().served().values()) {
            PrintView view = store.view(c);
            assertEquals(List.of("s.a", "s.b"), List.copyOf(view.index().tables().keySet()));
            assertTrue(view.relationshipsAnnotations(view.table("s.a").orElseThrow()).isPresent());
        }
        assertEquals(4, store.counters().parses(), "the calls found every file kept");
    }

    @Test
    void theTableOfEveryServedConnectionsOnDiskIndexIsReadAhead() throws Exception {
        Connections connections = connections(MANIFEST, MANIFEST);
        List<Path> prepared = new CopyOnWriteArrayList<>();
        TreeStore trees = new RecordingTrees(form -> {
        }, prepared::add);

        new PrintWarmup(new PrintStore(1 << 20, trees), connections).begin().get(30, TimeUnit.SECONDS);

        assertEquals(Set.of(dir.resolve("prints/c0"), dir.resolve("prints/c1")), Set.copyOf(prepared));
        assertEquals(2, prepared.size(), "each once");
    }

    /** The manifests at once, as every call starts from them; the rest once neither they nor a call are that recent. */
    @Test
    void pastTheManifestsTheReadGivesWayToACallThatStartedMeanwhile() throws Exception {
        Connections connections = connections(MANIFEST);
        AtomicLong manifestRead = new AtomicLong();
        AtomicLong callStarted = new AtomicLong();
        AtomicLong preparedAt = new AtomicLong();
        long giveWay = TimeUnit.MILLISECONDS.toNanos(500);
        PrintStore[] store = new PrintStore[1];
        store[0] = new PrintStore(1 << 20, new RecordingTrees(form -> {
            if (form.equals(TreeStore.MANIFEST_FORM)) { // a call starts as the manifest is kept
                manifestRead.set(System.nanoTime());
                sleep(100);
                callStarted.set(System.nanoTime());
                store[0].view(connections.named("c0"));
            }
        }, root -> preparedAt.set(System.nanoTime())));

        new PrintWarmup(store[0], connections, giveWay, Integer.MAX_VALUE).begin().get(30, TimeUnit.SECONDS);

        assertTrue(callStarted.get() > manifestRead.get(), "the manifest was kept on the index");
        assertTrue(preparedAt.get() - callStarted.get() >= giveWay,
                "the index's table was read " + (preparedAt.get() - callStarted.get()) / 1_000_000
                        + " ms after the call began");
        assertEquals(2, store[0].counters().parses(), "then the manifest's and s.a's annotations were read all the same");
    }

    /** A call that lasts past the give-way (a first search on thousands of tables) keeps the read waiting to its end. */
    @Test
    void pastTheManifestsTheReadWaitsForACallUnderWayToEnd() throws Exception {
        Connections connections = connections(MANIFEST);
        AtomicLong callEnded = new AtomicLong();
        AtomicLong preparedAt = new AtomicLong();
        long giveWay = TimeUnit.MILLISECONDS.toNanos(50);
        PrintStore[] store = new PrintStore[1];
        store[0] = new PrintStore(1 << 20, new RecordingTrees(form -> {
            if (form.equals(TreeStore.MANIFEST_FORM)) { // a call begins as the manifest is kept, and lasts 400 ms
                store[0].underway(new CallUnderway(false));
                store[0].view(connections.named("c0"));
                Thread call = new Thread(() -> {
                    sleep(400);
                    callEnded.set(System.nanoTime());
                    store[0].underway(new CallUnderway(true));
                });
                call.start();
            }
        }, root -> preparedAt.set(System.nanoTime())));

        new PrintWarmup(store[0], connections, giveWay, Integer.MAX_VALUE).begin().get(30, TimeUnit.SECONDS);

        assertTrue(callEnded.get() != 0 && preparedAt.get() >= callEnded.get(),
                "the index's table was read " + (preparedAt.get() - callEnded.get()) / 1_000_000
                        + " ms after the call ended");
    }

    /**
     * What the greeting leaves for a quiet moment (the first cursor's set-up) runs on the read's thread, after the read,
     * once the call under way has ended and the give-way has passed.
     */
    @Test
    void whatIsLeftForAQuietMomentRunsOnTheReadsThreadOnceNoCallIsUnderWay() throws Exception {
        Connections connections = connections(MANIFEST);
        AtomicLong callEnded = new AtomicLong();
        AtomicLong preparedAt = new AtomicLong();
        PrintStore[] store = new PrintStore[1];
        store[0] = new PrintStore(1 << 20, new RecordingTrees(form -> {
            if (form.equals(TreeStore.MANIFEST_FORM)) { // a call begins as the manifest is kept, and lasts 300 ms
                store[0].underway(new CallUnderway(false));
                new Thread(() -> {
                    sleep(300);
                    callEnded.set(System.nanoTime());
                    store[0].underway(new CallUnderway(true));
                }).start();
            }
        }, root -> preparedAt.set(System.nanoTime())));
        AtomicLong ranAt = new AtomicLong();
        List<String> ranOn = new CopyOnWriteArrayList<>();
        CountDownLatch ran = new CountDownLatch(1);
        long giveWay = TimeUnit.MILLISECONDS.toNanos(20);

        new PrintWarmup(store[0], connections, giveWay, Integer.MAX_VALUE).begin(() -> {
            ranAt.set(System.nanoTime());
            ranOn.add(Thread.currentThread().getName());
            ran.countDown();
        }).get(30, TimeUnit.SECONDS);

        assertTrue(ran.await(30, TimeUnit.SECONDS));
        assertEquals(List.of("dbprint-warmup"), ranOn, "run once, on the read's thread");
        assertTrue(ranAt.get() - callEnded.get() >= giveWay && ranAt.get() > preparedAt.get(),
                "run " + (ranAt.get() - callEnded.get()) / 1_000_000 + " ms after the call ended");
    }

    @Test
    void pastTheManifestsOfALargePrintTheReadWaitsEvenWithNoCall() throws Exception {
        long giveWay = TimeUnit.MILLISECONDS.toNanos(300);
        long waited = fromManifestToIndexTable(giveWay, 2); // its 2 tables make a large print here
        assertTrue(waited >= giveWay, "the index's table was read " + waited / 1_000_000 + " ms after the manifest");
    }

    /** The server stops while the read waits past the manifests: the read ends at once and reads nothing more. */
    @Test
    void aStopEndsTheReadAtItsNextStep() throws Exception {
        Connections connections = connections(MANIFEST);
        CountDownLatch manifestKept = new CountDownLatch(1);
        AtomicLong preparedAt = new AtomicLong();
        PrintStore store = new PrintStore(1 << 20, new RecordingTrees(form -> {
            if (form.equals(TreeStore.MANIFEST_FORM)) {
                manifestKept.countDown();
            }
        }, root -> preparedAt.set(System.nanoTime())));
        PrintWarmup warmup = new PrintWarmup(store, connections, TimeUnit.SECONDS.toNanos(60), 1);
        List<String> quiet = new CopyOnWriteArrayList<>();
        CompletableFuture<Void> read = warmup.begin(() -> quiet.add("ran"));
        assertTrue(manifestKept.await(15, TimeUnit.SECONDS));

        warmup.stop();

        read.get(15, TimeUnit.SECONDS); // well before the 60 s give-way
        assertEquals(0, preparedAt.get(), "the index's table was not read");
        assertEquals(List.of(), quiet, "nor what was left for a quiet moment run");
        assertEquals(1, store.counters().parses(), "only the manifest was read, not s.a's annotations");
    }

    /** On a small print the rest is read at once: it is done in milliseconds, before a model's first call comes. */
    @Test
    void pastTheManifestsOfASmallPrintTheReadGoesOnWithNoCall() throws Exception {
        long giveWay = TimeUnit.SECONDS.toNanos(20);
        assertTrue(fromManifestToIndexTable(giveWay, 3) < giveWay, "the index's table was read without a wait");
    }

    /** A read-ahead of one connection and no call: the nanoseconds from its manifest kept to its index's table read. */
    private long fromManifestToIndexTable(long giveWay, int largePrint) throws Exception {
        Connections connections = connections(MANIFEST);
        AtomicLong manifestRead = new AtomicLong();
        AtomicLong preparedAt = new AtomicLong();
        PrintStore store = new PrintStore(1 << 20, new RecordingTrees(form -> {
            if (form.equals(TreeStore.MANIFEST_FORM)) {
                manifestRead.set(System.nanoTime());
            }
        }, root -> preparedAt.set(System.nanoTime())));
        new PrintWarmup(store, connections, giveWay, largePrint).begin().get(15, TimeUnit.SECONDS);
        return preparedAt.get() - manifestRead.get();
    }

    private static void sleep(long ms) {
        try {
            Thread.sleep(ms);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }

    @Test
    void aLaterHandshakeGetsTheSameReadAndReadsNothingAgain() throws Exception {
        PrintStore store = new PrintStore();
        PrintWarmup warmup = new PrintWarmup(store, connections(MANIFEST));

        var first = warmup.begin();
        first.get(30, TimeUnit.SECONDS);
        long identityChecks = store.counters().identityChecks();

        assertSame(first, warmup.begin());
        assertEquals(identityChecks, store.counters().identityChecks(), "the second handshake touched no file");
    }

    @Test
    void aBrokenManifestIsLeftToTheCallThatNeedsIt() throws Exception {
        Connections connections = connections("tables:\n  s.x: [unclosed\n", MANIFEST);
        PrintStore store = new PrintStore();

        new PrintWarmup(store, connections).begin().get(30, TimeUnit.SECONDS);

        ServedConnection broken = connections.named("c0");
        assertThrows(PrintError.class, () -> store.view(broken).index(), "the call still reports the broken file");
        assertEquals(List.of("s.a", "s.b"), List.copyOf(store.view(connections.named("c1")).index().tables().keySet()),
                "the other connection was read ahead all the same");
    }

    @Test
    void aBrokenAnnotationsFileIsLeftToItsCallAndTheNextIsStillReadAhead() throws Exception {
        Connections connections = connections(MANIFEST.replace("s.b: {type: table, path: s/b, artifacts: {ddl: ddl.sql}}",
                "s.c: {type: table, path: s/c, artifacts: {relationships_annotations: relationships.annotations.yaml}}"));
        Path prints = dir.resolve("prints/c0");
        Files.writeString(prints.resolve("s/a/relationships.annotations.yaml"), "refers_to: [unclosed\n");
        Files.createDirectories(prints.resolve("s/c"));
        Files.writeString(prints.resolve("s/c/relationships.annotations.yaml"), "format_version: 1\nrefers_to: []\n");
        PrintStore store = new PrintStore();

        new PrintWarmup(store, connections).begin().get(30, TimeUnit.SECONDS);

        long parses = store.counters().parses();
        PrintView view = store.view(connections.named("c0"));
        assertTrue(view.relationshipsAnnotations(view.table("s.c").orElseThrow()).isPresent());
        assertEquals(parses, store.counters().parses(), "s.c's file was read ahead past the broken one before it");
        assertThrows(PrintError.class, () -> view.relationshipsAnnotations(view.table("s.a").orElseThrow()),
                "the call still reports the broken file");
    }
}
