package dev.dbprint.mcp.sqlcheck;

import java.util.ArrayList;
import java.util.Collections;
import java.util.Comparator;
import java.util.HashMap;
import java.util.HashSet;
import java.util.IdentityHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import java.util.Set;

import dev.dbprint.mcp.print.model.Artifact;
import dev.dbprint.mcp.print.model.ColumnStats;
import dev.dbprint.mcp.print.model.Statistics;
import dev.dbprint.mcp.print.model.TableEntry;
import dev.dbprint.mcp.render.context.Term;
import dev.dbprint.mcp.sqlcheck.Finding.Kind;
import dev.dbprint.mcp.sqlcheck.Finding.Severity;
import dev.dbprint.mcp.sqlcheck.Scope.Source;
import net.sf.jsqlparser.expression.Expression;
import net.sf.jsqlparser.expression.ExpressionVisitorAdapter;
import net.sf.jsqlparser.expression.operators.relational.Between;
import net.sf.jsqlparser.expression.operators.relational.EqualsTo;
import net.sf.jsqlparser.expression.operators.relational.GreaterThan;
import net.sf.jsqlparser.expression.operators.relational.GreaterThanEquals;
import net.sf.jsqlparser.expression.operators.relational.InExpression;
import net.sf.jsqlparser.expression.operators.relational.IsNullExpression;
import net.sf.jsqlparser.expression.operators.relational.LikeExpression;
import net.sf.jsqlparser.expression.operators.relational.MinorThan;
import net.sf.jsqlparser.expression.operators.relational.MinorThanEquals;
import net.sf.jsqlparser.expression.operators.relational.NotEqualsTo;
import net.sf.jsqlparser.parser.ASTNodeAccess;
import net.sf.jsqlparser.parser.Node;
import net.sf.jsqlparser.parser.Token;
import net.sf.jsqlparser.schema.Column;
import net.sf.jsqlparser.schema.Table;
import net.sf.jsqlparser.statement.Statement;
import net.sf.jsqlparser.statement.select.AllColumns;
import net.sf.jsqlparser.statement.select.AllTableColumns;
import net.sf.jsqlparser.statement.select.FromItem;
import net.sf.jsqlparser.statement.select.GroupByElement;
import net.sf.jsqlparser.statement.select.Join;
import net.sf.jsqlparser.statement.select.LateralSubSelect;
import net.sf.jsqlparser.statement.select.OrderByElement;
import net.sf.jsqlparser.statement.select.ParenthesedFromItem;
import net.sf.jsqlparser.statement.select.ParenthesedSelect;
import net.sf.jsqlparser.statement.select.PlainSelect;
import net.sf.jsqlparser.statement.select.Select;
import net.sf.jsqlparser.statement.select.SelectItem;
import net.sf.jsqlparser.statement.select.SetOperationList;
import net.sf.jsqlparser.statement.select.WithItem;
import net.sf.jsqlparser.util.TablesNamesFinder;

/**
 * Checks one read statement against the print: resolves every table and column it names through the scopes of its
 * queries (CTEs, derived tables, subqueries, aliases), then hands each predicate to {@link PredicateCheck}, each join to
 * {@link JoinCheck}, and each exposed select list to the sensitivity check. Findings come back in the order of their
 * position in the statement.
 */
final class StatementChecker {

    /** Schemas every engine answers itself: their tables are never in a print. */
    private static final Set<String> SYSTEM_SCHEMAS = Set.of("information_schema", "pg_catalog", "sys", "mysql",
            "performance_schema", "system");
    /** Unquoted words a parser may read as a column but every engine reads as a value. */
    private static final Set<String> VALUE_WORDS = Set.of("true", "false", "null", "unknown", "current_date",
            "current_time", "current_timestamp", "localtime", "localtimestamp", "current_user", "session_user", "user",
            "sysdate", "default");

    /** Where a resolved column comes from: the source, and the column's key in its statistics. */
    record Resolved(Source source, String column) {

        ColumnStats block() {
            return source.block(column);
        }
    }

    private final PrintFacts facts;
    private final Dialect dialect;
    private final StatementSplitter.Piece piece;
    private final List<Finding> findings = new ArrayList<>();
    private final Set<String> seen = new HashSet<>();
    private final Set<String> staleChecked = new HashSet<>();
    private final Map<Column, Resolved> resolved = new IdentityHashMap<>();
    private final PredicateCheck predicates;
    private final JoinCheck joins;
    private final CallBudget budget;

