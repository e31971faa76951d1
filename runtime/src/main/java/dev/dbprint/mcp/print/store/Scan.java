package dev.dbprint.mcp.print.store;

import java.io.IOException;
import java.io.InputStream;

import dev.dbprint.mcp.print.cache.Weighed;

/** Reads a whole file once, as a stream, into a small result. */
@FunctionalInterface
public interface Scan<T extends Weighed> {

    T scan(InputStream in) throws IOException;
}
