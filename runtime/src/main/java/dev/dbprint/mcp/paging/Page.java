package dev.dbprint.mcp.paging;

import java.util.Map;

/**
 * One page of a dict reply.
 *
 * @param body the page as an ordered map (what {@code format: yaml} renders)
 * @param text {@code body} as its {@link Spelling} writes it ({@link JsonText#pretty(Object)} by default) — what the
 *        client receives, at most {@link Pager#MAX_CHARS}
 * @param next where the next page begins, or {@code null} on the last page
 * @param nextCursor the {@code next_cursor} value carried in {@code body}, or {@code null} on the last page
 * @param measured the length the pager predicted while filling (equals {@code text.length()} for JSON; at least it
 *        for another spelling)
 */
public record Page(Map<String, Object> body, String text, Position next, String nextCursor,
        int measured) implements PageSequence.Step {

    public boolean isLast() {
        return next == null;
    }
}
