package dev.dbprint.mcp.tool;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.util.ArrayList;
import java.util.List;

import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import com.fasterxml.jackson.databind.JsonNode;

import dev.dbprint.mcp.print.Fixtures;
import dev.dbprint.mcp.print.cache.CacheSizes;
import dev.dbprint.mcp.tool.call.ToolResult;

/** search_columns (§4.3) over the fixture print {@code fixtures/search} (connection {@code arb}). */
class SearchColumnsToolTest {

    @TempDir
    Path dir;
    ToolHarness harness;
    SearchColumnsTool tool;

    @BeforeEach
    void setUp() {
        Fixtures.copyResource("/fixtures/search", dir);
        harness = new ToolHarness(dir);
        tool = new SearchColumnsTool(harness.store, harness.paging, CacheSizes.defaultSearchCacheBytes());
    }

    private JsonNode call(String args) {
        ToolResult r = harness.call(tool, args);
        assertFalse(r.isError(), r.text());
        return ToolHarness.parse(r.text());
    }

    private static JsonNode json(String text) {
        return ToolHarness.singleQuoted(text);
    }

    /** "table.column" or "table.column<path>" for each match, in reply order. */
    private static List<String> names(JsonNode reply) {
        List<String> out = new ArrayList<>();
        for (JsonNode m : reply.get("matches")) {
            out.add(m.get("table").asText() + "." + m.get("column").asText()
                    + (m.has("part") ? m.get("part").asText() : ""));
        }
        return out;
    }

    @Test
    void patternAloneIsTheByNameSearchWithExactMatchObjects() {
        JsonNode r = call("{\"pattern\": \"country*\"}");
        assertEquals(json("""
                {'matches': [
                  {'table': 'geo.customer', 'column': 'country', 'sql_type': 'VARCHAR(8)',
                   'classification': 'categorical', 'row_count': 120,
                   'annotation': 'ISO 3166 alpha-2 code, as typed by the branch.'},
                  {'table': 'geo.customer', 'column': 'country_name', 'sql_type': 'TEXT',
                   'classification': 'categorical', 'row_count': 120}],
                 'total': 2, 'unreadable_tables': ['geo.bad_notes', 'geo.broken', 'geo.lost']}"""), r);
    }

    @Test
    void theWholeReplyIsSpelledAsPythonWouldWithTheTableListsFirst() {
        ToolResult r = harness.call(tool, "{\"pattern\": \"stat*\"}");
        assertEquals("""
                {
                  "unreadable_tables": [
                    "geo.bad_notes",
                    "geo.broken",
                    "geo.lost"
                  ],
                  "matches": [
                    {
                      "table": "geo.customer",
                      "column": "status",
                      "sql_type": "CHAR(1)",
                      "classification": "categorical",
                      "row_count": 120
                    }
                  ],
                  "total": 1
                }""", r.text());
    }

    @Test
    void everyColumnAndPartInTableThenColumnThenPathOrder() {
        JsonNode r = call("{}");
        assertEquals(List.of("geo.bad_notes.code", "geo.customer.bio", "geo.customer.country",
                "geo.customer.country_name", "geo.customer.customer_id", "geo.customer.email",
                "geo.customer.legacy_flag", "geo.customer.opened_on", "geo.customer.prefs",
                "geo.customer.prefs.contact", "geo.customer.prefs.lang", "geo.customer.prefs[keys]",
                "geo.customer.segment", "geo.customer.status", "geo.empty_scan.code", "geo.no_shapes.contact_email",
                "geo.v_legacy.old_code", "geo.v_legacy.region", "geo.v_summary.region", "geo.v_summary.total",
                "geo.visit.channel", "geo.visit.payload", "geo.visit.payload.kind", "geo.visit.referrer"), names(r));
        assertEquals(24, r.get("total").asInt());
        assertFalse(r.has("switched_off_tables"), "only reported under a looks_like filter");
    }

    @Test
    void aCorruptAnnotationFileKeepsTheColumnsWithoutTheirAnnotation() {
        JsonNode r = call("{\"pattern\": \"code\", \"classification\": \"categorical\"}");
        assertEquals(json("""
                [{'table': 'geo.bad_notes', 'column': 'code', 'sql_type': 'VARCHAR(4)',
                  'classification': 'categorical', 'row_count': 3},
                 {'table': 'geo.empty_scan', 'column': 'code', 'sql_type': 'VARCHAR(4)',
                  'classification': 'categorical', 'row_count': 500, 'rows_scanned': 0,
                  'scope': {'rows_scanned': 0, 'filter': 'created_at > now()'}}]"""), r.get("matches"));
        assertEquals(json("['geo.bad_notes', 'geo.broken', 'geo.lost']"), r.get("unreadable_tables"));
    }

