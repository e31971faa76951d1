package dev.dbprint.mcp.tool;

import static dev.dbprint.mcp.tool.PrintProject.entry;
import static dev.dbprint.mcp.tool.PrintProject.json;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Path;
import java.time.Clock;
import java.time.Instant;
import java.time.ZoneOffset;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import dev.dbprint.mcp.paging.JsonText;
import dev.dbprint.mcp.paging.PagedReplies;
import dev.dbprint.mcp.print.Fixtures;
import dev.dbprint.mcp.print.cache.CacheSizes;
import dev.dbprint.mcp.print.index.DiskTrees;
import dev.dbprint.mcp.print.store.PrintStore;
import dev.dbprint.mcp.tool.call.ToolResult;

class ListTablesToolTest {

    static final Instant NOW = Instant.parse("2026-05-20T12:00:00Z");

    @TempDir
    Path dir;

    static ListTablesTool tool(ToolHarness h) {
        return new ListTablesTool(h.store, h.paging, Clock.fixed(NOW, ZoneOffset.UTC));
    }

    private Map<String, Object> call(PrintProject p, String args) {
        ToolHarness h = p.harness();
        return json(h.call(tool(h), args));
    }

    /** The detail entries of a one-page reply, by FQN. */
    @SuppressWarnings("unchecked")
    private Map<String, Map<String, Object>> detail(PrintProject p, String args) {
        Map<String, Object> reply = call(p, args);
        assertNull(reply.get("next_cursor"));
        Map<String, Map<String, Object>> out = new LinkedHashMap<>();
        for (Object o : (List<Object>) reply.get("tables")) {
            Map<String, Object> e = (Map<String, Object>) o;
            out.put((String) e.get("table"), e);
        }
        return out;
    }

    private static Map<String, Object> map(Object... kv) {
        Map<String, Object> m = new LinkedHashMap<>();
        for (int i = 0; i < kv.length; i += 2) {
            m.put((String) kv[i], kv[i + 1]);
        }
        return m;
    }

    private static Object num(String spelled) {
        return JsonText.parse(spelled);
    }

    // ---------------------------------------------------------------- names, patterns, failed_tables

    @Test
    void namesAreSortedByCodePointWithTotal() {
        PrintProject p = new PrintProject(dir);
        p.manifest(entry("sales.orders") + entry("Sales.Accounts") + entry("ops.\uD83D\uDE00") + entry("ops.\uFF21"));
        Map<String, Object> reply = call(p, "{}");
        assertEquals(List.of("Sales.Accounts", "ops.\uFF21", "ops.\uD83D\uDE00", "sales.orders"), reply.get("tables"));
        assertEquals(List.of("tables", "total"), new ArrayList<>(reply.keySet()));
        assertEquals(num("4"), reply.get("total"));
    }

    /**
     * A fresh process reads the manifest from the on-disk index, which builds a table's entry when it is first looked
     * up: a names-only listing answers from the sorted names and builds none, where building each was most of a first
     * call's own work.
     */
    @Test
    void aNamesOnlyListingFromTheIndexBuildsNoEntry() {
        Path project = Fixtures.copyResource("/fixtures/search", dir.resolve("project"));
        Path index = dir.resolve("index");
        PrintStore first = new PrintStore(CacheSizes.defaultParseCacheBytes(), DiskTrees.at(index));
        String expected = new ToolHarness(first, project).call(new ListTablesTool(first, new PagedReplies()), "{}").text();
        first.flush();

        PrintStore fresh = new PrintStore(CacheSizes.defaultParseCacheBytes(), DiskTrees.at(index));
        ToolHarness h = new ToolHarness(fresh, project);
        assertEquals(expected, h.call(tool(h), "{}").text());
        assertEquals(0, fresh.view(h.connections.named("arb")).index().builtWeight());
        h.call(tool(h), "{\"detail\": true}");
        assertTrue(fresh.view(h.connections.named("arb")).index().builtWeight() > 0, "a detailed listing builds each");
    }

