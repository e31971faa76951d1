package dev.dbprint.mcp.paging;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assertions.fail;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Random;
import java.util.concurrent.atomic.AtomicInteger;

import org.junit.jupiter.api.Test;

class PagerTest {

    private static final CursorCodec CODEC = new CursorCodec();
    private static final String TOOL = "list_tables";
    private static final String ARGS = CanonicalArgs.of(Map.of("pattern", "*"));
    private static final String PRINT = "print-digest-1";

    private static CursorCodec.Binding mint() {
        return CODEC.bind(TOOL, ARGS, PRINT);
    }

    private static boolean isPart(Object o) {
        return o instanceof Map<?, ?> m && m.keySet().equals(java.util.Set.of("part", "parts", "text"));
    }

    /** Reassembles every walk (and parted header keys) from the pages, checking the §4.8 page invariants on the way. */
    private static Map<String, Object> reassemble(Pager pager, ListReply reply) {
        List<Page> pages = pager.pages();
        Map<String, Object> whole = new LinkedHashMap<>();
        Map<String, StringBuilder> open = new LinkedHashMap<>();
        Map<String, Integer> expectPart = new LinkedHashMap<>();
        for (int k = 0; k < pages.size(); k++) {
            Page p = pages.get(k);
            assertTrue(p.text().length() <= Pager.MAX_CHARS, "page " + k + " is " + p.text().length());
            assertEquals(p.text().length(), p.measured(), "measure of page " + k);
            assertEquals(JsonText.pretty(p.body()), p.text());
            boolean last = k == pages.size() - 1;
            assertEquals(!last, p.body().containsKey(Pager.NEXT_CURSOR), "next_cursor on page " + k);
            assertEquals(last, p.isLast());
            if (reply.emitsTotal()) {
                assertEquals(reply.total(), p.body().get(Pager.TOTAL), "total on page " + k);
            }
            for (Map.Entry<String, Object> e : reply.everyPage().entrySet()) {
                assertEquals(e.getValue(), p.body().get(e.getKey()), e.getKey() + " on page " + k);
            }
            for (Map.Entry<String, Object> e : p.body().entrySet()) {
                String key = e.getKey();
                if (reply.header().containsKey(key)) {
                    collect(whole, open, expectPart, key, key, e.getValue(), true);
                }
            }
            for (ListReply.Walk w : reply.walks()) {
                Object c = p.body().get(w.key());
                if (c == null) {
                    continue;
                }
                if (w.isMap()) {
                    @SuppressWarnings("unchecked")
                    Map<String, Object> m = (Map<String, Object>) whole.computeIfAbsent(w.key(), x -> new LinkedHashMap<>());
                    for (Map.Entry<String, ?> e : ((Map<String, ?>) c).entrySet()) {
                        collect(m, open, expectPart, w.key() + "/" + e.getKey(), e.getKey(), e.getValue(), false);
                    }
                } else {
                    @SuppressWarnings("unchecked")
                    List<Object> l = (List<Object>) whole.computeIfAbsent(w.key(), x -> new ArrayList<>());
                    assertTrue(!((List<?>) c).isEmpty() || w.size() == 0, "a walk key only with items");
                    for (Object item : (List<?>) c) {
                        if (isPart(item)) {
                            Map<?, ?> part = (Map<?, ?>) item;
                            StringBuilder sb = open.computeIfAbsent(w.key() + "#", x -> new StringBuilder());
                            int n = (Integer) part.get("part");
                            assertEquals(expectPart.getOrDefault(w.key() + "#", 1), n);
                            sb.append((String) part.get("text"));
                            if (n == (Integer) part.get("parts")) {
                                l.add(JsonText.parse(sb.toString()));
                                open.remove(w.key() + "#");
                                expectPart.remove(w.key() + "#");
                            } else {
                                expectPart.put(w.key() + "#", n + 1);
                            }
                        } else {
                            l.add(item);
                        }
                    }
                }
            }
        }
        assertTrue(open.isEmpty(), "unfinished parts " + open.keySet());
        return whole;
    }