    StatementChecker(PrintFacts facts, Dialect dialect, StatementSplitter.Piece piece, CallBudget budget) {
        this.facts = facts;
        this.dialect = dialect;
        this.piece = piece;
        this.budget = budget;
        this.predicates = new PredicateCheck(this, facts, dialect);
        this.joins = new JoinCheck(this, facts);
    }

    List<Finding> check(Statement statement) {
        budget.check();
        if (statement instanceof Select select) {
            select(select, null, Map.of(), true);
        } else {
            int[] at = position(statement, null);
            add(new Finding(Severity.NOTE, Kind.NOT_A_QUERY, at[0], at[1],
                    "This statement is not a query; check_sql checked the tables it names and nothing else.", null,
                    null, "Check the query that reads the rows separately.", Set.of()));
            Set<String> tables = new TablesNamesFinder<Void>().getTables(statement);
            Map<String, Set<String>> none = Map.of();
            for (String name : new java.util.TreeSet<>(tables)) {
                resolveTable(parts(name), null, new Scope(null, none));
            }
        }
        List<Finding> out = new ArrayList<>(findings);
        out.sort(Comparator.comparingInt(Finding::line).thenComparingInt(Finding::column)
                .thenComparing(Finding::severity).thenComparing(f -> f.kind().wire()));
        return out;
    }

    // ---------------------------------------------------------------- queries

    /** Checks a query; returns the names of its output columns, or null when they cannot all be told. */
    Set<String> select(Select select, Scope outer, Map<String, Set<String>> ctes, boolean exposed) {
        Map<String, Set<String>> inForce = ctes;
        if (select.getWithItemsList() != null) {
            inForce = new HashMap<>(ctes);
            for (WithItem<?> with : select.getWithItemsList()) {
                String name = unquote(with.getAliasName());
                inForce.put(name, null); // a recursive CTE reads itself before its columns are known
                Set<String> columns = with.getSelect() == null
                        ? null
                        : select(with.getSelect(), outer, inForce, exposed);
                if (with.getWithItemList() != null) {
                    columns = new LinkedHashSet<>();
                    for (SelectItem<?> item : with.getWithItemList()) {
                        columns.add(unquote(item.toString()));
                    }
                }
                inForce.put(name, columns);
            }
        }
        if (select instanceof PlainSelect plain) {
            return plain(plain, outer, inForce, exposed);
        }
        if (select instanceof SetOperationList list) {
            Set<String> first = null;
            for (int i = 0; i < list.getSelects().size(); i++) {
                Set<String> columns = select(list.getSelects().get(i), outer, inForce, exposed);
                if (i == 0) {
                    first = columns;
                }
            }
            orderBy(list.getOrderByElements(), new Scope(outer, inForce));
            return first;
        }
        if (select instanceof ParenthesedSelect parenthesed) {
            Set<String> columns = select(parenthesed.getSelect(), outer, inForce, exposed);
            orderBy(parenthesed.getOrderByElements(), new Scope(outer, inForce));
            return columns;
        }
        return null; // VALUES and the like: nothing to check, columns unknown
    }

    private Set<String> plain(PlainSelect p, Scope outer, Map<String, Set<String>> ctes, boolean exposed) {
        Scope scope = new Scope(outer, ctes);
        for (SelectItem<?> item : p.getSelectItems()) {
            if (item.getAlias() != null) {
                scope.outputNames.add(unquote(item.getAlias().getName()));
            }
        }
        if (p.getFromItem() != null) {
            from(p.getFromItem(), scope);
        }
        joinAll(p.getJoins(), scope);
        Set<String> outputs = new LinkedHashSet<>();
        boolean known = true;
        for (SelectItem<?> item : p.getSelectItems()) {
            Expression e = item.getExpression();
            if (e instanceof AllTableColumns star) {
                Optional<Source> source = qualified(qualifier(star.getTable()), scope);
                known &= star(source.map(List::of).orElse(List.of()), outputs, exposed, star);
            } else if (e instanceof AllColumns star) {
                known &= star(scope.sources, outputs, exposed, star);
            } else {
                List<Column> columns = expression(e, scope);
                if (exposed) {
                    for (Column c : columns) {
                        Resolved r = resolved.get(c);
                        if (r != null) {
                            sensitive(r, c);
                        }
                    }
                }
                if (item.getAlias() != null) {
                    outputs.add(unquote(item.getAlias().getName()));
                } else if (e instanceof Column c) {
                    outputs.add(unquote(c.getColumnName()));
                }
            }
        }
        if (p.getWhere() != null) {
            expression(p.getWhere(), scope);
        }
        GroupByElement group = p.getGroupBy();
        if (group != null && group.getGroupByExpressionList() != null) {
            for (Object e : group.getGroupByExpressionList()) {
                expression((Expression) e, scope);
            }
        }
        if (p.getHaving() != null) {
            expression(p.getHaving(), scope);
        }
        if (p.getQualify() != null) {
            expression(p.getQualify(), scope);
        }
        orderBy(p.getOrderByElements(), scope);
        return known ? outputs : null;
    }