    @Test
    void starSpansDotsAndPatternIsCaseSensitive() {
        PrintProject p = new PrintProject(dir);
        p.manifest(entry("sales.orders") + entry("sales.eu.returns") + entry("ops.sales") + entry("Sales.x"));
        assertEquals(List.of("sales.eu.returns", "sales.orders"), call(p, "{\"pattern\": \"s*\"}").get("tables"));
        assertEquals(List.of("ops.sales", "sales.eu.returns", "sales.orders"),
                call(p, "{\"pattern\": \"*.*s*\"}").get("tables"));
        assertEquals(List.of("sales.eu.returns"), call(p, "{\"pattern\": \"sales.*.*\"}").get("tables"));
        assertEquals(num("0"), call(p, "{\"pattern\": \"nothing.*\"}").get("total"));
        assertEquals(List.of(), call(p, "{\"pattern\": \"nothing.*\"}").get("tables"));
    }

    @Test
    void negatedSetAndSet() {
        PrintProject p = new PrintProject(dir);
        p.manifest(entry("sales.orders") + entry("sales.returns") + entry("sales.accounts"));
        assertEquals(List.of("sales.accounts", "sales.returns"), call(p, "{\"pattern\": \"sales.[!o]*\"}").get("tables"));
        assertEquals(List.of("sales.orders", "sales.returns"), call(p, "{\"pattern\": \"sales.[or]*\"}").get("tables"));
    }

    @Test
    void failedTablesAreSortedFilteredAndPresentOnlyWhenNonEmpty() {
        PrintProject p = new PrintProject(dir);
        p.manifest("failed_tables:\n- sales.zz\n- ops.x\n- sales.aa\n", entry("sales.orders") + entry("ops.y"));
        Map<String, Object> all = call(p, "{}");
        assertEquals(List.of("failed_tables", "tables", "total"), new ArrayList<>(all.keySet()));
        assertEquals(List.of("ops.x", "sales.aa", "sales.zz"), all.get("failed_tables"));
        assertEquals(List.of("sales.aa", "sales.zz"), call(p, "{\"pattern\": \"sales.*\"}").get("failed_tables"));
        assertFalse(call(p, "{\"pattern\": \"ops.y\"}").containsKey("failed_tables"));
        assertEquals(List.of("sales.aa", "sales.zz"),
                call(p, "{\"pattern\": \"sales.*\", \"detail\": true}").get("failed_tables"));
    }

    @Test
    void everyEntryIsListedAsGetManifestServesItFollowableOrNot() {
        PrintProject p = new PrintProject(dir);
        p.manifest(entry("sales.orders") + "sales.escape:\n  type: table\n  path: ../../outside\n"
                + "sales.absolute:\n  type: table\n  path: /etc\n" + "sales.scalar: 7\n"
                + "sales.nopath:\n  type: view\n  path: 5\n");
        assertEquals(List.of("sales.absolute", "sales.escape", "sales.nopath", "sales.orders", "sales.scalar"),
                call(p, "{}").get("tables"));
        assertEquals(num("5"), call(p, "{\"detail\": true}").get("total"));
        Map<String, Map<String, Object>> detail = detail(p, "{\"detail\": true}");
        assertEquals("dormant", detail.get("sales.scalar").get("freshness"), "a malformed entry projects what it has");
        assertEquals("view", detail.get("sales.nopath").get("type"));
    }

    // ---------------------------------------------------------------- detail: projection and freshness

