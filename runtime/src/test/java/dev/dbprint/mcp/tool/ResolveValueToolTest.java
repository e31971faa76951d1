package dev.dbprint.mcp.tool;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;

import dev.dbprint.mcp.print.Fixtures;
import dev.dbprint.mcp.tool.call.ToolResult;

/** resolve_value (§4.7) over the fixture print {@code fixtures/search} (connection {@code arb}). */
class ResolveValueToolTest {

    @TempDir
    Path dir;
    ToolHarness harness;
    ResolveValueTool tool;
    Path root;

    @BeforeEach
    void setUp() {
        Fixtures.copyResource("/fixtures/search", dir);
        harness = new ToolHarness(dir);
        tool = new ResolveValueTool(harness.store, harness.paging);
        root = dir.resolve("prints/arb").toAbsolutePath().normalize();
    }

    private JsonNode resolve(String table, String column, String text) {
        return resolve("{\"table\": \"" + table + "\", \"column\": \"" + column + "\", \"text\": \"" + text + "\"}");
    }

    private JsonNode resolve(String args) {
        ToolResult r = harness.call(tool, args);
        assertFalse(r.isError(), r.text());
        return parse(r.text());
    }

    private String fault(String args) {
        ToolResult r = harness.call(tool, args);
        assertTrue(r.isError(), r.text());
        return r.text();
    }

    private static JsonNode parse(String text) {
        return ToolHarness.parse(text);
    }

    private static JsonNode json(String text) {
        return ToolHarness.singleQuoted(text);
    }

    private static final String DOMAIN_COUNTRY = """
            [{'value': 'DE', 'count': 60}, {'value': 'FR', 'count': 40, 'note': 'France, overseas departments included'},
             {'value': 'de', 'count': 12, 'spelling_of': 'DE'}, {'value': ' De', 'count': 6, 'spelling_of': 'DE'},
             {'value': 'ES', 'count': 2}]""";

    @Test
    void aValueStoredUnderThreeSpellingsReturnsEveryOneOfThem() {
        JsonNode expected = json("""
                {'table': 'geo.customer', 'column': 'country', 'text': 'de', 'match': 'stored', 'coverage': 1.0,
                 'exhaustive': true, 'listed': 5,
                 'spellings': [{'value': 'DE', 'count': 60}, {'value': 'de', 'count': 12, 'spelling_of': 'DE'},
                               {'value': ' De', 'count': 6, 'spelling_of': 'DE'}],
                 'domain': %s, 'total': 8}""".formatted(DOMAIN_COUNTRY));
        assertEquals(expected, resolve("geo.customer", "country", "de"));
        JsonNode padded = resolve("geo.customer", "country", " dE ");
        assertEquals(expected.get("spellings"), padded.get("spellings"));
        assertEquals("stored", padded.get("match").asText());
    }

    @Test
    void theReplyKeysComeInOrderWithTheCoverageSpelledAsWritten() {
        String text = harness.call(tool, "{\"table\": \"geo.customer\", \"column\": \"status\", \"text\": \"a\"}").text();
        assertEquals("""
                {
                  "table": "geo.customer",
                  "column": "status",
                  "text": "a",
                  "match": "stored",
                  "coverage": 1.0,
                  "exhaustive": true,
                  "listed": 2,
                  "spellings": [
                    {
                      "value": "A",
                      "count": 100,
                      "note": "Active customer"
                    }
                  ],
                  "domain": [
                    {
                      "value": "A",
                      "count": 100,
                      "note": "Active customer"
                    },
                    {
                      "value": "C",
                      "count": 20,
                      "note": "Closed account; never reopened"
                    }
                  ],
                  "total": 3
                }""", text);
    }

    @Test
    void aNoteDefinesAValueOnWordBoundariesEitherWayRound() {
        JsonNode closed = resolve("geo.customer", "status", "closed");
        assertEquals("definition", closed.get("match").asText());
        assertEquals(json("[{'value': 'C', 'count': 20, 'note': 'Closed account; never reopened'}]"),
                closed.get("candidates"));
        JsonNode phrase = resolve("geo.customer", "status", "every active customer in Germany");
        assertEquals("definition", phrase.get("match").asText(), "the note inside the text");
        assertEquals("A", phrase.get("candidates").get(0).get("value").asText());
        assertEquals("none", resolve("geo.customer", "status", "clos").get("match").asText(),
                "a fragment of a word is not the word");
        JsonNode france = resolve("geo.customer", "country", "Overseas Departments");
        assertEquals(json("[{'value': 'FR', 'count': 40, 'note': 'France, overseas departments included'}]"),
                france.get("candidates"));
    }

