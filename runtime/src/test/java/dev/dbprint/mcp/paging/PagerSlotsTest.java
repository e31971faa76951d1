package dev.dbprint.mcp.paging;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Random;

import org.junit.jupiter.api.Test;

class PagerSlotsTest {

    private static final CursorCodec CODEC = new CursorCodec();
    private static final String CALLER = "resources/list";
    private static final String ARGS = CanonicalArgs.of(Map.of());
    private static final String PRINT = "slots-print";

    /** Slots over a list, null where a slot holds nothing, counting the items made. */
    private static final class Listed implements Slots {

        final List<Object> slots;
        int made;

        Listed(List<Object> slots) {
            this.slots = slots;
        }

        @Override
        public int size() {
            return slots.size();
        }

        @Override
        public Object item(int i) {
            made++;
            return slots.get(i);
        }
    }

    /** Entries like resources/list's, a gap at random, one far past any page (sent in parts), trailing gaps. */
    private static List<Object> slotted(int n) {
        Random r = new Random(42);
        List<Object> out = new ArrayList<>();
        for (int i = 0; i < n; i++) {
            if (r.nextInt(4) == 0) {
                out.add(null);
                continue;
            }
            Map<String, Object> e = new LinkedHashMap<>();
            e.put("uri", "dbprint://c/s.t" + i + "/ddl");
            e.put("description", "x".repeat(i == n / 2 ? 45_000 : r.nextInt(400)));
            out.add(e);
        }
        out.add(null);
        out.add(null);
        return out;
    }

    private static ListReply reply(Slots slots) {
        return new ListReply(Map.of(), Map.of(), List.of(ListReply.Walk.slots("resources", slots)), false,
                "nextCursor");
    }

    /** Each page built by a pager of its own from the cursor's position, as a call resuming a listing builds it. */
    private static List<Page> follow(Slots slots, List<Integer> madePerPage) {
        List<Page> pages = new ArrayList<>();
        Position at = Position.START;
        while (true) {
            int before = slots instanceof Listed l ? l.made : 0;
            Page p = new Pager(reply(slots), CODEC.bind(CALLER, ARGS, PRINT)).pageAt(at);
            if (slots instanceof Listed l) {
                madePerPage.add(l.made - before);
            }
            pages.add(p);
            if (p.isLast()) {
                return pages;
            }
            at = CODEC.open(p.nextCursor(), CALLER, ARGS).requirePrint(PRINT);
        }
    }

    private static Map<String, Object> withoutCursor(Page p) {
        Map<String, Object> body = new LinkedHashMap<>(p.body());
        body.remove("nextCursor");
        return body;
    }

    @Test
    void slotsPageAsTheListOfTheItemsTheyHold() {
        List<Object> slots = slotted(3000);
        List<Object> items = slots.stream().filter(o -> o != null).toList();
        List<Page> listed = new Pager(new ListReply(Map.of(), Map.of(), List.of(ListReply.Walk.list("resources", items)),
                false, "nextCursor"), CODEC.bind(CALLER, ARGS, PRINT)).pages();
        List<Page> paged = follow(new Listed(slots), new ArrayList<>());
        assertEquals(listed.size(), paged.size());
        assertTrue(paged.size() > 20, "pages: " + paged.size());
        for (int k = 0; k < paged.size(); k++) {
            assertEquals(withoutCursor(listed.get(k)), withoutCursor(paged.get(k)), "page " + k);
            assertEquals(listed.get(k).text().length(), paged.get(k).text().length(), "page " + k);
        }
    }

    @Test
    void aPageMakesTheItemsOfItsOwnSlotsAndTheNextFew() {
        List<Object> slots = slotted(3000);
        List<Integer> made = new ArrayList<>();
        List<Page> pages = follow(new Listed(slots), made);
        for (int k = 0; k < pages.size(); k++) {
            @SuppressWarnings("unchecked")
            int held = ((List<Object>) pages.get(k).body().get("resources")).size();
            // its own items, the gaps among them, and what the filling looks at past its end: never the slots before
            assertTrue(made.get(k) <= 2 * held + 8, "page " + k + " made " + made.get(k) + " for " + held);
        }
    }