    @Test
    void partsAreSearchedAsColumnPlusPathAndCarryPartAndOccurrences() {
        JsonNode r = call("{\"pattern\": \"prefs*\"}");
        assertEquals(List.of("geo.customer.prefs", "geo.customer.prefs.contact", "geo.customer.prefs.lang",
                "geo.customer.prefs[keys]"), names(r));
        assertEquals(json("""
                {'table': 'geo.customer', 'column': 'prefs', 'part': '.contact', 'occurrences': 110,
                 'sql_type': 'text', 'classification': 'text', 'row_count': 120, 'looks_like': 'email',
                 'sampled': 110, 'matched': 110, 'sensitivity': 'contact', 'redacted': 'hash'}"""),
                r.get("matches").get(1));
        assertEquals(List.of("geo.customer.prefs.lang"), names(call("{\"pattern\": \"prefs.lang\"}")));
        assertEquals(List.of("geo.customer.prefs[keys]"), names(call("{\"pattern\": \"prefs[[]keys]\"}")));
    }

    @Test
    void theDocumentedItemsStarSkuPatternFindsThatPart() {
        PrintProject p = new PrintProject(dir.resolve("parts"));
        p.manifest(PrintProject.entry("s.orders", "artifacts:", "  statistics: statistics.yaml"));
        p.file("s/orders/statistics.yaml", "format_version: 1\ntable: s.orders\ntype: table\nrow_count: 2\ncolumns:\n"
                + "  items:\n    sql_type: JSONB\n    classification: json\n    parts:\n"
                + "      '[*].sku':\n        classification: text\n        occurrences: 5\n"
                + "      '[*].qty':\n        classification: numeric\n        occurrences: 5\n");
        ToolHarness h = p.harness();
        ToolResult r = h.call(new SearchColumnsTool(h.store, h.paging, CacheSizes.defaultSearchCacheBytes()),
                "{\"pattern\": \"items[*].sku\"}");
        assertEquals(List.of("s.orders.items[*].sku"), names(ToolHarness.parse(r.text())));
    }

    @Test
    void sensitivityGlobFindsEveryDetectionColumnsAndPartsAlikeWithAllConditionalFields() {
        JsonNode r = call("{\"sensitivity\": \"*\"}");
        assertEquals(List.of("geo.customer.email", "geo.customer.prefs.contact"), names(r));
        assertEquals(json("""
                {'table': 'geo.customer', 'column': 'email', 'sql_type': 'VARCHAR(320)', 'classification': 'text',
                 'row_count': 120, 'looks_like': 'email', 'sampled': 117, 'matched': 117, 'sensitivity': 'contact',
                 'redacted': 'mask', 'candidate_key': true, 'candidate_key_exception': 'measured_duplicates',
                 'annotation': 'Always lowercased on write.'}"""), r.get("matches").get(0));
        assertEquals(List.of(), names(call("{\"sensitivity\": \"health\"}")));
    }

    @Test
    void looksLikeNamesTheTablesThatSwitchedTheCheckOff() {
        JsonNode r = call("{\"looks_like\": \"e*\"}");
        assertEquals(List.of("geo.customer.email", "geo.customer.prefs.contact"), names(r));
        assertEquals(json("['geo.no_shapes']"), r.get("switched_off_tables"));
        JsonNode none = call("{\"looks_like\": \"uuid\"}");
        assertEquals(0, none.get("total").asInt());
        assertEquals(json("['geo.no_shapes']"), none.get("switched_off_tables"));
    }

    @Test
    void redactedGlob() {
        assertEquals(List.of("geo.customer.email", "geo.customer.prefs.contact"), names(call("{\"redacted\": \"*\"}")));
        assertEquals(List.of("geo.customer.prefs.contact"), names(call("{\"redacted\": \"h*\"}")));
    }

    @Test
    void candidateKeyIsAnExactBooleanThatNeverReachesCatalogOnlyOrAnnotationOnlyColumns() {
        assertEquals(List.of("geo.customer.customer_id", "geo.customer.email", "geo.no_shapes.contact_email"),
                names(call("{\"candidate_key\": true}")));
        List<String> notKeys = names(call("{\"candidate_key\": false}"));
        assertTrue(notKeys.contains("geo.customer.country"));
        assertTrue(notKeys.contains("geo.customer.prefs.lang"), "a part carries no candidate_key: false");
        assertFalse(notKeys.contains("geo.customer.email"));
        assertFalse(notKeys.stream().anyMatch(n -> n.startsWith("geo.v_")), notKeys.toString());
        JsonNode id = call("{\"pattern\": \"customer_id\"}").get("matches").get(0);
        assertTrue(id.get("candidate_key").asBoolean());
        assertFalse(id.has("candidate_key_exception"), "ratio 1.0 carries no exception");
    }