    @Test
    void aNoteOnAValueAbsentFromACompleteListIsStaleAndDefinesNothing() {
        JsonNode r = resolve("geo.customer", "country", "unknown country");
        assertEquals("none", r.get("match").asText());
        assertEquals(json(DOMAIN_COUNTRY), r.get("domain"));
        assertFalse(r.has("candidates"));
        assertEquals(5, r.get("total").asInt());
    }

    @Test
    void aNearMissRanksTheListedValuesByTrigramSimilarity() {
        JsonNode r = resolve("geo.customer", "country_name", "germny");
        assertEquals("nearest", r.get("match").asText());
        assertEquals(json("""
                [{'value': 'Germany', 'count': 20, 'score': 0.5},
                 {'value': 'East Germany', 'count': 1, 'score': 0.333333}]"""), r.get("candidates"));
        assertEquals(30, r.get("listed").asInt());
        assertEquals(30, r.get("domain").size(), "a complete list of 30 comes whole");
        assertEquals(32, r.get("total").asInt());
    }

    @Test
    void nothingResemblingTheTextIsNoneNotAnError() {
        JsonNode r = resolve("geo.customer", "country_name", "qqq");
        assertEquals("none", r.get("match").asText());
        assertFalse(r.has("candidates"));
        assertTrue(r.get("exhaustive").asBoolean());
    }

    @Test
    void anEmptyExhaustiveListAnswersNoneWithAnEmptyDomainAndSaysTheColumnIsNullOnEveryRow() {
        assertEquals(
                json("""
                        {'table': 'geo.customer', 'column': 'legacy_flag', 'text': 'Y', 'match': 'none', 'coverage': 1.0,
                         'exhaustive': true, 'listed': 0,
                         'null_caveat': 'The column is NULL on every row of the table (null_rate: 1.0): it stores no value, so no literal matches it; only IS NULL does.',
                         'domain': [], 'total': 0}"""),
                resolve("geo.customer", "legacy_flag", "Y"));
    }

    @Test
    void onATableReadInPartTheNullCaveatSpeaksOfTheRowsScanned() {
        assertEquals("The part is NULL on every row scanned (null_rate: 1.0): it stores no value, so no literal"
                + " matches it; only IS NULL does.", ResolveValueTool.nullCaveat("part", true));
    }

    @Test
    void aRedactedColumnIsUnavailable() {
        assertEquals(
                json("""
                        {'table': 'geo.customer', 'column': 'email', 'text': 'a@b.example', 'match': 'unavailable',
                         'reason': 'the column\\u0027s values are redacted (redacted: mask): the print publishes their counts but no literal to match against',
                         'coverage': 0.025424, 'exhaustive': false, 'listed': 2, 'total': 0}"""),
                resolve("geo.customer", "email", "a@b.example"));
    }

    @Test
    void everyWayAListCanBeMissingSaysWhich() {
        assertEquals("the column holds free text (inferred.looks_like: prose), for which the print publishes no value"
                + " list", resolve("geo.customer", "bio", "x").get("reason").asText());
        assertEquals("the column's value list was not measured this run (unmeasured: values)",
                resolve("geo.customer", "segment", "x").get("reason").asText());
        assertEquals("the table is described from its catalog alone (catalog_only): no query was issued, so no value"
                + " list was measured", resolve("geo.v_summary", "region", "x").get("reason").asText());
        assertEquals("the column's classification (json) publishes no value list",
                resolve("geo.customer", "prefs", "x").get("reason").asText());
        for (JsonNode r : new JsonNode[]{resolve("geo.customer", "bio", "x"), resolve("geo.v_summary", "region", "x")}) {
            assertEquals("unavailable", r.get("match").asText());
            assertTrue(r.get("coverage").isNull());
            assertFalse(r.get("exhaustive").asBoolean());
            assertEquals(0, r.get("listed").asInt());
            assertFalse(r.has("domain"));
            assertFalse(r.has("sample_caveat"));
        }
    }

