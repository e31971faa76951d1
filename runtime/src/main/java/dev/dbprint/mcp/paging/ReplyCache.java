package dev.dbprint.mcp.paging;

import java.util.HashMap;
import java.util.Iterator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.Executor;
import java.util.concurrent.Executors;
import java.util.function.Supplier;

import com.fasterxml.jackson.core.SerializableString;

import dev.dbprint.mcp.print.store.ReadSet;

/**
 * Replies already computed and paged, kept while what they were computed from still holds (their {@link ReadSet}): a
 * warm call re-stats its files and re-judges its paths, as computing the reply would, but renders nothing.
 * <p>
 * One reply is kept per call (tool and arguments); a reply that also depends on a {@code variant} (the clock's second)
 * replaces the one kept for another variant. Only the pages built are kept, not the reply model or the pager: a
 * client that reads page 1 of a long reply and stops would otherwise leave the whole model behind. A page not yet
 * built is built by a pager over the reply computed afresh, which {@link Entry#rearm} hands to the entry.
 * <p>
 * Weight: the characters of the pages kept, the bytes of their JSON spellings, what the read set holds (see
 * {@link ReadSet#weight()}), and the key (the call's arguments as written out, {@link CanonicalArgs}). Least recently
 * used replies go first once the total exceeds {@code maxChars}; 0 keeps nothing. A read set counts once built (see
 * {@link #put}): until then the total may pass the bound by what the sets being built weigh.
 */
final class ReplyCache {

    /** One computed reply: the digest its cursors are pinned to, and its pages as far as they were asked for. */
    static final class Entry<P extends PageSequence.Step> {

        final String printDigest;
        private final String variant;
        /** Completed by the keeper, null when the reply must not be served again; null for an entry not kept. */
        private final CompletableFuture<ReadSet> basis;
        private final Map<Position, P> pages = new HashMap<>();
        private final Map<Position, SerializableString> literals = new HashMap<>();
        private final ReplyCache owner;
        /** Held from the reply's computation until it builds one page: the model behind it is not kept. */
        private PageSequence<P> pager;
        private long chars;
        /** Whether the owner keeps it, and what it has counted of it in its total (both guarded by the owner). */
        private boolean kept;
        private long counted;

        private Entry(ReplyCache owner, String variant, String printDigest, CompletableFuture<ReadSet> basis,
                PageSequence<P> pager) {
            this.owner = owner;
            this.variant = variant;
            this.printDigest = printDigest;
            this.basis = basis;
            this.pager = pager;
        }

        /**
         * The page beginning at {@code start}, built by the pager the entry holds (which is then let go); null when
         * the page was not built and the entry holds no pager, so the caller computes the reply afresh and
         * {@linkplain #rearm rearms} the entry with it.
         */
        synchronized P pageAt(Position start) throws CursorFault {
            P page = pages.get(start);
            if (page != null || pager == null) {
                return page;
            }
            try {
                page = pager.pageAt(start);
            } finally {
                pager = null;
            }
            pages.put(start, page);
            if (owner != null) {
                weigh(page.text().length()); // a page not kept is not weighed, nor spelled for it
            }
            return page;
        }

        /** The JSON literal of a page this entry built (see {@link JsonLiteral}), made on first request. */
        synchronized SerializableString literal(Position start, P page) {
            SerializableString json = literals.get(start);
            if (json == null) {
                JsonLiteral literal = JsonLiteral.of(page.text());
                json = literal;
                literals.put(start, json);
                weigh(literal.byteLength());
            }
            return json;
        }

        private synchronized void weigh(long more) {
            chars += more;
            if (owner != null) {
                owner.weigh(this, chars);
            }
        }

        /**
         * Hands the entry a pager over the same reply computed afresh, to build a page it lacks. Refused (false) when
         * the reply computed is pinned to another print: the entry no longer holds.
         */
        synchronized boolean rearm(String digest, PageSequence<P> fresh) {
            if (!printDigest.equals(digest)) {
                return false;
            }
            pager = fresh;
            return true;
        }
    }

    private final long maxChars;
    private final LinkedHashMap<String, Entry<?>> entries = new LinkedHashMap<>(64, 0.75f, true);
    private long total;

    ReplyCache(long maxChars) {
        this.maxChars = maxChars;
    }

    /** The reply kept for {@code key} and {@code variant} if it still holds; one that no longer holds is dropped. */
    @SuppressWarnings("unchecked")
    <P extends PageSequence.Step> Entry<P> get(String key, String variant) {
        Entry<?> e;
        synchronized (this) {
            e = entries.get(key);
        }
        if (e == null || !e.variant.equals(variant)) {
            return null;
        }
        ReadSet basis = e.basis.join(); // a call right behind the one that computed it waits for what is left to build
        if (basis != null && basis.stillHolds()) {
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
     * An entry for a freshly computed reply, kept for {@code key} when it can have a read set and the cache keeps
     * anything; otherwise it serves this call alone. The read set is built by {@link Keeper}, off the path of the reply,
     * which needs only the digest: on a search over thousands of tables, building it delayed every reply by a few
     * milliseconds. It is weighed before it is handed over, so a caller that has it sees its weight counted.
     */
    <P extends PageSequence.Step> Entry<P> put(String key, String variant, String printDigest, Supplier<ReadSet> basis,
            PageSequence<P> pager) {
        if (basis == null || maxChars <= 0) {
            return new Entry<>(null, variant, printDigest, null, pager);
        }
        CompletableFuture<ReadSet> built = new CompletableFuture<>();
        Entry<P> e = new Entry<>(this, variant, printDigest, built, pager);
        synchronized (this) {
            remove(key);
            entries.put(key, e);
            e.kept = true;
        }
        Keeper.THREAD.execute(() -> {
            ReadSet set = null;
            try {
                set = basis.get();
                if (set != null) {
                    e.weigh(set.weight() + key.length());
                }
            } finally {
                built.complete(set); // null when it failed or the reply must not be kept: the next get drops the entry
            }
        });
        return e;
    }

    /** The thread that builds read sets; a daemon, made on the first reply kept. */
    private static final class Keeper {

        static final Executor THREAD = Executors.newSingleThreadExecutor(task -> {
            Thread t = new Thread(task, "dbprint-reply-keeper");
            t.setDaemon(true);
            return t;
        });
    }

    synchronized int size() {
        return entries.size();
    }

    /** What the kept replies weigh, their read sets counted once built. */
    long weight() {
        awaitKeeper();
        synchronized (this) {
            return total;
        }
    }

    /** Waits for the read sets of the kept replies (outside the lock, which the keeper takes to weigh one). */
    private void awaitKeeper() {
        List<CompletableFuture<ReadSet>> building;
        synchronized (this) {
            building = entries.values().stream().<CompletableFuture<ReadSet>>map(e -> e.basis).toList();
        }
        building.forEach(CompletableFuture::join);
    }

    private synchronized void weigh(Entry<?> e, long weight) {
        if (!e.kept) {
            return; // already dropped: it serves the calls holding it, and is then garbage
        }
        total += weight - e.counted;
        e.counted = weight;
        Iterator<Entry<?>> it = entries.values().iterator();
        while (total > maxChars && it.hasNext()) {
            drop(it.next());
            it.remove();
        }
    }

    private void remove(String key) {
        Entry<?> old = entries.remove(key);
        if (old != null) {
            drop(old);
        }
    }

    private void drop(Entry<?> e) {
        e.kept = false;
        total -= e.counted;
    }
}
