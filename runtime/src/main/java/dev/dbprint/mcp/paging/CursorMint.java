package dev.dbprint.mcp.paging;

/** Issues the cursor a page carries for the position where the next page begins. */
public interface CursorMint {

    /** The token for {@code next}; always exactly {@link #tokenLength()} characters, none of which JSON escapes. */
    String mint(Position next);

    /** The fixed length of every token this mint issues, reserved on each page before it is filled. */
    int tokenLength();

    /**
     * The fault for a resume position this reply does not have — only reachable when the reply is not the one the
     * cursor was issued against, so it reads as the print having changed.
     */
    CursorFault stale();
}