    @Test
    void aTableDeclaringNoStatisticsIsUnavailableWithThatReason() {
        assertEquals(json("""
                {'table': 'geo.v_legacy', 'column': 'old_code', 'text': 'Z9', 'match': 'unavailable',
                 'reason': 'the table declares no statistics artifact, so the print holds no value list for any of its columns',
                 'coverage': null, 'exhaustive': false, 'listed': 0, 'total': 0}"""),
                resolve("geo.v_legacy", "old_code", "Z9"));
    }

    @Test
    void aTopNCutCarriesTheSampleCaveatAndNoDomain() {
        JsonNode r = resolve("geo.customer", "customer_id", "1");
        assertEquals(json("""
                {'table': 'geo.customer', 'column': 'customer_id', 'text': '1', 'match': 'stored', 'coverage': null,
                 'exhaustive': false, 'listed': 2, 'sample_caveat': '%s',
                 'spellings': [{'value': 1, 'count': 1}], 'total': 1}""".formatted(ResolveValueTool.TOP_N_CAVEAT)), r);
    }

    @Test
    void aNumericOrTemporalListIsExhaustiveWhenListedEqualsAnExactCardinality() {
        JsonNode r = resolve("geo.customer", "opened_on", "2025-06-30");
        assertEquals("stored", r.get("match").asText());
        assertTrue(r.get("coverage").isNull());
        assertTrue(r.get("exhaustive").asBoolean());
        assertFalse(r.has("sample_caveat"));
        assertEquals(json("[{'value': '2025-01-01', 'count': 80}, {'value': '2025-06-30', 'count': 40}]"),
                r.get("domain"));
    }

    @Test
    void aScopedTableCarriesScopeAndRowCountAndIsNeverExhaustive() {
        assertEquals(json("""
                {'table': 'geo.visit', 'column': 'channel', 'text': 'WEB', 'match': 'stored', 'coverage': 1.0,
                 'exhaustive': false, 'listed': 2, 'scope': {'rows_scanned': 100, 'sample': 0.05}, 'row_count': 2000,
                 'sample_caveat': '%s', 'spellings': [{'value': 'web', 'count': 60}],
                 'domain': [{'value': 'web', 'count': 60}, {'value': 'app', 'count': 40}], 'total': 3}"""
                .formatted(ResolveValueTool.SCOPED_CAVEAT)), resolve("geo.visit", "channel", "WEB"));
        JsonNode cut = resolve("geo.visit", "referrer", "https://search.example/");
        assertEquals(ResolveValueTool.TOP_N_CAVEAT, cut.get("sample_caveat").asText());
        assertEquals(2000, cut.get("row_count").asInt());
        assertFalse(cut.has("domain"));
    }

    @Test
    void aScopedScanThatReadNoRowsIsUnavailableAndStillCarriesScope() {
        assertEquals(json("""
                {'table': 'geo.empty_scan', 'column': 'code', 'text': 'X', 'match': 'unavailable',
                 'reason': 'the table was read in part (scope) and the scan read no rows, so no value was listed',
                 'coverage': 1.0, 'exhaustive': false, 'listed': 0,
                 'scope': {'rows_scanned': 0, 'filter': 'created_at > now()'}, 'row_count': 500, 'total': 0}"""),
                resolve("geo.empty_scan", "code", "X"));
    }

    @Test
    void aPartResolvesAgainstItsOwnValues() {
        JsonNode r = resolve("{\"table\": \"geo.customer\", \"column\": \"prefs\", \"part\": \".lang\", \"text\": \"DE\"}");
        assertEquals(json("""
                {'table': 'geo.customer', 'column': 'prefs', 'part': '.lang', 'text': 'DE', 'match': 'stored',
                 'coverage': 1.0, 'exhaustive': true, 'listed': 3, 'spellings': [{'value': 'de', 'count': 30}],
                 'domain': [{'value': 'en', 'count': 50}, {'value': 'de', 'count': 30}, {'value': 'fr', 'count': 10}],
                 'total': 4}"""), r);
        JsonNode scoped = resolve("{\"table\": \"geo.visit\", \"column\": \"payload\", \"part\": \".kind\","
                + " \"text\": \"clik\"}");
        assertEquals("nearest", scoped.get("match").asText());
        assertEquals(json("{'rows_scanned': 100, 'sample': 0.05}"), scoped.get("scope"));
        assertFalse(scoped.get("exhaustive").asBoolean());
        assertEquals(ResolveValueTool.SCOPED_CAVEAT, scoped.get("sample_caveat").asText());
        JsonNode hashed = resolve("{\"table\": \"geo.customer\", \"column\": \"prefs\", \"part\": \".contact\","
                + " \"text\": \"x\"}");
        assertTrue(hashed.get("reason").asText().startsWith("the part's values are redacted (redacted: hash)"));
    }

