package dev.dbprint.mcp.paging;

import java.util.List;
import java.util.Optional;
import java.util.function.BiFunction;
import java.util.function.Supplier;

import jakarta.enterprise.context.ApplicationScoped;
import jakarta.inject.Inject;

import dev.dbprint.mcp.config.DbprintConfig;
import dev.dbprint.mcp.print.store.PrintView;
import dev.dbprint.mcp.print.store.ReadSet;

/**
 * The one path from a computed reply to the page a call receives (spec §4.8). The cursor is opened against the tool and
 * its other arguments before anything is read; the reply is then computed from the print as it is now, and the cursor
 * must name that same print (the digest of every file the reply read) or the call fails saying the print changed.
 * <p>
 * A reply computed through a {@link PrintView} is kept with the view's {@link ReadSet} in a {@link ReplyCache}: the
 * same call made again while every file and path it rested on is unchanged gets the same pages without computing them
 * again. That is the whole difference a warm call sees; the print is still checked on every call.
 */
@ApplicationScoped
public class PagedReplies {

    /** The default of {@code dbprint.reply-cache.max-chars}. */
    public static final long DEFAULT_CACHE_CHARS = 32_000_000;

    /**
     * A reply, the digest of the print files it was computed from, and — when it was computed through one view — what
     * it rested on, so it can be kept: {@code basis} gives the read set, or null when the reply must not be kept.
     */
    public record Pinned<T>(T reply, String printDigest, Supplier<ReadSet> basis) {

        /** A reply that is computed anew on every call. */
        public Pinned(T reply, String printDigest) {
            this(reply, printDigest, null);
        }

        /**
         * A reply computed from {@code view} alone: pinned to its digest, kept while its read set holds. The set is made
         * when the cache asks, after the reply is on its way: the view's work is done by then, and nothing is added to it.
         */
        public static <T> Pinned<T> of(T reply, PrintView view) {
            return new Pinned<>(reply, view.digest(), () -> view.readSet().orElse(null));
        }
    }

    /** A Markdown document as sections of rows, with the legend each page carries. */
    public record Document(List<List<String>> sections, DocumentPager.Legend legend) {
    }

    private final CursorCodec codec = CursorCodec.processWide();
    private final ReplyCache cache;

    /** Keeping up to {@link #DEFAULT_CACHE_CHARS} characters of pages. */
    public PagedReplies() {
        this(DEFAULT_CACHE_CHARS);
    }

    @Inject
    public PagedReplies(DbprintConfig config) {
        this(config.replyCache().maxChars());
    }

    /** Keeping up to {@code cacheChars} characters of pages; 0 computes every reply anew. */
    public PagedReplies(long cacheChars) {
        this.cache = new ReplyCache(cacheChars);
    }

    public Reply list(PagedCall call, Supplier<Pinned<ListReply>> compute) {
        return list(call, "", compute);
    }

    /**
     * As {@link #list(PagedCall, Supplier)} for a reply that also depends on {@code variant} (the clock's second, say):
     * replies kept for another variant are not served for this one.
     */
    public Reply list(PagedCall call, String variant, Supplier<Pinned<ListReply>> compute) {
        return page(call, variant, compute, Pager::new).reply();
    }

    /** As {@link #list(PagedCall, Supplier)} with each page written, and measured, as {@code spelling} writes it. */
    public Reply list(PagedCall call, Spelling spelling, Supplier<Pinned<ListReply>> compute) {
        return list(call, spelling, "", compute);
    }

    /** As {@link #list(PagedCall, Spelling, Supplier)} for a reply that also depends on {@code variant}. */
    public Reply list(PagedCall call, Spelling spelling, String variant, Supplier<Pinned<ListReply>> compute) {
        return page(call, variant, compute, (ListReply r, CursorMint mint) -> new Pager(r, mint, spelling)).reply();
    }

    /** The page itself, for a caller that re-renders it (a tool's yaml) or decorates it (resources/list). */
    public Page listPage(PagedCall call, Supplier<Pinned<ListReply>> compute) {
        return page(call, "", compute, Pager::new).page();
    }

    public Reply document(PagedCall call, Supplier<Pinned<Document>> compute) {
        return document(call, "", compute);
    }

    /** As {@link #document(PagedCall, Supplier)} for a document that also depends on {@code variant}. */
    public Reply document(PagedCall call, String variant, Supplier<Pinned<Document>> compute) {
        return page(call, variant, compute,
                (Document d, CursorMint mint) -> new DocumentPager(d.sections(), d.legend(), mint)).reply();
    }

    /** How many replies are kept, and their weight in characters (see {@link ReplyCache}). */
    public String cacheSummary() {
        return cache.size() + " replies weighing " + cache.weight() + " characters";
    }

    /** A page and the entry that built it, which spells it as JSON once for every reply that serves it. */
    private record Served<P extends PageSequence.Step>(ReplyCache.Entry<P> entry, Position start, P page) {

        Reply reply() {
            return new Reply(page.text(), entry.literal(start, page));
        }
    }

    private <R, P extends PageSequence.Step> Served<P> page(PagedCall call, String variant, Supplier<Pinned<R>> compute,
            BiFunction<R, CursorMint, PageSequence<P>> pagerOf) {
        String caller = call.caller();
        String args = CanonicalArgs.of(call.argumentsWithoutCursor());
        Optional<String> cursor = call.cursor();
        CursorCodec.Opened opened = cursor.isEmpty() ? null : codec.open(cursor.get(), caller, args);
        String key = caller + '\0' + args;
        ReplyCache.Entry<P> kept = cache.get(key, variant);
        if (kept != null) {
            Position start = start(opened, kept.printDigest);
            P page = kept.pageAt(start);
            if (page != null) {
                return new Served<>(kept, start, page);
            }
        }
        Pinned<R> pinned = compute.get();
        PageSequence<P> pager = pagerOf.apply(pinned.reply(), codec.bind(caller, args, pinned.printDigest()));
        Position start = start(opened, pinned.printDigest());
        if (kept != null && kept.rearm(pinned.printDigest(), pager)) {
            P page = kept.pageAt(start);
            if (page != null) {
                return new Served<>(kept, start, page);
            }
        }
        ReplyCache.Entry<P> entry = cache.put(key, variant, pinned.printDigest(), pinned.basis(), pager);
        return new Served<>(entry, start, entry.pageAt(start));
    }

    /** Where the page begins: the start, or the cursor's position provided it names the print read. */
    private static Position start(CursorCodec.Opened opened, String printDigest) {
        return opened == null ? Position.START : opened.requirePrint(printDigest);
    }
}
