package dev.dbprint.mcp.sqlcheck;

import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Locale;
import java.util.Set;

import dev.dbprint.mcp.print.model.Artifact;
import dev.dbprint.mcp.print.model.ColumnStats;
import dev.dbprint.mcp.print.model.StatisticsAnnotations;
import dev.dbprint.mcp.print.model.TableEntry;
import dev.dbprint.mcp.render.vocabulary.Term;
import dev.dbprint.mcp.sqlcheck.Finding.Kind;
import dev.dbprint.mcp.sqlcheck.Scope.Source;
import dev.dbprint.mcp.sqlcheck.StatementChecker.Clause;
import net.sf.jsqlparser.schema.Column;
import net.sf.jsqlparser.schema.Table;

/**
 * What each table and column name of a statement refers to, and the findings when the print says it refers to nothing
 * (or to several things): unknown, ambiguous and unprofiled tables, duplicate aliases, unknown and ambiguous columns,
 * unknown qualifiers, an output alias in WHERE where the dialect rejects it; and the sensitive columns a query returns.
 */
final class ColumnNames {

    /** Unquoted words a parser may read as a column but every engine reads as a value. */
    private static final Set<String> VALUE_WORDS = Set.of("true", "false", "null", "unknown", "current_date",
            "current_time", "current_timestamp", "localtime", "localtimestamp", "current_user", "session_user", "user",
            "sysdate", "default", "current_schema", "current_role", "current_database", "current_catalog", "sysdatetime",
            "systimestamp", "now");

    /**
     * Where a resolved column comes from: the source, and the column's key in it; for a column of a derived table or
     * CTE that selects a print column as it is, that print column ({@code origin}), whose facts it carries.
     */
    record Resolved(Source source, String column, Resolved origin) {

        Resolved(Source source, String column) {
            this(source, column, null);
        }

        ColumnStats block() {
            return source.block(column);
        }

        /** The print column this is or passes on, or null when it is computed or the print lacks it. */
        Resolved print() {
            return source.table() != null ? this : origin;
        }
    }

    private final StatementChecker checker;
    private final PrintFacts facts;
    private final Dialect dialect;

    ColumnNames(StatementChecker checker, PrintFacts facts, Dialect dialect) {
        this.checker = checker;
        this.facts = facts;
        this.dialect = dialect;
    }

    // ---------------------------------------------------------------- tables

    /** The print table a written name is, or null after the finding saying why there is none. */
    TableEntry table(List<String> parts, String written, int[] at) {
        List<String> matches = facts.names().matches(parts);
        if (matches.size() == 1) {
            return facts.table(matches.get(0));
        }
        if (matches.size() > 1) {
            checker.add(Kind.AMBIGUOUS_TABLE.at(at,
                    "Table " + written + " is not qualified, and the print holds it in several schemas: "
                            + String.join(", ", matches) + ". Which one runs depends on the search path.",
                    facts.manifestFile(), "tables", "Qualify it, e.g. " + matches.get(0) + ".", Set.of()));
            return null;
        }
        List<String> unprofiled = facts.names().unprofiled(parts);
        if (!unprofiled.isEmpty()) {
            checker.add(Kind.UNPROFILED_TABLE.at(at,
                    "Table " + written + " is named in the print's failed_tables: the last generate run could not"
                            + " profile it, so nothing about its columns can be checked.",
                    facts.manifestFile(), "failed_tables", "Run dbprint generate to see why it failed.", Set.of()));
            return null;
        }
        List<String> nearest = facts.names().nearest(parts);
        checker.add(Kind.UNKNOWN_TABLE.at(at,
                "Table " + written + " is not in the print."
                        + (nearest.isEmpty()
                                ? " No table name resembles it."
                                : " Nearest: " + String.join(", ", nearest) + "."),
                facts.manifestFile(), "tables",
                nearest.isEmpty()
                        ? "Call list_tables for the tables that exist."
                        : "Use " + nearest.get(0) + " if that is the table meant; list_tables lists them all.",
                Set.of()));
        return null;
    }