    @Test
    void detailProjectsTheEntrysOwnFieldsAndJudgesFreshness() {
        PrintProject p = new PrintProject(dir);
        p.manifest(entry("s.live", "row_count: 10", "columns: 3", "profiled_at: '2026-05-19T00:00:00Z'",
                "max_age_days: 7")
                + entry("s.stale", "row_count: 10", "columns: 3", "profiled_at: '2026-05-01T12:00:00Z'",
                        "max_age_days: 7")
                + entry("s.edge", "profiled_at: '2026-05-13T12:00:00Z'", "max_age_days: 7")
                + entry("s.zero", "profiled_at: '2026-05-20T11:00:00Z'", "max_age_days: 0")
                + entry("s.never", "columns: 2", "max_age_days: 7")
                + entry("s.garbled", "profiled_at: last tuesday", "max_age_days: 7")
                + "s.view:\n  type: view\n  path: s/view\n  columns: 4\n  profiled_at: '2026-05-20T00:00:00+00:00'\n"
                + "  max_age_days: 1\n");
        Map<String, Map<String, Object>> t = detail(p, "{\"detail\": true}");
        assertEquals(map("table", "s.live", "type", "table", "row_count", num("10"), "columns", num("3"), "profiled_at",
                "2026-05-19T00:00:00Z", "freshness", "live", "age_days", num("1.5"), "max_age_days", num("7")),
                t.get("s.live"));
        assertEquals(List.of("table", "type", "row_count", "columns", "profiled_at", "freshness", "age_days",
                "max_age_days"), new ArrayList<>(t.get("s.live").keySet()), "the projection, then the verdict");
        assertEquals(map("table", "s.stale", "type", "table", "row_count", num("10"), "columns", num("3"),
                "profiled_at", "2026-05-01T12:00:00Z", "freshness", "stale", "age_days", num("19.0"), "max_age_days",
                num("7")), t.get("s.stale"));
        // exactly max_age_days old is no longer younger than the threshold
        assertEquals("stale", t.get("s.edge").get("freshness"));
        assertEquals(num("7.0"), t.get("s.edge").get("age_days"));
        // 0 is never satisfied; an hour is 0.04 of a day
        assertEquals("stale", t.get("s.zero").get("freshness"));
        assertEquals(num("0.04"), t.get("s.zero").get("age_days"));
        assertEquals(map("table", "s.never", "type", "table", "columns", num("2"), "freshness", "dormant", "age_days",
                null, "max_age_days", num("7")), t.get("s.never"));
        assertEquals("dormant", t.get("s.garbled").get("freshness"));
        assertTrue(t.get("s.garbled").containsKey("age_days") && t.get("s.garbled").get("age_days") == null);
        // a plain view has no row_count, and none is invented
        assertEquals(map("table", "s.view", "type", "view", "columns", num("4"), "profiled_at",
                "2026-05-20T00:00:00+00:00", "freshness", "live", "age_days", num("0.5"), "max_age_days", num("1")),
                t.get("s.view"));
    }

    @Test
    void nowIsTheServerClockOnEveryDetailPageAndAbsentWithoutDetail() {
        PrintProject p = new PrintProject(dir);
        p.manifest(entry("s.a", "profiled_at: '2026-05-19T00:00:00Z'"));
        Map<String, Object> reply = call(p, "{\"detail\": true}");
        assertEquals(List.of("now", "tables", "total"), new ArrayList<>(reply.keySet()));
        assertEquals("2026-05-20T12:00:00Z", reply.get("now"));
        assertFalse(call(p, "{}").containsKey("now"));
    }

    @Test
    void ageIsRoundedToTwoPlaces() {
        PrintProject p = new PrintProject(dir);
        // 1 day 1 hour 30 minutes = 1.0625 days -> 1.06 (half-even on the exact age); 10 minutes -> 0.01
        p.manifest(entry("s.a", "profiled_at: '2026-05-19T10:30:00Z'", "max_age_days: 7")
                + entry("s.b", "profiled_at: '2026-05-20T11:50:00.250Z'", "max_age_days: 7")
                + entry("s.c", "profiled_at: '2026-05-21T12:00:00Z'", "max_age_days: 7"));
        Map<String, Map<String, Object>> t = detail(p, "{\"detail\": true}");
        assertEquals(num("1.06"), t.get("s.a").get("age_days"));
        assertEquals(num("0.01"), t.get("s.b").get("age_days"));
        // a print dated ahead of the clock has a negative age and is younger than any positive threshold
        assertEquals(num("-1.0"), t.get("s.c").get("age_days"));
        assertEquals("live", t.get("s.c").get("freshness"));
    }

