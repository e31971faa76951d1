package dev.dbprint.mcp.paging;

import java.util.ArrayList;
import java.util.Collections;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Set;

/**
 * A whole dict reply described for {@link Pager} (§4.8): the keys that come once before any item (the first page's
 * header), the keys that ride every page (§4.7), one or more paged collections walked in order, and whether
 * {@code total} — the number of items of all collections — is emitted on every page.
 *
 * <p>
 * A paged collection is a JSON array (a {@code List}) or a JSON object whose entries are the items (a {@code Map},
 * e.g. get_manifest's {@code tables}); either way its items keep the order given. An item is a JSON tree or a
 * {@link JsonForm}, written when a page reaches it.
 */
public final class ListReply {

    /**
     * One paged collection: its key in the reply and its items, as a list or as the entries of a map. A walk may sit
     * inside nested objects ({@code parents}, outermost first: e.g. {@code statistics} for {@code statistics.columns}),
     * so a document's inner map pages entry by entry and the pages still merge key by key into the whole object.
     */
    public record Walk(String key, List<?> items, Map<String, ?> entries, List<String> parents, Slots slots) {

        public Walk {
            Objects.requireNonNull(key, "key");
            if ((items != null ? 1 : 0) + (entries != null ? 1 : 0) + (slots != null ? 1 : 0) != 1) {
                throw new IllegalArgumentException("a walk is a list, a map or slots");
            }
            parents = parents == null ? List.of() : List.copyOf(parents);
        }

        public Walk(String key, List<?> items, Map<String, ?> entries, List<String> parents) {
            this(key, items, entries, parents, null);
        }

        public Walk(String key, List<?> items, Map<String, ?> entries) {
            this(key, items, entries, List.of());
        }

        /** A list whose items are made as the page being built reaches them; see {@link Slots}. */
        public static Walk slots(String key, Slots slots) {
            return new Walk(key, null, null, List.of(), Objects.requireNonNull(slots, "slots"));
        }

        public static Walk list(String key, List<?> items) {
            return list(List.of(), key, items);
        }

        public static Walk map(String key, Map<String, ?> entries) {
            return map(List.of(), key, entries);
        }

        /** A list walk nested under the objects named by {@code parents}. */
        public static Walk list(List<String> parents, String key, List<?> items) {
            // a copy that keeps JSON null items (List.copyOf refuses them)
            return new Walk(key, Collections.unmodifiableList(new ArrayList<>(items)), null, parents);
        }

        /** A map walk nested under the objects named by {@code parents}. */
        public static Walk map(List<String> parents, String key, Map<String, ?> entries) {
            return new Walk(key, null, Collections.unmodifiableMap(new LinkedHashMap<>(entries)), parents);
        }

        /** The key of this walk's outermost container in the reply. */
        public String topKey() {
            return parents.isEmpty() ? key : parents.get(0);
        }

        /** The keys from the reply down to this walk's own container. */
        public List<String> path() {
            List<String> p = new ArrayList<>(parents);
            p.add(key);
            return p;
        }

        public boolean isMap() {
            return entries != null;
        }

        /** The walk's items, or for {@link Slots} its slots, items or not. */
        public int size() {
            return isMap() ? entries.size() : slots != null ? slots.size() : items.size();
        }
    }

    /**
     * Keys a page carries about the items it holds (list_tables' {@code warnings}, §4.2): computed from the page's
     * items once the page is filled, placed with the keys that ride every page, before the walks' items (§4.8). An empty
     * map adds nothing. The keys must not collide with the reply's own.
     */
    @FunctionalInterface
    public interface PageNote {

        Map<String, Object> keys(List<Object> pageItems);
    }

    private final LinkedHashMap<String, Object> header;
    private final LinkedHashMap<String, Object> everyPage;
    private final List<Walk> walks;
    private final boolean total;
    private final String cursorKey;
    private final PageNote pageNote;

    public ListReply(Map<String, ?> header, Map<String, ?> everyPage, List<Walk> walks, boolean total) {
        this(header, everyPage, walks, total, Pager.NEXT_CURSOR);
    }

    /**
     * As above, with the key the cursor rides under: {@code next_cursor} for tools, {@code nextCursor} for the
     * protocol's own {@code resources/list} and {@code tools/list} paging (§3.3).
     */
    public ListReply(Map<String, ?> header, Map<String, ?> everyPage, List<Walk> walks, boolean total,
            String cursorKey) {
        this(header, everyPage, walks, total, cursorKey, null);
    }

    private ListReply(Map<String, ?> header, Map<String, ?> everyPage, List<Walk> walks, boolean total,
            String cursorKey, PageNote pageNote) {
        this.pageNote = pageNote;
        this.cursorKey = Objects.requireNonNull(cursorKey, "cursorKey");
        this.header = new LinkedHashMap<>(header == null ? Map.of() : header);
        this.everyPage = new LinkedHashMap<>(everyPage == null ? Map.of() : everyPage);
        this.walks = List.copyOf(walks);
        this.total = total;
        Set<String> keys = new HashSet<>();
        List<String> all = new ArrayList<>(this.header.keySet());
        all.addAll(this.everyPage.keySet());
        // walks nested under one object share its key; a walk's own path is unique
        new LinkedHashSet<>(this.walks.stream().map(Walk::topKey).toList()).forEach(all::add);
        if (total) {
            all.add(Pager.TOTAL);
        }
        for (String k : all) {
            if (!keys.add(k) || cursorKey.equals(k)) {
                throw new IllegalArgumentException("key '" + k + "' appears twice in a paged reply");
            }
        }
        if (this.walks.stream().anyMatch(w -> w.slots() != null)
                && (this.walks.size() > 1 || total || !this.header.isEmpty() || !this.everyPage.isEmpty())) {
            // its pager makes units from the slots alone: nothing counts them, and nothing comes before them
            throw new IllegalArgumentException("a walk of slots is a reply's only content");
        }
        Set<List<String>> paths = new HashSet<>();
        for (Walk w : this.walks) {
            if (!paths.add(w.path())) {
                throw new IllegalArgumentException("walk '" + String.join(".", w.path()) + "' appears twice");
            }
        }
    }

    /** This reply, each of whose pages also carries {@code note}'s keys for the items on it. */
    public ListReply withPageNote(PageNote note) {
        return new ListReply(header, everyPage, walks, total, cursorKey, Objects.requireNonNull(note, "note"));
    }

    /** The page note, or null. */
    public PageNote pageNote() {
        return pageNote;
    }

    /** A reply with one paged list, {@code total} emitted, nothing riding every page. */
    public static ListReply of(Map<String, ?> header, String key, List<?> items) {
        return new ListReply(header, Map.of(), List.of(Walk.list(key, items)), true);
    }

    public Map<String, Object> header() {
        return Collections.unmodifiableMap(header);
    }

    public Map<String, Object> everyPage() {
        return Collections.unmodifiableMap(everyPage);
    }

    public List<Walk> walks() {
        return walks;
    }

    public String cursorKey() {
        return cursorKey;
    }

    public boolean emitsTotal() {
        return total;
    }

    /** The number of items of all walks. */
    public int total() {
        return walks.stream().mapToInt(Walk::size).sum();
    }
}
