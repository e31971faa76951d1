package dev.dbprint.mcp.search;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Clock;
import java.time.Instant;
import java.time.ZoneOffset;
import java.util.ArrayList;
import java.util.List;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import dev.dbprint.mcp.print.Fixtures;
import dev.dbprint.mcp.print.cache.CacheSizes;
import dev.dbprint.mcp.print.index.DiskTrees;
import dev.dbprint.mcp.print.index.TreeStore;
import dev.dbprint.mcp.print.store.PrintStore;
import dev.dbprint.mcp.tool.GetManifestTool;
import dev.dbprint.mcp.tool.GetTableContextTool;
import dev.dbprint.mcp.tool.ListTablesTool;
import dev.dbprint.mcp.tool.ResolveValueTool;
import dev.dbprint.mcp.tool.SearchColumnsTool;
import dev.dbprint.mcp.tool.ToolHarness;
import dev.dbprint.mcp.tool.call.ToolResult;

/**
 * The caches behind the index tools change no reply: the same calls answer the same text with the on-disk index off,
 * cold, warm from an earlier process, rebuilt after corruption, and with caches too small to keep anything; and a
 * search after an edit sees the edit.
 */
class SearchIndexTest {

    @TempDir
    Path dir;

    private static final List<String> SEARCHES = List.of("{\"text\": \"station\"}", "{\"pattern\": \"*id\"}",
            "{\"classification\": \"categorical\"}", "{\"sensitivity\": \"*\"}", "{\"looks_like\": \"*\"}",
            "{\"candidate_key\": true}", "{\"pattern\": \"*[*]*\"}", "{\"text\": \"night\"}",
            "{\"sql_type\": \"*int*\", \"redacted\": \"*\"}");

    /** Every reply of a fixed set of calls over the sample print, cursors blanked (they are signed per process). */
    private List<String> replies(PrintStore store, long searchCacheBytes) {
        ToolHarness h = new ToolHarness(store, dir);
        SearchColumnsTool search = new SearchColumnsTool(h.store, h.paging, searchCacheBytes);
        Clock clock = Clock.fixed(Instant.parse("2026-12-01T00:00:00Z"), ZoneOffset.UTC);
        List<String> out = new ArrayList<>();
        for (int round = 0; round < 2; round++) {
            for (String args : SEARCHES) {
                out.add(text(h.call(search, args)));
            }
            out.add(text(h.call(new ListTablesTool(h.store, h.paging, clock), "{\"detail\": true}")));
            out.add(text(h.call(new GetManifestTool(h.store, h.paging), "{}")));
            for (String purpose : List.of("query", "profile")) {
                for (String format : List.of("md", "json")) {
                    out.add(text(h.call(new GetTableContextTool(h.store, h.paging), "{\"table\": \"rental.station\","
                            + " \"purpose\": \"" + purpose + "\", \"format\": \"" + format + "\"}")));
                }
            }
            out.add(text(h.call(new ResolveValueTool(h.store, h.paging),
                    "{\"table\": \"rental.ride\", \"column\": \"status\", \"text\": \"Done\"}")));
        }
        store.flush(); // as at shutdown: nothing is written once the test's directory goes
        return out;
    }

    private static String text(ToolResult r) {
        return r.text().replaceAll("[A-Za-z0-9_-]{88}", "<cursor>");
    }

    @Test
    void repliesAreByteIdenticalWithTheIndexOffColdWarmRebuiltAndWithNoRoomToCache() throws IOException {
        Fixtures.copyDirectory(Path.of("../src/sample"), dir);
        List<String> off = replies(new PrintStore(), CacheSizes.defaultSearchCacheBytes());
        assertTrue(off.stream().anyMatch(t -> t.contains("\"matches\"")), off.get(0));

        Path index = dir.resolve("index");
        TreeStore cold = DiskTrees.at(index);
        assertEquals(off, replies(new PrintStore(CacheSizes.defaultParseCacheBytes(), cold), 1 << 20), "cold");
        cold.flush();
        assertEquals(2, DiskTrees.files(index).size(), "the index was written: the manifest's file and the rest");

        assertEquals(off, replies(new PrintStore(CacheSizes.defaultParseCacheBytes(), DiskTrees.at(index)), 1 << 20),
                "warm from an earlier process");

        for (Path f : DiskTrees.files(index)) {
            byte[] b = Files.readAllBytes(f);
            for (int i = b.length / 3; i < b.length; i += 97) {
                b[i] ^= 0x5a;
            }
            Files.write(f, b);
        }
        TreeStore rebuilt = DiskTrees.at(index);
        assertEquals(off, replies(new PrintStore(CacheSizes.defaultParseCacheBytes(), rebuilt), 1 << 20),
                "over a corrupt index");
        rebuilt.flush();
        assertEquals(off, replies(new PrintStore(CacheSizes.defaultParseCacheBytes(), DiskTrees.at(index)), 1 << 20),
                "rebuilt");

        assertEquals(off, replies(new PrintStore(0, TreeStore.NONE), 0), "nothing kept in memory");
        assertEquals(off, replies(new PrintStore(4096, DiskTrees.at(index)), 2048), "caches far smaller than the print");
    }