    /** A second FROM item of one block answering to a name an earlier one has. */
    void duplicate(Source source, Scope scope, int[] at) {
        if (source.name() == null) {
            return;
        }
        for (Source s : scope.sources) {
            if (source.name().equals(s.name())) {
                checker.add(Kind.DUPLICATE_ALIAS.at(at,
                        "Two tables of this FROM clause answer to the name " + source.name()
                                + ": the database rejects the query, and a column qualified with it could mean either.",
                        null, null, "Give one of them another alias.", Set.of()));
                return;
            }
        }
    }

    // ---------------------------------------------------------------- columns

    /**
     * Resolves a column reference in a clause, adding a finding when the print says it cannot be what was meant.
     * {@code keyword}: the parser read an argument as a column that the function may take as a keyword (a date part).
     */
    Resolved column(Column c, Scope scope, Clause clause, boolean keyword) {
        // a position is found only for a finding: placing each of ten thousand columns would cost more than checking

        String raw = c.getColumnName();
        String name = StatementChecker.unquote(raw);
        Table t = c.getTable();
        if (t == null || t.getName() == null) {
            if (!StatementChecker.quoted(raw) && VALUE_WORDS.contains(name)) {
                return null;
            }
            boolean aliasesFirst = clause == Clause.ORDER_BY || clause == Clause.GROUP_BY || clause == Clause.HAVING;
            Scope.Meaning meaning = scope.resolve(name, aliasesFirst);
            if (meaning instanceof Scope.Found f) {
                if (caseMismatch(raw, f.source(), c)) {
                    return null;
                }
                return checker.withOrigin(new Resolved(f.source(), name));
            }
            if (meaning instanceof Scope.Ambiguous a) {
                ambiguous(name, a.sources(), checker.position(c, null));
            } else if (meaning instanceof Scope.Unknown && !keyword && !facts.variable(name)) {
                if (clause == Clause.WHERE && scope.outputNames.containsKey(name)) {
                    aliasInWhere(name, checker.position(c, null));
                } else if (!(scope.outputNames.containsKey(name) && dialect.lateralAliases())) {
                    unknownColumn(name, scope.sources, checker.position(c, null));
                }
            }
            return null;
        }
        String qualifier = StatementChecker.qualifier(t);
        Source source = scope.qualified(qualifier);
        if (source != null && Boolean.TRUE.equals(source.has(qualifier))) {
            return null; // UNNEST(items) AS item: item is the element too, and item.sku a field of it
        }
        if (source == null) {
            String first = qualifier.contains(".") ? qualifier.substring(0, qualifier.indexOf('.')) : qualifier;
            if (scope.mayHaveColumn(first) || scope.qualified(first) != null) {
                return null; // a field of a struct, record or semi-structured column: record.field, t.record.field
            }
            unknownQualifier(qualifier, c.getFullyQualifiedName(), scope, checker.position(c, null));
            return null;
        }
        Boolean has = source.has(name);
        if (Boolean.FALSE.equals(has)) {
            unknownColumn(name, List.of(source), checker.position(c, null));
            return null;
        }
        return Boolean.TRUE.equals(has) ? checker.withOrigin(new Resolved(source, name)) : null;
    }

    /**
     * PostgreSQL matches a quoted name case for case: {@code "Status"} names no column {@code status}. The print keys
     * names in lower case, so the table's ddl.sql says whether the column was created with that exact quoted spelling;
     * without ddl.sql nothing is said.
     */
    private boolean caseMismatch(String raw, Source source, Column c) {
        if (dialect != Dialect.POSTGRES || raw.length() < 2 || raw.charAt(0) != '"' || source.table() == null) {
            return false;
        }
        String inner = raw.substring(1, raw.length() - 1);
        if (inner.equals(inner.toLowerCase(Locale.ROOT))) {
            return false;
        }
        String ddl = facts.ddl(source.table()).orElse(null);
        if (ddl == null || ddl.contains(raw)) {
            return false;
        }
        String column = inner.toLowerCase(Locale.ROOT);
        checker.add(Kind.UNKNOWN_COLUMN.at(checker.position(c, null),
                raw + " is quoted, so PostgreSQL matches it case for case, and " + source.table().fqn()
                        + " has no column spelled so: its ddl.sql creates " + column + ".",
                facts.file(source.table(), Artifact.DDL), null,
                "Write " + column + " unquoted, or quoted in lower case.", Set.of()));
        return true;
    }