    @Test
    void rulesResolveAThresholdTheEntryDoesNotRecord() {
        PrintProject p = new PrintProject(dir,
                "max_age_days: 10\nrules:\n- include: ['sales.*']\n  max_age_days: 30\n",
                "max_age_days: 3\nrules:\n- include: ['sales.big*']\n  exclude: ['sales.big_tmp']\n  max_age_days: 90\n");
        p.manifest(entry("ops.a", "profiled_at: '2026-05-19T12:00:00Z'")
                + entry("sales.a", "profiled_at: '2026-05-19T12:00:00Z'")
                + entry("sales.big1", "profiled_at: '2026-05-19T12:00:00Z'")
                + entry("sales.big_tmp", "profiled_at: '2026-05-19T12:00:00Z'")
                + entry("Sales.BigUpper", "profiled_at: '2026-05-19T12:00:00Z'")
                + entry("sales.own", "profiled_at: '2026-05-19T12:00:00Z'", "max_age_days: 1"));
        Map<String, Map<String, Object>> t = detail(p, "{\"detail\": true}");
        assertEquals(num("3"), t.get("ops.a").get("max_age_days"), "the connection's value overrides defaults'");
        assertEquals(num("30"), t.get("sales.a").get("max_age_days"), "a defaults rule still applies");
        assertEquals(num("90"), t.get("sales.big1").get("max_age_days"), "the later (connection) rule wins");
        assertEquals(num("30"), t.get("sales.big_tmp").get("max_age_days"), "exclude removes from that rule alone");
        assertEquals(num("90"), t.get("Sales.BigUpper").get("max_age_days"), "rule globs match the lowercased FQN");
        assertEquals(num("1"), t.get("sales.own").get("max_age_days"), "the entry's own value comes first");
        assertEquals("stale", t.get("sales.own").get("freshness"));
        assertEquals("live", t.get("ops.a").get("freshness"));
    }

    @Test
    void withNoConfiguredValueTheConnectionDefaultIsSeven() {
        PrintProject p = new PrintProject(dir);
        p.manifest(entry("s.a", "profiled_at: '2026-05-19T12:00:00Z'"));
        assertEquals(num("7"), detail(p, "{\"detail\": true}").get("s.a").get("max_age_days"));
    }

    @Test
    void aRecordedThresholdThatIsNegativeOrNotWholeIsRefused() {
        PrintProject p = new PrintProject(dir);
        p.manifest(entry("s.neg", "profiled_at: '2026-05-19T12:00:00Z'", "max_age_days: -1")
                + entry("s.frac", "profiled_at: '2026-05-19T12:00:00Z'", "max_age_days: 2.5")
                + entry("s.text", "profiled_at: '2026-05-19T12:00:00Z'", "max_age_days: '7'")
                + entry("s.whole", "profiled_at: '2026-05-19T12:00:00Z'", "max_age_days: 7.0"));
        Map<String, Map<String, Object>> t = detail(p, "{\"detail\": true}");
        assertEquals(map("table", "s.neg", "type", "table", "profiled_at", "2026-05-19T12:00:00Z", "threshold_error",
                "the manifest entry records max_age_days -1 is negative; a recorded threshold must be a whole number of"
                        + " days, not negative (format spec §2.5), and the connection's rules are not substituted for it"),
                t.get("s.neg"));
        assertEquals("the manifest entry records max_age_days 2.5 is not a whole number of days; a recorded threshold"
                + " must be a whole number of days, not negative (format spec §2.5), and the connection's rules are not"
                + " substituted for it", t.get("s.frac").get("threshold_error"));
        assertTrue(((String) t.get("s.text").get("threshold_error")).startsWith(
                "the manifest entry records max_age_days '7' is not a number of days;"));
        for (String fqn : List.of("s.neg", "s.frac", "s.text")) {
            Map<String, Object> e = t.get(fqn);
            assertFalse(e.containsKey("freshness") || e.containsKey("age_days") || e.containsKey("max_age_days"), fqn);
        }
        assertEquals(num("7.0"), t.get("s.whole").get("max_age_days"), "7.0 is a whole number, shown as written");
        assertEquals("live", t.get("s.whole").get("freshness"));
    }

