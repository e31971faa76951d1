package dev.dbprint.mcp.tool;

import jakarta.enterprise.context.ApplicationScoped;
import jakarta.inject.Inject;

import dev.dbprint.mcp.paging.CursorCodec;
import dev.dbprint.mcp.paging.DocumentPager;
import dev.dbprint.mcp.paging.ListReply;
import dev.dbprint.mcp.paging.Spelling;
import dev.dbprint.mcp.print.PrintStore;
import dev.dbprint.mcp.print.PrintView;
import dev.dbprint.mcp.render.context.ContextModel;
import dev.dbprint.mcp.render.context.ContextObject;
import dev.dbprint.mcp.render.context.ProfileMarkdown;
import dev.dbprint.mcp.render.context.QueryMarkdown;
import dev.dbprint.mcp.render.context.YamlPage;

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
            return paging.document(call, () -> {
                PrintView view = store.view(call.connection().name(), call.connection().root());
                ContextModel m = new ContextModel(view, view.requireTable(call.string("table")));
                return PagedReplies.Pinned.of(markdown(m, query, flags), view);
            });
        }
        return paging.list(call, "yaml".equals(format) ? YamlPage.SPELLING : Spelling.JSON, () -> {
            PrintView view = store.view(call.connection().name(), call.connection().root());
            ContextModel m = new ContextModel(view, view.requireTable(call.string("table")));
            ListReply reply = query
                    ? ContextObject.query(m, new QueryMarkdown(m, flags.relationships(),
                            flags.annotations()), flags)
                    : ContextObject.profile(m, flags);
            return PagedReplies.Pinned.of(reply, view);
        });
    }

    private static boolean flag(ToolCall call, String key) {
        return !call.arguments().has(key) || call.bool(key);
    }

    /**
     * The Markdown document. Under query a fragment that fits one page keeps the listed section order; one that pages
     * takes the priority order (value table before Joins and the dictionary), so its pages concatenate to it.
     */
    private static PagedReplies.Document markdown(ContextModel m, boolean query, ContextObject.Flags f) {
        if (!query) {
            ProfileMarkdown md = new ProfileMarkdown(m, f.stats(), f.relationships(), f.description(), f.annotations());
            md.legend().knowRows(md.sections());
            return new PagedReplies.Document(md.sections(), md.legend());
        }
        QueryMarkdown.Rendered r = new QueryMarkdown(m, f.relationships(), f.annotations()).render();
        r.legend().knowRows(r.listed());
        boolean onePage = new DocumentPager(r.listed(), r.legend(), ONE_PAGE_PROBE).first().isLast();
        return new PagedReplies.Document(onePage ? r.listed() : r.paged(), r.legend());
    }

    /** A mint used only to count pages; its cursors are never handed out. */
    private static final dev.dbprint.mcp.paging.CursorMint ONE_PAGE_PROBE = new CursorCodec().bind("probe", "probe",
            "probe");
}
