package dev.dbprint.mcp.tool;

import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

import jakarta.enterprise.context.ApplicationScoped;
import jakarta.inject.Inject;

import dev.dbprint.mcp.config.ServedConnection;
import dev.dbprint.mcp.paging.ListReply;
import dev.dbprint.mcp.paging.PagedReplies;
import dev.dbprint.mcp.print.model.Manifest;
import dev.dbprint.mcp.print.store.PrintStore;
import dev.dbprint.mcp.print.store.PrintView;
import dev.dbprint.mcp.tool.call.McpTool;
import dev.dbprint.mcp.tool.call.ToolCall;
import dev.dbprint.mcp.tool.call.ToolResult;

/**
 * {@code get_manifest} (server spec §4.4): the parsed manifest as a JSON object. {@code tables} is paged in FQN order;
 * every other key rides the first page whole, in file order; {@code pattern} filters {@code tables} and
 * {@code failed_tables} (which keeps its file order, and is omitted when empty, as the format omits it and list_tables
 * does); {@code total} on every page counts the entries matched. Every entry is served as parsed, whether a reader can
 * follow it or not, as list_tables lists it.
 */
@ApplicationScoped
public class GetManifestTool {

    private final PrintStore store;
    private final PagedReplies paging;
    private final PerParse<List<String>> sorted = new PerParse<>();

    @Inject
    public GetManifestTool(PrintStore store, PagedReplies paging) {
        this.store = store;
        this.paging = paging;
    }

    @McpTool("get_manifest")
    public ToolResult call(ToolCall call) {
        FqnPattern pattern = FqnPattern.of(call);
        ServedConnection connection = call.connection();
        return ToolResult.object(paging.list(call, () -> {
            PrintView view = store.view(connection);
            Manifest manifest = view.index();
            Map<String, Object> header = new LinkedHashMap<>(manifest.header());
            if (header.get("failed_tables") != null) {
                List<String> failed = manifest.failedTables().stream().filter(pattern::matches).toList();
                if (failed.isEmpty()) {
                    header.remove("failed_tables"); // the format omits an empty list, as list_tables does
                } else {
                    header.put("failed_tables", failed);
                }
            }
            Map<String, Object> rawTables = manifest.written();
            Map<String, Object> tables = new LinkedHashMap<>();
            for (String fqn : sorted.get(connection.name() + '\0' + connection.root(), manifest,
                    () -> FqnPattern.of(FqnPattern.ALL).sorted(rawTables.keySet()))) {
                if (pattern.matches(fqn)) {
                    tables.put(fqn, rawTables.get(fqn));
                }
            }
            ListReply reply = DocumentReply.of(manifest.path(), header, ListReply.Walk.map("tables", tables));
            return PagedReplies.Pinned.of(reply, view);
        }));
    }
}
