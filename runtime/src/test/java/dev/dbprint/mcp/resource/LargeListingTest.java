package dev.dbprint.mcp.resource;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.FileTime;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Optional;

import org.junit.jupiter.api.Test;

import dev.dbprint.mcp.error.ProtocolError;
import dev.dbprint.mcp.paging.JsonText;
import dev.dbprint.mcp.paging.Pager;

/**
 * resources/list over a print of thousands of tables laid out as dbprint writes one: a page's work is that page's,
 * wherever it lies in the listing, and a cursor fails only for the change docs/server.md §3.3 names.
 */
class LargeListingTest extends ResourceFixtureTest {

    private static final int TABLES = 2000;

    /** Table {@code i}: ddl, statistics and relationships declared and on disk; every third described, every fifth annotated. */
    private void largePrint() {
        largePrint(TABLES);
    }

    private void largePrint(int tables) {
        StringBuilder m = new StringBuilder("format_version: 1\nconnection: alpha\nadapter: postgres\ntables:\n");
        for (int i = 0; i < tables; i++) {
            String dir = String.format("sales/t%04d", i);
            m.append(String.format("  sales.t%04d:%n    type: table%n    path: %s%n    artifacts:%n", i, dir))
                    .append("      ddl: ddl.sql\n      statistics: statistics.yaml\n")
                    .append("      relationships: relationships.yaml\n");
            f.write("prints/alpha/" + dir + "/ddl.sql", "CREATE TABLE sales.t" + i + " (\n    id integer NOT NULL\n);\n");
            f.write("prints/alpha/" + dir + "/statistics.yaml", "format_version: 1\ntable: sales.t" + i + "\ncolumns: {}\n");
            f.write("prints/alpha/" + dir + "/relationships.yaml", "format_version: 1\nrefers_to: []\n");
            if (i % 3 == 0) {
                f.write("prints/alpha/" + dir + "/description.md", "# t" + i + "\n");
            }
            if (i % 5 == 0) {
                f.write("prints/alpha/" + dir + "/statistics.annotations.yaml", "format_version: 1\n");
            }
        }
        f.write("prints/alpha/manifest.yaml", m.toString());
    }

    @SuppressWarnings("unchecked")
    private static List<Map<String, Object>> resources(Map<String, Object> page) {
        return (List<Map<String, Object>>) page.get("resources");
    }

    private static String cursorOf(Map<String, Object> page) {
        return (String) page.get("nextCursor");
    }

    /** The whole listing, page by page from the first. */
    private List<Map<String, Object>> listing() {
        return rest(Optional.empty());
    }

    /** The listing from the page the cursor names to the last. */
    private List<Map<String, Object>> rest(Optional<String> cursor) {
        List<Map<String, Object>> all = new ArrayList<>();
        Optional<String> at = cursor;
        do {
            Map<String, Object> page = f.catalog.list(at);
            all.addAll(resources(page));
            at = Optional.ofNullable(cursorOf(page));
        } while (at.isPresent());
        return all;
    }

    @Test
    void eachPageStatsTheFilesOfItsOwnEntriesWhereverItLies() {
        largePrint();
        List<Integer> stats = new ArrayList<>();
        List<Integer> held = new ArrayList<>();
        List<String> uris = new ArrayList<>();
        Optional<String> cursor = Optional.empty();
        do {
            long before = f.store.counters().identityChecks();
            Map<String, Object> page = f.catalog.list(cursor);
            stats.add((int) (f.store.counters().identityChecks() - before));
            held.add(resources(page).size());
            assertTrue(JsonText.pretty(page).length() <= Pager.MAX_CHARS);
            resources(page).forEach(e -> uris.add((String) e.get("uri")));
            cursor = Optional.ofNullable(cursorOf(page));
        } while (cursor.isPresent());
        int expected = 2 + 4 + TABLES * 3 + (TABLES + 2) / 3 + (TABLES + 4) / 5 + 3 + 3;
        assertEquals(expected, uris.size());
        assertEquals(expected, new HashSet<>(uris).size());
        assertTrue(stats.size() > 100, "pages: " + stats.size());
        for (int k = 0; k < stats.size(); k++) {
            // a table's six kinds, about four entries: at most two stats an entry, plus the manifests and what the
            // filling looks at past the page's end; never a stat for the entries of other pages
            assertTrue(stats.get(k) <= 2 * held.get(k) + 20,
                    "page " + k + " of " + stats.size() + ": " + stats.get(k) + " stats for " + held.get(k) + " entries");
        }
        List<Integer> full = stats.subList(1, stats.size() - 1).stream().sorted().toList();
        assertTrue(full.get(full.size() - 1) <= 2 * full.get(0), "stats per page range over " + full);
    }

    @Test
    void everyPageAsWrittenKeepsWithinThePageBound() {
        // resources/list never spells a page's text, so its bound rests on the measure alone: hold each page, as a
        // client would read it pretty-printed, to the bound the measure promised
        largePrint();
        Optional<String> at = Optional.empty();
        int pages = 0;
        do {
            Map<String, Object> page = f.catalog.list(at);
            int length = JsonText.pretty(Map.of("resources", resources(page))).length();
            assertTrue(length <= Pager.MAX_CHARS, "page " + pages + ": " + length + " characters");
            at = Optional.ofNullable(cursorOf(page));
            pages++;
        } while (at.isPresent());
        assertTrue(pages > 10, pages + " pages");
    }

    @Test
    void aChangeToFilesOnlyLaterPagesListShowsThereAndFailsNoCursor() throws Exception {
        largePrint();
        Map<String, Object> first = f.catalog.list(Optional.empty());
        String cursor = cursorOf(first);
        f.write("prints/alpha/sales/t1900/description.md", "# new\n"); // appears
        Files.delete(f.alpha.resolve("sales/t1902/description.md")); // 1902 = 3 * 634: goes
        Path ddl = f.alpha.resolve("sales/t1903/ddl.sql"); // dated anew
        Files.setLastModifiedTime(ddl, FileTime.from(Files.getLastModifiedTime(ddl).toInstant().plusSeconds(5)));
        Path reading = f.alpha.resolve("reading.md"); // a date the first page gave
        Files.setLastModifiedTime(reading, FileTime.from(Files.getLastModifiedTime(reading).toInstant().plusSeconds(5)));

        List<Map<String, Object>> followed = new ArrayList<>(resources(first));
        followed.addAll(rest(Optional.of(cursor)));
        List<Map<String, Object>> now = listing();
        assertEquals(now.subList(resources(first).size(), now.size()),
                followed.subList(resources(first).size(), followed.size()));
        List<Object> uris = followed.stream().map(e -> e.get("uri")).toList();
        assertTrue(uris.contains("dbprint://alpha/sales.t1900/description"));
        assertFalse(uris.contains("dbprint://alpha/sales.t1902/description"));
        assertEquals(uris.size(), new HashSet<>(uris).size());
    }

    @Test
    void aCursorFollowedAfterTheManifestOfItsTablesChangedIsRefused() throws Exception {
        largePrint(300);
        String cursor = cursorOf(f.catalog.list(Optional.empty()));
        Path manifest = f.alpha.resolve("manifest.yaml");
        Files.setLastModifiedTime(manifest,
                FileTime.from(Files.getLastModifiedTime(manifest).toInstant().plusSeconds(5)));
        ProtocolError e = assertThrows(ProtocolError.class, () -> f.catalog.list(Optional.of(cursor)));
        assertEquals(-32602, e.code());
        assertEquals("the print changed on disk since this cursor was issued, so resources/list cannot resume where it"
                + " left off. Call again without `cursor` to start over.", e.getMessage());
    }
}
