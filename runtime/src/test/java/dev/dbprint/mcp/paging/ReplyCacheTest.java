package dev.dbprint.mcp.paging;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.FileTime;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.time.ZoneOffset;
import java.util.ArrayList;
import java.util.List;

import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import dev.dbprint.mcp.print.Fixtures;
import dev.dbprint.mcp.print.store.StoreCounters;
import dev.dbprint.mcp.tool.GetTableContextTool;
import dev.dbprint.mcp.tool.ListTablesTool;
import dev.dbprint.mcp.tool.ToolHarness;
import dev.dbprint.mcp.tool.WideTable;
import dev.dbprint.mcp.tool.call.ToolResult;

/**
 * The reply cache behind {@link PagedReplies}: a call repeated while the print is unchanged is served the same pages
 * without reading or rendering anything, and any change a fresh call would see — a rewritten file, a file that appears,
 * a directory moved out of the root behind a link, the clock's second for a detailed list — gets a fresh reply.
 */
class ReplyCacheTest {

    @TempDir
    Path dir;
    Path shop;
    ToolHarness h;
    GetTableContextTool context;

    @BeforeEach
    void fixture() throws IOException {
        Fixtures.copyDirectory(Path.of("../src/sample"), dir);
        shop = dir.resolve("prints/shop");
        WideTable.write(shop, 300);
        h = new ToolHarness(dir);
        context = new GetTableContextTool(h.store, h.paging);
    }

    private String call(Object tool, String args) {
        ToolResult r = h.call(tool, args);
        assertFalse(r.isError(), r.text());
        return r.text();
    }

    @Test
    void aRepeatedCallReadsAndRendersNothingAgain() {
        String first = call(context, "{\"table\":\"rental.ride\",\"purpose\":\"query\"}");
        StoreCounters before = h.store.counters();
        for (int i = 0; i < 3; i++) {
            assertEquals(first, call(context, "{\"table\":\"rental.ride\",\"purpose\":\"query\"}"));
        }
        StoreCounters after = h.store.counters();
        assertEquals(before.cacheHits(), after.cacheHits(), "no file read through the store, not even from its cache");
        assertEquals(before.parses(), after.parses());
        assertTrue(after.identityChecks() > before.identityChecks(), "every call still stats the files it rests on");
    }

    @Test
    void aSpellingThatMeansTheSameCallSharesTheReply() {
        String first = call(context, "{\"table\":\"rental.ride\",\"purpose\":\"query\",\"format\":\"json\"}");
        long hits = h.store.counters().cacheHits();
        assertEquals(first, call(context, "{\"table\":\"rental.ride\",\"purpose\":\"QUERY\",\"format\":\"JSON\"}"));
        assertEquals(hits, h.store.counters().cacheHits());
    }

    @Test
    void aRewrittenFileGetsAFreshReply() throws IOException {
        String args = "{\"table\":\"rental.bike\"}";
        String before = call(context, args);
        Path notes = shop.resolve("rental/bike/statistics.annotations.yaml");
        Files.writeString(notes, Files.readString(notes).replace("rounded to 250 km", "rounded to 500 km"));
        String after = call(context, args);
        assertNotEquals(before, after);
        assertTrue(after.contains("rounded to 500 km"), after);
        assertEquals(after, freshCall(args));
    }

    @Test
    void aFileThatAppearsGetsAFreshReply() throws IOException {
        String args = "{\"table\":\"rental.tariff\"}";
        assertFalse(call(context, args).contains("Zebra-striped"));
        Files.writeString(shop.resolve("rental/tariff/statistics.annotations.yaml"),
                "format_version: 1\ncolumns:\n  name:\n    note: Zebra-striped tariffs are the weekend ones.\n");
        assertTrue(call(context, args).contains("Zebra-striped"));
    }

    @Test
    void aDirectoryMovedOutOfTheRootBehindALinkIsRefusedAsAFreshCallRefusesIt() throws IOException {
        String args = "{\"table\":\"rental.bike\"}";
        call(context, args);
        Path outside = Files.createDirectories(dir.resolve("outside"));
        Files.move(shop.resolve("rental/bike"), outside.resolve("bike"));
        Files.createSymbolicLink(shop.resolve("rental/bike"), outside.resolve("bike"));
        ToolResult cached = h.call(context, args);
        assertTrue(cached.isError(), cached.text());
        assertEquals(freshCall(args), cached.text());
    }

