package dev.dbprint.mcp.paging;

import java.util.Map;
import java.util.function.Supplier;

/**
 * One page of a dict reply: its body, and its text spelled when first asked for. A tool's reply is the text; the
 * protocol's own resources/list writes the body as JSON into its reply, so its pages never spell a text (a 20,000-character
 * string and its builder's buffers, made and dropped on every page).
 */
public final class Page implements PageSequence.Step {

    private final Map<String, Object> body;
    private final Position next;
    private final String nextCursor;
    private final int measured;
    /** Spells the text; null once it has. */
    private Supplier<String> spelling;
    private String text;

    /**
     * @param body the page as an ordered map (what {@code format: yaml} renders)
     * @param spelling spells {@code body} as its {@link Spelling} writes it ({@link JsonText#pretty(Object)} by default):
     *        what the client of a tool receives, at most {@link Pager#MAX_CHARS}
     * @param next where the next page begins, or {@code null} on the last page
     * @param nextCursor the {@code next_cursor} value carried in {@code body}, or {@code null} on the last page
     * @param measured the length the pager predicted while filling (the text's length for JSON; at least it for another
     *        spelling)
     */
    Page(Map<String, Object> body, Supplier<String> spelling, Position next, String nextCursor, int measured) {
        this.body = body;
        this.spelling = spelling;
        this.next = next;
        this.nextCursor = nextCursor;
        this.measured = measured;
    }

    public Map<String, Object> body() {
        return body;
    }

    /** {@code body} as its spelling writes it, spelled once. */
    @Override
    public synchronized String text() {
        if (spelling != null) {
            text = spelling.get();
            spelling = null;
        }
        return text;
    }

    @Override
    public Position next() {
        return next;
    }

    public String nextCursor() {
        return nextCursor;
    }

    public int measured() {
        return measured;
    }

    @Override
    public boolean isLast() {
        return next == null;
    }
}
