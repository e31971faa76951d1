package dev.dbprint.mcp.resource;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.attribute.FileTime;
import java.time.Instant;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;

import org.junit.jupiter.api.Test;

import dev.dbprint.mcp.error.ProtocolError;
import dev.dbprint.mcp.paging.JsonText;
import dev.dbprint.mcp.paging.Pager;

class ResourceCatalogTest extends ResourceFixtureTest {

    private static final List<String> EXPECTED = List.of(
            "dbprint:///reference/spec", "dbprint:///reference/assertions",
            "dbprint://alpha/manifest", "dbprint://alpha/diff", "dbprint://alpha/reading",
            "dbprint://alpha/manifest_annotations",
            "dbprint://alpha/s.customers/ddl", "dbprint://alpha/s.customers/statistics",
            "dbprint://alpha/s.customers/relationships", "dbprint://alpha/s.customers/description",
            "dbprint://alpha/s.customers/statistics_annotations",
            "dbprint://alpha/s.gone/ddl", "dbprint://alpha/s.gone/statistics", "dbprint://alpha/s.gone/relationships",
            "dbprint://alpha/s.orders/ddl", "dbprint://alpha/s.orders/statistics",
            "dbprint://alpha/s.orders/relationships", "dbprint://alpha/s.orders/relationships_annotations",
            "dbprint://alpha/s.v/ddl", "dbprint://alpha/s.v/statistics",
            "dbprint://beta/manifest", "dbprint://beta/diff", "dbprint://beta/reading",
            "dbprint://reference/manifest", "dbprint://reference/diff", "dbprint://reference/reading");

    @SuppressWarnings("unchecked")
    private static List<Map<String, Object>> resources(Map<String, Object> page) {
        return (List<Map<String, Object>>) page.get("resources");
    }

    private List<String> uris() {
        Map<String, Object> page = f.catalog.list(Optional.empty());
        assertNull(page.get("nextCursor"), "one page");
        return resources(page).stream().map(e -> (String) e.get("uri")).toList();
    }

    @Test
    void enumeratesInSpecOrderWithOptionalFilesOnlyWhenPresentAndUnfollowableEntriesListingNothing() {
        // s.bad_entry (not a mapping), s.nopath (path not a string), s.escape and s.sneaky (outside the root) list
        // nothing; beta's manifest does not parse, so beta keeps its three connection entries and lists no table
        assertEquals(EXPECTED, uris());
    }

    @Test
    void entriesCarryUriNameDescriptionMimeTypeAndAnnotations() {
        List<Map<String, Object>> all = resources(f.catalog.list(Optional.empty()));
        Map<String, Object> stats = all.get(EXPECTED.indexOf("dbprint://alpha/s.orders/statistics"));
        assertEquals(List.of("uri", "name", "description", "mimeType", "annotations"),
                new ArrayList<>(stats.keySet()));
        assertEquals("alpha/s.orders/statistics", stats.get("name"));
        assertEquals("application/yaml", stats.get("mimeType"));
        assertTrue(((String) stats.get("description")).startsWith("statistics.yaml of 's.orders' in connection 'alpha': "));
        assertTrue(((String) stats.get("description")).contains("get_table_context"));
        Map<String, String> mime = new java.util.HashMap<>();
        all.forEach(e -> mime.put((String) e.get("uri"), (String) e.get("mimeType")));
        assertEquals("text/markdown", mime.get("dbprint:///reference/spec"));
        assertEquals("text/markdown", mime.get("dbprint://alpha/reading"));
        assertEquals("application/sql", mime.get("dbprint://alpha/s.v/ddl"));
        assertEquals("text/markdown", mime.get("dbprint://alpha/s.customers/description"));
        assertEquals("application/yaml", mime.get("dbprint://alpha/diff"));
        assertEquals("reference/spec", all.get(0).get("name"));
    }

