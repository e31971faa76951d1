package dev.dbprint.mcp.tool;

import java.util.List;
import java.util.Optional;

import jakarta.enterprise.context.ApplicationScoped;
import jakarta.inject.Inject;

import dev.dbprint.mcp.error.DetailedFault;
import dev.dbprint.mcp.error.ErrorCatalog;
import dev.dbprint.mcp.paging.DocumentPager;
import dev.dbprint.mcp.paging.PagedReplies;
import dev.dbprint.mcp.reference.ReferenceDocument;
import dev.dbprint.mcp.reference.ReferenceDocuments;
import dev.dbprint.mcp.reference.ReferenceReply;
import dev.dbprint.mcp.reference.Sections;
import dev.dbprint.mcp.tool.call.McpTool;
import dev.dbprint.mcp.tool.call.ToolCall;
import dev.dbprint.mcp.tool.call.ToolResult;

/**
 * {@code get_reference} (spec §4.6): one section of the format spec, the assertion DSL or the reading guide, or the
 * document's table of contents, as Markdown paged per §4.8 through {@link PagedReplies#document}. A cursor is bound to
 * this tool, the {@code document} and {@code section} arguments as given, and the revision of the document read (its
 * SHA-256), so a document replaced under {@code dbprint.reference.directory} between two pages reads as a changed
 * print. The reply has no legend.
 */
@ApplicationScoped
public class GetReferenceTool {

    static final String NAME = "get_reference";

    private final ReferenceDocuments documents;
    private final PagedReplies paged;

    @Inject
    public GetReferenceTool(ReferenceDocuments documents, PagedReplies paged) {
        this.documents = documents;
        this.paged = paged;
    }

    @McpTool(NAME)
    public ToolResult call(ToolCall call) {
        // the enum was checked against the advertised schema before the body runs
        ReferenceDocument document = ReferenceDocument.byWireName(call.string("document")).orElseThrow();
        Optional<String> section = call.optionalString("section");
        return ToolResult.ok(paged.document(call, () -> {
            ReferenceDocuments.Loaded loaded = documents.get(document);
            Sections sections = loaded.sections();
            List<List<String>> reply;
            if (section.isPresent()) {
                Sections.Section found = sections.find(section.get())
                        .orElseThrow(() -> notFound(section.get(), sections));
                reply = ReferenceReply.section(sections, found);
            } else {
                reply = ReferenceReply.contents(sections);
            }
            return new PagedReplies.Pinned<>(new PagedReplies.Document(reply, DocumentPager.Legend.NONE),
                    "reference/" + document.wireName() + "@" + loaded.version());
        }));
    }

    /** {@code section '9.9' not found in spec. Available: ['0', '0.1', ...]} (spec §8.2). */
    static DetailedFault notFound(String section, Sections sections) {
        return new DetailedFault(ErrorCatalog.sectionNotFound(section, sections.document().wireName(), sections.keys()));
    }
}
