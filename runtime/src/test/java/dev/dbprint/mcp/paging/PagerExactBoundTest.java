package dev.dbprint.mcp.paging;

import static org.junit.jupiter.api.Assertions.assertDoesNotThrow;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

import org.junit.jupiter.api.Test;

/**
 * Where a list reply's pages end when a page comes out at exactly the bound (§4.8: at most 20,000 characters as sent)
 * or one character over: a page that fits exactly is filled, an item that fits a page of its own is never sent in parts,
 * and a part takes exactly the room left.
 */
class PagerExactBoundTest {

    private static final CursorCodec CODEC = new CursorCodec();
    private static final int MAX = Pager.MAX_CHARS;

    private static CursorCodec.Binding mint() {
        return CODEC.bind("list_tables", CanonicalArgs.of(Map.of()), "print");
    }

    /** The length of a page holding {@code items}, with {@code total} and, when {@code cursor}, a next_cursor. */
    private static int pageLength(List<?> items, int total, boolean cursor) {
        Map<String, Object> body = new LinkedHashMap<>();
        body.put("tables", items);
        body.put("total", total);
        if (cursor) {
            body.put("next_cursor", "c".repeat(CursorCodec.TOKEN_LENGTH));
        }
        return JsonText.pretty(body).length();
    }

    /** A string that makes a page of {@code items} then it exactly {@code length} characters long. */
    private static String filling(List<String> before, int total, boolean cursor, int length) {
        List<String> with = new ArrayList<>(before);
        with.add("");
        return "a".repeat(length - pageLength(with, total, cursor));
    }

    private static List<?> tables(Page page) {
        return (List<?>) page.body().get("tables");
    }

    @Test
    void aPageThatFitsExactlyWithItsCursorIsFilled() {
        String exact = filling(List.of(), 2, true, MAX);
        String next = "b".repeat(500);
        Pager pager = new Pager(ListReply.of(Map.of(), "tables", List.of(exact, next)), mint());
        assertEquals(2, pager.pageCount());
        assertEquals(MAX, pager.first().text().length());
        assertEquals(List.of(exact), tables(pager.first()));
        assertEquals(List.of(next), tables(pager.page(1)));
    }

    @Test
    void aLastItemThatFitsAFreshPageWithoutACursorIsSentWhole() {
        // alone on a page with no cursor it is exactly the bound; the cursor's room would make it pass
        String last = filling(List.of(), 2, false, MAX);
        Pager pager = new Pager(ListReply.of(Map.of(), "tables", List.of("first", last)), mint());
        assertEquals(2, pager.pageCount());
        assertEquals(List.of("first"), tables(pager.first()));
        assertEquals(List.of(last), tables(pager.page(1)));
        assertEquals(MAX, pager.page(1).text().length());
        assertNull(pager.page(1).nextCursor());
    }

    @Test
    void anItemThatFitsAFreshPageExactlyWithItsCursorIsSentWholeThereAndOneCharacterMoreGoesInParts() {
        String middle = filling(List.of(), 3, true, MAX);
        // the items around it are longer than the cursor's room, so no page takes all three
        String first = "f".repeat(200), last = "l".repeat(200);
        Pager pager = new Pager(ListReply.of(Map.of(), "tables", List.of(first, middle, last)), mint());
        assertEquals(3, pager.pageCount());
        assertEquals(List.of(first), tables(pager.first()));
        assertEquals(List.of(middle), tables(pager.page(1)));
        assertEquals(MAX, pager.page(1).text().length());
        assertEquals(List.of(last), tables(pager.page(2)));

        Pager over = new Pager(ListReply.of(Map.of(), "tables", List.of(first, middle + "a", last)), mint());
        Object part = tables(over.first()).get(1);
        assertTrue(part instanceof Map<?, ?> m && m.get("part").equals(1), "part 1 starts after 'first': " + part);
    }

    @Test
    void everyPartButTheLastFillsItsPageExactly() {
        String big = "y".repeat(50_000);
        Pager pager = new Pager(ListReply.of(Map.of(), "tables", List.of(big)), mint());
        List<Page> pages = pager.pages();
        assertEquals(3, pages.size());
        StringBuilder joined = new StringBuilder();
        for (Page p : pages) {
            if (!p.isLast()) {
                assertEquals(MAX, p.text().length(), p.next().toString());
            }
            joined.append(((Map<?, ?>) tables(p).get(0)).get("text"));
        }
        assertEquals(JsonText.compact(big), joined.toString());
    }

    @Test
    void anItemTooLongIndentedButShortCompactIsOnePartOfOne() {
        // indented, each number takes a line of its own; compact, the list fits with room for what follows
        List<Integer> numbers = new ArrayList<>();
        for (int i = 0; i < 3000; i++) {
            numbers.add(i);
        }
        assertTrue(JsonText.indentedLength(numbers, 2) > MAX && JsonText.compact(numbers).length() < MAX - 500);
        Pager pager = new Pager(ListReply.of(Map.of(), "tables", List.of(numbers, "after")), mint());
        assertEquals(1, pager.pageCount());
        Map<String, Object> part = new LinkedHashMap<>();
        part.put("part", 1);
        part.put("parts", 1);
        part.put("text", JsonText.compact(numbers));
        assertEquals(List.of(part, "after"), tables(pager.first()));
    }

