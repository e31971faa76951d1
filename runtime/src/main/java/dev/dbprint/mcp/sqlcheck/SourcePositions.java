package dev.dbprint.mcp.sqlcheck;

/**
 * Where a position the parser reports in the text it read lies in the whole {@code sql} argument: the parser may read a
 * statement's own text or a respelling of it, and every finding is placed in what the caller wrote.
 */
public interface SourcePositions {

    /** The argument's 1-based {line, column} of the parser's 1-based {@code (line, column)}. */
    int[] absolute(int line, int column);

    /** The text the parser reads, whose positions {@link #absolute} maps. */
    String text();
}