    @Test
    void eachFileOnDiskIsDatedByTheModificationTimeTheListingSaw() throws Exception {
        Files.setLastModifiedTime(f.alpha.resolve("s/orders/ddl.sql"),
                FileTime.from(Instant.parse("2026-03-01T09:30:00.1234567Z")));
        Files.setLastModifiedTime(f.alpha.resolve("s/customers/description.md"),
                FileTime.from(Instant.parse("2025-12-31T23:59:59Z")));
        Files.setLastModifiedTime(f.alpha.resolve("manifest.yaml"),
                FileTime.from(Instant.parse("2024-02-29T12:00:00.5Z")));
        Map<String, Object> dates = new LinkedHashMap<>();
        for (Map<String, Object> e : resources(f.catalog.list(Optional.empty()))) {
            @SuppressWarnings("unchecked")
            Map<String, Object> annotations = (Map<String, Object>) e.get("annotations");
            dates.put((String) e.get("uri"), annotations == null ? null : annotations.get("lastModified"));
        }
        assertEquals("2026-03-01T09:30:00.123456700Z", dates.get("dbprint://alpha/s.orders/ddl"));
        assertEquals("2025-12-31T23:59:59Z", dates.get("dbprint://alpha/s.customers/description"));
        assertEquals("2024-02-29T12:00:00.500Z", dates.get("dbprint://alpha/manifest"));
        // every other file as the file system has it; beta's manifest is dated though it does not parse
        Map<String, String> files = new LinkedHashMap<>();
        files.put("dbprint://alpha/diff", "prints/alpha/diff.yaml");
        files.put("dbprint://alpha/reading", "prints/alpha/reading.md");
        files.put("dbprint://alpha/manifest_annotations", "prints/alpha/manifest.annotations.yaml");
        files.put("dbprint://alpha/s.customers/statistics_annotations",
                "prints/alpha/s/customers/statistics.annotations.yaml");
        files.put("dbprint://alpha/s.orders/relationships_annotations",
                "prints/alpha/s/orders/relationships.annotations.yaml");
        files.put("dbprint://alpha/s.gone/relationships", "prints/alpha/s/gone/relationships.yaml");
        files.put("dbprint://beta/manifest", "prints/beta/manifest.yaml");
        files.put("dbprint://reference/manifest", "prints/reference/manifest.yaml");
        for (Map.Entry<String, String> file : files.entrySet()) {
            assertEquals(Files.getLastModifiedTime(dir.resolve(file.getValue())).toInstant().toString(),
                    dates.get(file.getKey()), file.getKey());
        }
        // nothing to date: the reference documents are no print file, and these files are not on disk
        List<String> undated = dates.entrySet().stream().filter(e -> e.getValue() == null).map(Map.Entry::getKey)
                .toList();
        assertEquals(List.of("dbprint:///reference/spec", "dbprint:///reference/assertions",
                "dbprint://alpha/s.gone/statistics", "dbprint://beta/diff", "dbprint://beta/reading",
                "dbprint://reference/diff", "dbprint://reference/reading"), undated);
    }

    @Test
    void theSetFollowsTheDiskAtEachCall() throws Exception {
        f.delete("prints/alpha/s/customers/description.md");
        f.delete("prints/alpha/manifest.annotations.yaml");
        f.write("prints/alpha/s/v/relationships.annotations.yaml", "format_version: 1\nrefers_to: []\n");
        List<String> expected = new ArrayList<>(EXPECTED);
        expected.remove("dbprint://alpha/s.customers/description");
        expected.remove("dbprint://alpha/manifest_annotations");
        expected.add(expected.indexOf("dbprint://alpha/s.v/statistics") + 1,
                "dbprint://alpha/s.v/relationships_annotations");
        assertEquals(expected, uris());
    }

    @Test
    void anOptionalFileLinkedOutsideTheRootIsNotListed() throws Exception {
        Files.createSymbolicLink(f.alpha.resolve("s/v/description.md"), dir.resolve("outside.sql"));
        assertEquals(EXPECTED, uris());
    }

    @Test
    void aManifestThatIsNotTheRightShapeKeepsItsEntryOnly() {
        f.write("prints/alpha/manifest.yaml", "tables: [s.orders]\n");
        List<String> got = uris();
        assertEquals(List.of("dbprint:///reference/spec", "dbprint:///reference/assertions",
                "dbprint://alpha/manifest", "dbprint://alpha/diff", "dbprint://alpha/reading",
                "dbprint://alpha/manifest_annotations", "dbprint://beta/manifest", "dbprint://beta/diff",
                "dbprint://beta/reading", "dbprint://reference/manifest", "dbprint://reference/diff",
                "dbprint://reference/reading"), got);
    }