    @Test
    void everyPageOfACachedReplyFollowsAndAChangeStopsTheCursor() throws IOException {
        String args = "{\"table\":\"rental.wide\",\"purpose\":\"profile\"}";
        List<String> pages = pages(args);
        assertTrue(pages.size() > 2, "the wide table pages");
        assertEquals(pages, pages(args));
        Path stats = shop.resolve("rental/wide/statistics.yaml");
        Files.setLastModifiedTime(stats, FileTime.from(Files.getLastModifiedTime(stats).toInstant().plusSeconds(1)));
        ToolResult stale = h.call(context, withCursor(args, cursorOf(pages.get(0))));
        assertTrue(stale.isError());
        assertTrue(stale.text().startsWith("the print changed on disk since this cursor was issued"), stale.text());
    }

    @Test
    void aDetailedListIsJudgedAgainAtEachSecond() {
        MutableClock clock = new MutableClock(Instant.parse("2026-12-01T00:00:00.250Z"));
        ListTablesTool list = new ListTablesTool(h.store, h.paging, clock);
        String first = call(list, "{\"detail\":true}");
        clock.now = clock.now.plusMillis(500);
        assertEquals(first, call(list, "{\"detail\":true}"), "the same second");
        clock.now = clock.now.plus(Duration.ofDays(30));
        String later = call(list, "{\"detail\":true}");
        assertTrue(later.contains("\"now\": \"2026-12-31T00:00:00Z\""), later);
        assertNotEquals(first.replaceAll("\"now\": \"[^\"]*\"", ""), later.replaceAll("\"now\": \"[^\"]*\"", ""),
                "the ages moved with the clock");
    }

    @Test
    void aCacheOfNothingComputesEveryCall() {
        PagedReplies uncached = new PagedReplies(0);
        GetTableContextTool tool = new GetTableContextTool(h.store, uncached);
        String first = h.call(tool, "{\"table\":\"rental.ride\"}").text();
        long hits = h.store.counters().cacheHits();
        assertEquals(first, h.call(tool, "{\"table\":\"rental.ride\"}").text());
        assertTrue(h.store.counters().cacheHits() > hits);
        assertEquals("0 replies weighing 0 characters", uncached.cacheSummary());
    }

    @Test
    void theLeastRecentlyUsedReplyGoesFirstPastTheBound() {
        String a = "{\"table\":\"rental.ride\"}", b = "{\"table\":\"rental.bike\"}", c = "{\"table\":\"rental.station\"}";
        // one-page replies; what each weighs kept alone, its read set included
        long bound = keptAlone(a) + keptAlone(b) + keptAlone(c) - 1;
        PagedReplies paging = new PagedReplies(bound);
        GetTableContextTool tool = new GetTableContextTool(h.store, paging);
        h.call(tool, a);
        h.call(tool, b);
        h.call(tool, a); // now the more recent of the two
        h.call(tool, c); // past the bound by one character once its read set is weighed
        paging.cacheSummary(); // which the summary waits for
        long hits = h.store.counters().cacheHits();
        h.call(tool, a);
        assertEquals(hits, h.store.counters().cacheHits(), "the recently used reply was kept");
        h.call(tool, b);
        assertTrue(h.store.counters().cacheHits() > hits, "the least recently used reply was dropped");
    }

    /** A reply is kept under the call's arguments as written out, and their length weighs with it. */
    @Test
    void theArgumentsAReplyIsKeptUnderWeighToo() {
        String longer = "*".repeat(40);
        String reply = call(new ListTablesTool(h.store, new PagedReplies()), "{\"pattern\":\"*\"}");
        PagedReplies one = new PagedReplies();
        PagedReplies many = new PagedReplies();
        assertEquals(reply, call(new ListTablesTool(h.store, one), "{\"pattern\":\"*\"}"));
        assertEquals(reply, call(new ListTablesTool(h.store, many), "{\"pattern\":\"" + longer + "\"}"));
        assertEquals(longer.length() - 1, weight(many) - weight(one));
    }

