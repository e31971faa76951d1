package dev.dbprint.mcp.print.index;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.stream.Stream;

/** Test access to the on-disk tree store. */
public final class DiskTrees {

    private DiskTrees() {
    }

    /**
     * A store that keeps every tree however recently its file changed: a test writes its print and reads it at once,
     * where the racy window would keep nothing for two seconds.
     */
    public static TreeStore at(Path directory) {
        return new DiskTreeStore(directory, ANY_AGE);
    }

    /** A racy window no change is within: every identity is old enough. */
    static final long ANY_AGE = Long.MIN_VALUE;

    /** The index files in {@code directory}. */
    public static List<Path> files(Path directory) throws IOException {
        if (!Files.isDirectory(directory)) {
            return List.of();
        }
        try (Stream<Path> s = Files.list(directory)) {
            return s.filter(p -> p.toString().endsWith(".trees")).toList();
        }
    }
}
