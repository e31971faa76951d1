package dev.dbprint.mcp.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.nio.file.Path;
import java.util.Map;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import com.fasterxml.jackson.databind.node.JsonNodeFactory;

import dev.dbprint.mcp.config.ConnectionConfig;
import dev.dbprint.mcp.config.ServedConnection;
import dev.dbprint.mcp.paging.PagedReplies;
import dev.dbprint.mcp.print.Fixtures;
import dev.dbprint.mcp.print.store.PrintStore;
import dev.dbprint.mcp.tool.ListTablesTool;
import dev.dbprint.mcp.tool.call.ToolCall;

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
        ListTablesWarmup.run(readAhead, connection);
        PrintStore server = new PrintStore();
        String first = new ListTablesTool(server, new PagedReplies())
                .call(new ToolCall("list_tables", JsonNodeFactory.instance.objectNode(), connection)).text();
        assertEquals(0, server.counters().parses(), "the manifest read ahead was taken");
        assertEquals(1, readAhead.counters().parses(), "read once, ahead; the warm-up read nothing more");
        assertEquals(new ListTablesTool(new PrintStore(), new PagedReplies())
                .call(new ToolCall("list_tables", JsonNodeFactory.instance.objectNode(), connection)).text(), first);
    }
}
