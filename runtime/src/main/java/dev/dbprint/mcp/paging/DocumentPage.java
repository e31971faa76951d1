package dev.dbprint.mcp.paging;

/**
 * One page of a Markdown document reply.
 *
 * @param text what the client receives: the page's rows with its legend inserted at {@code legendOffset} and, on every
 *        page but the last, {@code "\n" + "next_cursor: " + cursor} at the end; at most {@link Pager#MAX_CHARS}
 * @param legend the legend block inserted ({@code ""} when the page prints no term)
 * @param legendOffset where in {@code text} the legend begins: after the identity section's rows on the first page,
 *        0 on later pages
 * @param reopen the fenced block's opening line repeated right after the legend, when the page begins inside one
 *        ({@code ""} otherwise)
 * @param close the fence line closing the block the page ends inside, just before the cursor line ({@code ""} when none)
 * @param next where the next page begins, or {@code null} on the last page
 * @param nextCursor the cursor on the last line, or {@code null} on the last page
 */
public record DocumentPage(String text, String legend, int legendOffset, String reopen, String close, Position next,
        String nextCursor) implements PageSequence.Step {

    public boolean isLast() {
        return next == null;
    }

    /** The page's share of the document: its text less its legend, its cursor line and the fence lines it repeats. */
    public String content() {
        String t = text;
        if (nextCursor != null) {
            t = t.substring(0, t.length() - DocumentPager.cursorLine(nextCursor).length() - close.length());
        }
        return t.substring(0, legendOffset) + t.substring(legendOffset + legend.length() + reopen.length());
    }
}
