package dev.dbprint.mcp.print.store;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import dev.dbprint.mcp.print.Fixtures;

/**
 * A manifest read before any store exists ({@link PrintStore#readManifestAhead}) is taken by the first store to read it,
 * without a parse, only while the file is still at the identity it was read at.
 */
class ManifestReadAheadTest {

    @TempDir
    Path dir;

    private static List<String> tables(PrintStore store, Path root) {
        return List.copyOf(store.view("c", root).index().tables().keySet());
    }

    @Test
    void theFirstStoreTakesTheManifestReadAheadWithoutParsingIt() {
        Path root = Fixtures.copy("basic", dir.resolve("basic"));
        List<String> parsed = tables(new PrintStore(), root);
        PrintStore.readManifestAhead(root);
        PrintStore first = new PrintStore();
        assertEquals(parsed, tables(first, root));
        assertEquals(0, first.counters().parses());
        PrintStore second = new PrintStore();
        assertEquals(parsed, tables(second, root));
        assertEquals(1, second.counters().parses(), "taken once: a later store reads the file itself");
    }

    @Test
    void aManifestChangedSinceItWasReadAheadIsReadAgain() throws Exception {
        Path root = Fixtures.copy("basic", dir.resolve("basic"));
        PrintStore.readManifestAhead(root);
        Path manifest = root.resolve(PrintView.MANIFEST);
        Files.writeString(manifest, Files.readString(manifest) + "\n");
        PrintStore store = new PrintStore();
        tables(store, root);
        assertEquals(1, store.counters().parses());
    }

    @Test
    void aManifestLargerThanTheBoundIsNotReadAhead() throws Exception {
        Path root = Fixtures.copy("basic", dir.resolve("basic"));
        Path manifest = root.resolve(PrintView.MANIFEST);
        String padding = "# " + "x".repeat((int) PrintStore.READ_AHEAD_MAX_BYTES) + "\n";
        Files.writeString(manifest, padding + Files.readString(manifest));
        PrintStore.readManifestAhead(root);
        PrintStore store = new PrintStore();
        tables(store, root);
        assertEquals(1, store.counters().parses());
    }
}