    @Test
    void unknownTablesColumnsAndPartsFailWithTheirSentences() {
        assertEquals("table 'foo' not found in connection 'arb'. Call list_tables with connection 'arb' for valid"
                + " names.", fault("{\"table\": \"foo\", \"column\": \"x\", \"text\": \"y\"}"));
        assertEquals("the last generate run could not profile 'geo.gone'; run dbprint generate to see the cause",
                fault("{\"table\": \"geo.gone\", \"column\": \"x\", \"text\": \"y\"}"));
        assertEquals("column 'rnk' not found in table 'geo.customer'. Columns: bio, country, country_name,"
                + " customer_id, email, legacy_flag, opened_on, prefs, segment, status.",
                fault("{\"table\": \"geo.customer\", \"column\": \"rnk\", \"text\": \"y\"}"));
        assertEquals("part '.nope' not found in column 'prefs' of table 'geo.customer'. Parts: .contact, .lang,"
                + " [keys].",
                fault("{\"table\": \"geo.customer\", \"column\": \"prefs\", \"part\": \".nope\","
                        + " \"text\": \"y\"}"));
        assertEquals("part '[*]' not found in column 'status' of table 'geo.customer'. Parts: none.",
                fault("{\"table\": \"geo.customer\", \"column\": \"status\", \"part\": \"[*]\", \"text\": \"y\"}"));
        assertEquals("stored", resolve("geo.customer", "Status", "a").get("match").asText(),
                "a catalog spelling folds to the lower-case key");
        assertEquals("status", resolve("geo.customer", "Status", "a").get("column").asText());
    }

    @Test
    void brokenStatisticsOrAnnotationsFailWithTheirPrintErrors() {
        assertEquals("manifest references statistics.yaml but file is absent at " + root.resolve("geo/lost/statistics.yaml")
                + ". Re-run dbprint generate.", fault("{\"table\": \"geo.lost\", \"column\": \"x\", \"text\": \"y\"}"));
        assertTrue(fault("{\"table\": \"geo.broken\", \"column\": \"x\", \"text\": \"y\"}")
                .startsWith(root.resolve("geo/broken/statistics.yaml") + ": YAML parse error: "));
        assertEquals(root.resolve("geo/bad_notes/statistics.annotations.yaml") + ": does not match its schema"
                + " (SPEC 2.7): columns.code.colour: is not a key this file takes; accepted: note, claims, values,"
                + " derived_from", fault("{\"table\": \"geo.bad_notes\", \"column\": \"code\", \"text\": \"X1\"}"));
    }