    @SuppressWarnings("unchecked")
    private static void collect(Map<String, Object> into, Map<String, StringBuilder> open,
            Map<String, Integer> expectPart, String slot, String key, Object value, boolean header) {
        if (isPart(value)) {
            Map<String, Object> part = (Map<String, Object>) value;
            int n = (Integer) part.get("part");
            assertEquals(expectPart.getOrDefault(slot, 1), n, "part order of " + slot);
            StringBuilder sb = open.computeIfAbsent(slot, x -> new StringBuilder());
            sb.append((String) part.get("text"));
            if (n == (Integer) part.get("parts")) {
                into.put(key, JsonText.parse(sb.toString()));
                open.remove(slot);
                expectPart.remove(slot);
            } else {
                expectPart.put(slot, n + 1);
            }
        } else {
            assertFalse(into.containsKey(key), key + " sent twice");
            into.put(key, value);
        }
    }

    /** The reply as one object, numbers normalised through a JSON round trip. */
    private static Object normal(Object o) {
        return JsonText.parse(JsonText.compact(o));
    }

    private static List<String> names(int n, int width, long seed) {
        Random r = new Random(seed);
        List<String> out = new ArrayList<>();
        for (int i = 0; i < n; i++) {
            StringBuilder sb = new StringBuilder(String.format("schema.t%06d_", i));
            int len = 1 + r.nextInt(width);
            for (int j = 0; j < len; j++) {
                sb.append((char) ('a' + r.nextInt(26)));
            }
            out.add(sb.toString());
        }
        return out;
    }

    @Test
    void emptyReplyKeepsItsListKey() {
        ListReply reply = ListReply.of(Map.of(), "tables", List.of());
        Page p = new Pager(reply, mint()).first();
        assertTrue(p.isLast());
        assertEquals("{\n  \"tables\": [],\n  \"total\": 0\n}", p.text());
    }

    @Test
    void justUnderAndJustOverTheBound() {
        // Grow the last name until the one-page reply is exactly MAX_CHARS long.
        List<String> items = new ArrayList<>(names(500, 8, 1));
        Map<String, Object> body = new LinkedHashMap<>();
        body.put("tables", items);
        body.put("total", items.size());
        int len = JsonText.pretty(body).length();
        assertTrue(len < Pager.MAX_CHARS);
        items.set(items.size() - 1, items.get(items.size() - 1) + "x".repeat(Pager.MAX_CHARS - len));
        assertEquals(Pager.MAX_CHARS, JsonText.pretty(body).length());

        Pager exact = new Pager(ListReply.of(Map.of(), "tables", items), mint());
        assertEquals(1, exact.pageCount());
        assertEquals(JsonText.pretty(body), exact.first().text());
        assertNull(exact.first().nextCursor());

        items.set(items.size() - 1, items.get(items.size() - 1) + "x");
        ListReply over = ListReply.of(Map.of(), "tables", items);
        Pager pager = new Pager(over, mint());
        assertEquals(2, pager.pageCount());
        assertNotNull(pager.first().nextCursor());
        assertEquals(normal(Map.of("tables", items)), normal(reassemble(pager, over)));
    }

