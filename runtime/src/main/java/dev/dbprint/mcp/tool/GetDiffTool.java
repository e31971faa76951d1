package dev.dbprint.mcp.tool;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;

import jakarta.enterprise.context.ApplicationScoped;
import jakarta.inject.Inject;

import com.fasterxml.jackson.databind.ObjectMapper;

import dev.dbprint.mcp.config.ServedConnection;
import dev.dbprint.mcp.error.DetailedFault;
import dev.dbprint.mcp.error.ErrorCatalog;
import dev.dbprint.mcp.error.PrintError;
import dev.dbprint.mcp.paging.ListReply;
import dev.dbprint.mcp.paging.PagedReplies;
import dev.dbprint.mcp.print.model.Diff;
import dev.dbprint.mcp.print.model.Manifest;
import dev.dbprint.mcp.print.store.PrintStore;
import dev.dbprint.mcp.print.store.PrintView;
import dev.dbprint.mcp.print.store.RejectedEdges;
import dev.dbprint.mcp.render.KeptChanges;
import dev.dbprint.mcp.tool.call.McpTool;
import dev.dbprint.mcp.tool.call.ToolCall;
import dev.dbprint.mcp.tool.call.ToolDescriptor;
import dev.dbprint.mcp.tool.call.ToolResult;

/**
 * {@code get_diff} (server spec §4.5): the parsed diff.yaml with {@code changes} paged in file order. Relationship events
 * about an edge a human rejected are withheld first ({@link RejectedEdges}); then {@code table} (matching
 * {@code table}, {@code source_table} or {@code target_table}) and {@code kind} narrow the list, ANDed. {@code kind}
 * takes a kind the format names (the schema's examples) or any other the file holds, since consumers tolerate kinds a
 * newer dbprint adds (format spec §5.3); any other value is refused listing both, as an enum fault would be.
 * Every other key rides the first page whole, as the file has it, {@code summary} included, except
 * {@code summary.relationships_changed}, which counts the relationship events returned — the one count the spec has
 * the reply redo, and the one the {@code diff} resource redoes (§3.4), so the two agree.
 */
@ApplicationScoped
public class GetDiffTool {

    /** The kinds the format names, as the {@code kind} argument's schema lists them. */
    private static final List<String> KNOWN_KINDS = knownKinds();

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
        return ToolResult.object(paging.list(call, () -> {
            PrintView view = store.view(connection);
            Diff diff = view.requireDiff();
            kind.ifPresent(k -> requireKind(k, diff));
            table.ifPresent(t -> requireKnownName(t, diff, view));
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

    /**
     * A name no event and no manifest key carries, that matches one table by its last parts, is that table written short
     * (the two-part name of a three-part print), not a filter that happens to keep nothing: the call fails naming the
     * table, as every tool taking a table does. Any other unknown name still keeps nothing, as §4.5 has it.
     */
    private static void requireKnownName(String table, Diff diff, PrintView view) {
        Manifest manifest;
        try {
            manifest = view.index();
        } catch (PrintError e) {
            return; // no manifest names a table to offer: the filter keeps nothing, as it would anyway
        }
        if (diff.changes().stream().anyMatch(change -> change.names(table)) || manifest.table(table) != null
                || manifest.failedTables().contains(table)) {
            return;
        }
        view.meant(table).ifPresent(meant -> {
            throw PrintError.unknownTable(table, view.connection(), meant);
        });
    }

    /** A kind no change can match is a typo, not a filter that happens to keep nothing. */
    private static void requireKind(String kind, Diff diff) {
        Set<String> accepted = new LinkedHashSet<>(KNOWN_KINDS);
        diff.changes().forEach(change -> {
            if (change.kind() != null) {
                accepted.add(change.kind());
            }
        });
        if (!accepted.contains(kind)) {
            throw new DetailedFault(ErrorCatalog.argumentNotInEnum("kind", kind, accepted));
        }
    }

    private static List<String> knownKinds() {
        List<String> kinds = new ArrayList<>();
        ToolDescriptor.load("get_diff", new ObjectMapper()).properties().path("kind").path("examples")
                .forEach(k -> kinds.add(k.asText()));
        return List.copyOf(kinds);
    }
}