    @Test
    void aNumericLiteralMatchesAStoredNumberOfTheSameValueHoweverSpelled() throws Exception {
        Path project = dir.resolve("numbers");
        Path table = project.resolve("prints/n/t/t");
        Files.createDirectories(table);
        Files.writeString(project.resolve(".dbprint.yaml"), "connections:\n  n:\n    adapter: postgres\n");
        Files.writeString(project.resolve("prints/n/manifest.yaml"), "format_version: 1\ntables:\n  t.t:\n"
                + "    type: table\n    path: t/t\n    artifacts:\n      statistics: statistics.yaml\n");
        Files.writeString(table.resolve("statistics.yaml"), "format_version: 1\ntable: t.t\ntype: table\nrow_count: 9\n"
                + "columns:\n  rate:\n    sql_type: NUMERIC\n    classification: numeric\n    cardinality: 3\n"
                + "    cardinality_method: exact\n    values:\n    - {value: 0.0000001, count: 4}\n"
                + "    - {value: 12.50, count: 3}\n    - {value: -3, count: 2}\n"
                + "    frequencies: {listed: 3, total: 9}\n  code:\n    sql_type: TEXT\n    classification: categorical\n"
                + "    values:\n    - {value: '007', count: 9}\n    values_coverage: 1.0\n");
        ToolHarness h = new ToolHarness(project);
        ResolveValueTool t = new ResolveValueTool(h.store, h.paging);
        for (String[] c : new String[][]{{"1e-7", "0.0000001"}, {"0.00000010", "0.0000001"}, {"12.5", "12.50"},
                {"-3.0", "-3"}, {"+12.50", "12.50"}}) {
            JsonNode r = parse(h.call(t, "{\"table\": \"t.t\", \"column\": \"rate\", \"text\": \"" + c[0] + "\"}").text());
            assertEquals("stored", r.get("match").asText(), c[0]);
            assertEquals(0, new java.math.BigDecimal(c[1]).compareTo(r.get("spellings").get(0).get("value").decimalValue()),
                    c[0]);
        }
        // a stored string is matched as the string it is: 7 is not '007'
        JsonNode code = parse(h.call(t, "{\"table\": \"t.t\", \"column\": \"code\", \"text\": \"7\"}").text());
        assertFalse("stored".equals(code.get("match").asText()), code.toString());
    }

    private static final String BASE = "x".repeat(600);
    private static final String HUGE = "y".repeat(30_000);

    /**
     * A print whose column {@code t.t.label} lists 45 spellings of {@link #BASE} (one letter changed each) and one
     * value, {@link #HUGE}, longer than a page; its complete list is the domain.
     */
    private Path longListPrint() throws Exception {
        Path project = dir.resolve("long");
        Path table = project.resolve("prints/big/t/t");
        Files.createDirectories(table);
        Files.writeString(project.resolve(".dbprint.yaml"), "connections:\n  big:\n    adapter: postgres\n");
        Files.writeString(project.resolve("prints/big/manifest.yaml"), "format_version: 1\ntables:\n  t.t:\n"
                + "    type: table\n    path: t/t\n    artifacts:\n      statistics: statistics.yaml\n");
        StringBuilder yaml = new StringBuilder("format_version: 1\ntable: t.t\ntype: table\nrow_count: 1000\n"
                + "columns:\n  label:\n    sql_type: TEXT\n    classification: categorical\n    values:\n");
        for (int i = 0; i < 45; i++) {
            yaml.append("    - {value: ").append(spelling(i)).append(", count: ").append(100 - i).append("}\n");
        }
        yaml.append("    - {value: ").append(HUGE).append(", count: 1}\n    values_coverage: 1.0\n");
        Files.writeString(table.resolve("statistics.yaml"), yaml);
        return project;
    }

    private static String spelling(int i) {
        return BASE.substring(0, i) + "X" + BASE.substring(i + 1);
    }

    /** Every page of one call, following next_cursor; each checked to be an answer within the bound. */
    private static List<JsonNode> pages(ToolHarness h, ResolveValueTool t, String table, String column, String text) {
        List<JsonNode> pages = new ArrayList<>();
        String cursor = null;
        do {
            ObjectNode args = ToolHarness.MAPPER.createObjectNode()
                    .put("table", table).put("column", column).put("text", text);
            if (cursor != null) {
                args.put("cursor", cursor);
            }
            ToolResult r = h.call(t, args.toString());
            assertFalse(r.isError(), r.text());
            assertTrue(r.text().length() <= 20_000, "page of " + r.text().length());
            JsonNode page = parse(r.text());
            pages.add(page);
            cursor = page.has("next_cursor") ? page.get("next_cursor").asText() : null;
        } while (cursor != null);
        return pages;
    }

    /** The {@code text} the pages carry, its parts joined; it must begin on the first page and not repeat. */
    private static String textOf(List<JsonNode> pages) {
        StringBuilder parts = new StringBuilder();
        for (int i = 0; i < pages.size(); i++) {
            JsonNode t = pages.get(i).get("text");
            if (t == null) {
                continue;
            }
            if (t.isTextual()) {
                assertEquals(0, i, "a long text is sent once, on the first page");
                return t.asText();
            }
            assertEquals(parts.length() == 0 ? 1 : t.get("part").asInt(), t.get("part").asInt());
            parts.append(t.get("text").asText());
            if (t.get("part").asInt() == t.get("parts").asInt()) {
                assertEquals(i + 1, t.get("parts").asInt(), "parts start on the first page, one a page");
                return parse(parts.toString()).asText();
            }
        }
        throw new AssertionError("no text on any page");
    }

