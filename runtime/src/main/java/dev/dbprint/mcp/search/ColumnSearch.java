package dev.dbprint.mcp.search;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.TreeSet;

import dev.dbprint.mcp.paging.ListReply;
import dev.dbprint.mcp.print.PrintError;
import dev.dbprint.mcp.print.PrintView;
import dev.dbprint.mcp.print.model.Artifact;
import dev.dbprint.mcp.print.model.ColumnStats;
import dev.dbprint.mcp.print.model.Statistics;
import dev.dbprint.mcp.print.model.StatisticsAnnotations;
import dev.dbprint.mcp.print.model.TableEntry;
import dev.dbprint.mcp.text.CodePointOrder;

/**
 * The search_columns walk (§4.3): every table of the manifest in FQN order, each table's columns in name order, each
 * column followed by its parts in path order, kept when {@link ColumnPredicates} accepts them.
 * <p>
 * A file that cannot be read removes only what it alone supplied: a statistics.yaml that does not parse (or is declared
 * and absent, or leads outside the root) removes the table's columns, a statistics.annotations.yaml that does not parse
 * or match its schema removes only the annotations, and either way the table is named in {@code unreadable_tables}.
 */
public final class ColumnSearch {

    /** What the walk found: the matches in reply order and the two table lists, each sorted. */
    public record Result(List<ColumnMatch> matches, List<String> unreadableTables, List<String> switchedOffTables) {

        /** The §4.8 reply: the two table lists on the first page when non-empty, then {@code matches} and {@code total}. */
        public ListReply reply() {
            Map<String, Object> header = new LinkedHashMap<>();
            if (!unreadableTables.isEmpty()) {
                header.put("unreadable_tables", unreadableTables);
            }
            if (!switchedOffTables.isEmpty()) {
                header.put("switched_off_tables", switchedOffTables);
            }
            return ListReply.of(header, "matches", matches);
        }
    }

    /** The check name a statistics.yaml lists in {@code disabled} when it never sampled a value shape. */
    static final String LOOKS_LIKE_CHECK = "looks_like";

    private ColumnSearch() {
    }

    public static Result run(PrintView view, ColumnPredicates predicates) {
        List<ColumnMatch> matches = new ArrayList<>();
        TreeSet<String> unreadable = new TreeSet<>(CodePointOrder.INSTANCE);
        TreeSet<String> switchedOff = new TreeSet<>(CodePointOrder.INSTANCE);
        TreeMap<String, TableEntry> tables = new TreeMap<>(CodePointOrder.INSTANCE);
        tables.putAll(view.manifest().tables());
        for (TableEntry entry : tables.values()) {
            Statistics stats;
            try {
                stats = entry.declares(Artifact.STATISTICS) ? view.statistics(entry).orElse(null) : null;
            } catch (PrintError e) {
                unreadable.add(entry.fqn());
                continue;
            }
            StatisticsAnnotations annotations;
            try {
                annotations = view.statisticsAnnotations(entry).orElse(null);
            } catch (PrintError e) {
                unreadable.add(entry.fqn());
                annotations = null;
            }
            if (predicates.filtersLooksLike() && stats != null && stats.disabled().contains(LOOKS_LIKE_CHECK)) {
                switchedOff.add(entry.fqn());
            }
            walkTable(entry, stats, annotations, predicates, matches);
        }
        return new Result(matches, List.copyOf(unreadable), List.copyOf(switchedOff));
    }

    private static void walkTable(TableEntry entry, Statistics stats, StatisticsAnnotations annotations,
            ColumnPredicates predicates, List<ColumnMatch> out) {
        Long rowCount = entry.rowCount() != null ? entry.rowCount() : stats == null ? null : stats.rowCount();
        SearchedColumn.TableFacts table = new SearchedColumn.TableFacts(entry.fqn(), rowCount,
                stats == null ? null : stats.scope(), stats != null && stats.catalogOnly());
        if (stats == null) {
            if (annotations != null) {
                for (String name : sorted(annotations.columns())) {
                    add(out, predicates, SearchedColumn.column(table, name, null, annotations.column(name)));
                }
            }
            return;
        }
        for (String name : sorted(stats.columns())) {
            ColumnStats column = stats.column(name);
            add(out, predicates, SearchedColumn.column(table, name, column,
                    annotations == null ? null : annotations.column(name)));
            if (column.parts() != null) {
                for (String path : sorted(column.parts())) {
                    add(out, predicates, SearchedColumn.part(table, name, column, path, column.parts().get(path)));
                }
            }
        }
    }

    private static void add(List<ColumnMatch> out, ColumnPredicates predicates, SearchedColumn c) {
        ColumnMatch m = predicates.match(c);
        if (m != null) {
            out.add(m);
        }
    }

    private static List<String> sorted(Map<String, ?> map) {
        List<String> keys = new ArrayList<>(map.keySet());
        keys.sort(CodePointOrder.INSTANCE);
        return keys;
    }
}