    @Test
    void itemsExactlyOnceInOrderAcrossManyPages() throws CursorFault {
        List<Object> items = new ArrayList<>();
        for (String n : names(3000, 40, 2)) {
            Map<String, Object> e = new LinkedHashMap<>();
            e.put("table", n);
            e.put("type", "table");
            e.put("row_count", n.length() * 1000L);
            e.put("columns", List.of("a", "b\"quoted\"", "caf\u00e9"));
            items.add(e);
        }
        Map<String, Object> header = new LinkedHashMap<>();
        header.put("failed_tables", List.of("x.y.z"));
        header.put("now", "2025-01-01T00:00:00Z");
        ListReply reply = ListReply.of(header, "tables", items);
        Pager pager = new Pager(reply, mint());
        assertTrue(pager.pageCount() > 10);
        Map<String, Object> whole = reassemble(pager, reply);
        assertEquals(normal(items), normal(whole.get("tables")));
        assertEquals(header.get("failed_tables"), whole.get("failed_tables"));
        // header keys only on the first page
        for (int k = 1; k < pager.pageCount(); k++) {
            assertFalse(pager.page(k).body().containsKey("failed_tables"));
        }
        // pages are filled: the next page's first item would not have fitted
        for (int k = 0; k + 1 < pager.pageCount(); k++) {
            assertTrue(pager.page(k).text().length() > Pager.MAX_CHARS - 400, "page " + k + " under-filled");
        }
        // following each cursor through the codec reproduces the next page
        for (int k = 0; k + 1 < pager.pageCount(); k++) {
            Position pos = CODEC.open(pager.page(k).nextCursor(), TOOL, ARGS).requirePrint(PRINT);
            assertEquals(pager.page(k + 1).text(), new Pager(reply, mint()).pageAt(pos).text());
        }
    }

    /** An item counting how often it is written. */
    private record Counted(int n, AtomicInteger written) implements JsonForm {

        @Override
        public Object toJson() {
            written.incrementAndGet();
            return Map.of("n", n, "pad", "x".repeat(90));
        }
    }

    @Test
    void aTypedItemIsWrittenOnlyWhenAPageReachesItAndThePageNoteReadsItTyped() {
        List<AtomicInteger> written = new ArrayList<>();
        List<Object> items = new ArrayList<>();
        for (int i = 0; i < 2000; i++) {
            written.add(new AtomicInteger());
            items.add(new Counted(i, written.get(i)));
        }
        List<Object> noted = new ArrayList<>();
        ListReply reply = new ListReply(Map.of(), Map.of(), List.of(ListReply.Walk.list("items", items)), true)
                .withPageNote(page -> {
                    noted.addAll(page);
                    return Map.of();
                });
        Page first = new Pager(reply, mint()).first();
        @SuppressWarnings("unchecked")
        List<Object> shown = (List<Object>) first.body().get("items");
        assertEquals(Map.of("n", 0, "pad", "x".repeat(90)), shown.get(0), "the page holds the item as written");
        assertEquals(items.subList(0, shown.size()), noted, "the note sees the items as given");
        long reached = written.stream().filter(w -> w.get() > 0).count();
        assertTrue(reached < 2 * shown.size(), reached + " items written for a page of " + shown.size());
        assertTrue(written.stream().allMatch(w -> w.get() <= 1), "each reached item is written once");
    }

    @Test
    void deterministic() {
        ListReply reply = ListReply.of(Map.of(), "tables", new ArrayList<>(names(2000, 30, 3)));
        List<Page> a = new Pager(reply, mint()).pages();
        List<Page> b = new Pager(reply, mint()).pages();
        assertEquals(a.size(), b.size());
        for (int k = 0; k < a.size(); k++) {
            assertEquals(a.get(k).text(), b.get(k).text());
        }
    }