    /** 19,660 plain characters, or 3,300 control characters that JSON spells six characters each. */
    @ParameterizedTest
    @ValueSource(ints = {19_660, -3_300, 5_100})
    void aLongTextIsSentOnceFromTheFirstPageAndTheCallAnswers(int length) {
        String text = length > 0 ? "q".repeat(length) : "\u0001".repeat(-length);
        List<JsonNode> pages = pages(harness, tool, "geo.customer", "country", text);
        assertEquals(text, textOf(pages));
        for (JsonNode page : pages) {
            assertEquals("geo.customer", page.get("table").asText());
            assertEquals("country", page.get("column").asText());
            assertTrue(page.has("match") && page.has("coverage") && page.has("listed"), page.toString());
        }
        assertEquals("none", pages.get(0).get("match").asText());
    }

    @Test
    void aStoredValueLongerThanAPageResolvesFromItsTextSentInParts() throws Exception {
        ToolHarness h = new ToolHarness(longListPrint());
        List<JsonNode> pages = pages(h, new ResolveValueTool(h.store, h.paging), "t.t", "label", HUGE);
        assertTrue(pages.size() > 2, "the text alone takes two pages");
        assertEquals(HUGE, textOf(pages));
        for (JsonNode page : pages) {
            assertEquals("stored", page.get("match").asText());
            assertEquals(46, page.get("listed").asInt());
        }
    }

    @Test
    void longListsPageWithEveryKeyOnEveryPageSpellingsBeforeDomainAndNoValueShortened() throws Exception {
        String base = BASE;
        String huge = HUGE;
        List<String> spellings = new ArrayList<>();
        for (int i = 0; i < 45; i++) {
            spellings.add(spelling(i));
        }
        ToolHarness h = new ToolHarness(longListPrint());
        ResolveValueTool t = new ResolveValueTool(h.store, h.paging);
        String args = "{\"table\": \"t.t\", \"column\": \"label\", \"text\": \"" + base + "\"";
        List<String> order = new ArrayList<>();
        List<JsonNode> spelled = new ArrayList<>();
        List<JsonNode> domain = new ArrayList<>();
        StringBuilder parts = new StringBuilder();
        String cursor = null;
        do {
            ToolResult r = h.call(t, args + (cursor == null ? "}" : ", \"cursor\": \"" + cursor + "\"}"));
            assertFalse(r.isError(), r.text());
            assertTrue(r.text().length() <= 20_000, "page of " + r.text().length());
            JsonNode page = parse(r.text());
            assertEquals("t.t", page.get("table").asText());
            assertEquals("label", page.get("column").asText());
            assertEquals(base, page.get("text").asText());
            assertEquals("stored", page.get("match").asText());
            assertEquals(1.0, page.get("coverage").asDouble());
            assertTrue(page.get("exhaustive").asBoolean());
            assertEquals(46, page.get("listed").asInt());
            assertEquals(91, page.get("total").asInt());
            for (String key : List.of("spellings", "domain")) {
                if (page.has(key)) {
                    order.add(key);
                    for (JsonNode item : page.get(key)) {
                        if (item.has("part")) {
                            parts.append(item.get("text").asText());
                            if (item.get("part").asInt() == item.get("parts").asInt()) {
                                domain.add(parse(parts.toString()));
                            }
                        } else {
                            (key.equals("spellings") ? spelled : domain).add(item);
                        }
                    }
                }
            }
            cursor = page.has("next_cursor") ? page.get("next_cursor").asText() : null;
        } while (cursor != null);
        assertEquals("spellings", order.get(0));
        assertEquals(order.lastIndexOf("spellings") + 1, order.indexOf("domain"), order.toString());
        assertEquals(spellings, spelled.stream().map(n -> n.get("value").asText()).toList());
        assertEquals(46, domain.size());
        assertEquals(huge, domain.get(45).get("value").asText(), "the 30,000-character value arrives whole, in parts");
    }
}