    @Test
    void aSearchAfterAnEditSeesTheEditWhetherTheIndexWasKeptOrNot() throws IOException {
        Fixtures.copyResource("/fixtures/search", dir);
        for (long bound : List.of(CacheSizes.defaultSearchCacheBytes(), 0L)) {
            ToolHarness h = new ToolHarness(new PrintStore(CacheSizes.defaultParseCacheBytes(),
                    DiskTrees.at(dir.resolve("index-" + bound))), dir);
            SearchColumnsTool tool = new SearchColumnsTool(h.store, h.paging, bound);
            Path table = dir.resolve("prints/arb/geo/visit");
            Path stats = table.resolve("statistics.yaml");
            String original = Files.readString(stats);
            assertFalse(h.call(tool, "{\"pattern\": \"zz_new\"}").text().contains("zz_new"));

            Files.writeString(stats, original.replace("columns:\n", "columns:\n  zz_new:\n    sql_type: text\n"));
            assertTrue(h.call(tool, "{\"pattern\": \"zz_new\"}").text().contains("\"column\": \"zz_new\""),
                    "a column added to statistics.yaml");

            Path notes = table.resolve("statistics.annotations.yaml");
            Files.writeString(notes, "format_version: 1\ncolumns:\n  zz_new:\n    note: Where the marmot sleeps.\n");
            assertTrue(h.call(tool, "{\"text\": \"marmot\"}").text().contains("Where the marmot sleeps."),
                    "an annotation file that appeared");
            Files.writeString(notes, "format_version: 1\ncolumns:\n  zz_new:\n    note: Where the ferret sleeps.\n");
            assertFalse(h.call(tool, "{\"text\": \"marmot\"}").text().contains("marmot"), "an annotation rewritten");
            Files.delete(notes);
            assertFalse(h.call(tool, "{\"text\": \"ferret\"}").text().contains("ferret"), "an annotation removed");
            Files.writeString(stats, original);
            assertFalse(h.call(tool, "{\"pattern\": \"zz_new\"}").text().contains("zz_new"), "the column removed");
            h.store.flush();
        }
    }

    /** A column's sketch and value list are most of a real statistics file; a search keeps neither. */
    @Test
    void aSearchHoldsNoSketchOrValueListInMemory() throws IOException {
        Fixtures.copyDirectory(Path.of("../src/sample"), dir);
        Path stats = dir.resolve("prints/shop/rental/station/statistics.yaml");
        StringBuilder bulk = new StringBuilder(
                "  aaa_bulk:\n    sql_type: text\n    sketch:\n      method: kmv_md5_lo64\n      values: ");
        bulk.append("QUJD".repeat(100_000)).append("\n    values:\n");
        for (int i = 0; i < 5_000; i++) {
            bulk.append("    - value: v").append(i).append("\n      count: ").append(i).append('\n');
        }
        String text = Files.readString(stats);
        int columns = text.indexOf("\ncolumns:\n") + "\ncolumns:\n".length();
        Files.writeString(stats, text.substring(0, columns) + bulk + text.substring(columns));
        PrintStore store = new PrintStore();
        ToolHarness h = new ToolHarness(store, dir);
        String reply = h.call(new SearchColumnsTool(h.store, h.paging, CacheSizes.defaultSearchCacheBytes()),
                "{\"pattern\": \"aaa_bulk\"}").text();
        assertTrue(reply.contains("\"column\": \"aaa_bulk\""), reply);
        long statisticsBytes = Files.size(stats);
        long kept = store.counters().weight();
        assertTrue(kept < statisticsBytes / 4, "kept " + kept + " bytes of estimated heap for a " + statisticsBytes
                + "-byte statistics file: the search read more than its cut");
    }
}
