package dev.dbprint.mcp.tool;

import jakarta.enterprise.context.ApplicationScoped;
import jakarta.inject.Inject;

import dev.dbprint.mcp.paging.ListReply;
import dev.dbprint.mcp.paging.PagedReplies;
import dev.dbprint.mcp.paging.Reply;
import dev.dbprint.mcp.paging.Spelling;
import dev.dbprint.mcp.print.store.PrintStore;
import dev.dbprint.mcp.print.store.PrintView;
import dev.dbprint.mcp.render.context.ContextModel;
import dev.dbprint.mcp.render.context.ContextObject;
import dev.dbprint.mcp.render.context.ProfileMarkdown;
import dev.dbprint.mcp.render.context.QueryMarkdown;
import dev.dbprint.mcp.render.vocabulary.YamlPage;
import dev.dbprint.mcp.tool.call.McpTool;
import dev.dbprint.mcp.tool.call.ToolCall;
import dev.dbprint.mcp.tool.call.ToolResult;

/**
 * {@code get_table_context} (spec §4.1): the context an agent reads before writing SQL against a table
 * ({@code purpose: query}) or describing its data ({@code purpose: profile}), as Markdown or as a json/yaml object,
 * paged section by section (§4.8).
 */
@ApplicationScoped
public class GetTableContextTool {

    private final PrintStore store;
    private final PagedReplies paging;

    @Inject
    public GetTableContextTool(PrintStore store, PagedReplies paging) {
        this.store = store;
        this.paging = paging;
    }

    @McpTool(value = "get_table_context", foldCase = {"format", "purpose"})
    public ToolResult call(ToolCall call) {
        boolean query = "query".equals(call.string("purpose"));
        String format = call.optionalString("format").orElse("md");
        ContextObject.Flags flags = new ContextObject.Flags(flag(call, "include_stats"),
                flag(call, "include_relationships"), flag(call, "include_description"),
                flag(call, "include_annotations"));
        if ("md".equals(format)) {
            return ToolResult.ok(paging.document(call, () -> {
                PrintView view = store.view(call.connection());
                ContextModel m = new ContextModel(view, view.requireTable(call.string("table")), flags.annotations());
                return PagedReplies.Pinned.of(markdown(m, query, flags), view);
            }));
        }
        Spelling spelling = "json".equals(format) ? Spelling.JSON : YamlPage.SPELLING;
        Reply page = paging.list(call, spelling, () -> {
            PrintView view = store.view(call.connection());
            ContextModel m = new ContextModel(view, view.requireTable(call.string("table")), flags.annotations());
            ListReply reply = query
                    ? ContextObject.query(m, new QueryMarkdown(m, flags.relationships(), flags.description()), flags)
                    : ContextObject.profile(m, flags);
            return PagedReplies.Pinned.of(reply, view);
        });
        return ToolResult.of(page, spelling);
    }

    private static boolean flag(ToolCall call, String key) {
        return !call.arguments().has(key) || call.bool(key);
    }

    /** The Markdown document, its sections in one order whatever its size. */
    private static PagedReplies.Document markdown(ContextModel m, boolean query, ContextObject.Flags f) {
        if (!query) {
            ProfileMarkdown md = new ProfileMarkdown(m, f.stats(), f.relationships(), f.description());
            md.legend().knowRows(md.sections());
            return new PagedReplies.Document(md.sections(), md.legend());
        }
        QueryMarkdown.Rendered r = new QueryMarkdown(m, f.relationships(), f.description()).render();
        r.legend().knowRows(r.sections());
        return new PagedReplies.Document(r.sections(), r.legend());
    }
}
