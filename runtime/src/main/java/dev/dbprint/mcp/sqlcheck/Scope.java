package dev.dbprint.mcp.sqlcheck;

import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;

import dev.dbprint.mcp.print.model.ColumnStats;
import dev.dbprint.mcp.print.model.Statistics;
import dev.dbprint.mcp.print.model.TableEntry;

/**
 * The names one SELECT can see: the sources of its FROM clause, the output names it gives its own columns (ORDER BY and
 * GROUP BY may use them), the common table expressions in force, and the enclosing query's scope, which a correlated
 * subquery reads.
 */
final class Scope {

    /**
     * One FROM item. A print table knows its columns from its statistics; a CTE or derived table knows the names its
     * select list gives, when it can tell; anything else (a table function, a name the print lacks) knows nothing and
     * so accepts every column, since no finding can rest on it.
     *
     * @param name the name a qualifier uses: the alias, else the table's last name part (lower case), or null
     * @param written the name as written, dotted and lower-cased, or null for an item that is no named table
     * @param table the print table, or null
     * @param stats its statistics, or null
     * @param columns the known column names, or null when any column may exist
     */
    record Source(String name, String written, TableEntry table, Statistics stats, Set<String> columns) {

        static Source table(String name, String written, TableEntry table, Statistics stats) {
            return new Source(name, written, table, stats, stats.columns().keySet());
        }

        static Source derived(String name, Set<String> columns) {
            return new Source(name, name, null, null, columns);
        }

        static Source opaque(String name, String written) {
            return new Source(name, written, null, null, null);
        }

        /** TRUE / FALSE when the source knows, null when it cannot tell. */
        Boolean has(String column) {
            return columns == null ? null : columns.contains(column);
        }

        ColumnStats block(String column) {
            return stats == null ? null : stats.column(column);
        }

        /** Whether {@code qualifier} (dotted, lower case) names this source. */
        boolean answersTo(String qualifier) {
            return qualifier.equals(name)
                    || written != null && (written.equals(qualifier) || written.endsWith("." + qualifier));
        }
    }

    final Scope parent;
    final Map<String, Set<String>> ctes;
    final List<Source> sources = new ArrayList<>();
    final Set<String> outputNames = new HashSet<>();
    /** Columns a {@code JOIN ... USING} merged: unqualified, each names the one merged column, never an ambiguity. */
    final Set<String> merged = new HashSet<>();

    Scope(Scope parent, Map<String, Set<String>> ctes) {
        this.parent = parent;
        this.ctes = ctes;
    }
}
