package dev.dbprint.mcp.search;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;
import java.util.TreeSet;
import java.util.concurrent.ConcurrentHashMap;

import dev.dbprint.mcp.paging.ListReply;
import dev.dbprint.mcp.print.PrintError;
import dev.dbprint.mcp.print.PrintView;
import dev.dbprint.mcp.print.model.Artifact;
import dev.dbprint.mcp.print.model.Statistics;
import dev.dbprint.mcp.print.model.StatisticsAnnotations;
import dev.dbprint.mcp.print.model.TableEntry;
import dev.dbprint.mcp.text.CodePointOrder;

/**
 * The search_columns walk (§4.3): every table of the manifest in FQN order, each table's {@link TableIndex} in order,
 * kept when {@link ColumnPredicates} accepts an entry.
 * <p>
 * A file that cannot be read removes only what it alone supplied: a statistics.yaml that does not parse (or is declared
 * and absent, or leads outside the root — as does a manifest entry a reader cannot follow) removes the table's columns, a statistics.annotations.yaml that does not parse
 * or match its schema removes only the annotations, and either way the table is named in {@code unreadable_tables}.
 * <p>
 * Every file is still read through the {@link PrintView} on every call, so freshness (§7.1) is the store's as for any
 * tool; only the index derived from the parsed objects is kept, by table directory, and reused while the store returns
 * the very same objects. A table gone from the manifest drops its index on the next walk of its connection.
 * Thread-safe.
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

    private final ConcurrentHashMap<Path, TableIndex> indexes = new ConcurrentHashMap<>();

    public Result run(PrintView view, ColumnPredicates predicates) {
        List<ColumnMatch> matches = new ArrayList<>();
        TreeSet<String> unreadable = new TreeSet<>(CodePointOrder.INSTANCE);
        TreeSet<String> switchedOff = new TreeSet<>(CodePointOrder.INSTANCE);
        TreeMap<String, TableEntry> tables = new TreeMap<>(CodePointOrder.INSTANCE);
        tables.putAll(view.manifest().tables());
        Set<Path> walked = new HashSet<>();
        for (TableEntry entry : tables.values()) {
            if (!entry.followable()) {
                unreadable.add(entry.fqn());
                continue;
            }
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
            walked.add(entry.dir());
            Long rowCount = entry.rowCount() != null ? entry.rowCount() : stats == null ? null : stats.rowCount();
            SearchedColumn.TableFacts table = new SearchedColumn.TableFacts(entry.fqn(), rowCount,
                    stats == null ? null : stats.scope());
            TableIndex index = index(entry.dir(), stats, annotations);
            if (!predicates.mayMatch(index)) {
                continue;
            }
            for (SearchedColumn c : index.columns()) {
                ColumnMatch m = predicates.match(table, c);
                if (m != null) {
                    matches.add(m);
                }
            }
        }
        indexes.keySet().removeIf(dir -> dir.startsWith(view.root()) && !walked.contains(dir));
        return new Result(matches, List.copyOf(unreadable), List.copyOf(switchedOff));
    }

    private TableIndex index(Path dir, Statistics stats, StatisticsAnnotations annotations) {
        TableIndex cached = indexes.get(dir);
        if (cached != null && cached.builtFrom(stats, annotations)) {
            return cached;
        }
        TableIndex built = TableIndex.of(stats, annotations);
        indexes.put(dir, built);
        return built;
    }
}
