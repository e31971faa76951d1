package dev.dbprint.mcp.paging;

import java.util.ArrayList;
import java.util.Collections;
import java.util.List;

/**
 * What both pagers share: a reply cut into pages, each built from the position the previous one ends at, so a cursor
 * (which carries that position) resumes exactly where its page stopped.
 */
public abstract class PageSequence<P extends PageSequence.Step> {

    /** A built page: whether it is the last, and where the next one begins. */
    public interface Step {

        boolean isLast();

        Position next();

        /** What the client receives. */
        String text();
    }

    private List<P> pages;

    /** The page beginning at {@code start}; a position the reply does not have fails with the mint's stale fault. */
    protected abstract P build(Position start) throws CursorFault;

    public P first() {
        try {
            return build(Position.START);
        } catch (CursorFault e) {
            throw new IllegalStateException(e);
        }
    }

    /** The page a cursor names, by the position it carries. */
    public P pageAt(Position start) throws CursorFault {
        return build(start);
    }

    /** Every page, first to last. */
    public List<P> pages() {
        if (pages == null) {
            List<P> out = new ArrayList<>();
            P p = first();
            out.add(p);
            while (!p.isLast()) {
                try {
                    p = build(p.next());
                } catch (CursorFault e) {
                    throw new IllegalStateException(e);
                }
                out.add(p);
            }
            pages = Collections.unmodifiableList(out);
        }
        return pages;
    }

    public int pageCount() {
        return pages().size();
    }

    /** Page {@code k}, 0-based. */
    public P page(int k) {
        return pages().get(k);
    }
}