    @Test
    void classificationAndSqlTypeReachCatalogOnlyViewsButNotAnnotationOnlyColumns() {
        assertEquals(List.of("geo.customer.customer_id", "geo.v_summary.total"),
                names(call("{\"classification\": \"numeric\"}")));
        assertEquals(List.of("geo.customer.bio", "geo.customer.country_name", "geo.no_shapes.contact_email",
                "geo.v_summary.region", "geo.visit.referrer"), names(call("{\"sql_type\": \"TEXT\"}")));
        assertEquals(json("""
                {'table': 'geo.v_summary', 'column': 'region', 'sql_type': 'TEXT', 'classification': 'text'}"""),
                call("{\"sql_type\": \"TEXT\", \"pattern\": \"region\"}").get("matches").get(0));
        assertEquals(List.of(), names(call("{\"classification\": \"*\", \"pattern\": \"old_code\"}")));
        for (String filter : List.of("sensitivity", "looks_like", "redacted")) {
            assertFalse(names(call("{\"" + filter + "\": \"*\"}")).stream().anyMatch(n -> n.startsWith("geo.v_")));
        }
    }

    @Test
    void aGlobMatchingNoRealValueIsAnEmptyList() {
        JsonNode r = call("{\"classification\": \"nope\"}");
        assertEquals(0, r.get("matches").size());
        assertEquals(0, r.get("total").asInt());
    }

    @Test
    void textMatchesNamesNotesAndValueNotesCaseInsensitively() {
        JsonNode byValueNote = call("{\"text\": \"CLOSED\"}");
        assertEquals(json("""
                [{'table': 'geo.customer', 'column': 'status', 'sql_type': 'CHAR(1)', 'classification': 'categorical',
                  'row_count': 120, 'value_notes': [{'value': 'C', 'note': 'Closed account; never reopened'}]}]"""),
                byValueNote.get("matches"));
        JsonNode byNote = call("{\"text\": \"lowercased\"}");
        assertEquals(List.of("geo.customer.email"), names(byNote));
        assertFalse(byNote.get("matches").get(0).has("value_notes"));
        JsonNode byName = call("{\"text\": \"Country\"}");
        assertEquals(List.of("geo.customer.country", "geo.customer.country_name"), names(byName));
        assertEquals(json("[{'value': 'XX', 'note': 'Unknown country (stale - not in the list)'}]"),
                byName.get("matches").get(0).get("value_notes"));
        assertFalse(byName.get("matches").get(1).has("value_notes"));
        assertEquals(List.of("geo.customer.prefs.lang"), names(call("{\"text\": \"s.LANG\"}")));
    }

    @Test
    void annotationOnlyColumnsCarryEmptyTypeAndClassification() {
        JsonNode r = call("{\"text\": \"mainframe\"}");
        assertEquals(json("""
                [{'table': 'geo.v_legacy', 'column': 'old_code', 'sql_type': '', 'classification': '',
                  'annotation': 'Legacy code from the mainframe export.',
                  'value_notes': [{'value': 'Z9', 'note': 'Mainframe placeholder for a missing branch'}]}]"""),
                r.get("matches"));
        assertEquals(List.of("geo.v_legacy.region"), names(call("{\"text\": \"sales region\"}")));
    }

    @Test
    void predicatesAreAnded() {
        assertEquals(List.of("geo.customer.country"),
                names(call("{\"text\": \"country\", \"sql_type\": \"VARCHAR*\"}")));
        assertEquals(List.of(), names(call("{\"text\": \"country\", \"candidate_key\": true}")));
        assertEquals(List.of("geo.customer.email"),
                names(call("{\"pattern\": \"e*\", \"redacted\": \"mask\", \"sensitivity\": \"contact\"}")));
    }

