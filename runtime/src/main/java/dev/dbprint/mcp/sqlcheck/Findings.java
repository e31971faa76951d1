package dev.dbprint.mcp.sqlcheck;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.Collection;
import java.util.Comparator;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

import dev.dbprint.mcp.print.model.TableEntry;

/**
 * Where one statement's findings gather: a finding met twice at one place is kept once, and the tables whose
 * statistics are out of date are said in one note for the statement, not once per table.
 */
final class Findings {

    private final List<Finding> findings = new ArrayList<>();
    private final Set<String> seen = new HashSet<>();
    /**
     * By name: a record's first hashCode links its generated method (a bootstrap of some milliseconds, interpreted, in
     * a session's first check_sql), and one table has one entry in a statement's view.
     */
    private final Map<String, TableEntry> tablesRead = new LinkedHashMap<>();

    void add(Finding f) {
        if (seen.add(f.kind() + "\0" + f.line() + "\0" + f.column() + "\0" + f.message())) {
            findings.add(f);
        }
    }

    /** A table the statement reads, whose freshness the statement judges once. */
    void read(TableEntry table) {
        tablesRead.putIfAbsent(table.fqn(), table);
    }

    Collection<TableEntry> tablesRead() {
        return tablesRead.values();
    }

    /** Words that open a statement that is no query, DML or DDL check_sql can read (SET, SHOW, GRANT, ...). */
    private static final Set<String> COMMANDS = Set.of("set", "show", "reset", "grant", "revoke", "call", "exec",
            "execute", "use", "alter", "create", "drop", "truncate", "comment", "vacuum", "analyze", "analyse",
            "begin", "commit", "rollback", "start", "declare", "do", "copy", "load", "refresh", "optimize", "msck",
            "describe", "desc", "pragma", "install", "attach", "detach", "put", "get", "list", "remove", "undrop",
            "cluster", "reindex", "lock", "unlock", "listen", "notify", "unlisten", "savepoint", "release", "prepare",
            "deallocate", "checkpoint", "kill", "flush", "system", "rename", "export", "import", "unload", "end",
            "discard", "security", "checksum", "repair", "handler", "help", "cache", "uncache", "add", "summarize",
            "pivot", "unpivot");

    private static final Pattern DECLARE = Pattern
            .compile("(?is)\\s*declare\\s+([a-z_][a-z0-9_]*(?:\\s*,\\s*[a-z_][a-z0-9_]*)*)\\b.*");

    /** The variables a scripting DECLARE (BigQuery, Snowflake) names, which later statements use as values. */
    static List<String> declared(String text) {
        Matcher m = DECLARE.matcher(text);
        if (!m.matches()) {
            return List.of();
        }
        return Arrays.stream(m.group(1).split(",")).map(v -> v.strip().toLowerCase(Locale.ROOT))
                .toList();
    }

    /** The note on a statement other than a query. */
    static Finding notAQuery(int[] at) {
        return Finding.Kind.NOT_A_QUERY.at(at,
                "This statement is not a query; check_sql checked the tables it names and nothing else.", null, null,
                "Check the query that reads the rows separately.", Set.of());
    }

    /**
     * The note on a statement the parser could not read that opens with a command word: a statement of a kind
     * check_sql does not check, not a broken query. Null when the statement opens otherwise.
     */
    static Finding unreadCommand(String text, int[] at) {
        String first = text.strip().split("[^A-Za-z_]", 2)[0].toLowerCase(Locale.ROOT);
        if (!COMMANDS.contains(first)) {
            return null;
        }
        return Finding.Kind.NOT_A_QUERY.at(at,
                "This " + first.toUpperCase(Locale.ROOT) + " statement is not a query, and check_sql does"
                        + " not read statements of its kind: nothing in it was checked.",
                null, null, "Check the query that reads the rows separately.", Set.of());
    }

    /** The one note on the tables a statement reads whose statistics are out of date, each with why. */
    static Finding stale(int[] at, List<String> tables, String manifest, String firstTable) {
        return Finding.Kind.STALE_STATISTICS.at(at,
                "The print's statistics may be out of date for " + String.join("; ", tables)
                        + ": the values this check compared against may have changed since.",
                manifest, "tables." + firstTable + ".profiled_at",
                "Run dbprint generate to refresh the print before relying on them.",
                Set.of());
    }

    /** The findings in the order of their place in the statement, then by severity and kind. */
    List<Finding> sorted() {
        List<Finding> out = new ArrayList<>(findings);
        out.sort(Comparator.comparingInt(Finding::line).thenComparingInt(Finding::column)
                .thenComparing(Finding::severity).thenComparing(f -> f.kind().wire()));
        return out;
    }
}
