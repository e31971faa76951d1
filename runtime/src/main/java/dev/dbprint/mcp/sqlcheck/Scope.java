package dev.dbprint.mcp.sqlcheck;

import java.util.ArrayList;
import java.util.Collections;
import java.util.HashSet;
import java.util.IdentityHashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;

import dev.dbprint.mcp.print.model.ColumnStats;
import dev.dbprint.mcp.print.model.Statistics;
import dev.dbprint.mcp.print.model.TableEntry;

/**
 * The names one query block can see: the sources of its FROM clause, the output names its select list gives (ORDER BY
 * and GROUP BY may use them), the common table expressions in force, lambda parameters being walked, and the enclosing
 * block's scope, which a correlated subquery reads. {@link #resolve} says what an unqualified name refers to, as SQL
 * resolves it: the innermost block that has it wins, and a block where two sources have it is ambiguous unless a USING
 * or NATURAL join merged them.
 */
final class Scope {

    /**
     * One FROM item. A print table knows its columns from its statistics; a CTE or derived table knows the names its
     * select list gives, when it can tell; anything else (a table function, UNNEST, a path into a column, a name the
     * print lacks) knows nothing and so accepts every column, since no finding can rest on it.
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

    /** What an unqualified name is, in a scope. */
    sealed interface Meaning {
    }

    /** A column of one source. */
    record Found(Source source) implements Meaning {
    }

    /** A column of several sources of one block. */
    record Ambiguous(List<Source> sources) implements Meaning {
    }

    /** Something no finding can rest on: a source that cannot list its columns may hold it, or it is a lambda's. */
    record Unsure() implements Meaning {
    }

    /** An output name of the select list of the innermost block. */
    record OutputAlias() implements Meaning {
    }

    /** A whole row, named by its source (e.g. {@code row_to_json(t)}). */
    record Row(Source source) implements Meaning {
    }

    /** Nothing in scope: the innermost block's sources are where it was looked for. */
    record Unknown() implements Meaning {
    }

    final Scope parent;
    final Map<String, Set<String>> ctes;
    final List<Source> sources = new ArrayList<>();
    /** Output names of the select list, in order (a name given twice is kept once). */
    final Map<String, Integer> outputNames = new LinkedHashMap<>();
    /** Columns a {@code JOIN ... USING} or NATURAL join merged: unqualified, each names the one merged column. */
    final Set<String> merged = new HashSet<>();
    /** Lambda parameters of the expressions being walked. */
    final Set<String> lambdaParameters = new HashSet<>();
    /** Sources joined by a comma (or an UPDATE's FROM, a DELETE's USING): WHERE holds their join condition. */
    final Set<Source> commaJoined = Collections.newSetFromMap(new IdentityHashMap<>());
    /** Sources joined with no condition of their own, and where each was written. */
    final Map<Source, int[]> unconditioned = new IdentityHashMap<>();
    /** Sources some column equality of an ON or WHERE connects to another. */
    final Set<Source> connected = Collections.newSetFromMap(new IdentityHashMap<>());
    /** Every column equality between two sources of this block, from ON and WHERE. */
    final List<JoinCheck.Equality> equalities = new ArrayList<>();

    Scope(Scope parent, Map<String, Set<String>> ctes) {
        this.parent = parent;
        this.ctes = ctes;
    }

    /**
     * What the unqualified name refers to from this block. {@code aliasesFirst}: the select list's output names are
     * seen before the sources' columns are missed (ORDER BY, GROUP BY, HAVING, QUALIFY).
     */
    Meaning resolve(String name, boolean aliasesFirst) {
        for (Scope s = this; s != null; s = s.parent) {
            if (s.lambdaParameters.contains(name)) {
                return new Unsure();
            }
            List<Source> having = new ArrayList<>();
            boolean unsure = false;
            for (Source source : s.sources) {
                Boolean has = source.has(name);
                if (Boolean.TRUE.equals(has)) {
                    having.add(source);
                } else if (has == null) {
                    unsure = true;
                }
            }
            if (having.size() == 1 || having.size() > 1 && s.merged.contains(name)) {
                return new Found(having.get(0));
            }
            if (having.size() > 1) {
                return new Ambiguous(having);
            }
            if (s == this && aliasesFirst && s.outputNames.containsKey(name)) {
                return new OutputAlias();
            }
            if (unsure) {
                return new Unsure();
            }
            for (Source source : s.sources) {
                if (name.equals(source.name())) {
                    return new Row(source);
                }
            }
        }
        return new Unknown();
    }

    /** The source a dotted qualifier names, this scope first, then the enclosing ones. */
    Source qualified(String qualifier) {
        for (Scope s = this; s != null; s = s.parent) {
            for (Source source : s.sources) {
                if (source.answersTo(qualifier)) {
                    return source;
                }
            }
        }
        return null;
    }

    /** Whether some source in scope has, or may have, a column of that name (a qualifier that is a struct column). */
    boolean mayHaveColumn(String name) {
        for (Scope s = this; s != null; s = s.parent) {
            for (Source source : s.sources) {
                if (!Boolean.FALSE.equals(source.has(name))) {
                    return true;
                }
            }
        }
        return false;
    }

    /** Every source name in scope, innermost first (what an unknown qualifier could have been). */
    List<String> names() {
        List<String> names = new ArrayList<>();
        for (Scope s = this; s != null; s = s.parent) {
            s.sources.stream().map(Source::name).filter(n -> n != null).forEach(names::add);
        }
        return names;
    }
}