    @Test
    void keysRidingEveryPageMayFillItExactlyWithTheCursor() {
        Map<String, Object> every = Map.of("pattern", "p".repeat(300));
        Map<String, Object> alone = new LinkedHashMap<>(every);
        alone.put("total", 1);
        alone.put("next_cursor", "c".repeat(CursorCodec.TOKEN_LENGTH));
        int bound = JsonText.pretty(alone).length();
        ListReply reply = new ListReply(Map.of(), every, List.of(ListReply.Walk.list("tables", List.of("a"))), true);

        Page only = assertDoesNotThrow(() -> new Pager(reply, mint(), bound)).first();
        assertTrue(only.isLast(), "without a cursor the one item fits");
        assertEquals(List.of("a"), only.body().get("tables"));
        assertThrows(IllegalArgumentException.class, () -> new Pager(reply, mint(), bound - 1));
    }

    @Test
    void aPageWithANoteThatComesOutExactlyAtTheBoundKeepsItsItems() {
        List<String> items = new ArrayList<>();
        for (int i = 0; i < 400; i++) {
            items.add(String.format("schema.table_%04d_", i) + "x".repeat(80));
        }
        int filled = tables(new Pager(ListReply.of(Map.of(), "tables", items), mint()).first()).size();
        // the note (unmeasured while filling) takes the room of two items, to the character
        Map<String, Object> body = new LinkedHashMap<>();
        body.put("note", "");
        body.put("tables", items.subList(0, filled - 2));
        body.put("total", items.size());
        body.put("next_cursor", "c".repeat(CursorCodec.TOKEN_LENGTH));
        String note = "n".repeat(MAX - JsonText.pretty(body).length());
        ListReply reply = ListReply.of(Map.of(), "tables", items).withPageNote(onPage -> Map.of("note", note));

        Pager pager = new Pager(reply, mint());
        assertEquals(MAX, pager.first().text().length());
        assertEquals(items.subList(0, filled - 2), tables(pager.first()));
        assertEquals(items.get(filled - 2), tables(pager.page(1)).get(0));
    }

    @Test
    void aLargeItemAfterOneThatLeavesNoRoomForAPartStartsOnTheNextPage() {
        // as the first item grows, the room it leaves shrinks through every size a part needs, down to none
        String big = "y".repeat(2000);
        for (int n = 150; n < 300; n++) {
            List<String> items = List.of("x".repeat(n), big);
            Pager pager = new Pager(ListReply.of(Map.of(), "tables", items), mint(), 400);
            List<Object> whole = new ArrayList<>();
            StringBuilder joined = new StringBuilder();
            for (Page p : pager.pages()) {
                assertTrue(p.text().length() <= 400, "n=" + n);
                for (Object o : tables(p)) {
                    if (o instanceof Map<?, ?> part) {
                        String text = (String) part.get("text");
                        assertFalse(text.isEmpty(), "an empty part, n=" + n);
                        joined.append(text);
                        if (part.get("part").equals(part.get("parts"))) {
                            whole.add(JsonText.parse(joined.toString()));
                            joined.setLength(0);
                        }
                    } else {
                        whole.add(o);
                    }
                }
            }
            assertEquals(items, whole, "n=" + n);
        }
    }

    @Test
    void aPositionWhosePartHasNoRoomLeftIsStaleNeverAnEmptyPart() {
        // a part count of nine digits leaves less room than a real part's; at some bound none at all
        ListReply reply = ListReply.of(Map.of(), "tables", List.of("a", "y".repeat(2000)));
        Position crafted = new Position(1, 2, 1, 999_999_999);
        int stale = 0;
        for (int bound = 200; bound < 300; bound++) {
            Pager pager = new Pager(reply, mint(), bound);
            try {
                Page page = pager.pageAt(crafted);
                String text = (String) ((Map<?, ?>) tables(page).get(0)).get("text");
                assertFalse(text.isEmpty(), "an empty part at bound " + bound);
                assertTrue(page.text().length() <= bound);
            } catch (CursorFault f) {
                assertEquals(CursorFault.Kind.PRINT_CHANGED, f.kind());
                stale++;
            }
        }
        assertTrue(stale > 0 && stale < 100, stale + " bounds found the position stale");
    }

    @Test
    void aListItemIsMeasuredByItsSpellingAsAnElementOfTheListAtItsDepth() {
        // a spelling that writes each element of a top-level list in 5,000 characters: three to a page
        Spelling wide = new WideElements();
        List<String> items = List.of("a", "b", "c", "d", "e", "f", "g", "h", "i", "j");
        Pager pager = new Pager(ListReply.of(Map.of(), "tables", items), mint(), wide);
        assertEquals(List.of(3, 3, 3, 1), pager.pages().stream().map(p -> tables(p).size()).toList());
    }

    /** JSON, but an element of a list held by a top-level key is written in 5,000 characters. */
    private static final class WideElements implements Spelling {

        @Override
        public String text(Map<String, Object> body, String cursor) {
            return JSON.text(body, cursor);
        }

        @Override
        public int memberLength(String key, Object value, int depth) {
            return JSON.memberLength(key, value, depth);
        }

        @Override
        public int elementLength(Object value, int depth) {
            return depth == 0 ? 5_000 : JSON.elementLength(value, depth);
        }

        @Override
        public int chunkCharLength(char c) {
            return JSON.chunkCharLength(c);
        }
    }
}