    @Test
    void oversizeItemInPartsReassembles() {
        Map<String, Object> big = new LinkedHashMap<>();
        big.put("value", "v\"\\\n".repeat(9000) + "\ud83d\ude00".repeat(7000));
        big.put("count", 3);
        big.put("note", "caf\u00e9 \u0001");
        List<Object> items = new ArrayList<>();
        items.add("before");
        items.add(big);
        items.add("after");
        ListReply reply = ListReply.of(Map.of(), "domain", items);
        Pager pager = new Pager(reply, mint());
        List<Page> pages = pager.pages();
        assertTrue(pages.size() >= 3);
        // part 1 starts right after "before" on the first page
        List<?> first = (List<?>) pages.get(0).body().get("domain");
        assertEquals("before", first.get(0));
        assertTrue(isPart(first.get(1)));
        int parts = (Integer) ((Map<?, ?>) first.get(1)).get("parts");
        StringBuilder joined = new StringBuilder();
        for (Page p : pages) {
            for (Object o : (List<?>) p.body().get("domain")) {
                if (isPart(o)) {
                    String t = (String) ((Map<?, ?>) o).get("text");
                    assertFalse(Character.isLowSurrogate(t.charAt(0)), "chunk starts inside a pair");
                    assertFalse(Character.isHighSurrogate(t.charAt(t.length() - 1)), "chunk ends inside a pair");
                    assertEquals(parts, ((Map<?, ?>) o).get("parts"));
                    joined.append(t);
                }
            }
            assertTrue(p.text().length() <= Pager.MAX_CHARS);
        }
        assertEquals(JsonText.compact(big), joined.toString());
        assertEquals(normal(big), JsonText.parse(joined.toString()));
        assertEquals(normal(items), normal(reassemble(pager, reply).get("domain")));
        // "after" shares the last part's page
        List<?> last = (List<?>) pages.get(pages.size() - 1).body().get("domain");
        assertEquals("after", last.get(last.size() - 1));
    }

    @Test
    void oversizeHeaderKeyGoesInPartsBeforeTheList() {
        Map<String, Object> header = new LinkedHashMap<>();
        header.put("format_version", "1");
        header.put("notes", "n".repeat(45_000));
        header.put("connection", "arboretum");
        Map<String, Object> tables = new LinkedHashMap<>();
        for (String n : names(400, 20, 4)) {
            tables.put(n, Map.of("path", n.replace('.', '/'), "row_count", 12));
        }
        ListReply reply = new ListReply(header, Map.of(), List.of(ListReply.Walk.map("tables", tables)), true);
        Pager pager = new Pager(reply, mint());
        List<Page> pages = pager.pages();
        Map<String, Object> p1 = pages.get(0).body();
        assertEquals("1", p1.get("format_version"));
        assertTrue(isPart(p1.get("notes")));
        assertFalse(p1.containsKey("tables"));
        assertFalse(p1.containsKey("connection"));
        int parts = (Integer) ((Map<?, ?>) p1.get("notes")).get("parts");
        assertEquals(3, parts);
        for (int k = 0; k < parts - 1; k++) {
            assertFalse(pages.get(k).body().containsKey("tables"), "list before the header ended");
        }
        Map<String, Object> whole = reassemble(pager, reply);
        assertEquals("n".repeat(45_000), whole.get("notes"));
        assertEquals("arboretum", whole.get("connection"));
        assertEquals(normal(tables), normal(whole.get("tables")));
    }

    @Test
    void keysRidingEveryPageAndTwoWalks() {
        Map<String, Object> every = new LinkedHashMap<>();
        every.put("table", "a.b.c");
        every.put("column", "status");
        every.put("text", "Active");
        every.put("match", "stored");
        every.put("coverage", new java.math.BigDecimal("1.0"));
        List<Object> spellings = new ArrayList<>();
        List<Object> domain = new ArrayList<>();
        for (int i = 0; i < 300; i++) {
            spellings.add(Map.of("value", "active-" + i, "count", i));
        }
        for (int i = 0; i < 700; i++) {
            domain.add(Map.of("value", "value number " + i, "count", i, "note", "note " + "z".repeat(i % 50)));
        }
        ListReply reply = new ListReply(Map.of(), every,
                List.of(ListReply.Walk.list("spellings", spellings), ListReply.Walk.list("domain", domain)), true);
        Pager pager = new Pager(reply, mint());
        assertTrue(pager.pageCount() > 3);
        Map<String, Object> whole = reassemble(pager, reply);
        assertEquals(normal(spellings), normal(whole.get("spellings")));
        assertEquals(normal(domain), normal(whole.get("domain")));
        assertEquals(1000, pager.first().body().get("total"));
        // spellings are walked before domain
        boolean seenDomain = false;
        for (Page p : pager.pages()) {
            if (p.body().containsKey("spellings")) {
                assertFalse(seenDomain);
            }
            seenDomain |= p.body().containsKey("domain");
        }
        // key order on a page: every-page keys, walks, total, next_cursor
        List<String> keys = new ArrayList<>(pager.first().body().keySet());
        assertEquals(List.of("table", "column", "text", "match", "coverage", "spellings"), keys.subList(0, 6));
        assertEquals(List.of("total", "next_cursor"), keys.subList(keys.size() - 2, keys.size()));
    }

