package dev.dbprint.mcp.tool;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import dev.dbprint.mcp.paging.DocumentPager;
import dev.dbprint.mcp.paging.JsonText;
import dev.dbprint.mcp.paging.ListReply;
import dev.dbprint.mcp.paging.Pager;
import dev.dbprint.mcp.print.Fixtures;
import dev.dbprint.mcp.print.store.PrintStore;
import dev.dbprint.mcp.print.store.PrintView;
import dev.dbprint.mcp.render.context.ContextModel;
import dev.dbprint.mcp.render.context.ContextObject;
import dev.dbprint.mcp.render.context.ProfileMarkdown;
import dev.dbprint.mcp.render.context.QueryMarkdown;
import dev.dbprint.mcp.tool.call.ToolResult;

/**
 * get_table_context over a fixture print: the bundled sample (scope, redaction, a path-valued edge, a rejected and an
 * added edge, derived_from, quotes and line breaks in values, a numeric sentinel) with a corrupt
 * statistics.annotations.yaml, a declared-but-missing relationships.yaml and a 300-column table added. Expected replies
 * are golden files under {@code golden/context/}; run with {@code -Dgolden.update=true} to rewrite them after review.
 */
class GetTableContextFixtureTest {

    static final Path GOLDEN = Path.of("src/test/resources/golden/context");
    static final boolean UPDATE = Boolean.getBoolean("golden.update");

    @TempDir
    static Path dir;
    static ToolHarness h;
    static GetTableContextTool tool;

    @BeforeAll
    static void fixture() throws IOException {
        Fixtures.copyDirectory(Path.of("../src/sample"), dir);
        Path shop = dir.resolve("prints/shop");
        // a corrupt annotation file: an undeclared key at the root
        Files.writeString(shop.resolve("rental/bike/statistics.annotations.yaml"),
                "format_version: 1\ncolumns: {}\nowner: ops\n");
        // declared but absent
        Files.delete(shop.resolve("rental/tariff/relationships.yaml"));
        WideTable.write(shop, 300);
        h = new ToolHarness(dir);
        tool = new GetTableContextTool(h.store, h.paging);
    }

    static String nextCursor(String text, String format) {
        if ("md".equals(format)) {
            int at = text.lastIndexOf("\n" + DocumentPager.CURSOR_LINE_PREFIX);
            return at < 0 || text.indexOf('\n', at + 1) >= 0
                    ? null
                    : text.substring(at + 1 + DocumentPager.CURSOR_LINE_PREFIX.length());
        }
        if ("yaml".equals(format)) {
            int at = text.lastIndexOf(Pager.YAML_CURSOR_COMMENT);
            return at < 0 ? null : text.substring(at + Pager.YAML_CURSOR_COMMENT.length()).strip();
        }
        Object cursor = ((Map<?, ?>) JsonText.parse(text)).get(Pager.NEXT_CURSOR);
        return cursor == null ? null : cursor.toString();
    }

    private static List<String> pages(String args, String format) {
        List<String> out = new ArrayList<>();
        String cursor = null;
        do {
            String a = args.substring(0, args.length() - 1) + ",\"format\":\"" + format + "\""
                    + (cursor == null ? "" : ",\"cursor\":\"" + cursor + "\"") + "}";
            ToolResult r = h.call(tool, a);
            assertFalse(r.isError(), r.text());
            assertTrue(r.text().length() <= Pager.MAX_CHARS, "page of " + r.text().length());
            out.add(r.text());
            cursor = nextCursor(r.text(), format);
        } while (cursor != null);
        return out;
    }

    private static void golden(String name, String actual) throws IOException {
        Path file = GOLDEN.resolve(name);
        if (UPDATE) {
            Files.createDirectories(file.getParent());
            Files.writeString(file, actual, StandardCharsets.UTF_8);
        }
        assertEquals(Files.readString(file, StandardCharsets.UTF_8), actual, name);
    }

    private static void goldenAll(String table, String purpose) throws IOException {
        String args = "{\"table\":\"" + table + "\",\"purpose\":\"" + purpose + "\"}";
        String base = table.replace("rental.", "") + "." + purpose;
        golden(base + ".md", single(pages(args, "md")));
        golden(base + ".json", single(pages(args, "json")));
        golden(base + ".yaml", single(pages(args, "yaml")));
    }

    /** The pages as one golden file, a marker line between pages (cursors are minted per run, so masked). */
    private static String single(List<String> pages) {
        return String.join("\n=== next page ===\n", pages).replaceAll("(next_cursor\"?:? \"?)[A-Za-z0-9_-]{20,}",
                "$1<cursor>");
    }

    @Test
    void scopedTableWithPathEdgeSentinelAndAnnotatedEdgeNote() throws IOException {
        goldenAll("rental.ride", "query");
        goldenAll("rental.ride", "profile");
    }

    @Test
    void redactedColumnRejectedEdgeAndSpellings() throws IOException {
        goldenAll("rental.customer", "query");
        goldenAll("rental.customer", "profile");
    }

    @Test
    void quotesLineBreaksAndTheAddedEdgeOnItsTarget() throws IOException {
        goldenAll("rental.station", "query");
        goldenAll("rental.station", "profile");
    }

    @Test
    void derivedFromCarriesTheSourceNotes() throws IOException {
        goldenAll("rental.station_daily_usage", "query");
    }

    @Test
    void corruptAnnotationsDegradeOnlyTheirSection() throws IOException {
        goldenAll("rental.bike", "query");
        goldenAll("rental.bike", "profile");
    }