    @Test
    void rulesNarrowingOneTableBothWaysRefuseThatTableAlone() {
        PrintProject p = new PrintProject(dir, "",
                "rules:\n- include: ['sales.*']\n  sample: 0.1\n- include: ['sales.orders']\n  filter: \"id > 3\"\n"
                        + "- include: ['sales.returns']\n  max_rows_scanned: 1000\n- include: ['sales.returns']\n"
                        + "  filter: \"id > 3\"\n");
        p.manifest(entry("sales.orders", "profiled_at: '2026-05-19T12:00:00Z'")
                + entry("sales.returns", "profiled_at: '2026-05-19T12:00:00Z'")
                + entry("sales.other", "profiled_at: '2026-05-19T12:00:00Z'")
                + entry("sales.recorded", "profiled_at: '2026-05-19T12:00:00Z'", "max_age_days: 2"));
        Map<String, Map<String, Object>> t = detail(p, "{\"detail\": true}");
        assertEquals("the rules narrow this table both by a predicate and by a fraction - rules entry 1 sets sample and"
                + " rules entry 2 sets filter (entries counted from 1, those from defaults first); dbprint refuses to"
                + " judge such a table until one of the two rules stops matching it",
                t.get("sales.orders").get("threshold_error"));
        assertEquals("live", t.get("sales.returns").get("freshness"), "a later ceiling discards the earlier fraction");
        assertEquals("live", t.get("sales.other").get("freshness"));
        assertEquals(num("2"), t.get("sales.recorded").get("max_age_days"));
    }

    @Test
    void aConfigurationRefusedAtLoadRefusesEveryTableThatNeedsIt() {
        PrintProject p = new PrintProject(dir, "", "rules:\n- include: []\n  max_age_days: 3\n");
        p.manifest(entry("s.a", "profiled_at: '2026-05-19T12:00:00Z'")
                + entry("s.b", "profiled_at: '2026-05-19T12:00:00Z'", "max_age_days: 2"));
        Map<String, Map<String, Object>> t = detail(p, "{\"detail\": true}");
        assertEquals("connection 'shop' in .dbprint.yaml: rules entry 1 (counted from 1, those from defaults first) has"
                + " include: [], which matches no table; dbprint refuses this configuration at load, so no threshold"
                + " resolves for a table whose manifest entry records none", t.get("s.a").get("threshold_error"));
        assertEquals("live", t.get("s.b").get("freshness"));
    }

    @Test
    void aReadRowsRuleSetsSomethingAndLeavesTheThresholdAlone() {
        PrintProject p = new PrintProject(dir, "", "max_age_days: 30\nrules:\n- include: ['s.big']\n  read_rows: 5000\n");
        p.manifest(entry("s.big", "profiled_at: '2026-05-19T12:00:00Z'")
                + entry("s.small", "profiled_at: '2026-05-19T12:00:00Z'"));
        Map<String, Map<String, Object>> t = detail(p, "{\"detail\": true}");
        for (String fqn : List.of("s.big", "s.small")) {
            assertEquals("live", t.get(fqn).get("freshness"), fqn + ": " + t.get(fqn));
            assertEquals(num("30"), t.get(fqn).get("max_age_days"), fqn);
        }
    }

