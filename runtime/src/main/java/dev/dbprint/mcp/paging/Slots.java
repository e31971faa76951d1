package dev.dbprint.mcp.paging;

/**
 * The items of a list too long to make whole for each page (resources/list over a print of thousands of tables): a
 * fixed run of slots, each holding one item or none, the item made only when a page reaches its slot. A cursor carries
 * the slot its page begins at, so an item that appears in a slot, or leaves it, after the listing began moves no other
 * item: later pages show the slot as it is when they are built, and nothing is repeated or skipped.
 */
public interface Slots {

    /** How many slots there are, items or not: fixed for the listing a cursor resumes. */
    int size();

    /** The item slot {@code i} holds now, or null when it holds none. */
    Object item(int i);
}