    @Test
    void aSlotThatEmptiesOrFillsAfterTheCursorShowsOnItsPageAndMovesNoOther() {
        List<Object> slots = new ArrayList<>(slotted(3000));
        Page first = new Pager(reply(new Listed(slots)), CODEC.bind(CALLER, ARGS, PRINT)).first();
        Position at = CODEC.open(first.nextCursor(), CALLER, ARGS).requirePrint(PRINT);
        int filled = at.a() + 10;
        while (slots.get(filled) != null) {
            filled++;
        }
        int emptied = at.a() + 3;
        while (slots.get(emptied) == null) {
            emptied++;
        }
        slots.set(filled, Map.of("uri", "dbprint://c/new"));
        slots.set(emptied, null);
        Page second = new Pager(reply(new Listed(slots)), CODEC.bind(CALLER, ARGS, PRINT)).pageAt(at);
        // the same page as a listing begun now would show from that slot on
        List<Object> now = new ArrayList<>(slots.subList(0, at.a()));
        now.replaceAll(o -> null);
        now.addAll(slots.subList(at.a(), slots.size()));
        Page fresh = follow(new Listed(now), new ArrayList<>()).get(0);
        assertEquals(withoutCursor(fresh), withoutCursor(second));
    }

    @Test
    void aCursorIntoAnItemSentInPartsFailsOnceItsSlotHoldsNothing() {
        List<Object> slots = new ArrayList<>(slotted(3000));
        Position at = Position.START;
        Page p;
        do {
            p = new Pager(reply(new Listed(slots)), CODEC.bind(CALLER, ARGS, PRINT)).pageAt(at);
            at = CODEC.open(p.nextCursor(), CALLER, ARGS).requirePrint(PRINT);
        } while (at.b() == 0);
        slots.set(at.a(), null);
        Position resume = at;
        CursorFault e = assertThrows(CursorFault.class,
                () -> new Pager(reply(new Listed(slots)), CODEC.bind(CALLER, ARGS, PRINT)).pageAt(resume));
        assertEquals(CursorFault.Kind.PRINT_CHANGED, e.kind());
    }

    /**
     * A page is spelled as text only when asked for, once: resources/list writes a page's body into its reply, and
     * spelled its text for nothing before.
     */
    @Test
    void aPageIsSpelledOnlyWhenItsTextIsAskedFor() {
        int[] spelled = {0};
        Spelling counted = new Spelling() {

            @Override
            public String text(Map<String, Object> body, String cursor) {
                spelled[0]++;
                return Spelling.JSON.text(body, cursor);
            }

            @Override
            public int memberLength(String key, Object value, int depth) {
                return Spelling.JSON.memberLength(key, value, depth);
            }

            @Override
            public int elementLength(Object value, int depth) {
                return Spelling.JSON.elementLength(value, depth);
            }

            @Override
            public int chunkCharLength(char c) {
                return Spelling.JSON.chunkCharLength(c);
            }
        };
        Pager pager = new Pager(reply(new Listed(slotted(3000))), CODEC.bind(CALLER, ARGS, PRINT), counted);
        Page first = pager.first();
        Page second = pager.pageAt(CODEC.open(first.nextCursor(), CALLER, ARGS).requirePrint(PRINT));
        assertFalse(((List<?>) second.body().get("resources")).isEmpty());
        assertEquals(0, spelled[0], "spelled before anyone asked");
        String text = second.text();
        assertEquals(JsonText.pretty(second.body()), text);
        assertEquals(second.measured(), text.length());
        assertSame(text, second.text());
        assertEquals(1, spelled[0]);
    }
}
