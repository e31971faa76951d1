package dev.dbprint.mcp.bench;

import java.io.IOException;
import java.nio.file.Path;
import java.util.List;
import java.util.Optional;

import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;

import dev.dbprint.mcp.config.Connections;
import dev.dbprint.mcp.config.DbprintYaml;
import dev.dbprint.mcp.config.ProjectLocator;
import dev.dbprint.mcp.config.ServedSet;
import dev.dbprint.mcp.paging.PagedReplies;
import dev.dbprint.mcp.print.store.PrintStore;
import dev.dbprint.mcp.tool.call.ToolInvoker;
import dev.dbprint.mcp.tool.call.ToolRegistry;
import dev.dbprint.mcp.tool.call.ToolResult;

/**
 * The server's tool path without Quarkus: one project's connections, one print store and reply paging, and tool beans
 * called through the server's own argument checking, connection resolution and paging, each held as a registry entry.
 */
final class InProcess {

    private static final ObjectMapper MAPPER = new ObjectMapper();

    final Connections connections;
    final PrintStore store = new PrintStore();
    final PagedReplies paging = new PagedReplies();

    InProcess(Path project) {
        connections = new Connections(ServedSet.resolve(
                DbprintYaml.read(ProjectLocator.locate(Optional.of(project.toString()), Path.of(""))), List.of()));
    }

    /**
     * Tool {@code name} answered by {@code body}, a bean's {@code @McpTool} method ({@code list::call}), held once as the
     * server's registry holds it. The bench's arguments are lower case already, so no property is folded.
     */
    static ToolRegistry.Tool tool(String name, ToolRegistry.Body body) {
        return ToolRegistry.Tool.of(name, List.of(), body, MAPPER);
    }

    /** Calls {@code tool}; an error reply stops the benchmark. */
    ToolResult call(ToolRegistry.Tool tool, String argumentsJson) {
        try {
            ToolResult r = ToolInvoker.call(tool, (ObjectNode) MAPPER.readTree(argumentsJson), connections);
            if (r.isError()) {
                throw new IllegalStateException(r.text());
            }
            return r;
        } catch (IOException e) {
            throw new IllegalArgumentException(e);
        }
    }

    /** Follows next_cursor to the last page; returns the page count. */
    int allPages(ToolRegistry.Tool tool, String args) {
        int pages = 0;
        String cursor = null;
        do {
            String a = cursor == null ? args : args.substring(0, args.length() - 1) + ", \"cursor\": \"" + cursor + "\"}";
            ToolResult r = call(tool, a);
            pages++;
            cursor = nextCursor(r.text());
        } while (cursor != null);
        return pages;
    }

    /** The page's next_cursor, the last key of a page (read without parsing the page: the bench times the server). */
    private static String nextCursor(String page) {
        int at = page.lastIndexOf("\"next_cursor\": \"");
        if (at < 0) {
            return null;
        }
        int from = at + "\"next_cursor\": \"".length();
        return page.substring(from, page.indexOf('"', from));
    }

    static long usedHeap() {
        for (int i = 0; i < 3; i++) {
            System.gc();
        }
        Runtime rt = Runtime.getRuntime();
        return rt.totalMemory() - rt.freeMemory();
    }
}