    @Test
    @SuppressWarnings("unchecked")
    void aManifestRepeatingItsEntriesThroughHundredsOfAliasesIsServed() {
        PrintProject p = new PrintProject(dir);
        StringBuilder tables = new StringBuilder();
        for (int i = 0; i < 300; i++) {
            tables.append(String.format("s.t%03d:\n  <<: *entry\n  path: s/t%03d\n  artifacts: *artifacts\n", i, i));
        }
        p.manifest("shared: &entry\n  type: table\n  profiled_at: '2026-05-19T12:00:00Z'\n  row_count: 12\n"
                + "shared_artifacts: &artifacts\n  ddl: ddl.sql\n  statistics: statistics.yaml\n", tables.toString());
        ToolHarness h = p.harness();
        List<Map<String, Object>> pages = PrintProject.pages(h, tool(h), "{\"detail\": true}");
        List<Object> listed = new ArrayList<>();
        pages.forEach(page -> listed.addAll((List<Object>) page.get("tables")));
        assertEquals(300, listed.size(), "600 aliases, each table's entry built from two");
        Map<String, Object> last = (Map<String, Object>) listed.get(299);
        assertEquals("s.t299", last.get("table"));
        assertEquals("live", last.get("freshness"));
    }

    @Test
    void otherLoadRefusals() {
        for (String[] c : new String[][]{
                {"max_age_days: -2\n", "max_age_days -2 is negative (it must be a whole number of days, not negative)"},
                {"sample: 0.5\n", "'sample' is set on the connection or in defaults, where it is read only inside a rule"},
                {"rules:\n- include: ['a.*']\n", "rules entry 1 (counted from 1, those from defaults first) sets nothing"
                        + " (none of sample, filter, statistics, max_age_days, max_rows_scanned, read_rows)"},
                {"rules:\n- min_rows: 0\n  max_age_days: 1\n", "has min_rows 0, which is not a positive integer"},
                {"rules:\n- min_rows: 1000\n  read_rows: 5000\n",
                        "rules entry 1 (counted from 1, those from defaults first) sets read_rows beside min_rows, a pair"
                                + " dbprint (0.10 on) never accepts in one rule"},
                {"rules:\n- sample: 0.1\n  filter: x\n", "sets both sample and filter, which never go together"},
                {"rules:\n- max_age_days: 1.5\n", "has max_age_days 1.5 is not a whole number of days"},
                {"rules: 7\n", "rules is not a list"},
                {"rules:\n- max_age_days: 1\n- 7\n", "rules entry 2 (counted from 1, those from defaults first) is not a"
                        + " mapping"},
                {"rules:\n- include: null\n  max_age_days: 1\n", "has an include or exclude that is not a list of globs"},
                {"rules:\n- exclude: ['a.x', 1]\n  max_age_days: 1\n", "has an include or exclude that is not a list of"
                        + " globs"}}) {
            PrintProject p = new PrintProject(dir.resolve("p" + c[0].hashCode()), "", c[0]);
            p.manifest(entry("a.t", "profiled_at: '2026-05-19T12:00:00Z'"));
            String error = (String) detail(p, "{\"detail\": true}").get("a.t").get("threshold_error");
            assertTrue(error != null && error.contains(c[1]), c[0] + " -> " + error);
        }
    }

