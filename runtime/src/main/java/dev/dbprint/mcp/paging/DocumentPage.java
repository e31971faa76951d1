package dev.dbprint.mcp.paging;

/**
 * One page of a Markdown document reply.
 *
 * @param text what the client receives: the page's rows with its legend inserted at {@code legendOffset} and, on every
 *        page but the last, {@code "\n" + "next_cursor: " + cursor} at the end; at most {@link Pager#MAX_CHARS}
 * @param legend the legend block inserted ({@code ""} when the page prints no term)
 * @param legendOffset where in {@code text} the legend begins: after the identity section's rows on the first page,
 *        0 on later pages
 * @param next where the next page begins, or {@code null} on the last page
 * @param nextCursor the cursor on the last line, or {@code null} on the last page
 */
public record DocumentPage(String text, String legend, int legendOffset, Position next,
        String nextCursor) implements PageSequence.Step {

    public boolean isLast() {
        return next == null;
    }

    /** The page's share of the document: its text less its legend and its cursor line. */
    public String content() {
        String t = text;
        if (nextCursor != null) {
            t = t.substring(0, t.length() - DocumentPager.cursorLine(nextCursor).length());
        }
        return t.substring(0, legendOffset) + t.substring(legendOffset + legend.length());
    }
}
