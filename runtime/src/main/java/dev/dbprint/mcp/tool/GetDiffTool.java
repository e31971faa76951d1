package dev.dbprint.mcp.tool;

import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Optional;

import jakarta.enterprise.context.ApplicationScoped;
import jakarta.inject.Inject;

import dev.dbprint.mcp.config.ServedConnection;
import dev.dbprint.mcp.paging.ListReply;
import dev.dbprint.mcp.print.model.Diff;
import dev.dbprint.mcp.print.store.PrintStore;
import dev.dbprint.mcp.print.store.PrintView;
import dev.dbprint.mcp.print.store.RejectedEdges;
import dev.dbprint.mcp.render.KeptChanges;
import dev.dbprint.mcp.reply.PagedReplies;

/**
 * {@code get_diff} (server spec §4.5): the parsed diff.yaml with {@code changes} paged in file order. Relationship events
 * about an edge a human rejected are withheld first ({@link RejectedEdges}); then {@code table} (matching
 * {@code table}, {@code source_table} or {@code target_table}) and {@code kind} narrow the list, ANDed.
 * Every other key rides the first page whole, as the file has it, {@code summary} included, except
 * {@code summary.relationships_changed}, which counts the relationship events returned — the one count the spec has
 * the reply redo, and the one the {@code diff} resource redoes (§3.4), so the two agree.
 */
@ApplicationScoped
public class GetDiffTool {

    private final PrintStore store;
    private final PagedReplies paging;

    @Inject
    public GetDiffTool(PrintStore store, PagedReplies paging) {
        this.store = store;
        this.paging = paging;
    }

    @McpTool("get_diff")
    public ToolResult call(ToolCall call) {
        Optional<String> table = call.optionalString("table");
        Optional<String> kind = call.optionalString("kind");
        ServedConnection connection = call.connection();
        return ToolResult.ok(paging.list(call, () -> {
            PrintView view = store.view(connection);
            Diff diff = view.requireDiff();
            KeptChanges kept = KeptChanges.of(diff, new RejectedEdges(view, RejectedEdges.Unreadable.FAILS),
                    change -> table.map(change::names).orElse(true) && kind.map(k -> k.equals(change.kind())).orElse(true));
            Map<String, Object> header = new LinkedHashMap<>(diff.header());
            if (kept.summary() != null) {
                header.put("summary", kept.summary());
            }
            ListReply reply = DocumentReply.of(diff.path(), header, ListReply.Walk.list("changes", kept.changes()));
            return PagedReplies.Pinned.of(reply, view);
        }));
    }
}
