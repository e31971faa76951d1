package dev.dbprint.mcp.paging;

/**
 * A typed item of a paged reply: the packages that compute a reply hand each other records, and the item becomes the
 * maps, lists and scalars {@link JsonText} writes only when {@link Pager} reaches it on a page, so a reply of thousands
 * of items writes only those its pages show.
 */
public interface JsonForm {

    /** The item as its JSON is written: maps in key order, lists, strings, numbers, booleans and null. */
    Object toJson();
}