    @Test
    void protocolCursorKey() {
        List<Object> entries = new ArrayList<>();
        for (String n : names(400, 60, 9)) {
            entries.add(Map.of("uri", "dbprint://a/" + n + "/statistics", "name", n, "mimeType", "application/yaml"));
        }
        ListReply reply = new ListReply(Map.of(), Map.of(), List.of(ListReply.Walk.list("resources", entries)), false,
                "nextCursor");
        Pager pager = new Pager(reply, mint());
        assertTrue(pager.pageCount() > 1);
        assertTrue(pager.first().body().containsKey("nextCursor"));
        assertFalse(pager.first().body().containsKey("total"));
        assertEquals(pager.first().text().length(), pager.first().measured());
        assertEquals(normal(entries), normal(reassembleKeyed(pager, reply)));
    }

    private static List<Object> reassembleKeyed(Pager pager, ListReply reply) {
        List<Object> out = new ArrayList<>();
        for (Page p : pager.pages()) {
            assertTrue(p.text().length() <= Pager.MAX_CHARS);
            assertEquals(!p.isLast(), p.body().containsKey(reply.cursorKey()));
            out.addAll((List<?>) p.body().get("resources"));
        }
        return out;
    }

    @Test
    void emptySecondWalkStillAppears() {
        ListReply reply = new ListReply(Map.of(), Map.of("match", "none"),
                List.of(ListReply.Walk.list("domain", List.of())), true);
        assertEquals("{\n  \"match\": \"none\",\n  \"domain\": [],\n  \"total\": 0\n}",
                new Pager(reply, mint()).first().text());
    }

    @Test
    void staleOrImpossiblePositionsReadAsPrintChanged() {
        ListReply reply = ListReply.of(Map.of(), "tables", List.of("a", "b"));
        Pager pager = new Pager(reply, mint());
        CursorFault f = assertThrows(CursorFault.class, () -> pager.pageAt(new Position(5, 0, 0, 0)));
        assertEquals(CursorFault.Kind.PRINT_CHANGED, f.kind());
        assertThrows(CursorFault.class, () -> pager.pageAt(new Position(1, 3, 1, 2)));
    }

    @Test
    void aPositionTheReplyDoesNotHaveReadsAsPrintChanged() throws CursorFault {
        String big = "x".repeat(900);
        ListReply reply = ListReply.of(Map.of(), "tables", List.of("a", big, "b"));
        Pager pager = new Pager(reply, mint(), 400);
        Position part2 = pager.first().next();
        assertEquals(1, part2.a());
        assertEquals(2, part2.b());
        int parts = part2.d(), text = JsonText.compact(big).length();
        assertTrue(parts >= 3, "the big item goes in parts: " + part2);
        assertTrue(pager.pageAt(part2).text().length() <= 400);
        assertTrue(pager.pageCount() >= parts, "every part, the last included, is a page of its own");
        for (Position p : List.of(new Position(3, 0, 0, 0), new Position(7, 0, 0, 0), new Position(1, 0, 1, 0),
                new Position(1, 0, 0, 1), new Position(1, 1, part2.c(), parts), new Position(1, parts + 1, part2.c(), parts),
                new Position(1, 2, 0, parts), new Position(1, 2, text, parts), new Position(1, 2, text + 5, parts),
                new Position(1, parts, 1, parts))) {
            try {
                Page page = pager.pageAt(p);
                fail(p + " served a page of " + page.text().length() + " characters");
            } catch (CursorFault f) {
                assertEquals(CursorFault.Kind.PRINT_CHANGED, f.kind(), p.toString());
            }
        }
        assertEquals("b", ((List<?>) pager.pageAt(new Position(2, 0, 0, 0)).body().get("tables")).get(0));
    }

