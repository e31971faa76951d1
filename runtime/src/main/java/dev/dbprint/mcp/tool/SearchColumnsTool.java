package dev.dbprint.mcp.tool;

import jakarta.enterprise.context.ApplicationScoped;
import jakarta.inject.Inject;

import com.fasterxml.jackson.databind.JsonNode;

import dev.dbprint.mcp.paging.PagedReplies;
import dev.dbprint.mcp.print.store.PrintStore;
import dev.dbprint.mcp.print.store.PrintView;
import dev.dbprint.mcp.search.ColumnPredicates;
import dev.dbprint.mcp.search.ColumnSearch;
import dev.dbprint.mcp.tool.call.McpTool;
import dev.dbprint.mcp.tool.call.ToolCall;
import dev.dbprint.mcp.tool.call.ToolResult;

/** {@code search_columns} (spec §4.3): columns and parts across the print by name, fields and notes, paged per §4.8. */
@ApplicationScoped
public class SearchColumnsTool {

    private final PrintStore store;
    private final PagedReplies paging;
    private final ColumnSearch search;

    @Inject
    public SearchColumnsTool(PrintStore store, PagedReplies paging, ColumnSearch search) {
        this.store = store;
        this.paging = paging;
        this.search = search;
    }

    /** A tool with search indexes of its own, bounded by {@code maxBytes} of estimated heap (tests, benchmarks). */
    public SearchColumnsTool(PrintStore store, PagedReplies paging, long maxBytes) {
        this(store, paging, new ColumnSearch(maxBytes));
    }

    @McpTool("search_columns")
    public ToolResult call(ToolCall call) {
        JsonNode candidateKey = call.arguments().get("candidate_key");
        ColumnPredicates predicates = new ColumnPredicates(call.string("pattern"), call.string("classification"),
                call.string("sql_type"), call.string("sensitivity"), call.string("looks_like"), call.string("redacted"),
                candidateKey == null || candidateKey.isNull() ? null : candidateKey.asBoolean(), call.string("text"));
        return ToolResult.object(paging.list(call, () -> {
            PrintView view = store.view(call.connection());
            return PagedReplies.Pinned.of(search.run(view, predicates).reply(), view);
        }));
    }
}