    @Test
    void aScopedTableCarriesRowsScannedAndItsScopeOnColumnsAndParts() {
        assertEquals(json("""
                [{'table': 'geo.visit', 'column': 'channel', 'sql_type': 'VARCHAR(8)', 'classification': 'categorical',
                  'row_count': 2000, 'rows_scanned': 100, 'scope': {'rows_scanned': 100, 'sample': 0.05},
                  'looks_like': 'content_type', 'sampled': 2, 'matched': 2},
                 {'table': 'geo.visit', 'column': 'payload', 'part': '.kind', 'occurrences': 95, 'sql_type': 'text',
                  'classification': 'categorical', 'row_count': 2000, 'rows_scanned': 100,
                  'scope': {'rows_scanned': 100, 'sample': 0.05}}]"""),
                call("{\"pattern\": \"*[en][ld]\"}").get("matches"));
        ToolResult raw = harness.call(tool, "{\"pattern\": \"channel\"}");
        assertTrue(raw.text().contains("\"sample\": 0.05"), raw.text());
    }

    /**
     * A statistics file search reads no key of (no {@code columns}) is a readable table with no columns, as the full
     * parse reads it, not an unreadable one.
     */
    @Test
    void aStatisticsFileWithNoSearchedKeyIsReadableAndHasNoColumns() throws Exception {
        Files.copy(Path.of("src/test/resources/fixtures/skim/no-searched-key/statistics.yaml"),
                dir.resolve("prints/arb/geo/v_summary/statistics.yaml"), StandardCopyOption.REPLACE_EXISTING);
        JsonNode r = call("{}");
        assertEquals(json("['geo.bad_notes', 'geo.broken', 'geo.lost']"), r.get("unreadable_tables"));
        assertFalse(names(r).stream().anyMatch(n -> n.startsWith("geo.v_summary.")), names(r).toString());
        assertEquals(22, r.get("total").asInt());
    }

    @Test
    void theListsRideTheFirstPageOnlyAndPagingYieldsEveryMatchOnce() throws Exception {
        Path project = LargePrint.write(dir.resolve("large"), 3, 1_000, 3);
        Files.writeString(project.resolve("prints/big/t/t00002/statistics.yaml"), "columns: [");
        ToolHarness h = new ToolHarness(project);
        SearchColumnsTool t = new SearchColumnsTool(h.store, h.paging, CacheSizes.defaultSearchCacheBytes());
        List<String> seen = new ArrayList<>();
        String cursor = null;
        int pages = 0;
        do {
            ToolResult r = h.call(t, cursor == null
                    ? "{\"pattern\": \"*\"}"
                    : "{\"pattern\": \"*\", \"cursor\": \"" + cursor + "\"}");
            assertFalse(r.isError(), r.text());
            assertTrue(r.text().length() <= 20_000);
            JsonNode page = ToolHarness.MAPPER.readTree(r.text());
            assertEquals(pages == 0, page.has("unreadable_tables"));
            if (pages == 0) {
                assertEquals(json("['t.t00002']"), page.get("unreadable_tables"));
            }
            assertEquals(2_000, page.get("total").asInt());
            for (JsonNode m : page.get("matches")) {
                seen.add(m.get("table").asText() + "." + m.get("column").asText());
            }
            cursor = page.has("next_cursor") ? page.get("next_cursor").asText() : null;
            pages++;
        } while (cursor != null);
        assertTrue(pages > 5, "pages: " + pages);
        assertEquals(2_000, seen.size());
        List<String> sorted = new ArrayList<>(seen);
        sorted.sort(null);
        assertEquals(sorted, seen);
        assertEquals(2_000, seen.stream().distinct().count());
    }

    @Test
    void aCursorFollowedAfterThePrintChangedFails() throws Exception {
        Path project = LargePrint.write(dir.resolve("large"), 2, 500, 3);
        ToolHarness h = new ToolHarness(project);
        SearchColumnsTool t = new SearchColumnsTool(h.store, h.paging, CacheSizes.defaultSearchCacheBytes());
        JsonNode first = ToolHarness.MAPPER.readTree(h.call(t, "{\"text\": \"_\"}").text());
        String cursor = first.get("next_cursor").asText();
        Path stats = project.resolve("prints/big/t/t00001/statistics.yaml");
        Files.writeString(stats, Files.readString(stats) + "\n");
        ToolResult r = h.call(t, "{\"text\": \"_\", \"cursor\": \"" + cursor + "\"}");
        assertTrue(r.isError());
        assertEquals("the print changed on disk since this cursor was issued, so search_columns cannot resume where"
                + " it left off. Call again without `cursor` to start over.", r.text());
        ToolResult other = h.call(t, "{\"text\": \"_1\", \"cursor\": \"" + cursor + "\"}");
        assertEquals("this cursor was not issued by search_columns with these arguments. Repeat the call that"
                + " returned it with the same arguments, or call again without `cursor`.", other.text());
    }
}