    @Test
    void aMinRowsRuleThatCannotApplyOfflineIsNamedInThePageWarnings() {
        PrintProject p = new PrintProject(dir, "",
                "rules:\n- include: ['sales.*']\n  min_rows: 1000\n  max_age_days: 1\n"
                        + "- include: ['ops.*']\n  min_rows: 1000\n  sample: 0.1\n");
        p.manifest(entry("sales.a", "profiled_at: '2026-05-19T12:00:00Z'")
                + entry("sales.b", "profiled_at: '2026-05-19T12:00:00Z'")
                + entry("sales.own", "profiled_at: '2026-05-19T12:00:00Z'", "max_age_days: 7")
                + entry("ops.c", "profiled_at: '2026-05-19T12:00:00Z'"));
        Map<String, Object> reply = call(p, "{\"detail\": true}");
        assertEquals(List.of("now", "warnings", "tables", "total"), new ArrayList<>(reply.keySet()),
                "every key but the paged list comes before its items (§4.8)");
        assertEquals(List.of("max_age_days for sales.a, sales.b was resolved from the rules that match by name alone:"
                + " a rule that also sets max_age_days names them but is conditioned on min_rows, and no row count is"
                + " available offline to test that condition, so the rule was not applied and the threshold shown may"
                + " differ from the one dbprint generate used."), reply.get("warnings"));
        assertEquals(num("7"), detail(p, "{\"detail\": true}").get("sales.a").get("max_age_days"),
                "the size-gated rule is not applied");
        assertFalse(call(p, "{\"detail\": true, \"pattern\": \"ops.*\"}").containsKey("warnings"),
                "a size-gated rule that leaves max_age_days alone warns of nothing");
        assertFalse(call(p, "{}").containsKey("warnings"), "bare names carry no thresholds");
    }

    @Test
    @SuppressWarnings("unchecked")
    void warningsNameOnlyTheTablesOfTheirOwnPage() {
        PrintProject p = new PrintProject(dir, "", "rules:\n- include: ['*.warn*']\n  min_rows: 10\n  max_age_days: 1\n");
        StringBuilder tables = new StringBuilder();
        for (int i = 0; i < 400; i++) {
            tables.append(entry(String.format("s.%s%04d", i % 3 == 0 ? "warn" : "calm", i),
                    "profiled_at: '2026-05-19T12:00:00Z'"));
        }
        p.manifest(tables.toString());
        ToolHarness h = p.harness();
        List<Map<String, Object>> pages = PrintProject.pages(h, tool(h), "{\"detail\": true}");
        assertTrue(pages.size() > 2, "pages: " + pages.size());
        List<String> warned = new ArrayList<>();
        int seen = 0, warnedPages = 0;
        for (Map<String, Object> page : pages) {
            List<String> own = new ArrayList<>();
            for (Object o : (List<Object>) page.get("tables")) {
                String fqn = (String) ((Map<String, Object>) o).get("table");
                seen++;
                if (fqn.contains("warn")) {
                    own.add(fqn);
                }
            }
            if (own.isEmpty()) {
                assertFalse(page.containsKey("warnings"), "a page naming no such table carries no warnings");
            } else {
                String sentence = ((List<String>) page.get("warnings")).get(0);
                assertTrue(sentence.startsWith("max_age_days for " + String.join(", ", own) + " was resolved"));
                warnedPages++;
            }
            warned.addAll(own);
            assertEquals(num("400"), page.get("total"));
        }
        assertEquals(400, seen);
        assertEquals(134, warned.size());
        assertTrue(warnedPages >= 2, "warned pages: " + warnedPages);
        assertEquals(Set.copyOf(warned).size(), warned.size());
    }

    // ---------------------------------------------------------------- §4.8 through list_tables

    /** Names whose bare reply serializes to exactly {@code length} characters (at least 12,000). */
    private static List<String> namesOfReplyLength(int length) {
        List<String> names = new ArrayList<>();
        for (int i = 0; i < 900; i++) {
            names.add(String.format("s.t%05d", i));
        }
        int missing = length - JsonText.pretty(map("tables", names, "total", 900)).length();
        for (int i = 0; missing > 0; i = (i + 1) % names.size(), missing--) {
            names.set(i, names.get(i) + "x"); // YAML caps a plain mapping key at 1024 characters: spread the padding
        }
        assertEquals(length, JsonText.pretty(map("tables", names, "total", 900)).length());
        return names;
    }