    @Test
    void onlyBuiltPagesAreKeptAndAPageNotYetBuiltIsBuiltFromTheReplyComputedAgain() {
        String args = "{\"table\":\"rental.wide\",\"purpose\":\"profile\"}";
        String first = call(context, args);
        long afterFirst = weight(h.paging);
        long hits = h.store.counters().cacheHits();
        String second = call(context, withCursor(args, cursorOf(first)));
        assertTrue(h.store.counters().cacheHits() > hits, "page 2 needed the reply computed again");
        hits = h.store.counters().cacheHits();
        assertEquals(second, call(context, withCursor(args, cursorOf(first))));
        assertEquals(first, call(context, args));
        assertEquals(hits, h.store.counters().cacheHits(), "both pages are kept now");
        assertTrue(h.paging.cacheSummary().startsWith("1 replies"), h.paging.cacheSummary());
        assertEquals(afterFirst + weight(second), weight(h.paging), "page 2 and its literal were added to the entry");
        assertTrue(afterFirst > weight(first), "the read set weighs too");
    }

    @Test
    void aPageBuiltOnceServesEveryCursorThatNamesIt() {
        String args = "{\"table\":\"rental.wide\",\"purpose\":\"profile\"}";
        List<String> pages = pages(args);
        long hits = h.store.counters().cacheHits();
        for (int i = 1; i < pages.size(); i++) {
            assertEquals(pages.get(i), call(context, withCursor(args, cursorOf(pages.get(i - 1)))));
        }
        assertEquals(hits, h.store.counters().cacheHits());
    }

    @Test
    void aReplyReplacedForAnotherSecondWeighsNoMoreThanTheOneKeptInItsPlace() {
        Instant t = Instant.parse("2026-12-01T00:00:00Z");
        MutableClock clock = new MutableClock(t);
        PagedReplies replaced = new PagedReplies();
        ListTablesTool list = new ListTablesTool(h.store, replaced, clock);
        for (int second = 0; second < 3; second++) {
            clock.now = t.plusSeconds(second);
            call(list, "{\"detail\":true}");
        }
        PagedReplies once = new PagedReplies();
        call(new ListTablesTool(h.store, once, clock), "{\"detail\":true}");
        assertEquals(once.cacheSummary(), replaced.cacheSummary());
    }

    @Test
    void aReplyThatNoLongerHoldsIsLetGoEvenWhenTheCallThatFoundItFails() throws IOException {
        String args = "{\"table\":\"rental.ride\"}";
        call(context, args);
        assertTrue(h.paging.cacheSummary().startsWith("1 replies"), h.paging.cacheSummary());
        Files.writeString(shop.resolve("manifest.yaml"), "tables: [\n");
        ToolResult failed = h.call(context, args);
        assertTrue(failed.isError(), failed.text());
        assertEquals("0 replies weighing 0 characters", h.paging.cacheSummary());
    }

    // ---------------------------------------------------------------- helpers

    /** What a kept page weighs: its characters and the bytes of its JSON literal. */
    private static long weight(String page) {
        return page.length() + JsonLiteral.of(page).byteLength();
    }

    /** The total weight a cache reports. */
    private static long weight(PagedReplies paging) {
        String summary = paging.cacheSummary(); // "N replies weighing W characters"
        return Long.parseLong(summary.substring(summary.indexOf("weighing ") + 9, summary.lastIndexOf(' ')));
    }

    /** What the reply to {@code args} weighs in a cache of its own. */
    private long keptAlone(String args) {
        PagedReplies alone = new PagedReplies();
        h.call(new GetTableContextTool(h.store, alone), args);
        return weight(alone);
    }

    /** What a second server over the same files, keeping nothing, answers. */
    private String freshCall(String args) {
        ToolHarness fresh = new ToolHarness(dir);
        return fresh.call(new GetTableContextTool(fresh.store, new PagedReplies(0)), args).text();
    }

    private List<String> pages(String args) {
        List<String> out = new ArrayList<>();
        String text = call(context, args);
        out.add(text);
        while (cursorOf(text) != null) {
            text = call(context, withCursor(args, cursorOf(text)));
            out.add(text);
        }
        return out;
    }

    private static String withCursor(String args, String cursor) {
        return args.substring(0, args.length() - 1) + ",\"cursor\":\"" + cursor + "\"}";
    }

    private static String cursorOf(String page) {
        int at = page.lastIndexOf("\nnext_cursor: ");
        return at < 0 ? null : page.substring(at + "\nnext_cursor: ".length()).strip();
    }

    private static final class MutableClock extends Clock {

        Instant now;

        MutableClock(Instant now) {
            this.now = now;
        }

        @Override
        public ZoneOffset getZone() {
            return ZoneOffset.UTC;
        }

        @Override
        public Clock withZone(java.time.ZoneId zone) {
            return this;
        }

        @Override
        public Instant instant() {
            return now;
        }
    }
}