    @Test
    void keysThatRideEveryPageAndPassTheBoundAloneAreRefused() {
        ListReply reply = new ListReply(Map.of(), Map.of("pattern", "p".repeat(500)),
                List.of(ListReply.Walk.list("tables", List.of("a"))), true);
        assertThrows(IllegalArgumentException.class, () -> new Pager(reply, mint(), 400));
    }

    @Test
    void randomizedSmallBound() {
        Random r = new Random(42);
        for (int round = 0; round < 150; round++) {
            int max = 300 + r.nextInt(700);
            Map<String, Object> header = new LinkedHashMap<>();
            if (r.nextBoolean()) {
                header.put("h", randomText(r, r.nextInt(r.nextBoolean() ? 40 : 3000)));
            }
            Map<String, Object> every = new LinkedHashMap<>();
            if (r.nextBoolean()) {
                every.put("e", "x");
            }
            List<ListReply.Walk> walks = new ArrayList<>();
            int nw = 1 + r.nextInt(2);
            for (int w = 0; w < nw; w++) {
                List<Object> items = new ArrayList<>();
                int n = r.nextInt(40);
                for (int i = 0; i < n; i++) {
                    items.add(r.nextInt(5) == 0
                            ? Map.of("v", randomText(r, r.nextInt(2000)), "c", i)
                            : randomText(r, r.nextInt(60)));
                }
                walks.add(ListReply.Walk.list("w" + w, items));
            }
            ListReply reply = new ListReply(header, every, walks, r.nextBoolean());
            Pager pager = new Pager(reply, mint(), max);
            Map<String, Object> whole = reassembleSmall(pager, reply, max);
            for (ListReply.Walk w : walks) {
                assertEquals(normal(w.items()), normal(whole.getOrDefault(w.key(), List.of())), "round " + round);
            }
            header.forEach((k, v) -> assertEquals(v, whole.get(k)));
        }
    }

    /** Walks nested inside objects page entry by entry, and the pages merge key by key into the whole object. */
    @Test
    void nestedWalksMergeKeyByKey() {
        Random r = new Random(7);
        for (int round = 0; round < 150; round++) {
            int max = 300 + r.nextInt(900);
            Map<String, Object> header = new LinkedHashMap<>();
            header.put("table", "t" + round);
            if (r.nextBoolean()) {
                header.put("ddl", randomText(r, r.nextInt(r.nextBoolean() ? 40 : 2500)));
            }
            Map<String, Object> scalars = new LinkedHashMap<>();
            for (int i = 0; i < 1 + r.nextInt(4); i++) {
                scalars.put("k" + i, r.nextBoolean() ? i : randomText(r, r.nextInt(30)));
            }
            Map<String, Object> columns = new LinkedHashMap<>();
            for (int i = 0; i < r.nextInt(30); i++) {
                Map<String, Object> col = new LinkedHashMap<>();
                col.put("n", randomText(r, r.nextInt(r.nextInt(8) == 0 ? 1500 : 60)));
                col.put("c", List.of(i, Map.of("x", i)));
                columns.put("c" + i, col);
            }
            List<Object> refers = new ArrayList<>();
            for (int i = 0; i < r.nextInt(3) * r.nextInt(6); i++) {
                refers.add(Map.of("column", List.of("a" + i), "t", randomText(r, r.nextInt(80))));
            }
            List<ListReply.Walk> walks = new ArrayList<>();
            walks.add(ListReply.Walk.map("stats", scalars));
            walks.add(ListReply.Walk.map(List.of("stats"), "columns", columns));
            walks.add(ListReply.Walk.list(List.of("joins"), "refers_to", refers));
            walks.add(ListReply.Walk.list(List.of("joins"), "referenced_by", List.of()));
            ListReply reply = new ListReply(header, Map.of(), walks, false);
            Pager pager = new Pager(reply, mint(), max);
            Map<String, Object> merged = new LinkedHashMap<>();
            Map<String, StringBuilder> open = new LinkedHashMap<>();
            List<Page> pages = pager.pages();
            for (int k = 0; k < pages.size(); k++) {
                Page p = pages.get(k);
                assertTrue(p.text().length() <= max, "round " + round + " page " + k);
                assertEquals(p.text().length(), p.measured(), "round " + round + " page " + k);
                Map<String, Object> body = new LinkedHashMap<>(p.body());
                body.remove(Pager.NEXT_CURSOR);
                deepMerge(merged, body, "", open);
            }
            assertTrue(open.isEmpty(), "unfinished parts " + open.keySet());
            Map<String, Object> expected = new LinkedHashMap<>(header);
            Map<String, Object> stats = new LinkedHashMap<>(scalars);
            stats.put("columns", columns); // an empty walk still appears once
            expected.put("stats", stats);
            expected.put("joins", Map.of("refers_to", refers, "referenced_by", List.of()));
            assertEquals(normal(expected), normal(merged), "round " + round);
        }
    }