    /** A column an INSERT, UPDATE or MERGE writes: it must be one of the target table's. */
    void targetColumn(Column c, Source target) {
        String name = StatementChecker.unquote(c.getColumnName());
        if (Boolean.FALSE.equals(target.has(name))) {
            unknownColumn(name, List.of(target), checker.position(c, null));
        }
    }

    /** A {@code USING} column: both sides must have it; it joins them, and names one merged column from now on. */
    void using(Column c, List<Source> before, Source added, Scope scope, JoinCheck.Pairs pairs) {
        String name = StatementChecker.unquote(c.getColumnName());
        scope.merged.add(name);
        int[] at = checker.position(c, null);
        Source left = null;
        for (int i = before.size() - 1; i >= 0 && left == null; i--) {
            if (!Boolean.FALSE.equals(before.get(i).has(name))) {
                left = before.get(i);
            }
        }
        if (left == null) {
            unknownColumn(name, before, at);
        }
        if (Boolean.FALSE.equals(added.has(name))) {
            unknownColumn(name, List.of(added), at);
        } else if (left != null) {
            pairs.add(new Resolved(left, name), new Resolved(added, name), at);
        }
    }

    void unknownQualifier(String qualifier, String written, Scope scope, int[] at) {
        List<String> names = scope.names();
        checker.add(Kind.UNKNOWN_QUALIFIER.at(at,
                "'" + qualifier + "' in " + written + " names no table or alias of this query."
                        + (names.isEmpty() ? "" : " In scope: " + String.join(", ", names) + "."),
                null, null, "Qualify the column with one of the names in scope.", Set.of()));
    }

    private void aliasInWhere(String name, int[] at) {
        if (!dialect.rejectsAliasInWhere()) {
            return;
        }
        checker.add(Kind.ALIAS_IN_WHERE.at(at,
                name + " is an output name of this query's select list, and " + dialect.wire()
                        + " evaluates WHERE before the select list, so the database does not know it there.",
                null, null, "Repeat the expression in WHERE, or filter in an outer query over this one.", Set.of()));
    }

    private void ambiguous(String name, List<Source> having, int[] at) {
        List<String> names = having.stream().map(s -> s.name() + "." + name).toList();
        checker.add(Kind.AMBIGUOUS_COLUMN.at(at,
                "Column " + name + " is not qualified, and " + having.size() + " tables of this query have it: "
                        + String.join(", ", names) + ".",
                checker.fileOf(having.get(0)), "columns." + name, "Qualify it, e.g. " + names.get(0) + ".", Set.of()));
    }

    void unknownColumn(String name, List<Source> sources, int[] at) {
        if (sources.isEmpty() || sources.stream().anyMatch(s -> s.columns() == null)) {
            return; // a source that cannot list its columns may hold it
        }
        List<Source> tables = sources;
        Set<String> known = new LinkedHashSet<>();
        for (Source s : tables) {
            for (String c : s.columns()) {
                known.add(tables.size() == 1 ? c : s.name() + "." + c);
            }
        }
        List<String> nearest = Nearest.names(name, known, true);
        List<String> having = facts.tablesHaving(name);
        String where = tables.size() == 1
                ? "in " + label(tables.get(0))
                : "in any table of this query (" + String.join(", ", tables.stream().map(ColumnNames::label).toList()) + ")";
        StringBuilder message = new StringBuilder("Column ").append(name).append(" is not ").append(where).append('.');
        if (!nearest.isEmpty()) {
            message.append(" Nearest: ").append(String.join(", ", nearest)).append('.');
        }
        if (!having.isEmpty()) {
            message.append(" Tables that have a column ").append(name).append(": ")
                    .append(String.join(", ", having.subList(0, Math.min(having.size(), Nearest.LIMIT))))
                    .append(having.size() > Nearest.LIMIT ? " and " + (having.size() - Nearest.LIMIT) + " more" : "")
                    .append('.');
        }
        String fix = !nearest.isEmpty()
                ? "Use " + nearest.get(0) + " if that is the column meant."
                : !having.isEmpty()
                        ? "Join " + having.get(0) + " to read it, or search_columns for where it lives."
                        : "Call search_columns for the column that holds this fact.";
        String file = tables.stream().map(checker::fileOf).filter(f -> f != null).findFirst().orElse(null);
        checker.add(Kind.UNKNOWN_COLUMN.at(at, message.toString(), file,
                file == null ? null : "columns", fix, Set.of()));
    }