    /** Enough tables that the listing spans several pages. */
    private int manyTables() {
        StringBuilder m = new StringBuilder("format_version: 1\nconnection: alpha\ntables:\n");
        int n = 150;
        for (int i = 0; i < n; i++) {
            String t = String.format("s.t%03d", i);
            m.append("  ").append(t).append(":\n    type: table\n    path: s/t").append(String.format("%03d", i))
                    .append("\n    artifacts:\n      ddl: ddl.sql\n      statistics: statistics.yaml\n");
            // on disk, so that its entry is dated and the pages are cut with the dates in
            f.write(String.format("prints/alpha/s/t%03d/ddl.sql", i), "CREATE TABLE " + t + " (id integer);\n");
        }
        f.write("prints/alpha/manifest.yaml", m.toString());
        return 2 + 4 + 2 * n + 3 + 3;
    }

    @Test
    void aLongListingIsPagedWithinTheBoundAndResumesInOrder() {
        int expected = manyTables();
        List<String> all = new ArrayList<>();
        Optional<String> cursor = Optional.empty();
        int pages = 0;
        do {
            Map<String, Object> page = f.catalog.list(cursor);
            pages++;
            assertTrue(JsonText.pretty(page).length() <= Pager.MAX_CHARS);
            resources(page).forEach(e -> all.add((String) e.get("uri")));
            cursor = Optional.ofNullable((String) page.get("nextCursor"));
            assertFalse(page.containsKey("next_cursor"));
        } while (cursor.isPresent());
        assertTrue(pages > 1, "pages: " + pages);
        assertEquals(expected, all.size());
        assertEquals(expected, new HashSet<>(all).size());
        assertEquals("dbprint://alpha/s.t000/ddl", all.get(6));
        assertEquals("dbprint://alpha/s.t149/statistics", all.get(6 + 299));
    }

    @Test
    void aCursorFollowedAfterAManifestChangedIsRefused() {
        manyTables();
        String cursor = (String) f.catalog.list(Optional.empty()).get("nextCursor");
        f.write("prints/beta/manifest.yaml", "tables:\n  s.x: [still unclosed\n");
        ProtocolError e = assertThrows(ProtocolError.class, () -> f.catalog.list(Optional.of(cursor)));
        assertEquals(-32602, e.code());
        assertEquals("the print changed on disk since this cursor was issued, so resources/list cannot resume where it"
                + " left off. Call again without `cursor` to start over.", e.getMessage());
    }

    @Test
    void aCursorNoListIssuedIsRefused() {
        ProtocolError e = assertThrows(ProtocolError.class, () -> f.catalog.list(Optional.of("xyz")));
        assertEquals(-32602, e.code());
        assertEquals("cursor 'xyz' is not one this server issued. Pass back a reply's `nextCursor` unchanged, or call"
                + " again without `cursor` for the first page.", e.getMessage());
    }

    @Test
    void templatesCoverEveryPatternInPageForm() {
        @SuppressWarnings("unchecked")
        List<Map<String, Object>> t = (List<Map<String, Object>>) Templates.list().get("resourceTemplates");
        assertEquals(List.of("dbprint:///reference/{document}{?page,version}",
                "dbprint://{connection}/manifest{?page,version}", "dbprint://{connection}/diff{?page,version}",
                "dbprint://{connection}/reading{?page,version}",
                "dbprint://{connection}/manifest_annotations{?page,version}",
                "dbprint://{connection}/{table}/ddl{?page,version}",
                "dbprint://{connection}/{table}/statistics{?page,version}",
                "dbprint://{connection}/{table}/relationships{?page,version}",
                "dbprint://{connection}/{table}/description{?page,version}",
                "dbprint://{connection}/{table}/statistics_annotations{?page,version}",
                "dbprint://{connection}/{table}/relationships_annotations{?page,version}"),
                t.stream().map(x -> x.get("uriTemplate")).toList());
        for (Map<String, Object> x : t) {
            assertEquals(List.of("uriTemplate", "name", "description", "mimeType"), new ArrayList<>(x.keySet()));
        }
        assertEquals("application/sql", t.get(5).get("mimeType"));
    }
}