    private void orderBy(List<OrderByElement> elements, Scope scope) {
        if (elements != null) {
            for (OrderByElement o : elements) {
                expression(o.getExpression(), scope);
            }
        }
    }

    /** A {@code *} over {@code sources}: their columns join the outputs, and a sensitive one is named. */
    private boolean star(List<Source> sources, Set<String> outputs, boolean exposed, Object node) {
        boolean known = !sources.isEmpty();
        for (Source s : sources) {
            if (s.columns() == null) {
                known = false;
                continue;
            }
            outputs.addAll(s.columns());
            if (exposed && s.stats() != null) {
                for (String column : s.columns()) {
                    sensitive(new Resolved(s, column), node);
                }
            }
        }
        return known;
    }

    // ---------------------------------------------------------------- FROM and JOIN

    private void joinAll(List<Join> list, Scope scope) {
        if (list == null) {
            return;
        }
        for (Join join : list) {
            List<Source> before = List.copyOf(scope.sources);
            from(join.getRightItem(), scope);
            Source added = scope.sources.size() > before.size() ? scope.sources.get(scope.sources.size() - 1) : null;
            JoinCheck.Pairs pairs = joins.start();
            for (Expression on : join.getOnExpressions()) {
                predicates.collecting(pairs);
                expression(on, scope);
                predicates.collecting(null);
            }
            if (join.getUsingColumns() != null && added != null) {
                for (Column c : join.getUsingColumns()) {
                    String name = unquote(c.getColumnName());
                    scope.merged.add(name);
                    int[] at = position(c, null);
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
            }
            joins.finish(pairs);
        }
    }

    private void from(FromItem item, Scope scope) {
        String alias = item.getAlias() == null ? null : unquote(item.getAlias().getName());
        if (item instanceof Table table) {
            List<String> parts = parts(table);
            scope.sources.add(resolveTable(parts, alias == null ? parts.get(parts.size() - 1) : alias, scope, table));
        } else if (item instanceof LateralSubSelect lateral) {
            scope.sources.add(Source.derived(alias, select(lateral.getSelect(), scope, scope.ctes, true)));
        } else if (item instanceof ParenthesedSelect sub) {
            scope.sources.add(Source.derived(alias, select(sub, scope.parent, scope.ctes, true)));
        } else if (item instanceof ParenthesedFromItem nested) {
            from(nested.getFromItem(), scope);
            joinAll(nested.getJoins(), scope);
        } else {
            scope.sources.add(Source.opaque(alias, null));
        }
    }

    private Source resolveTable(List<String> parts, String name, Scope scope) {
        return resolveTable(parts, name, scope, null);
    }

    /** The source a written table name is: a CTE, a print table, or — with a finding — nothing the print knows. */
    private Source resolveTable(List<String> parts, String name, Scope scope, Object node) {
        String written = String.join(".", parts);
        if (parts.size() == 1 && scope.ctes.containsKey(written)) {
            return Source.derived(name, scope.ctes.get(written));
        }
        if (parts.size() > 1 && SYSTEM_SCHEMAS.contains(parts.get(parts.size() - 2))
                || parts.size() == 1 && written.equals("dual")) {
            return Source.opaque(name, written);
        }
        List<String> matches = facts.names().matches(parts);
        int[] at = position(node, null);
        if (matches.size() == 1) {
            TableEntry entry = facts.table(matches.get(0));
            stale(entry, at);
            Optional<Statistics> stats = entry.declares(Artifact.STATISTICS)
                    ? facts.statistics(entry)
                    : Optional.empty();
            return stats.map(s -> Source.table(name, written, entry, s))
                    .orElseGet(() -> new Source(name, written, entry, null, null));
        }
        if (matches.size() > 1) {
            add(new Finding(Severity.WARNING, Kind.AMBIGUOUS_TABLE, at[0], at[1],
                    "Table " + written + " is not qualified, and the print holds it in several schemas: "
                            + String.join(", ", matches) + ". Which one runs depends on the search path.",
                    facts.manifestFile(), "tables", "Qualify it, e.g. " + matches.get(0) + ".", Set.of()));
            return Source.opaque(name, written);
        }
        List<String> unprofiled = facts.names().unprofiled(parts);
        if (!unprofiled.isEmpty()) {
            add(new Finding(Severity.WARNING, Kind.UNPROFILED_TABLE, at[0], at[1],
                    "Table " + written + " is named in the print's failed_tables: the last generate run could not"
                            + " profile it, so nothing about its columns can be checked.",
                    facts.manifestFile(), "failed_tables", "Run dbprint generate to see why it failed.", Set.of()));
            return Source.opaque(name, written);
        }
        List<String> nearest = facts.names().nearest(parts);
        add(new Finding(Severity.ERROR, Kind.UNKNOWN_TABLE, at[0], at[1],
                "Table " + written + " is not in the print."
                        + (nearest.isEmpty()
                                ? " No table name resembles it."
                                : " Nearest: " + String.join(", ", nearest) + "."),
                facts.manifestFile(), "tables",
                nearest.isEmpty()
                        ? "Call list_tables for the tables that exist."
                        : "Use " + nearest.get(0) + " if that is the table meant; list_tables lists them all.",
                Set.of()));
        return Source.opaque(name, written);
    }

    // ---------------------------------------------------------------- expressions

    /** Resolves every column of {@code e} and checks its predicates and subqueries; returns its columns in order. */
    private List<Column> expression(Expression e, Scope scope) {
        List<Column> columns = new ArrayList<>();
        e.accept(new Walker(scope, columns), null);
        return columns;
    }

    /** Walks an expression: columns are resolved as met, and a comparison is checked after its operands are. */
    private final class Walker extends ExpressionVisitorAdapter<Void> {

        private final Scope scope;
        private final List<Column> columns;

        Walker(Scope scope, List<Column> columns) {
            this.scope = scope;
            this.columns = columns;
        }

        @Override
        public <S> Void visit(Column column, S context) {
            budget.check(); // every column is resolved against the print: the walk's unit of work
            columns.add(column);
            Resolved r = column(column, scope);
            if (r != null) {
                resolved.put(column, r);
            }
            return null;
        }

        @Override
        public <S> Void visit(ParenthesedSelect select, S context) {
            select(select, scope, scope.ctes, false);
            return null;
        }

        @Override
        public <S> Void visit(EqualsTo e, S context) {
            super.visit(e, context);
            predicates.comparison(e, "=", StatementChecker.this::resolution);
            return null;
        }

        @Override
        public <S> Void visit(NotEqualsTo e, S context) {
            super.visit(e, context);
            predicates.comparison(e, "<>", StatementChecker.this::resolution);
            return null;
        }

        @Override
        public <S> Void visit(GreaterThan e, S context) {
            super.visit(e, context);
            predicates.comparison(e, ">", StatementChecker.this::resolution);
            return null;
        }

        @Override
        public <S> Void visit(GreaterThanEquals e, S context) {
            super.visit(e, context);
            predicates.comparison(e, ">=", StatementChecker.this::resolution);
            return null;
        }

        @Override
        public <S> Void visit(MinorThan e, S context) {
            super.visit(e, context);
            predicates.comparison(e, "<", StatementChecker.this::resolution);
            return null;
        }

        @Override
        public <S> Void visit(MinorThanEquals e, S context) {
            super.visit(e, context);
            predicates.comparison(e, "<=", StatementChecker.this::resolution);
            return null;
        }

        @Override
        public <S> Void visit(InExpression e, S context) {
            super.visit(e, context);
            predicates.in(e, StatementChecker.this::resolution);
            return null;
        }

        @Override
        public <S> Void visit(LikeExpression e, S context) {
            super.visit(e, context);
            predicates.like(e, StatementChecker.this::resolution);
            return null;
        }

        @Override
        public <S> Void visit(IsNullExpression e, S context) {
            super.visit(e, context);
            predicates.isNull(e, StatementChecker.this::resolution);
            return null;
        }

        @Override
        public <S> Void visit(Between e, S context) {
            super.visit(e, context);
            predicates.between(e, StatementChecker.this::resolution);
            return null;
        }
    }

    /** The resolution of a column node met earlier in this statement, or null. */
    Resolved resolution(Expression e) {
        return e instanceof Column c ? resolved.get(c) : null;
    }

    /** Resolves a column reference, adding a finding when the print says it cannot be what was meant. */
    private Resolved column(Column c, Scope scope) {
        String name = unquote(c.getColumnName());
        int[] at = position(c, null);
        Table t = c.getTable();
        if (t == null || t.getName() == null) {
            if (!quoted(c.getColumnName()) && VALUE_WORDS.contains(name)) {
                return null;
            }
            for (Scope s = scope; s != null; s = s.parent) {
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
                if (having.size() == 1 && !unsure) {
                    return new Resolved(having.get(0), name);
                }
                if (having.size() > 1 && s.merged.contains(name)) {
                    return new Resolved(having.get(0), name);
                }
                if (having.size() > 1) {
                    ambiguous(name, having, at);
                    return null;
                }
                if (unsure || !having.isEmpty() || s.outputNames.contains(name)) {
                    return having.size() == 1 ? new Resolved(having.get(0), name) : null;
                }
            }
            unknownColumn(name, scope.sources, at);
            return null;
        }
        String qualifier = qualifier(t);
        Optional<Source> source = qualified(qualifier, scope);
        if (source.isEmpty()) {
            if (!qualifier.contains(".") && fieldOfColumn(qualifier, scope)) {
                return null; // a field of a struct or composite column, e.g. BigQuery's record.field
            }
            List<String> names = new ArrayList<>();
            for (Scope s = scope; s != null; s = s.parent) {
                s.sources.stream().map(Source::name).filter(n -> n != null).forEach(names::add);
            }
            add(new Finding(Severity.ERROR, Kind.UNKNOWN_QUALIFIER, at[0], at[1],
                    "'" + qualifier + "' in " + c.getFullyQualifiedName() + " names no table or alias of this query."
                            + (names.isEmpty() ? "" : " In scope: " + String.join(", ", names) + "."),
                    null, null, "Qualify the column with one of the names in scope.", Set.of()));
            return null;
        }
        Source s = source.get();
        Boolean has = s.has(name);
        if (Boolean.FALSE.equals(has)) {
            unknownColumn(name, List.of(s), at);
            return null;
        }
        return Boolean.TRUE.equals(has) ? new Resolved(s, name) : null;
    }

    private static boolean fieldOfColumn(String qualifier, Scope scope) {
        for (Scope s = scope; s != null; s = s.parent) {
            for (Source source : s.sources) {
                if (!Boolean.FALSE.equals(source.has(qualifier))) {
                    return true;
                }
            }
        }
        return false;
    }

    /** The source a dotted qualifier names, this scope first, then the enclosing ones. */
    private static Optional<Source> qualified(String qualifier, Scope scope) {
        for (Scope s = scope; s != null; s = s.parent) {
            for (Source source : s.sources) {
                if (source.answersTo(qualifier)) {
                    return Optional.of(source);
                }
            }
        }
        return Optional.empty();
    }

    private void ambiguous(String name, List<Source> having, int[] at) {
        List<String> names = having.stream().map(s -> s.name() + "." + name).toList();
        add(new Finding(Severity.ERROR, Kind.AMBIGUOUS_COLUMN, at[0], at[1],
                "Column " + name + " is not qualified, and " + having.size() + " tables of this query have it: "
                        + String.join(", ", names) + ".",
                fileOf(having.get(0)), "columns." + name, "Qualify it, e.g. " + names.get(0) + ".", Set.of()));
    }

    private void unknownColumn(String name, List<Source> sources, int[] at) {
        List<Source> tables = sources.stream().filter(s -> s.stats() != null).toList();
        if (tables.isEmpty()) {
            return;
        }
        Set<String> known = new LinkedHashSet<>();
        for (Source s : tables) {
            for (String c : s.stats().columns().keySet()) {
                known.add(tables.size() == 1 ? c : s.name() + "." + c);
            }
        }
        List<String> nearest = Nearest.names(name, known, true);
        List<String> having = facts.tablesHaving(name);
        String where = tables.size() == 1
                ? "in " + tables.get(0).table().fqn()
                : "in any table of this query (" + String.join(", ", tables.stream().map(s -> s.table().fqn()).toList()) + ")";
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
        add(new Finding(Severity.ERROR, Kind.UNKNOWN_COLUMN, at[0], at[1], message.toString(), fileOf(tables.get(0)),
                "columns", fix, Set.of()));
    }

    // ---------------------------------------------------------------- sensitivity and freshness

    private void sensitive(Resolved r, Object node) {
        ColumnStats block = r.block();
        if (block == null) {
            return;
        }
        String sensitivity = block.inferred() == null ? null : block.inferred().sensitivity();
        if (sensitivity == null && block.redacted() == null) {
            return;
        }
        int[] at = position(node, null);
        Set<Term> terms = new LinkedHashSet<>();
        List<String> marks = new ArrayList<>();
        if (sensitivity != null) {
            marks.add("sensitivity: " + sensitivity);
            terms.add(Term.SENSITIVITY);
        }
        if (block.redacted() != null) {
            marks.add("redacted: " + block.redacted());
            terms.add(Term.REDACTED);
        }
        String fqn = r.source().table().fqn();
        add(new Finding(Severity.WARNING, Kind.SENSITIVE_COLUMN, at[0], at[1],
                fqn + "." + r.column() + " is selected, and the print marks it (" + String.join(", ", marks)
                        + "): the rows returned carry it.",
                fileOf(r.source()), "columns." + r.column() + (sensitivity != null ? ".inferred.sensitivity" : ".redacted"),
                "Leave it out of the select list, or select an aggregate of it, unless the task needs it.", terms));
    }

    private void stale(TableEntry entry, int[] at) {
        if (!staleChecked.add(entry.fqn())) {
            return;
        }
        Map<String, Object> verdict = facts.freshness(entry);
        Object freshness = verdict.get("freshness");
        if (!"stale".equals(freshness) && !"dormant".equals(freshness)) {
            return;
        }
        String message = "dormant".equals(freshness)
                ? entry.fqn() + " carries no readable profiled_at, so list_tables cannot date it"
                : entry.fqn() + " was profiled at " + entry.raw().get("profiled_at") + ", " + verdict.get("age_days")
                        + " days before this call, past its max_age_days of " + verdict.get("max_age_days");
        add(new Finding(Severity.NOTE, Kind.STALE_STATISTICS, at[0], at[1],
                message + ": the values this check compared against may be out of date.", facts.manifestFile(),
                "tables." + entry.fqn() + ".profiled_at", "Run dbprint generate to refresh the print before relying on them.",
                Set.of()));
    }

    // ---------------------------------------------------------------- helpers

    void add(Finding f) {
        if (seen.add(f.kind() + "\0" + f.line() + "\0" + f.column() + "\0" + f.message())) {
            findings.add(f);
        }
    }

    /** The statistics file a source's facts come from. */
    String fileOf(Source s) {
        return s.table() == null ? null : facts.file(s.table(), Artifact.STATISTICS);
    }

    /** A node's position in the whole argument, or {@code fallback}'s, or the statement's own. */
    int[] position(Object node, Object fallback) {
        for (Object o : new Object[]{node, fallback}) {
            if (o instanceof ASTNodeAccess access) {
                Node n = access.getASTNode();
                Token t = n == null ? null : n.jjtGetFirstToken();
                if (t != null && t.beginLine > 0) {
                    return piece.absolute(t.beginLine, t.beginColumn);
                }
            }
        }
        return new int[]{piece.line(), piece.column()};
    }

    Dialect dialect() {
        return dialect;
    }

    private static String qualifier(Table t) {
        List<String> parts = parts(t);
        return String.join(".", parts);
    }

    /** A table's name parts, outermost first, unquoted and lower-cased as the print keys names. */
    private static List<String> parts(Table t) {
        List<String> written = new ArrayList<>(t.getNameParts());
        Collections.reverse(written);
        List<String> parts = new ArrayList<>();
        for (String part : written) {
            // BigQuery quotes a whole path at once: `dataset.table`
            for (String p : unquote(part).split("\\.")) {
                if (!p.isEmpty()) {
                    parts.add(p);
                }
            }
        }
        return parts;
    }

    private static List<String> parts(String dotted) {
        List<String> parts = new ArrayList<>();
        for (String p : dotted.split("\\.")) {
            parts.add(unquote(p));
        }
        return parts;
    }

    static boolean quoted(String identifier) {
        return identifier != null && identifier.length() >= 2
                && (identifier.charAt(0) == '"' || identifier.charAt(0) == '`' || identifier.charAt(0) == '[');
    }

    /** An identifier without its quotes, lower-cased: print keys are lower case on every adapter (format spec §2.2.1). */
    static String unquote(String identifier) {
        if (identifier == null) {
            return "";
        }
        String s = quoted(identifier) ? identifier.substring(1, identifier.length() - 1) : identifier;
        return s.toLowerCase(Locale.ROOT);
    }
}