    @SuppressWarnings("unchecked")
    private static void deepMerge(Map<String, Object> into, Map<String, Object> page, String at,
            Map<String, StringBuilder> open) {
        for (Map.Entry<String, Object> e : page.entrySet()) {
            String slot = at + "/" + e.getKey();
            Object v = e.getValue();
            if (isPart(v)) {
                Map<String, Object> part = (Map<String, Object>) v;
                StringBuilder sb = open.computeIfAbsent(slot, x -> new StringBuilder());
                sb.append((String) part.get("text"));
                if (part.get("part").equals(part.get("parts"))) {
                    assertFalse(into.containsKey(e.getKey()), slot + " sent twice");
                    into.put(e.getKey(), JsonText.parse(open.remove(slot).toString()));
                }
            } else if (v instanceof Map<?, ?> m && into.get(e.getKey()) instanceof Map<?, ?> have) {
                deepMerge((Map<String, Object>) have, (Map<String, Object>) m, slot, open);
            } else if (v instanceof List<?> l && into.get(e.getKey()) instanceof List<?> have) {
                for (Object item : l) {
                    ((List<Object>) have).add(item);
                }
            } else if (v instanceof Map<?, ?> m) {
                Map<String, Object> fresh = new LinkedHashMap<>();
                into.put(e.getKey(), fresh);
                deepMerge(fresh, (Map<String, Object>) m, slot, open);
            } else if (v instanceof List<?> l) {
                List<Object> fresh = new ArrayList<>();
                into.put(e.getKey(), fresh);
                for (Object item : l) {
                    if (isPart(item)) {
                        Map<String, Object> part = (Map<String, Object>) item;
                        open.computeIfAbsent(slot + "#", x -> new StringBuilder()).append((String) part.get("text"));
                        if (part.get("part").equals(part.get("parts"))) {
                            fresh.add(JsonText.parse(open.remove(slot + "#").toString()));
                        }
                    } else {
                        fresh.add(item);
                    }
                }
            } else {
                assertFalse(into.containsKey(e.getKey()), slot + " sent twice");
                into.put(e.getKey(), v);
            }
        }
    }

    private static Map<String, Object> reassembleSmall(Pager pager, ListReply reply, int max) {
        for (Page p : pager.pages()) {
            assertTrue(p.text().length() <= max);
            assertEquals(p.text().length(), p.measured());
        }
        // reuse the checks with the real bound's assertion relaxed by construction (max <= MAX_CHARS)
        return reassemble(pager, reply);
    }

    private static String randomText(Random r, int len) {
        String alphabet = "abc \"\\\n\t\u0001\u00e9\u4e2d";
        StringBuilder sb = new StringBuilder();
        while (sb.length() < len) {
            if (r.nextInt(30) == 0) {
                sb.append("\ud83d\ude00");
            } else {
                sb.append(alphabet.charAt(r.nextInt(alphabet.length())));
            }
        }
        return sb.toString();
    }
}