    /** How a finding names a source: a print table by its FQN, a CTE or derived table by its name. */
    private static String label(Source s) {
        return s.table() != null ? s.table().fqn() : s.name();
    }

    // ---------------------------------------------------------------- sensitivity

    /**
     * A returned column the print marks sensitive or redacted, or a view column it derives from one: the finding
     * carries a person's note on the column when there is one (it may say the flag is a false positive).
     */
    void sensitive(Resolved r, Object node) {
        if (r.block() == null) {
            return;
        }
        Resolved marked = marked(r) ? r : sensitiveOrigin(r);
        if (marked == null) {
            return;
        }
        ColumnStats block = marked.block();
        String sensitivity = block.inferred() == null ? null : block.inferred().sensitivity();
        List<String> marks = new ArrayList<>();
        Set<Term> terms = new LinkedHashSet<>();
        if (sensitivity != null) {
            marks.add("sensitivity: " + sensitivity);
            terms.add(Term.SENSITIVITY);
        }
        if (block.redacted() != null) {
            marks.add("redacted: " + block.redacted());
            terms.add(Term.REDACTED);
        }
        TableEntry table = r.source().table();
        String via = marked == r
                ? ""
                : ", through " + marked.source().table().fqn() + "." + marked.column() + " it derives from";
        String note = note(table, r.column());
        if (note == null && marked != r) {
            note = note(marked.source().table(), marked.column());
        }
        checker.add(Kind.SENSITIVE_COLUMN.at(checker.position(node, null),
                table.fqn() + "." + r.column() + " is selected, and the print marks it (" + String.join(", ", marks) + via
                        + "): the rows returned carry it." + (note == null ? "" : " A person's note on it: " + note),
                checker.fileOf(marked.source()),
                "columns." + marked.column() + (sensitivity != null ? ".inferred.sensitivity" : ".redacted"),
                "Leave it out of the select list, or select an aggregate of it, unless the task needs it.", terms));
    }

    /** Whether the print marks the column itself sensitive or redacted. */
    private static boolean marked(Resolved r) {
        ColumnStats block = r.block();
        return block != null && (block.redacted() != null
                || block.inferred() != null && block.inferred().sensitivity() != null);
    }

    private String note(TableEntry table, String column) {
        return facts.statisticsAnnotations(table).map(a -> a.column(column)).map(StatisticsAnnotations.Column::note)
                .orElse(null);
    }

    /** The sensitive or redacted column a view column derives from ({@code derived_from}), or null. */
    private Resolved sensitiveOrigin(Resolved r) {
        for (String origin : facts.derivedFrom(r.source().table(), r.source().stats(), r.column())) {
            int dot = origin.lastIndexOf('.');
            if (dot < 0) {
                continue;
            }
            TableEntry table = facts.table(origin.substring(0, dot));
            if (table == null) {
                continue;
            }
            Resolved candidate = facts.statistics(table).map(s -> new Resolved(Source.table(table.fqn(), table.fqn(),
                    table, s), origin.substring(dot + 1))).orElse(null);
            if (candidate != null && marked(candidate)) {
                return candidate;
            }
        }
        return null;
    }
}