    private PrintProject printOf(List<String> names) {
        PrintProject p = new PrintProject(dir);
        StringBuilder tables = new StringBuilder();
        names.forEach(n -> tables.append(entry(n)));
        p.manifest(tables.toString());
        return p;
    }

    @Test
    void aReplyOfExactly20000CharactersIsOnePage() {
        List<String> names = namesOfReplyLength(20_000);
        PrintProject p = printOf(names);
        ToolHarness h = p.harness();
        ToolResult r = h.call(tool(h), "{}");
        assertEquals(20_000, r.text().length());
        assertEquals(JsonText.pretty(map("tables", names, "total", 900)), r.text());
    }

    @Test
    @SuppressWarnings("unchecked")
    void aReplyOf20001CharactersIsTwoPagesThatLoseNothing() {
        List<String> names = namesOfReplyLength(20_001);
        PrintProject p = printOf(names);
        ToolHarness h = p.harness();
        List<Map<String, Object>> pages = PrintProject.pages(h, tool(h), "{}");
        assertEquals(2, pages.size());
        List<Object> all = new ArrayList<>();
        pages.forEach(page -> {
            all.addAll((List<Object>) page.get("tables"));
            assertEquals(num("900"), page.get("total"));
        });
        assertEquals(names, all);
    }

    private String firstCursor(PrintProject p, ToolHarness h, String args) {
        String cursor = (String) json(h.call(tool(h), args)).get("next_cursor");
        assertTrue(cursor != null);
        return cursor;
    }

    @Test
    void aCursorReplayedWithOtherArgumentsIsRefused() {
        PrintProject p = printOf(namesOfReplyLength(30_000));
        ToolHarness h = p.harness();
        String cursor = firstCursor(p, h, "{}");
        ToolResult r = h.call(tool(h), "{\"detail\": true, \"cursor\": \"" + cursor + "\"}");
        assertTrue(r.isError());
        assertEquals("this cursor was not issued by list_tables with these arguments. Repeat the call that returned it"
                + " with the same arguments, or call again without `cursor`.", r.text());
        ToolResult other = h.call(new GetManifestTool(h.store, h.paging), "{\"cursor\": \"" + cursor + "\"}");
        assertEquals("this cursor was not issued by get_manifest with these arguments. Repeat the call that returned"
                + " it with the same arguments, or call again without `cursor`.", other.text());
    }

    @Test
    void aCursorThatNoReplyIssuedIsRefused() {
        PrintProject p = printOf(List.of("s.a"));
        ToolHarness h = p.harness();
        ToolResult r = h.call(tool(h), "{\"cursor\": \"not-a-cursor\"}");
        assertTrue(r.isError());
        assertEquals("cursor 'not-a-cursor' is not one this server issued. Pass back a reply's `next_cursor` unchanged,"
                + " or call again without `cursor` for the first page.", r.text());
    }

    @Test
    void aCursorFollowedAfterTheManifestWasRewrittenSaysThePrintChanged() {
        List<String> names = namesOfReplyLength(30_000);
        PrintProject p = printOf(names);
        ToolHarness h = p.harness();
        String cursor = firstCursor(p, h, "{}");
        printOf(names); // the same text again, atomically: a new inode
        ToolResult r = h.call(tool(h), "{\"cursor\": \"" + cursor + "\"}");
        assertTrue(r.isError());
        assertEquals("the print changed on disk since this cursor was issued, so list_tables cannot resume where it left"
                + " off. Call again without `cursor` to start over.", r.text());
    }

    @Test
    void aWarmCallParsesNothing() {
        PrintProject p = printOf(namesOfReplyLength(30_000));
        ToolHarness h = p.harness();
        h.call(tool(h), "{\"detail\": true}");
        long parses = h.store.counters().parses();
        h.call(tool(h), "{\"detail\": true}");
        assertEquals(parses, h.store.counters().parses());
    }
}
