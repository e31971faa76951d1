package dev.dbprint.mcp.tool;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;

import jakarta.enterprise.context.ApplicationScoped;
import jakarta.inject.Inject;

import dev.dbprint.mcp.error.DetailedFault;
import dev.dbprint.mcp.error.ErrorCatalog;
import dev.dbprint.mcp.paging.JsonText;
import dev.dbprint.mcp.paging.ListReply;
import dev.dbprint.mcp.paging.PagedReplies;
import dev.dbprint.mcp.paging.Pager;
import dev.dbprint.mcp.print.model.ColumnStats;
import dev.dbprint.mcp.print.model.Statistics;
import dev.dbprint.mcp.print.model.StatisticsAnnotations;
import dev.dbprint.mcp.print.model.TableEntry;
import dev.dbprint.mcp.print.store.PrintStore;
import dev.dbprint.mcp.print.store.PrintView;
import dev.dbprint.mcp.search.PublishedValues;
import dev.dbprint.mcp.search.ValueResolver;
import dev.dbprint.mcp.text.CodePointOrder;
import dev.dbprint.mcp.tool.call.McpTool;
import dev.dbprint.mcp.tool.call.ToolCall;
import dev.dbprint.mcp.tool.call.ToolResult;

/**
 * {@code resolve_value} (spec §4.7): the literal(s) one column or part stores for a phrase, with how far the list can be
 * trusted. Every key but the two lists rides every page, {@code text} while it is short (see
 * {@link #TEXT_RIDING_MAX}); {@code spellings}/{@code candidates} are walked before {@code domain}, and {@code total}
 * counts both.
 */
@ApplicationScoped
public class ResolveValueTool {

    /** For a list that is a top-N cut. */
    public static final String TOP_N_CAVEAT = "This list holds the most frequent values only, not every value: a"
            + " spelling absent from it is not evidence that the column does not hold it.";
    /** For a complete list on a table read in part. */
    public static final String SCOPED_CAVEAT = "This list is the whole domain over the rows scanned, not over the"
            + " table: the table was read in part (see scope), so a value absent from it may still occur in the rows"
            + " not read.";

    /**
     * For a column or part NULL on every row read: its empty list would otherwise read as a domain with nothing in it.
     */
    static String nullCaveat(String noun, boolean scoped) {
        return "The " + noun + " is NULL on every row " + (scoped ? "scanned" : "of the table")
                + " (null_rate: 1.0): it stores no value, so no literal matches it; only IS NULL does.";
    }

    /**
     * The longest {@code text} (as JSON) that rides every page: a phrase or a code does, and still leaves a page three
     * quarters of its room for the lists. A longer one — a whole stored value, say — is sent once, on the first page,
     * in parts when it alone passes a page (§4.8), so no caller's text can leave the lists no room.
     */
    static final int TEXT_RIDING_MAX = Pager.MAX_CHARS / 4;

    private final PrintStore store;
    private final PagedReplies paging;

    @Inject
    public ResolveValueTool(PrintStore store, PagedReplies paging) {
        this.store = store;
        this.paging = paging;
    }

    @McpTool("resolve_value")
    public ToolResult call(ToolCall call) {
        String fqn = call.string("table");
        String column = call.string("column");
        String part = call.string("part");
        String text = call.string("text");
        return ToolResult.object(paging.list(call, () -> {
            PrintView view = store.view(call.connection());
            TableEntry entry = view.requireTable(fqn);
            Statistics stats = view.statistics(entry).orElse(null);
            ListReply reply;
            if (stats == null) {
                reply = reply(entry, column, part, text, null, PublishedValues.noStatistics());
            } else {
                StatisticsAnnotations annotations = view.statisticsAnnotations(entry).orElse(null);
                String key = columnKey(stats, fqn, column);
                ColumnStats block = stats.column(key);
                PublishedValues list;
                if (part == null) {
                    list = PublishedValues.of(stats, block, false, annotations == null ? null : annotations.column(key));
                } else {
                    list = PublishedValues.of(stats, partBlock(block, fqn, key, part), true, null);
                }
                reply = reply(entry, key, part, text, stats, list);
            }
            return PagedReplies.Pinned.of(reply, view);
        }));
    }

    /** The column's key: as given, else lower-cased (keys are always lower case, format spec §2.2.1). */
    private static String columnKey(Statistics stats, String fqn, String column) {
        if (stats.column(column) != null) {
            return column;
        }
        String lower = column.toLowerCase(Locale.ROOT);
        if (stats.column(lower) != null) {
            return lower;
        }
        throw new DetailedFault(ErrorCatalog.columnNotFound(column, fqn, names(stats.columns())));
    }

    private static ColumnStats partBlock(ColumnStats block, String fqn, String column, String part) {
        Map<String, ColumnStats> parts = block.parts() == null ? Map.of() : block.parts();
        ColumnStats p = parts.get(part);
        if (p == null) {
            throw new DetailedFault(ErrorCatalog.partNotFound(part, column, fqn, names(parts)));
        }
        return p;
    }

    private static List<String> names(Map<String, ?> map) {
        List<String> names = new ArrayList<>(map.keySet());
        names.sort(CodePointOrder.INSTANCE);
        return names;
    }

    private static ListReply reply(TableEntry entry, String column, String part, String text, Statistics stats,
            PublishedValues list) {
        ValueResolver.Resolution r = ValueResolver.resolve(list, text);
        Map<String, Object> every = new LinkedHashMap<>();
        every.put("table", entry.fqn());
        every.put("column", column);
        if (part != null) {
            every.put("part", part);
        }
        boolean textRides = JsonText.stringLength(text) <= TEXT_RIDING_MAX;
        if (textRides) {
            every.put("text", text);
        }
        every.put("match", r.match().wire());
        if (list.unavailable() != null) {
            every.put("reason", list.unavailable());
        }
        every.put("coverage", list.coverage());
        every.put("exhaustive", list.exhaustive());
        every.put("listed", list.listed());
        if (stats != null && stats.scoped()) {
            every.put("scope", stats.scope());
            every.put("row_count", stats.rowCount() != null ? stats.rowCount() : entry.rowCount());
        }
        if (list.unavailable() == null) {
            if (!list.completeOverRead()) {
                every.put("sample_caveat", TOP_N_CAVEAT);
            } else if (list.scoped()) {
                every.put("sample_caveat", SCOPED_CAVEAT);
            }
            if (list.allNull()) {
                every.put("null_caveat", nullCaveat(part == null ? "column" : "part", list.scoped()));
            }
        }
        List<ListReply.Walk> walks = new ArrayList<>();
        if (r.match().listKey() != null) {
            walks.add(ListReply.Walk.list(r.match().listKey(), r.items()));
        }
        if (list.domainApplies()) {
            walks.add(ListReply.Walk.list("domain", ValueResolver.domain(list)));
        }
        return new ListReply(textRides ? Map.of() : Map.of("text", text), every, walks, true);
    }
}
