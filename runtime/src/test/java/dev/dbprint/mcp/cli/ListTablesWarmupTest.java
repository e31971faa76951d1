package dev.dbprint.mcp.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Path;
import java.util.Map;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import dev.dbprint.mcp.config.ConnectionConfig;
import dev.dbprint.mcp.config.ServedConnection;
import dev.dbprint.mcp.print.Fixtures;
import dev.dbprint.mcp.print.store.PrintStore;

/**
 * The boot's list_tables runs on the store that read the manifest ahead and leaves that read to the server's own store,
 * whose first list_tables then answers as the warm-up did, without a parse.
 */
class ListTablesWarmupTest {

    @TempDir
    Path dir;

    @Test
    void theServersStoreStillTakesTheManifestReadAhead() {
        Path root = Fixtures.copy("basic", dir.resolve("basic"));
        ServedConnection connection = new ServedConnection("c", root, new ConnectionConfig("c", false, root, Map.of()));
        PrintStore readAhead = PrintStore.readManifestAhead(root).orElseThrow();
        // what run() does once per process, without its catch, so a failing warm-up fails the test
        String warm = ListTablesWarmup.list(readAhead, connection).text();
        PrintStore server = new PrintStore();
        String first = ListTablesWarmup.list(server, connection).text();
        assertEquals(0, server.counters().parses(), "the manifest read ahead was taken");
        assertEquals(1, readAhead.counters().parses(), "read once, ahead; the warm-up read nothing more");
        assertTrue(warm.contains("tables"), warm);
        assertEquals(first, warm, "the warm-up answered as the server's first call does");
        assertEquals(ListTablesWarmup.list(new PrintStore(), connection).text(), first);
    }
}
