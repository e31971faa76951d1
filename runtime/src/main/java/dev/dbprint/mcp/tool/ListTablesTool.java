package dev.dbprint.mcp.tool;

import java.time.Clock;
import java.time.Instant;
import java.time.format.DateTimeFormatter;
import java.time.temporal.ChronoUnit;
import java.util.ArrayList;
import java.util.Collections;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.function.Function;

import jakarta.enterprise.context.ApplicationScoped;
import jakarta.inject.Inject;

import dev.dbprint.mcp.config.ServedConnection;
import dev.dbprint.mcp.freshness.Freshness;
import dev.dbprint.mcp.freshness.ProfiledAt;
import dev.dbprint.mcp.freshness.Threshold;
import dev.dbprint.mcp.freshness.ThresholdResolver;
import dev.dbprint.mcp.paging.JsonForm;
import dev.dbprint.mcp.paging.ListReply;
import dev.dbprint.mcp.paging.PagedReplies;
import dev.dbprint.mcp.print.model.Manifest;
import dev.dbprint.mcp.print.model.TableEntry;
import dev.dbprint.mcp.print.store.PrintStore;
import dev.dbprint.mcp.print.store.PrintView;
import dev.dbprint.mcp.tool.call.McpTool;
import dev.dbprint.mcp.tool.call.ToolCall;
import dev.dbprint.mcp.tool.call.ToolResult;

/**
 * {@code list_tables} (server spec §4.2): the FQNs matching a glob, sorted, from the manifest alone; with
 * {@code detail: true} each entry's own index fields plus its freshness verdict at the call.
 *
 * <p>
 * Lists every entry of the manifest's {@code tables} map, as get_manifest serves it: the table exists, even when its
 * entry is malformed or leads outside the connection root (format spec §2.5). Reading such a table's files fails, naming
 * the manifest and the reason; a malformed entry projects only the fields it has.
 */
@ApplicationScoped
public class ListTablesTool {

    private static final List<String> PROJECTED = List.of("type", "row_count", "columns", "profiled_at");

    private final PrintStore store;
    private final PagedReplies paging;
    private final Clock clock;
    private final PerParse<List<Row>> rows = new PerParse<>();

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
        // a detailed reply is judged at the clock's second, and is kept for that second alone
        Instant now = clock.instant().truncatedTo(ChronoUnit.SECONDS);
        return ToolResult.object(paging.list(call, detail ? now.toString() : "", () -> {
            PrintView view = store.view(connection);
            Manifest manifest = view.index();
            String key = connection.name() + '\0' + connection.root();
            Map<String, Object> header = new LinkedHashMap<>();
            List<String> failed = pattern.sorted(manifest.failedTables());
            if (!failed.isEmpty()) {
                header.put("failed_tables", failed);
            }
            // a names-only reply needs no entry, let alone its timestamp or threshold: the index builds an entry when it
            // is first looked up, and on a print of thousands of tables deriving them is most of a first call's work
            ListReply reply = detail
                    ? detailed(this.rows.get(key, manifest, () -> rows(connection, sorted(manifest))), pattern, header,
                            now)
                    : ListReply.of(header, "tables", pattern.select(manifest.fqnOrder(), Function.identity()));
            return PagedReplies.Pinned.of(reply, view);
        }));
    }

    /**
     * What a call needs of one listed table that does not depend on the clock: derived once per parse of the manifest
     * (the rules are read at start-up and do not change while the server runs).
     */
    private record Row(String fqn, Map<String, Object> projected, Optional<Instant> profiledAt, Threshold threshold) {
    }

    /** Every entry, sorted by FQN as Python sorts strings. */
    private static List<TableEntry> sorted(Manifest manifest) {
        Map<String, TableEntry> tables = manifest.tables();
        return manifest.fqnOrder().stream().map(tables::get).toList();
    }

    /** Every entry's detail, in the order of {@code sorted}. */
    private static List<Row> rows(ServedConnection connection, List<TableEntry> sorted) {
        ThresholdResolver thresholds = ThresholdResolver.of(connection.config());
        List<Row> rows = new ArrayList<>(sorted.size());
        for (TableEntry e : sorted) {
            Map<String, Object> projected = new LinkedHashMap<>();
            projected.put("table", e.fqn());
            for (String key : PROJECTED) {
                if (e.raw().containsKey(key)) {
                    projected.put(key, e.raw().get(key));
                }
            }
            rows.add(new Row(e.fqn(), Collections.unmodifiableMap(projected), ProfiledAt.parse(e.profiledAt()),
                    thresholds.forEntry(e)));
        }
        return List.copyOf(rows);
    }

    private static ListReply detailed(List<Row> rows, FqnPattern pattern, Map<String, Object> header, Instant now) {
        List<Object> entries = new ArrayList<>(rows.size());
        Set<String> byNameOnly = new HashSet<>();
        for (Row row : pattern.select(rows, Row::fqn)) {
            if (row.threshold().byNameOnly()) {
                byNameOnly.add(row.fqn());
            }
            entries.add(new DetailEntry(row, now));
        }
        Map<String, Object> everyPage = Map.of("now", DateTimeFormatter.ISO_INSTANT.format(now));
        ListReply reply = new ListReply(header, everyPage, List.of(ListReply.Walk.list("tables", entries)), true);
        return byNameOnly.isEmpty() ? reply : reply.withPageNote(items -> warnings(items, byNameOnly));
    }

    /**
     * One detailed entry, its verdict judged when a page reaches it: a page serializes some eighty of a large print's
     * thousands of entries, so the rest are never judged.
     */
    private record DetailEntry(Row row, Instant now) implements JsonForm {

        /** The projected fields, then {@code freshness}, {@code age_days} and {@code max_age_days}, or the refusal. */
        @Override
        public Map<String, Object> toJson() {
            Map<String, Object> e = new LinkedHashMap<>(row.projected());
            Freshness.Verdict verdict = Freshness.judge(row.profiledAt(), row.threshold(), now);
            if (verdict.thresholdError() != null) {
                e.put("threshold_error", verdict.thresholdError());
            } else {
                e.put("freshness", verdict.state().wire());
                e.put("age_days", verdict.ageDays());
                e.put("max_age_days", verdict.maxAgeDays());
            }
            return e;
        }
    }

    /** The page's {@code warnings}: one sentence naming its own tables whose threshold ignored a min_rows rule. */
    private static Map<String, Object> warnings(List<Object> items, Set<String> byNameOnly) {
        List<String> named = new ArrayList<>();
        for (Object item : items) {
            String fqn = ((DetailEntry) item).row().fqn();
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
}
