package dev.dbprint.mcp.cli;

import java.util.concurrent.atomic.AtomicBoolean;

import com.fasterxml.jackson.databind.node.JsonNodeFactory;

import dev.dbprint.mcp.config.ServedConnection;
import dev.dbprint.mcp.paging.PagedReplies;
import dev.dbprint.mcp.print.store.PrintStore;
import dev.dbprint.mcp.tool.ListTablesTool;
import dev.dbprint.mcp.tool.call.ToolCall;
import dev.dbprint.mcp.tool.call.ToolResult;

/**
 * Answers a {@code list_tables} once, while Quarkus boots, from the store that read a served manifest ahead
 * ({@link PrintStore#readManifestAhead}), keeping nothing: a client's first call, sent the moment {@code initialize} is
 * answered, finds the tool's code run (its lambdas linked, its classes initialised, the reply cache's keeper started)
 * where on JDK 17 it ran that code in the interpreter for the first time beside C1 and the read-ahead. That store only
 * reads; it never takes the manifest it read ahead, which stays for the server's own store.
 */
final class ListTablesWarmup {

    private static final AtomicBoolean RUN = new AtomicBoolean();

    private ListTablesWarmup() {
    }

    /** Lists {@code connection}'s tables through {@code readAhead}, the first time it is called in the process. */
    static void run(PrintStore readAhead, ServedConnection connection) {
        if (!RUN.compareAndSet(false, true)) {
            return;
        }
        try {
            list(readAhead, connection);
        } catch (RuntimeException e) {
            // nothing depends on it: the first call then runs that code for the first time
        }
    }

    /** A list_tables without arguments through {@code store}, answered into a reply cache of its own. */
    static ToolResult list(PrintStore store, ServedConnection connection) {
        return new ListTablesTool(store, new PagedReplies())
                .call(new ToolCall("list_tables", JsonNodeFactory.instance.objectNode(), connection));
    }
}
