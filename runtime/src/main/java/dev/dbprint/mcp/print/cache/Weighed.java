package dev.dbprint.mcp.print.cache;

/** What a scan keeps of a file: something small, which says roughly how many bytes it holds. */
public interface Weighed {

    long weight();
}
