package dev.dbprint.mcp.paging;

import java.util.ArrayList;
import java.util.BitSet;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * Pages a dict reply (§4.8) so that each page, serialized by {@link JsonText#pretty(Object)}, is at most
 * {@link #MAX_CHARS} characters.
 *
 * <h2>What a page holds, in this key order</h2>
 * <ol>
 * <li>Header keys ({@link ListReply#header()}) — once, before any item, normally all on the first page. A header value
 * too large for a page is sent in parts starting on the first page; the header keys after it and the list follow it.</li>
 * <li>The keys that ride every page ({@link ListReply#everyPage()}), whole, on every page.</li>
 * <li>The walks, in order. A walk's key is present on a page only when that page holds at least one of its items (or
 * part of one). A walk with no items at all is present once, as {@code []} or {@code {}}, on the page where the walk
 * reaches it — so a reply with nothing matched still carries its (first) list key on page 1.</li>
 * <li>{@code total} — the number of items of all walks — on every page when {@link ListReply#emitsTotal()}.</li>
 * <li>{@code next_cursor} ({@link ListReply#cursorKey()}) on every page but the last.</li>
 * </ol>
 *
 * <h2>Filling</h2>
 * Greedy, by whole units (header keys, then items): a page takes units while they fit with the cursor's exact length
 * reserved. When the next unit does not fit, and everything left would fit on this page without a cursor, this page
 * takes it all and is the last. Otherwise the page ends, unless the unit is too large for any page of its own, in
 * which case it is sent as parts {@code {"part": n, "parts": m, "text": chunk}}, one per page, starting in the room
 * left on the current page: the chunks concatenate to the unit's {@link JsonText#compact(Object) compact JSON}
 * (for a map entry, its value's), each chunk the longest that fits once JSON-escaped, never splitting a surrogate
 * pair. A list item's part takes the item's place in the list; a map entry's or header key's part takes its value's
 * place under the same key.
 *
 * <h2>Resuming</h2>
 * A cursor carries the {@link Position} where the next page begins (unit, part, offset, part count), not a page
 * number, so a page is recomputed from that point alone; {@link #page(int)} walks from the first page. Same input,
 * same pages.
 *
 * <h2>Slots</h2>
 * A reply whose one walk is {@link Slots} has a unit per slot, made when the page being built reaches it; a slot
 * holding nothing is passed over, so its pages are those of the list of the items the slots hold, and a cursor's unit
 * index names a slot. Building a page makes the units of its own slots and of the few after them the filling looks
 * at, and holds no other.
 */
public final class Pager extends PageSequence<Page> {

    public static final int MAX_CHARS = 20_000;
    public static final String NEXT_CURSOR = "next_cursor";
    public static final String TOTAL = "total";
    /** The comment line a YAML page ends with, followed by the cursor. */
    public static final String YAML_CURSOR_COMMENT = "# next_cursor: ";

    private static final int HEADER = 0, ELEMENT = 1, EMPTY = 2;
    /** The measure passed for a page with a note, which the meter does not see. */
    private static final int UNMEASURED = -1;

    private final ListReply reply;
    private final CursorMint mint;
    private final Spelling spelling;
    private final int max;
    private final List<Unit> units = new ArrayList<>();
    /** The reply's one walk when it is made of {@link Slots}, whose units are made by the page that reaches them. */
    private final Slots slots;
    /**
     * The units of slots made for the page being built, from its first slot on (null: a slot holding nothing), and
     * which of them are made: a page's worth, kept by offset (a map by slot number boxed every number it was asked).
     */
    private final List<Unit> slotUnits = new ArrayList<>();
    private final BitSet slotsMade = new BitSet();
    private int firstSlot;
    /** Each walk's {@link ListReply.Walk#path()}, made once: every unit of the walk is held in it. */
    private final List<List<String>> walkPaths;
    private final Meter base;
    private final int cursorEntry;

    public Pager(ListReply reply, CursorMint mint) {
        this(reply, mint, Spelling.JSON, MAX_CHARS);
    }

    /** Pages spelled by {@code spelling}: each unit is measured as the longer of its JSON and its own spelling. */
    public Pager(ListReply reply, CursorMint mint, Spelling spelling) {
        this(reply, mint, spelling, MAX_CHARS);
    }

    /** A pager with another bound (tests). */
    Pager(ListReply reply, CursorMint mint, int maxChars) {
        this(reply, mint, Spelling.JSON, maxChars);
    }

    private Pager(ListReply reply, CursorMint mint, Spelling spelling, int maxChars) {
        this.reply = reply;
        this.mint = mint;
        this.spelling = spelling;
        this.max = maxChars;
        this.cursorEntry = 5 + JsonText.stringLength(reply.cursorKey()) + mint.tokenLength() + 2;
        this.walkPaths = reply.walks().stream().map(ListReply.Walk::path).toList();
        for (Map.Entry<String, Object> e : reply.header().entrySet()) {
            units.add(new Unit(HEADER, -1, e.getKey(), e.getValue()));
        }
        List<ListReply.Walk> walks = reply.walks();
        slots = walks.size() == 1 ? walks.get(0).slots() : null;
        for (int w = 0; w < walks.size() && slots == null; w++) {
            ListReply.Walk walk = walks.get(w);
            if (walk.size() == 0) {
                units.add(new Unit(EMPTY, w, walk.key(), walk.isMap() ? Map.of() : List.of()));
            } else if (walk.isMap()) {
                for (Map.Entry<String, ?> e : walk.entries().entrySet()) {
                    units.add(new Unit(ELEMENT, w, e.getKey(), e.getValue()));
                }
            } else {
                for (Object item : walk.items()) {
                    units.add(new Unit(ELEMENT, w, null, item));
                }
            }
        }
        base = new Meter();
        for (Map.Entry<String, Object> e : reply.everyPage().entrySet()) {
            base.addEntry(Math.max(5 + JsonText.stringLength(e.getKey()) + JsonText.indentedLength(e.getValue(), 1),
                    spelling.memberLength(e.getKey(), e.getValue(), 0)));
        }
        if (reply.emitsTotal()) {
            base.addEntry(5 + JsonText.stringLength(TOTAL) + Integer.toString(reply.total()).length());
        }
        if (base.length(cursorEntry) > max) {
            throw new IllegalArgumentException("the keys riding every page alone pass " + max + " characters");
        }
    }

    // ---------------------------------------------------------------- filling

    @Override
    protected Page build(Position start) throws CursorFault {
        slotUnits.clear();
        slotsMade.clear();
        firstSlot = start.a();
        validate(start);
        Meter meter = base.copy();
        List<Placed> placed = new ArrayList<>();
        int i = start.a();
        if (start.b() > 0) {
            Unit u = unit(i);
            int k = start.b(), m = start.d(), off = start.c();
            int end = k < m ? maxEnd(u, k, m, off, meter) : u.text().length();
            int contrib = u.partContribution(k, m, u.esc(off, end));
            if (end <= off || meter.lengthWith(u, contrib, cursorEntry) > max) {
                throw mint.stale();
            }
            place(meter, placed, u, contrib, u.partObject(k, m, off, end), start);
            if (k < m) {
                return finish(placed, meter, new Position(i, k + 1, end, m));
            }
            i++;
        }
        while (i < unitCount()) {
            Unit u = unit(i);
            if (u == null) {
                i++;
                continue;
            }
            if (meter.lengthWith(u, u.whole(), cursorEntry) <= max) {
                place(meter, placed, u, u.whole(), u.value(), new Position(i, 0, 0, 0));
                i++;
                continue;
            }
            if (restFitsWithoutCursor(meter, i)) {
                for (; i < unitCount(); i++) {
                    Unit rest = unit(i);
                    if (rest != null) {
                        place(meter, placed, rest, rest.whole(), rest.value(), new Position(i, 0, 0, 0));
                    }
                }
                break;
            }
            if (!placed.isEmpty() && fitsOnFreshPage(i)) {
                return finish(placed, meter, new Position(i, 0, 0, 0));
            }
            int[] plan = plan(u, meter);
            if (plan == null) {
                if (placed.isEmpty()) {
                    throw new IllegalStateException("no room for any part of a unit on an empty page");
                }
                return finish(placed, meter, new Position(i, 0, 0, 0));
            }
            int m = plan[0], end = plan[1];
            place(meter, placed, u, u.partContribution(1, m, u.esc(0, end)), u.partObject(1, m, 0, end),
                    new Position(i, 0, 0, 0));
            if (m > 1) {
                return finish(placed, meter, new Position(i, 2, end, m));
            }
            i++;
        }
        return finish(placed, meter, null);
    }

    private int unitCount() {
        return slots == null ? units.size() : slots.size();
    }

    /** Unit {@code i}, or null for a slot that holds nothing now; a slot's is made once per page built. */
    private Unit unit(int i) {
        if (slots == null) {
            return units.get(i);
        }
        int k = i - firstSlot; // a page asks for its own slots and those after them only
        if (!slotsMade.get(k)) {
            Object item = slots.item(i);
            while (slotUnits.size() <= k) {
                slotUnits.add(null);
            }
            slotUnits.set(k, item == null ? null : new Unit(ELEMENT, 0, null, item));
            slotsMade.set(k);
        }
        return slotUnits.get(k);
    }

    private void validate(Position p) throws CursorFault {
        if (p.equals(Position.START)) {
            return;
        }
        if (p.a() >= unitCount()) {
            throw mint.stale();
        }
        if (p.b() == 0) {
            if (p.c() != 0 || p.d() != 0) {
                throw mint.stale();
            }
        } else if (p.b() < 2 || p.b() > p.d() || p.c() <= 0 || unit(p.a()) == null
                || p.c() >= unit(p.a()).text().length()) {
            throw mint.stale();
        }
    }

    private boolean restFitsWithoutCursor(Meter meter, int from) {
        Meter m = meter.copy();
        for (int j = from; j < unitCount(); j++) {
            Unit u = unit(j);
            if (u == null) {
                continue;
            }
            m.add(u, u.whole());
            if (m.length(0) > max) {
                return false;
            }
        }
        return true;
    }

    private boolean fitsOnFreshPage(int i) {
        Unit u = unit(i);
        boolean last = true;
        for (int j = i + 1; j < unitCount() && last; j++) {
            last = unit(j) == null;
        }
        return base.lengthWith(u, u.whole(), last ? 0 : cursorEntry) <= max;
    }

    /**
     * Plans the parts of {@code u} beginning on the page measured by {@code meter}: {part count, end of part 1}, or
     * {@code null} when that page has no room for any chunk. Later parts each take a fresh page with the cursor
     * reserved; the part count's digits are fixed by iterating until the count agrees with the width assumed.
     */
    private int[] plan(Unit u, Meter meter) {
        int len = u.text().length();
        int digits = 1;
        while (true) {
            int assumed = (int) Math.pow(10, digits - 1);
            int off = 0, k = 1, end1 = 0;
            Meter cur = meter;
            while (true) {
                int rest = u.partContribution(k, assumed, u.esc(off, len));
                if (cur.lengthWith(u, rest, cursorEntry) <= max) {
                    if (k == 1) {
                        end1 = len;
                    }
                    break;
                }
                int end = maxEnd(u, k, assumed, off, cur);
                if (end <= off) {
                    if (k == 1) {
                        return null;
                    }
                    throw new IllegalStateException("a fresh page has no room for a part");
                }
                if (k == 1) {
                    end1 = end;
                }
                off = end;
                k++;
                cur = base;
            }
            if (Integer.toString(k).length() == digits) {
                return new int[]{k, end1};
            }
            digits = Integer.toString(k).length();
        }
    }

    /** The largest end such that part k of m, holding text[off, end), fits on the page measured with the cursor. */
    private int maxEnd(Unit u, int k, int m, int off, Meter meter) {
        String text = u.text();
        int[] pre = u.prefix();
        long emptyLen = meter.lengthWith(u, u.partContribution(k, m, 2), cursorEntry);
        long allowed = max - emptyLen; // at most 0: no character fits, and the search ends at off
        int lo = off, hi = text.length();
        while (lo < hi) {
            int mid = (lo + hi + 1) >>> 1;
            if (pre[mid] - pre[off] <= allowed) {
                lo = mid;
            } else {
                hi = mid - 1;
            }
        }
        return splitsPair(text, lo) ? lo - 1 : lo;
    }

    /** Whether cutting {@code s} at {@code at} would split a surrogate pair. */
    static boolean splitsPair(String s, int at) {
        return at > 0 && Character.isSupplementaryCodePoint(s.codePointAt(at - 1));
    }

    private void place(Meter meter, List<Placed> placed, Unit u, int contribution, Object shown, Position at) {
        meter.add(u, contribution);
        placed.add(new Placed(u, shown, at));
    }

    private Page finish(List<Placed> placed, Meter meter, Position next) {
        if (reply.pageNote() == null) {
            return compose(placed, next, Map.of(), (int) meter.length(next == null ? 0 : cursorEntry));
        }
        // The note's keys depend on the items the page holds, so they are measured on the composed page: while the
        // page passes the bound, its last unit moves to the next page (whose cursor then begins there).
        List<Placed> kept = new ArrayList<>(placed);
        Position resume = next;
        while (true) {
            Map<String, Object> note = reply.pageNote().keys(itemsOf(kept));
            Page page = compose(kept, resume, note, UNMEASURED);
            if (page.text().length() <= max) {
                return page;
            }
            Placed last = kept.get(kept.size() - 1);
            if (kept.size() == 1 || last.unit.kind == HEADER) {
                throw new IllegalStateException("a page note leaves no room for the item it annotates");
            }
            kept.remove(kept.size() - 1);
            resume = last.at;
        }
    }

    /** The walk items as given (whole, also for an item sent in parts) among {@code placed}, in page order. */
    private static List<Object> itemsOf(List<Placed> placed) {
        List<Object> items = new ArrayList<>();
        for (Placed p : placed) {
            if (p.unit.kind == ELEMENT) {
                items.add(p.unit.item);
            }
        }
        return items;
    }

    /**
     * The page body: header keys, every-page keys, note keys, walks, total, cursor. {@code measured} is the length the
     * meter predicted, or {@link #UNMEASURED} when the page carries a note the meter does not see (the text's own length is then used,
     * after the bound was checked by the caller).
     */
    private Page compose(List<Placed> placed, Position next, Map<String, Object> note, int measured) {
        LinkedHashMap<String, Object> body = new LinkedHashMap<>();
        for (Placed p : placed) {
            if (p.unit.kind == HEADER) {
                body.put(p.unit.key, p.shown);
            }
        }
        body.putAll(reply.everyPage());
        body.putAll(note); // like every key but the paged lists, before their items (§4.8)
        for (Placed p : placed) {
            Unit u = p.unit;
            if (u.kind == HEADER) {
                continue;
            }
            Map<String, Object> parent = body;
            List<String> c = u.container;
            int maps = u.kind == ELEMENT ? c.size() - 1 : c.size();
            for (int j = 0; j < maps; j++) {
                parent = child(parent, c.get(j));
            }
            if (u.kind == EMPTY) {
                parent.putIfAbsent(u.key, p.shown);
            } else if (u.listItem) {
                @SuppressWarnings("unchecked")
                List<Object> list = (List<Object>) parent.computeIfAbsent(c.get(c.size() - 1),
                        k -> new ArrayList<Object>());
                list.add(p.shown);
            } else {
                child(parent, c.get(c.size() - 1)).put(u.key, p.shown);
            }
        }
        if (reply.emitsTotal()) {
            body.put(TOTAL, reply.total());
        }
        String cursor = next == null ? null : mint.mint(next);
        if (cursor != null) {
            if (cursor.length() != mint.tokenLength()) {
                throw new IllegalStateException("cursor length differs from the length reserved");
            }
            body.put(reply.cursorKey(), cursor);
        }
        Map<String, Object> page = Collections.unmodifiableMap(body);
        if (measured == UNMEASURED) {
            String text = spelling.text(page, cursor);
            return new Page(page, () -> text, next, cursor, text.length());
        }
        // spelled when asked for: resources/list writes the body into its reply and never asks
        return new Page(page, () -> {
            String text = spelling.text(page, cursor);
            if (text.length() > max) {
                throw new IllegalStateException("page of " + text.length() + " characters passes " + max);
            }
            return text;
        }, next, cursor, measured);
    }

    @SuppressWarnings("unchecked")
    private static Map<String, Object> child(Map<String, Object> parent, String key) {
        return (Map<String, Object>) parent.computeIfAbsent(key, k -> new LinkedHashMap<String, Object>());
    }

    // ---------------------------------------------------------------- units and measure

    /** A unit (or one part of it) placed on a page, and the position a page beginning with it starts at. */
    private record Placed(Unit unit, Object shown, Position at) {
    }

    /**
     * A header key, a walk's item (list element or map entry), or the marker of an empty walk. Contributions are the
     * characters the unit adds to a page in Python's indent=2 layout, separators and indentation included.
     */
    private final class Unit {

        final int kind;
        final int walk;
        final String key;
        /** The value as the reply gives it: a {@link JsonForm} is written only when a page reaches it. */
        final Object item;
        private Object value;
        private boolean written;
        /** The keys of the containers holding the unit, outermost first: empty for a header key. */
        final List<String> container;
        /** Whether the unit is an element of a list walk (held without a key). */
        final boolean listItem;
        /** The unit's indent level: 1 for a top-level key, one more per container. */
        final int level;
        private final int keyLen;
        private int whole = -1;
        private String text;
        private int[] prefix;

        Unit(int kind, int walk, String key, Object item) {
            this.kind = kind;
            this.walk = walk;
            this.key = key;
            this.item = item;
            ListReply.Walk w = walk < 0 ? null : reply.walks().get(walk);
            this.container = w == null ? List.of() : kind == ELEMENT ? walkPaths.get(walk) : w.parents();
            this.listItem = kind == ELEMENT && !w.isMap();
            this.level = container.size() + 1;
            this.keyLen = key == null ? 0 : JsonText.stringLength(key);
        }

        /** The value as JSON writes it. */
        Object value() {
            if (!written) {
                value = item instanceof JsonForm form ? form.toJson() : item;
                written = true;
            }
            return value;
        }

        private int lead() {
            return 1 + 2 * level + (key == null ? 0 : keyLen + 2);
        }

        /** Contribution of the unit whole: its JSON, or its own spelling where that is longer. */
        int whole() {
            if (whole == -1) {
                int spelled = listItem
                        ? spelling.elementLength(value(), container.size() - 1)
                        : spelling.memberLength(key, value(), container.size());
                whole = Math.max(lead() + (kind == EMPTY ? 2 : JsonText.indentedLength(value(), level)), spelled);
            }
            return whole;
        }

        /** Contribution of part k of m whose chunk serializes to escLen characters (quotes included). */
        int partContribution(int k, int m, int escLen) {
            return lead() + JsonText.indentedLength(partObject(k, m, ""), level) - 2 + escLen;
        }

        Map<String, Object> partObject(int k, int m, int from, int to) {
            return partObject(k, m, text().substring(from, to));
        }

        Map<String, Object> partObject(int k, int m, String chunk) {
            LinkedHashMap<String, Object> part = new LinkedHashMap<>();
            part.put("part", k);
            part.put("parts", m);
            part.put("text", chunk);
            return part;
        }

        /** The compact JSON the parts carry. */
        String text() {
            if (text == null) {
                text = JsonText.compact(value());
            }
            return text;
        }

        /** Serialized length (quotes included) of text[from, to) as a JSON string. */
        int esc(int from, int to) {
            int[] pre = prefix();
            return 2 + pre[to] - pre[from];
        }

        int[] prefix() {
            if (prefix == null) {
                String t = text();
                prefix = new int[t.length() + 1];
                for (int j = 0; j < t.length(); j++) {
                    prefix[j + 1] = prefix[j] + spelling.chunkCharLength(t.charAt(j));
                }
            }
            return prefix;
        }
    }

    /** One object or list open on the page being filled: its entries so far and their summed contributions. */
    private static final class Frame {

        final String key;
        final int keyLen;
        final int level;
        int n;
        long sum;

        Frame(String key, int level) {
            this.key = key;
            this.keyLen = key == null ? 0 : JsonText.stringLength(key);
            this.level = level;
        }

        Frame copy() {
            Frame f = new Frame(key, level);
            f.n = n;
            f.sum = sum;
            return f;
        }

        /** {@code {\n<entries>\n<indent>}} (or {@code {}} when empty), each entry's contribution carrying its own line. */
        static long containerLength(int level, int n, long sum) {
            return n == 0 ? 2 : 3 + 2L * level + sum + (n - 1);
        }

        /** What this container adds to its parent as one keyed entry. */
        long asEntry(int n, long sum) {
            return 1 + 2L * level + keyLen + 2 + containerLength(level, n, sum);
        }
    }

    /**
     * Length of a page being filled: the top-level object and the containers open along the last unit's path, each
     * with the entries closed in it so far. Units come in walk order, so only one path is ever open.
     */
    private final class Meter {

        final ArrayList<Frame> frames = new ArrayList<>();

        Meter() {
            frames.add(new Frame(null, 0));
        }

        Meter copy() {
            Meter m = new Meter();
            m.frames.clear();
            for (Frame f : frames) {
                m.frames.add(f.copy());
            }
            return m;
        }

        /** Adds a top-level entry to a meter with no container open (the base's, built before any unit). */
        void addEntry(long contribution) {
            frames.get(0).n++;
            frames.get(0).sum += contribution;
        }

        void add(Unit u, int contribution) {
            List<String> c = u.container;
            int common = 0;
            while (common < c.size() && common + 1 < frames.size() && frames.get(common + 1).key.equals(c.get(common))) {
                common++;
            }
            closeTo(common + 1);
            for (int j = common; j < c.size(); j++) {
                frames.add(new Frame(c.get(j), j + 1));
            }
            Frame top = frames.get(frames.size() - 1);
            top.n++;
            top.sum += contribution;
        }

        private void closeTo(int size) {
            while (frames.size() > size) {
                Frame f = frames.remove(frames.size() - 1);
                Frame parent = frames.get(frames.size() - 1);
                parent.n++;
                parent.sum += f.asEntry(f.n, f.sum);
            }
        }

        /** The page's length with every open container closed, plus a cursor entry of the given contribution (0: none). */
        long length(int cursor) {
            int last = frames.size() - 1;
            long inner = 0;
            boolean carry = false;
            for (int j = last; j >= 1; j--) {
                Frame f = frames.get(j);
                inner = f.asEntry(f.n + (carry ? 1 : 0), f.sum + (carry ? inner : 0));
                carry = true;
            }
            Frame top = frames.get(0);
            int n = top.n + (carry ? 1 : 0) + (cursor > 0 ? 1 : 0);
            long sum = top.sum + (carry ? inner : 0) + cursor;
            return Frame.containerLength(0, n, sum);
        }

        long lengthWith(Unit u, int contribution, int cursor) {
            Meter m = copy();
            m.add(u, contribution);
            return m.length(cursor);
        }
    }
}
