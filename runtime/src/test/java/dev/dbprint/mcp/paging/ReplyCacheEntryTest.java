package dev.dbprint.mcp.paging;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicReference;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import com.fasterxml.jackson.core.SerializableString;

import dev.dbprint.mcp.print.store.PrintStore;
import dev.dbprint.mcp.print.store.PrintView;
import dev.dbprint.mcp.print.store.ReadSet;

/**
 * A kept reply builds a page it lacks only from the same reply computed again: a reply computed from another print
 * (another digest, as when the print moved between the check and the computation) never fills in its pages.
 */
class ReplyCacheEntryTest {

    @TempDir
    Path dir;

    /** Pages named by the reply they come from and the row they begin at. */
    private record Row(String text, Position next) implements PageSequence.Step {

        @Override
        public boolean isLast() {
            return next == null;
        }
    }

    private static PageSequence<Row> reply(String name) {
        return new PageSequence<>() {

            @Override
            protected Row build(Position start) {
                return new Row(name + " from row " + start.a(), new Position(start.a() + 1, 0, 0, 0));
            }
        };
    }

    @Test
    void aPageItLacksIsBuiltOnlyFromTheSameReplyComputedAgain() throws Exception {
        ReadSet nothingRead = new PrintStore().view("c", dir).readSet().orElseThrow();
        ReplyCache cache = new ReplyCache(1_000_000);
        ReplyCache.Entry<Row> kept = cache.put("call", "", "print-1", () -> nothingRead, reply("first"));
        assertEquals("first from row 0", kept.pageAt(Position.START).text());
        Position second = new Position(1, 0, 0, 0);
        assertNull(kept.pageAt(second), "only the pages built are kept");

        assertFalse(kept.rearm("print-2", reply("other print")));
        assertNull(kept.pageAt(second), "nothing of another print's reply is kept in its place");

        assertTrue(kept.rearm("print-1", reply("again")));
        assertEquals("again from row 1", kept.pageAt(second).text());
        assertEquals("first from row 0", kept.pageAt(Position.START).text());
        assertEquals(kept, cache.get("call", ""));
    }

    /** A reply whose every page is {@code text}. */
    private static PageSequence<Row> pagesOf(String text) {
        return new PageSequence<>() {

            @Override
            protected Row build(Position start) {
                return new Row(text, null);
            }
        };
    }

    @Test
    void aCacheOfNoCharactersKeepsNothingEvenOfWeightZero() throws Exception {
        ReadSet nothingRead = new PrintStore().view("c", dir).readSet().orElseThrow();
        assertEquals(0, nothingRead.weight());
        ReplyCache cache = new ReplyCache(0);
        ReplyCache.Entry<Row> served = cache.put("call", "", "print-1", () -> nothingRead, pagesOf("page"));
        assertEquals(0, cache.size());
        assertNull(cache.get("call", ""));
        assertEquals("page", served.pageAt(Position.START).text(), "it still serves the call that computed it");
        assertEquals(0, cache.weight());
    }

    @Test
    void repliesWeighingExactlyTheBoundAreKeptAndOneCharacterMoreEvictsTheOldest() throws Exception {
        ReadSet nothingRead = new PrintStore().view("c", dir).readSet().orElseThrow();
        ReplyCache cache = new ReplyCache(10);
        // each weighs its page and its one-character key
        cache.put("a", "", "p", () -> nothingRead, pagesOf("a".repeat(3))).pageAt(Position.START);
        cache.put("b", "", "p", () -> nothingRead, pagesOf("b".repeat(5))).pageAt(Position.START);
        assertEquals(10, cache.weight());
        assertEquals(2, cache.size());

        cache.put("c", "", "p", () -> nothingRead, pagesOf("c")).pageAt(Position.START);
        assertNull(cache.get("a", ""), "the least recently used goes first");
        assertEquals("b".repeat(5), cache.get("b", "").pageAt(Position.START).text());
        assertEquals(8, cache.weight());
    }

    /**
     * The read set is built off the path of the reply that put it: put returns while the set is still being built, and
     * a get right behind it waits for it, serves the entry while it holds, and finds its weight counted.
     */
    @Test
    void aReadSetIsBuiltAfterPutReturnsAndAGetWaitsForIt() throws Exception {
        Files.writeString(dir.resolve("manifest.yaml"), "tables: {}\n");
        PrintView view = new PrintStore().view("c", dir);
        view.index();
        ReadSet read = view.readSet().orElseThrow();
        assertTrue(read.weight() > 0);
        CountDownLatch release = new CountDownLatch(1);
        AtomicReference<String> builder = new AtomicReference<>();
        ReplyCache cache = new ReplyCache(1_000_000);
        ReplyCache.Entry<Row> kept = cache.put("call", "", "p", () -> {
            builder.set(Thread.currentThread().getName());
            try {
                release.await();
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
            }
            return read;
        }, pagesOf("page"));
        assertEquals("page", kept.pageAt(Position.START).text(), "the reply is served before its read set is built");
        CompletableFuture<ReplyCache.Entry<Row>> got = CompletableFuture.supplyAsync(() -> cache.get("call", ""));
        Thread.sleep(100);
        assertFalse(got.isDone(), "a get does not pass an entry whose read set is still being built");
        release.countDown();
        assertSame(kept, got.get(10, TimeUnit.SECONDS));
        assertEquals("dbprint-reply-keeper", builder.get());
        assertEquals(4 + "call".length() + read.weight(), cache.weight());

        Files.writeString(dir.resolve("manifest.yaml"), "tables: {a: {path: a}}\n");
        assertNull(cache.get("call", ""), "a set that no longer holds drops its entry");
        assertEquals(0, cache.size());
    }

    /** A reply that must not be kept (a torn view's) gives no read set: its entry is dropped at the next get. */
    @Test
    void anEntryWithoutAReadSetIsDroppedAtTheNextGet() {
        ReplyCache cache = new ReplyCache(1_000_000);
        cache.put("call", "", "p", () -> null, pagesOf("page")).pageAt(Position.START);
        assertNull(cache.get("call", ""));
        assertEquals(0, cache.size());
        assertEquals(0, cache.weight());
    }

    /** A cache that keeps nothing never asks for a read set. */
    @Test
    void aCacheOfNoCharactersBuildsNoReadSet() {
        ReplyCache cache = new ReplyCache(0);
        AtomicReference<String> asked = new AtomicReference<>();
        cache.put("call", "", "p", () -> {
            asked.set("asked");
            return null;
        }, pagesOf("page")).pageAt(Position.START);
        assertNull(asked.get());
    }

    @Test
    void aPageLiteralIsMadeOnceAndWeighedInItsBytes() throws Exception {
        ReadSet nothingRead = new PrintStore().view("c", dir).readSet().orElseThrow();
        ReplyCache cache = new ReplyCache(1_000);
        ReplyCache.Entry<Row> kept = cache.put("call", "", "p", () -> nothingRead, pagesOf("caf\u00e9"));
        Row page = kept.pageAt(Position.START);
        SerializableString literal = kept.literal(Position.START, page);
        assertEquals(JsonLiteral.of("caf\u00e9").getValue(), literal.getValue());
        assertSame(literal, kept.literal(Position.START, page));
        assertEquals(4 + "call".length() + JsonLiteral.of("caf\u00e9").byteLength(), cache.weight());
    }
}
