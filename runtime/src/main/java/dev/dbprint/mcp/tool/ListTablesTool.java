package dev.dbprint.mcp.tool;

import java.time.Clock;
import java.time.Instant;
import java.time.format.DateTimeFormatter;
import java.time.temporal.ChronoUnit;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;

import jakarta.enterprise.context.ApplicationScoped;
import jakarta.inject.Inject;

import dev.dbprint.mcp.config.ServedConnection;
import dev.dbprint.mcp.freshness.Freshness;
import dev.dbprint.mcp.freshness.Threshold;
import dev.dbprint.mcp.freshness.ThresholdResolver;
import dev.dbprint.mcp.paging.ListReply;
import dev.dbprint.mcp.print.PrintStore;
import dev.dbprint.mcp.print.PrintView;
import dev.dbprint.mcp.print.model.Manifest;
import dev.dbprint.mcp.print.model.TableEntry;

/**
 * {@code list_tables} (server spec §4.2): the FQNs matching a glob, sorted, from the manifest alone; with
 * {@code detail: true} each entry's own index fields plus its freshness verdict at the call.
 *
 * <p>
 * Lists the entries a reader can follow by their text (a mapping whose path and declared files stay inside the
 * connection root, format spec §2.5); the real-path judgement belongs to the tools that open a table's files, since
 * making it here would stat every declared file of every table on every call.
 */
@ApplicationScoped
public class ListTablesTool {

    private static final List<String> PROJECTED = List.of("type", "row_count", "columns", "profiled_at");

    private final PrintStore store;
    private final PagedReplies paging;
    private final Clock clock;

    @Inject
    public ListTablesTool(PrintStore store, PagedReplies paging) {
        this(store, paging, Clock.systemUTC());
    }

    /** With the clock {@code now} is read from (tests, benchmark). */
    public ListTablesTool(PrintStore store, PagedReplies paging, Clock clock) {
        this.store = store;
        this.paging = paging;
        this.clock = clock;
    }

    @McpTool("list_tables")
    public ToolResult call(ToolCall call) {
        FqnPattern pattern = FqnPattern.of(call);
        boolean detail = call.bool("detail");
        ServedConnection connection = call.connection();
        return paging.list(call, () -> {
            PrintView view = store.view(connection.name(), connection.root());
            Manifest manifest = view.index();
            List<String> names = pattern.sorted(followable(manifest));
            Map<String, Object> header = new LinkedHashMap<>();
            List<String> failed = pattern.sorted(manifest.failedTables());
            if (!failed.isEmpty()) {
                header.put("failed_tables", failed);
            }
            ListReply reply = detail
                    ? detailed(connection, manifest, names, header)
                    : ListReply.of(header, "tables", names);
            return new PagedReplies.Pinned<>(reply, view.digest());
        });
    }

    private ListReply detailed(ServedConnection connection, Manifest manifest, List<String> names,
            Map<String, Object> header) {
        Instant now = clock.instant().truncatedTo(ChronoUnit.SECONDS);
        ThresholdResolver thresholds = new ThresholdResolver(connection.name(), connection.config().settings());
        List<Object> entries = new ArrayList<>(names.size());
        Set<String> byNameOnly = new HashSet<>();
        for (String fqn : names) {
            Map<String, Object> raw = manifest.table(fqn).raw();
            Map<String, Object> entry = new LinkedHashMap<>();
            entry.put("table", fqn);
            for (String key : PROJECTED) {
                if (raw.containsKey(key)) {
                    entry.put(key, raw.get(key));
                }
            }
            Threshold threshold = thresholds.forEntry(fqn, raw);
            entry.putAll(Freshness.judge(raw.get("profiled_at"), threshold, now));
            if (threshold.byNameOnly()) {
                byNameOnly.add(fqn);
            }
            entries.add(entry);
        }
        Map<String, Object> everyPage = Map.of("now", DateTimeFormatter.ISO_INSTANT.format(now));
        ListReply reply = new ListReply(header, everyPage, List.of(ListReply.Walk.list("tables", entries)), true);
        return byNameOnly.isEmpty() ? reply : reply.withPageNote(items -> warnings(items, byNameOnly));
    }

    /** The page's {@code warnings}: one sentence naming its own tables whose threshold ignored a min_rows rule. */
    private static Map<String, Object> warnings(List<Object> items, Set<String> byNameOnly) {
        List<String> named = new ArrayList<>();
        for (Object item : items) {
            String fqn = (String) ((Map<?, ?>) item).get("table");
            if (byNameOnly.contains(fqn)) {
                named.add(fqn);
            }
        }
        if (named.isEmpty()) {
            return Map.of();
        }
        return Map.of("warnings", List.of("max_age_days for " + String.join(", ", named)
                + " was resolved from the rules that match by name alone: a rule that also sets max_age_days names "
                + (named.size() == 1 ? "it" : "them") + " but is conditioned on min_rows, and no row count is"
                + " available offline to test that condition, so the rule was not applied and the threshold shown may"
                + " differ from the one dbprint generate used."));
    }

    private static List<String> followable(Manifest manifest) {
        List<String> out = new ArrayList<>(manifest.tables().size());
        for (TableEntry e : manifest.tables().values()) {
            if (e.followable()) {
                out.add(e.fqn());
            }
        }
        return out;
    }
}