    @Test
    void declaredButMissingRelationships() throws IOException {
        goldenAll("rental.tariff", "query");
        goldenAll("rental.tariff", "profile");
    }

    @Test
    void narrowedByIncludeFlags() throws IOException {
        String args = "{\"table\":\"rental.ride\",\"purpose\":\"QUERY\",\"include_relationships\":false,"
                + "\"include_annotations\":false,\"include_description\":false}";
        golden("ride.query.narrow.md", single(pages(args, "md")));
        golden("ride.profile.narrow.json", single(pages("{\"table\":\"rental.ride\",\"include_stats\":false,"
                + "\"include_relationships\":false}", "json")));
    }

    @Test
    void theQueryDataDictionaryOpensWithTheTablesDescription() {
        String md = single(pages("{\"table\":\"rental.customer\",\"purpose\":\"query\"}", "md"));
        String dictionary = md.substring(md.indexOf("\n## Data dictionary\n"));
        assertTrue(dictionary.startsWith("\n## Data dictionary\n### customer\n\nOne row per registered rider account."),
                dictionary);
        assertTrue(dictionary.contains("maintained by the billing job.\n\n### Columns\n- email: Login identity"), dictionary);
        String without = single(pages("{\"table\":\"rental.customer\",\"purpose\":\"query\","
                + "\"include_description\":false}", "md"));
        assertTrue(without.endsWith("\n## Data dictionary\n- email: Login identity, unique per account. Withheld from "
                + "the print; ask the database if you need a literal.\n- country_code: Typed by hand until the app "
                + "switched to a picker, so one country can appear in several spellings. NULL means the rider skipped "
                + "the field.\n- membership: How the rider pays today. `pay_as_you_go` riders have no monthly fee.\n"
                + "- tariff_id: Plan number from the billing system that was switched off in November 2026. Its numbers"
                + " were reissued when `rental.tariff` was created, so they do not identify rows there.\n"), without);
    }

    @Test
    void errors() {
        ToolResult r = h.call(tool, "{\"table\":\"rental.nope\"}");
        assertTrue(r.isError());
        assertEquals("table 'rental.nope' not found in connection 'shop'. Call list_tables with connection 'shop' "
                + "for valid names.", r.text());
        r = h.call(tool, "{\"table\":\"rental.maintenance_event\"}");
        assertTrue(r.isError());
        assertEquals("the last generate run could not profile 'rental.maintenance_event'; run dbprint generate to see "
                + "the cause", r.text());
        r = h.call(tool, "{\"table\":\"rental.ride\",\"format\":\"yml\"}");
        assertEquals("format 'yml' must be one of ['md', 'json', 'yaml'].", r.text());
    }

    @Test
    void wideTablePagesMarkdownByRows() {
        for (String purpose : List.of("profile", "query")) {
            List<String> pages = pages("{\"table\":\"rental.wide\",\"purpose\":\"" + purpose + "\"}", "md");
            assertTrue(pages.size() > 2, purpose + " pages " + pages.size());
            StringBuilder joined = new StringBuilder();
            for (int i = 0; i < pages.size(); i++) {
                String p = pages.get(i);
                if (i < pages.size() - 1) {
                    p = p.substring(0, p.lastIndexOf("\n" + DocumentPager.CURSOR_LINE_PREFIX));
                }
                assertTrue(p.contains("\n## Terms\n"), "every page of a table prints terms");
                // a legend line names where json/yaml carries the term: a row of a list the page goes on with does not
                joined.append(p.replaceFirst("\n## Terms\n(- [^\n]*\\(json/yaml: [^\n]*\n)*", ""));
            }
            PrintView view = new PrintStore().view("shop", dir.resolve("prints/shop"));
            ContextModel m = new ContextModel(view, view.table("rental.wide").orElseThrow());
            List<List<String>> sections = "profile".equals(purpose)
                    ? new ProfileMarkdown(m, true, true, true).sections()
                    : new QueryMarkdown(m, true, true).render().sections();
            assertEquals(DocumentPager.document(sections), joined.toString(), purpose);
        }
    }

    @Test
    void wideTablePagesJsonMergingKeyByKey() {
        PrintView view = new PrintStore().view("shop", dir.resolve("prints/shop"));
        ContextModel m = new ContextModel(view, view.table("rental.wide").orElseThrow());
        ContextObject.Flags all = new ContextObject.Flags(true, true, true, true);
        for (String purpose : List.of("profile", "query")) {
            List<String> pages = pages("{\"table\":\"rental.wide\",\"purpose\":\"" + purpose + "\"}", "json");
            assertTrue(pages.size() > 2, purpose + " pages " + pages.size());
            Map<String, Object> merged = new LinkedHashMap<>();
            for (String p : pages) {
                @SuppressWarnings("unchecked")
                Map<String, Object> body = (Map<String, Object>) JsonText.parse(p);
                body.remove(Pager.NEXT_CURSOR);
                Merge.into(merged, body);
            }
            ListReply whole = "profile".equals(purpose)
                    ? ContextObject.profile(m, all)
                    : ContextObject.query(m, new QueryMarkdown(m, true, true), all);
            assertEquals(JsonText.parse(JsonText.compact(Merge.whole(whole))), JsonText.parse(JsonText.compact(merged)),
                    purpose);
            List<String> yaml = pages("{\"table\":\"rental.wide\",\"purpose\":\"" + purpose + "\"}", "yaml");
            assertEquals(pages.size(), yaml.size());
            assertTrue(yaml.get(0).contains("\n" + Pager.YAML_CURSOR_COMMENT));
        }
    }
}
