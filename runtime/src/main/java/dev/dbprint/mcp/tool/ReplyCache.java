package dev.dbprint.mcp.tool;

import java.util.HashMap;
import java.util.Iterator;
import java.util.LinkedHashMap;
import java.util.Map;

import dev.dbprint.mcp.paging.CursorFault;
import dev.dbprint.mcp.paging.PageSequence;
import dev.dbprint.mcp.paging.Position;
import dev.dbprint.mcp.print.ReadSet;

/**
 * Replies already computed and paged, kept while what they were computed from still holds (their {@link ReadSet}): a
 * warm call re-stats its files and re-judges its paths, as computing the reply would, but renders nothing. Pages are
 * built once, on first request. Least recently used replies go first once the pages kept exceed {@code maxChars}
 * characters (the reply model behind them is of the same order); 0 keeps nothing.
 */
final class ReplyCache {

    /** One computed reply: the digest its cursors are pinned to, and its pages as far as they were asked for. */
    static final class Entry<P extends PageSequence.Step> {

        final String printDigest;
        private final ReadSet basis;
        private final PageSequence<P> pager;
        private final Map<Position, P> pages = new HashMap<>();
        private final ReplyCache owner;

        private Entry(ReplyCache owner, String printDigest, ReadSet basis, PageSequence<P> pager) {
            this.owner = owner;
            this.printDigest = printDigest;
            this.basis = basis;
            this.pager = pager;
        }

        /** The page beginning at {@code start}, built on first request (pagers are not thread-safe). */
        synchronized P pageAt(Position start) throws CursorFault {
            P page = pages.get(start);
            if (page == null) {
                page = pager.pageAt(start);
                pages.put(start, page);
                if (owner != null) {
                    owner.grew(this, page.text().length());
                }
            }
            return page;
        }
    }

    private final long maxChars;
    private final LinkedHashMap<String, Entry<?>> entries = new LinkedHashMap<>(64, 0.75f, true);
    private final Map<Entry<?>, Long> weights = new HashMap<>();
    private long total;

    ReplyCache(long maxChars) {
        this.maxChars = maxChars;
    }

    /** The reply kept under {@code key} if it still holds; a reply that no longer holds is dropped. */
    @SuppressWarnings("unchecked")
    <P extends PageSequence.Step> Entry<P> get(String key) {
        Entry<?> e;
        synchronized (this) {
            e = entries.get(key);
        }
        if (e == null) {
            return null;
        }
        if (e.basis.stillHolds()) {
            return (Entry<P>) e;
        }
        synchronized (this) {
            if (entries.get(key) == e) {
                remove(key);
            }
        }
        return null;
    }

    /**
     * An entry for a freshly computed reply, kept under {@code key} when it has a read set and the cache keeps
     * anything; otherwise it serves this call alone.
     */
    <P extends PageSequence.Step> Entry<P> put(String key, String printDigest, ReadSet basis, PageSequence<P> pager) {
        if (basis == null || maxChars <= 0) {
            return new Entry<>(null, printDigest, basis, pager);
        }
        Entry<P> e = new Entry<>(this, printDigest, basis, pager);
        synchronized (this) {
            if (entries.containsKey(key)) {
                remove(key);
            }
            entries.put(key, e);
            weights.put(e, 0L);
        }
        return e;
    }

    synchronized int size() {
        return entries.size();
    }

    synchronized long chars() {
        return total;
    }

    private synchronized void grew(Entry<?> e, int chars) {
        Long w = weights.get(e);
        if (w == null) {
            return; // already evicted: it serves the calls holding it, and is then garbage
        }
        weights.put(e, w + chars);
        total += chars;
        Iterator<Map.Entry<String, Entry<?>>> it = entries.entrySet().iterator();
        while (total > maxChars && it.hasNext()) {
            Entry<?> eldest = it.next().getValue();
            it.remove();
            total -= weights.remove(eldest);
        }
    }

    private void remove(String key) {
        Entry<?> old = entries.remove(key);
        if (old != null) {
            total -= weights.remove(old);
        }
    }
}
