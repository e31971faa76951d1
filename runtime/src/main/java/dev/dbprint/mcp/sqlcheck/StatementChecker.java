package dev.dbprint.mcp.sqlcheck;

import java.util.ArrayList;
import java.util.Collections;
import java.util.HashMap;
import java.util.HashSet;
import java.util.IdentityHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.TreeSet;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

import dev.dbprint.mcp.print.model.Artifact;
import dev.dbprint.mcp.print.model.Statistics;
import dev.dbprint.mcp.print.model.TableEntry;
import dev.dbprint.mcp.sqlcheck.Scope.Source;
import net.sf.jsqlparser.expression.Alias;
import net.sf.jsqlparser.expression.Expression;
import net.sf.jsqlparser.expression.Function;
import net.sf.jsqlparser.expression.operators.relational.EqualsTo;
import net.sf.jsqlparser.parser.ASTNodeAccess;
import net.sf.jsqlparser.parser.Node;
import net.sf.jsqlparser.parser.Token;
import net.sf.jsqlparser.schema.Column;
import net.sf.jsqlparser.schema.Table;
import net.sf.jsqlparser.statement.Statement;
import net.sf.jsqlparser.statement.create.table.ColumnDefinition;
import net.sf.jsqlparser.statement.create.table.CreateTable;
import net.sf.jsqlparser.statement.create.view.CreateView;
import net.sf.jsqlparser.statement.delete.Delete;
import net.sf.jsqlparser.statement.insert.Insert;
import net.sf.jsqlparser.statement.merge.Merge;
import net.sf.jsqlparser.statement.merge.MergeDelete;
import net.sf.jsqlparser.statement.merge.MergeInsert;
import net.sf.jsqlparser.statement.merge.MergeOperation;
import net.sf.jsqlparser.statement.merge.MergeUpdate;
import net.sf.jsqlparser.statement.select.AllColumns;
import net.sf.jsqlparser.statement.select.AllTableColumns;
import net.sf.jsqlparser.statement.select.FromItem;
import net.sf.jsqlparser.statement.select.GroupByElement;
import net.sf.jsqlparser.statement.select.Join;
import net.sf.jsqlparser.statement.select.LateralSubSelect;
import net.sf.jsqlparser.statement.select.LateralView;
import net.sf.jsqlparser.statement.select.Limit;
import net.sf.jsqlparser.statement.select.OrderByElement;
import net.sf.jsqlparser.statement.select.ParenthesedFromItem;
import net.sf.jsqlparser.statement.select.ParenthesedSelect;
import net.sf.jsqlparser.statement.select.Pivot;
import net.sf.jsqlparser.statement.select.PlainSelect;
import net.sf.jsqlparser.statement.select.Select;
import net.sf.jsqlparser.statement.select.SelectItem;
import net.sf.jsqlparser.statement.select.SetOperationList;
import net.sf.jsqlparser.statement.select.TableFunction;
import net.sf.jsqlparser.statement.select.WithItem;
import net.sf.jsqlparser.statement.update.Update;
import net.sf.jsqlparser.statement.update.UpdateSet;
import net.sf.jsqlparser.util.TablesNamesFinder;

/**
 * Checks one read statement against the print. It walks every clause of every query block — CTEs, derived tables,
 * subqueries in any position, windows, DML — keeping a {@link Scope} per block, so each table and column name is
 * resolved as SQL resolves it ({@link ColumnNames}); each predicate goes to {@link PredicateCheck}, each join to
 * {@link JoinCheck}, each block's shape (grouping, set operations, positions, LIMIT) to {@link QueryShape}. Findings
 * gather in {@link Findings}; a statement that is not a query has its table names checked and a note.
 */
final class StatementChecker {

    /** Schemas every engine answers itself: their tables are never in a print. */
    private static final Set<String> SYSTEM_SCHEMAS = Set.of("information_schema", "pg_catalog", "sys", "mysql",
            "performance_schema", "system", "snowflake", "account_usage", "region-us", "region-eu");

    private final PrintFacts facts;
    private final Dialect dialect;
    private final DialectText positions;
    private final CallBudget budget;
    final Findings findings = new Findings();
    /** For each derived table or CTE source, the print column each of its output columns passes on. */
    private final Map<Source, Map<String, ColumnNames.Resolved>> lineage = new IdentityHashMap<>();
    /** The same, per query whose select list was checked, and per CTE name. */
    private final Map<Select, Map<String, ColumnNames.Resolved>> selectLineage = new IdentityHashMap<>();
    private final Map<String, Map<String, ColumnNames.Resolved>> cteLineage = new HashMap<>();
    /** Where each column reference met so far resolved to. */
    final Map<Column, ColumnNames.Resolved> resolved = new IdentityHashMap<>();
    final PredicateCheck predicates;
    final JoinCheck joins;
    final ColumnNames names;
    final QueryShape shape;
    /** Set while the query being checked is an EXISTS subquery, whose rows are never read. */
    boolean existence;

    StatementChecker(PrintFacts facts, Dialect dialect, DialectText positions, CallBudget budget) {
        this.facts = facts;
        this.dialect = dialect;
        this.positions = positions;
        this.budget = budget;
        this.predicates = new PredicateCheck(this, facts, dialect);
        this.joins = new JoinCheck(this, facts);
        this.names = new ColumnNames(this, facts, dialect);
        this.shape = new QueryShape(this);
    }

    List<Finding> check(Statement statement) {
        budget.check();
        if (statement instanceof Select select) {
            query(select, null, Map.of(), true);
        } else if (!dml(statement)) {
            notAQuery(statement);
        }
        freshness();
        return findings.sorted();
    }

    /** The budget the walk asks as it goes. */
    CallBudget budget() {
        return budget;
    }

    // ---------------------------------------------------------------- statements other than SELECT

    /** Checks an INSERT, UPDATE, DELETE, MERGE, CREATE VIEW or CREATE TABLE; false for any other statement. */
    private boolean dml(Statement statement) {
        if (statement instanceof Insert insert) {
            Map<String, Set<String>> ctes = ctes(insert.getWithItemsList(), null, Map.of());
            Scope scope = new Scope(null, ctes);
            Source target = resolveTable(insert.getTable(), null, scope);
            if (insert.getColumns() != null) {
                for (Column c : insert.getColumns()) {
                    names.targetColumn(c, target);
                }
            }
            if (insert.getSelect() != null) {
                List<String> outputs = query(insert.getSelect(), null, ctes, false);
                if (positions.insertsByName() && outputs != null) {
                    // BY NAME: each output name is a column of the target
                    for (String name : outputs) {
                        if (!name.isEmpty() && Boolean.FALSE.equals(target.has(name))) {
                            names.unknownColumn(name, List.of(target), position(wordAt(name, false), null));
                        }
                    }
                }
            }
            scope.sources.add(target); // ON DUPLICATE KEY UPDATE and INSERT ... SET read the target's columns
            setList(insert.getDuplicateUpdateSets(), target, scope);
            setList(insert.getSetUpdateSets(), target, scope);
            return true;
        }
        if (statement instanceof Update update) {
            Scope scope = new Scope(null, ctes(update.getWithItemsList(), null, Map.of()));
            Source target = resolveTable(update.getTable(), update.getTable().getAlias(), scope);
            scope.sources.add(target);
            joinAll(update.getStartJoins(), scope);
            if (update.getFromItem() != null) {
                from(update.getFromItem(), scope, true);
            }
            joinAll(update.getJoins(), scope);
            setList(update.getUpdateSets(), target, scope);
            where(update.getWhere(), scope);
            return true;
        }
        if (statement instanceof Delete delete) {
            Scope scope = new Scope(null, ctes(delete.getWithItemsList(), null, Map.of()));
            if (delete.getTable() != null) {
                scope.sources.add(resolveTable(delete.getTable(), delete.getTable().getAlias(), scope));
            }
            if (delete.getUsingFromItemList() != null) {
                for (FromItem item : delete.getUsingFromItemList()) {
                    from(item, scope, true);
                }
            }
            joinAll(delete.getJoins(), scope);
            // MySQL's multi-table DELETE names, before FROM, the tables or aliases its FROM clause defines
            if (delete.getTables() != null) {
                for (Table t : delete.getTables()) {
                    if (scope.qualified(qualifier(t)) == null) {
                        scope.sources.add(resolveTable(t, t.getAlias(), scope));
                    }
                }
            }
            where(delete.getWhere(), scope);
            return true;
        }
        if (statement instanceof Merge merge) {
            merge(merge);
            return true;
        }
        if (statement instanceof CreateView view) {
            List<String> columns = query(view.getSelect(), null, Map.of(), false);
            if (view.getColumnNames() != null) {
                columns = view.getColumnNames().stream().map(c -> unquote(c.getColumnName())).toList();
            }
            facts.create(parts(view.getView()), columns);
            return true;
        }
        if (statement instanceof CreateTable create) {
            List<String> columns = null;
            if (create.getSelect() != null) {
                columns = query(create.getSelect(), null, Map.of(), false);
            }
            if (create.getColumnDefinitions() != null && !create.getColumnDefinitions().isEmpty()) {
                columns = create.getColumnDefinitions().stream().map(ColumnDefinition::getColumnName)
                        .map(StatementChecker::unquote).toList();
            }
            if (create.getLikeTable() != null) {
                Source like = resolveTable(create.getLikeTable(), null, new Scope(null, Map.of()));
                columns = like.columns() == null ? null : List.copyOf(like.columns());
            }
            facts.create(parts(create.getTable()), columns);
            return true;
        }
        return false;
    }

    private void merge(Merge merge) {
        Scope scope = new Scope(null, ctes(merge.getWithItemsList(), null, Map.of()));
        Source target = resolveTable(merge.getTable(), merge.getTable().getAlias(), scope);
        scope.sources.add(target);
        JoinCheck.Pairs pairs = joins.start();
        if (merge.getFromItem() != null) {
            from(merge.getFromItem(), scope, false);
        }
        if (merge.getOnCondition() != null) {
            walk(merge.getOnCondition(), scope, Clause.ON, pairs);
        }
        joins.finish(pairs, scope);
        if (merge.getOperations() == null) {
            return;
        }
        for (MergeOperation op : merge.getOperations()) {
            if (op instanceof MergeUpdate u) {
                walkIfPresent(u.getAndPredicate(), scope);
                setList(u.getUpdateSets(), target, scope);
                walkIfPresent(u.getWhereCondition(), scope);
                walkIfPresent(u.getDeleteWhereCondition(), scope);
            } else if (op instanceof MergeInsert i) {
                walkIfPresent(i.getAndPredicate(), scope);
                if (i.getColumns() != null) {
                    for (Column c : i.getColumns()) {
                        names.targetColumn(c, target);
                    }
                }
                if (i.getValues() != null) {
                    walk(i.getValues(), scope, Clause.SELECT, null);
                }
                walkIfPresent(i.getWhereCondition(), scope);
            } else if (op instanceof MergeDelete d) {
                walkIfPresent(d.getAndPredicate(), scope);
            }
        }
    }

    private void walkIfPresent(Expression e, Scope scope) {
        walk(e, scope, Clause.WHERE, null);
    }

    /** An {@code UPDATE ... SET}: each target column against the target table, each value in scope. */
    private void setList(List<UpdateSet> sets, Source target, Scope scope) {
        if (sets == null) {
            return;
        }
        for (UpdateSet set : sets) {
            for (Column c : set.getColumns()) {
                names.targetColumn(c, target);
            }
            for (Expression value : set.getValues()) {
                walk(value, scope, Clause.SELECT, null);
            }
        }
    }

    private void notAQuery(Statement statement) {
        int[] at = statementStart();
        findings.add(Findings.notAQuery(at));
        Set<String> tables;
        try {
            tables = new TablesNamesFinder<Void>().getTables(statement);
        } catch (RuntimeException e) {
            return; // the finder knows no table of this statement kind: the note stands alone
        }
        Scope none = new Scope(null, Map.of());
        for (String name : new TreeSet<>(tables)) {
            List<String> parts = dotted(name);
            resolveTable(parts, parts.get(parts.size() - 1), none, wordAt(name, false));
        }
    }

    // ---------------------------------------------------------------- queries

    /** The CTEs in force in a query with this WITH list. */
    private Map<String, Set<String>> ctes(List<WithItem<?>> with, Scope outer, Map<String, Set<String>> inForce) {
        if (with == null || with.isEmpty()) {
            return inForce;
        }
        Map<String, Set<String>> out = new HashMap<>(inForce);
        for (WithItem<?> item : with) {
            String name = unquote(item.getAliasName());
            Set<String> declared = null;
            if (item.getWithItemList() != null && !item.getWithItemList().isEmpty()) {
                declared = new LinkedHashSet<>();
                for (SelectItem<?> column : item.getWithItemList()) {
                    declared.add(unquote(column.toString()));
                }
            }
            out.put(name, declared); // a recursive CTE reads itself before its select list is known
            List<String> columns = item.getSelect() == null ? null : query(item.getSelect(), outer, out, false);
            if (item.getSelect() != null && declared == null) {
                cteLineage.put(name, lineageOf(item.getSelect()));
            }
            out.put(name, declared != null ? declared : columnsOf(null, columns));
        }
        return out;
    }

    /**
     * Checks a query; returns the names of its output columns in order ("" for an unnamed one), or null when they
     * cannot all be told. {@code exposed}: its rows are what the statement returns.
     */
    List<String> query(Select select, Scope outer, Map<String, Set<String>> inherited, boolean exposed) {
        budget.check();
        Map<String, Set<String>> ctes = ctes(select.getWithItemsList(), outer, inherited);
        if (select instanceof PlainSelect plain) {
            return plain(plain, outer, ctes, exposed);
        }
        if (select instanceof SetOperationList list) {
            List<List<String>> branches = new ArrayList<>();
            for (Select branch : list.getSelects()) {
                branches.add(query(branch, outer, ctes, exposed));
            }
            shape.setOperation(list, branches);
            Scope scope = new Scope(outer, ctes);
            if (branches.get(0) != null) {
                branches.get(0).stream().filter(n -> !n.isEmpty()).forEach(n -> scope.outputNames.put(n, 0));
            }
            orderBy(list.getOrderByElements(), scope, branches.get(0));
            shape.limit(list, list.getOrderByElements(), !existence, false);
            return branches.get(0);
        }
        if (select instanceof ParenthesedSelect parenthesed) {
            List<String> columns = query(parenthesed.getSelect(), outer, ctes, exposed);
            selectLineage.put(parenthesed, lineageOf(parenthesed.getSelect()));
            orderBy(parenthesed.getOrderByElements(), new Scope(outer, ctes), columns);
            return columns;
        }
        return null; // VALUES and the like: nothing to check, columns unknown
    }

    private List<String> plain(PlainSelect p, Scope outer, Map<String, Set<String>> ctes, boolean exposed) {
        Scope scope = new Scope(outer, ctes);
        List<SelectItem<?>> items = p.getSelectItems() == null ? List.of() : p.getSelectItems();
        for (int i = 0; i < items.size(); i++) {
            if (items.get(i).getAlias() != null) {
                scope.outputNames.putIfAbsent(unquote(items.get(i).getAlias().getName()), i);
            }
        }
        if (p.getFromItem() != null) {
            from(p.getFromItem(), scope, false);
        }
        joinAll(p.getJoins(), scope);
        if (p.getLateralViews() != null) {
            for (LateralView view : p.getLateralViews()) {
                walk(view.getGeneratorFunction(), scope, Clause.SELECT, null);
                String alias = view.getTableAlias() == null ? null : unquote(view.getTableAlias().getName());
                scope.sources.add(Source.opaque(alias, alias));
            }
        }
        List<String> outputs = new ArrayList<>();
        Map<String, ColumnNames.Resolved> passedOn = new HashMap<>();
        selectLineage.put(p, passedOn);
        boolean known = true;
        for (SelectItem<?> item : items) {
            Expression e = item.getExpression();
            if (e instanceof AllTableColumns star) {
                known &= star(star, scope, outputs, exposed);
            } else if (e instanceof AllColumns star) {
                Set<String> except = except(star, scope);
                List<String> all = new ArrayList<>();
                known &= star(scope.sources, all, exposed, star, except);
                all.stream().filter(c -> !except.contains(c)).forEach(outputs::add);
                if (star.getReplaceExpressions() != null) {
                    for (SelectItem<?> replace : star.getReplaceExpressions()) {
                        walk(replace.getExpression(), scope, Clause.SELECT, null);
                    }
                }
            } else {
                List<Column> columns = walk(e, scope, Clause.SELECT, null);
                if (exposed) {
                    for (Column c : columns) {
                        ColumnNames.Resolved r = resolved.get(c);
                        if (r != null && r.print() != null) {
                            names.sensitive(r.print(), c);
                        }
                    }
                }
                String output = item.getAlias() != null
                        ? unquote(item.getAlias().getName())
                        : e instanceof Column c ? unquote(c.getColumnName()) : "";
                ColumnNames.Resolved passed = e instanceof Column c ? resolved.get(c) : null;
                if (passed != null && passed.print() != null) {
                    passedOn.put(output, passed.print());
                }
                outputs.add(output);
            }
        }
        where(p.getWhere(), scope);
        if (p.getPreWhere() != null) {
            walk(p.getPreWhere(), scope, Clause.WHERE, null);
        }
        GroupByElement group = p.getGroupBy();
        List<Expression> grouped = new ArrayList<>();
        if (group != null) {
            if (group.getGroupByExpressionList() != null) {
                for (Object o : group.getGroupByExpressionList()) {
                    grouped.add((Expression) o);
                }
            }
            if (group.getGroupingSets() != null) {
                for (Object set : group.getGroupingSets()) {
                    if (set instanceof Iterable<?> list) {
                        list.forEach(o -> grouped.add((Expression) o));
                    }
                }
            }
            for (Expression e : List.copyOf(grouped)) {
                if (!shape.position(e, known ? outputs.size() : -1, "GROUP BY")) {
                    walk(e, scope, Clause.GROUP_BY, null);
                }
                if (e instanceof Function f && f.getParameters() != null
                        && Set.of("rollup", "cube", "grouping sets")
                                .contains(String.valueOf(f.getName()).toLowerCase(Locale.ROOT))) {
                    f.getParameters().forEach(x -> grouped.add((Expression) x));
                }
            }
        }
        if (p.getHaving() != null) {
            walk(p.getHaving(), scope, Clause.HAVING, null);
        }
        if (p.getQualify() != null) {
            walk(p.getQualify(), scope, Clause.HAVING, null);
        }
        if (p.getWindowDefinitions() != null) {
            p.getWindowDefinitions().forEach(w -> {
                walk(w.getPartitionExpressionList(), scope, Clause.HAVING, null);
                orderBy(w.getOrderByElements(), scope, null);
            });
        }
        orderBy(p.getOrderByElements(), scope, known ? outputs : null);
        for (Limit limit : new Limit[]{p.getLimit(), p.getLimitBy()}) {
            if (limit != null && limit.getByExpressions() != null) {
                walk(limit.getByExpressions(), scope, Clause.GROUP_BY, null);
            }
        }
        if (p.getDistinct() != null && p.getDistinct().getOnSelectItems() != null) {
            for (SelectItem<?> on : p.getDistinct().getOnSelectItems()) {
                walk(on.getExpression(), scope, Clause.GROUP_BY, null);
            }
        }
        if (p.getIntoTables() != null) {
            for (Table into : p.getIntoTables()) {
                facts.create(parts(into), known ? outputs : null);
            }
        }
        shape.grouping(p, scope, grouped, group != null && group.toString().toUpperCase(Locale.ROOT).contains("BY ALL"));
        joins.fanOut(p, scope);
        shape.limit(p, p.getOrderByElements(), !existence, shape.aggregatesToOneRow(p));
        return known ? outputs : null;
    }

    /** A WHERE clause: its equalities join the block's comma-joined sources, then the block's joins are judged. */
    private void where(Expression where, Scope scope) {
        JoinCheck.Pairs pairs = joins.start();
        walk(where, scope, Clause.WHERE, pairs);
        joins.finishWhere(pairs, scope);
    }

    private void orderBy(List<OrderByElement> elements, Scope scope, List<String> outputs) {
        if (elements == null) {
            return;
        }
        for (OrderByElement o : elements) {
            if (!shape.position(o.getExpression(), outputs == null ? -1 : outputs.size(), "ORDER BY")) {
                walk(o.getExpression(), scope, Clause.ORDER_BY, null);
            }
        }
    }

    /** {@code q.*}: the columns of the source q names, or an unknown-qualifier finding. */
    private boolean star(AllTableColumns star, Scope scope, List<String> outputs, boolean exposed) {
        String qualifier = qualifier(star.getTable());
        Source source = scope.qualified(qualifier);
        if (source == null) {
            names.unknownQualifier(qualifier, star.toString(), scope, position(star.getTable(), star));
            return false;
        }
        return star(List.of(source), outputs, exposed, star, Set.of());
    }

    /** The columns {@code * EXCEPT (...)} / {@code * EXCLUDE (...)} leaves out; one no source has is an unknown column. */
    private Set<String> except(AllColumns star, Scope scope) {
        Set<String> out = new HashSet<>();
        if (star.getExceptColumns() != null) {
            for (Column c : star.getExceptColumns()) {
                String name = unquote(c.getColumnName());
                out.add(name);
                if (scope.sources.stream().noneMatch(src -> !Boolean.FALSE.equals(src.has(name)))) {
                    names.unknownColumn(name, scope.sources, position(c, star));
                }
            }
        }
        return out;
    }

    /** A {@code *} over {@code sources}: their columns join the outputs, and a sensitive one not left out is named. */
    private boolean star(List<Source> sources, List<String> outputs, boolean exposed, Object node, Set<String> except) {
        boolean known = !sources.isEmpty();
        for (Source s : sources) {
            if (s.columns() == null) {
                known = false;
                continue;
            }
            outputs.addAll(s.columns());
            if (exposed) {
                for (String column : s.columns()) {
                    ColumnNames.Resolved r = withOrigin(new ColumnNames.Resolved(s, column)).print();
                    if (r != null && !except.contains(column)) {
                        names.sensitive(r, node);
                    }
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
            budget.check();
            List<Source> before = List.copyOf(scope.sources);
            if (join.isArray() && join.getRightItem() instanceof Table array) {
                arrayJoin(array, scope);
                continue;
            }
            from(join.getRightItem(), scope, join.isSimple());
            Source added = scope.sources.size() > before.size() ? scope.sources.get(scope.sources.size() - 1) : null;
            JoinCheck.Pairs pairs = joins.start();
            for (Expression on : join.getOnExpressions()) {
                walk(on, scope, Clause.ON, pairs);
            }
            if (join.getUsingColumns() != null && added != null) {
                for (Column c : join.getUsingColumns()) {
                    names.using(c, before, added, scope, pairs);
                }
            }
            if (join.isNatural() && added != null && added.columns() != null) {
                for (String column : added.columns()) {
                    for (Source left : before) {
                        if (Boolean.TRUE.equals(left.has(column))) {
                            scope.merged.add(column);
                        }
                    }
                }
            }
            joins.finish(pairs, scope);
            if (added != null && join.getOnExpressions().isEmpty()
                    && (join.getUsingColumns() == null || join.getUsingColumns().isEmpty()) && !join.isNatural()
                    && !join.isCross() && !(join.getRightItem() instanceof LateralSubSelect)) {
                scope.unconditioned.put(added, position(join.getRightItem(), null));
            }
        }
    }

    /**
     * ClickHouse's {@code ARRAY JOIN arr [AS x]}: {@code arr} is an array column of the sources before it, unnested in
     * place; its alias (or its own name) then names the element.
     */
    private void arrayJoin(Table array, Scope scope) {
        Column column = new Column(array.getSchemaName() == null ? null : new Table(array.getSchemaName()), array.getName());
        column.setASTNode(array.getASTNode());
        walk(column, scope, Clause.SELECT, null);
        String element = array.getAlias() != null ? unquote(array.getAlias().getName()) : unquote(array.getName());
        scope.sources.add(Source.opaque(element, element));
    }

    /** Adds a FROM item's source to the scope; {@code comma}: WHERE holds its join condition. */
    private void from(FromItem item, Scope scope, boolean comma) {
        Alias alias = item.getAlias();
        String name = alias == null ? null : unquote(alias.getName());
        Source source;
        if (item instanceof Table table) {
            source = resolveTable(table, alias, scope);
        } else if (item instanceof LateralSubSelect lateral) {
            source = Source.derived(name, columnsOf(alias, query(lateral.getSelect(), scope, scope.ctes, false)));
            passesOn(source, alias, lateral.getSelect());
        } else if (item instanceof ParenthesedSelect sub) {
            source = Source.derived(name, columnsOf(alias, query(sub, scope.parent, scope.ctes, false)));
            passesOn(source, alias, sub);
        } else if (item instanceof TableFunction function) {
            walk(function.getFunction(), scope, Clause.SELECT, null);
            source = generated(name, alias);
        } else if (item instanceof ParenthesedFromItem nested) {
            from(nested.getFromItem(), scope, comma);
            joinAll(nested.getJoins(), scope);
            return;
        } else {
            // a table function, UNNEST, VALUES: its arguments are checked, its columns are not known
            if (item instanceof Expression e) {
                walk(e, scope, Clause.SELECT, null);
            }
            source = generated(name, alias);
        }
        if (item.getPivot() != null) {
            pivot(item.getPivot(), source, scope);
        }
        if (item.getPivot() != null || item.getUnPivot() != null) {
            source = Source.opaque(alias == null ? source.name() : name, source.written());
        }
        names.duplicate(source, scope, position(item, null));
        scope.sources.add(source);
        if (comma) {
            scope.commaJoined.add(source);
        }
    }

    /**
     * {@code PIVOT (agg(x) FOR c IN (v1, v2))} over a source: x and c are the source's columns, and each value of the IN
     * list is compared with c as {@code c = v} would be.
     */
    private void pivot(Pivot pivot, Source source, Scope scope) {
        Scope over = new Scope(scope.parent, scope.ctes);
        over.sources.add(source);
        if (pivot.getFunctionItems() != null) {
            pivot.getFunctionItems().forEach(f -> walk(f.getExpression(), over, Clause.SELECT, null));
        }
        List<Column> forColumns = pivot.getForColumns() == null ? List.of() : pivot.getForColumns();
        forColumns.forEach(c -> walk(c, over, Clause.SELECT, null));
        if (forColumns.size() == 1 && pivot.getSingleInItems() != null) {
            for (SelectItem<?> in : pivot.getSingleInItems()) {
                walk(new EqualsTo(forColumns.get(0), in.getExpression()), over, Clause.SELECT, null);
            }
        }
    }

    /** Records the print columns a derived table passes on, unless an alias column list renames them by position. */
    private void passesOn(Source source, Alias alias, Select select) {
        if (alias == null || alias.getAliasColumns() == null || alias.getAliasColumns().isEmpty()) {
            lineage.put(source, lineageOf(select));
        }
    }

    private Map<String, ColumnNames.Resolved> lineageOf(Select select) {
        return selectLineage.getOrDefault(select, Map.of());
    }

    /** A resolution with the print column it passes on, for a column of a derived table or CTE. */
    ColumnNames.Resolved withOrigin(ColumnNames.Resolved r) {
        Map<String, ColumnNames.Resolved> passed = lineage.get(r.source());
        ColumnNames.Resolved origin = passed == null ? null : passed.get(r.column());
        return origin == null ? r : new ColumnNames.Resolved(r.source(), r.column(), origin);
    }

    /** The rows a function generates (UNNEST, FLATTEN): the columns its alias lists, else any column. */
    private static Source generated(String name, Alias alias) {
        Set<String> columns = columnsOf(alias, null);
        return columns == null ? Source.opaque(name, name) : Source.derived(name, columns);
    }

    /** A derived table's columns: its alias's column list when it gives one, else its select list's names. */
    private static Set<String> columnsOf(Alias alias, List<String> columns) {
        if (alias != null && alias.getAliasColumns() != null && !alias.getAliasColumns().isEmpty()) {
            Set<String> out = new LinkedHashSet<>();
            alias.getAliasColumns().forEach(c -> out.add(unquote(c.name)));
            return out;
        }
        return columns == null || columns.contains("") ? null : new LinkedHashSet<>(columns);
    }

    private Source resolveTable(Table table, Alias alias, Scope scope) {
        List<String> parts = parts(table);
        String name = alias == null ? parts.get(parts.size() - 1) : unquote(alias.getName());
        Source source = resolveTable(parts, name, scope, table);
        if (alias != null && alias.getAliasColumns() != null && !alias.getAliasColumns().isEmpty()) {
            return new Source(source.name(), source.written(), null, null, columnsOf(alias, null));
        }
        return source;
    }

    /** The source a written table name is: a CTE, a path into a source in scope, a print table, or nothing known. */
    Source resolveTable(List<String> parts, String name, Scope scope, Object node) {
        String written = String.join(".", parts);
        if (parts.size() == 1 && scope.ctes.containsKey(written)) {
            Source cte = Source.derived(name, scope.ctes.get(written));
            lineage.put(cte, cteLineage.getOrDefault(written, Map.of()));
            return cte;
        }
        if (parts.size() > 1 && scope.qualified(parts.get(0)) != null) {
            return Source.opaque(name, written); // FROM t AS c, c.items: a path into a column (Redshift SUPER, BigQuery)
        }
        Optional<PrintFacts.Created> created = facts.created(parts);
        if (created.isPresent()) {
            return Source.derived(name, columnsOf(null, created.get().columns()));
        }
        if (parts.size() > 1 && SYSTEM_SCHEMAS.contains(parts.get(parts.size() - 2))
                || parts.size() == 1 && written.equals("dual")) {
            return Source.opaque(name, written);
        }
        TableEntry entry = names.table(parts, written, position(node, null));
        if (entry == null) {
            return Source.opaque(name, written);
        }
        findings.read(entry);
        Optional<Statistics> stats = entry.declares(Artifact.STATISTICS) ? facts.statistics(entry) : Optional.empty();
        return stats.map(s -> Source.table(name, written, entry, s))
                .orElseGet(() -> new Source(name, written, entry, null, null));
    }

    // ---------------------------------------------------------------- expressions

    /** The clause an expression sits in: it decides which names it may use. */
    enum Clause {
        SELECT, ON, WHERE, GROUP_BY, HAVING, ORDER_BY
    }

    /** Resolves every column of {@code e} and checks its predicates and subqueries; returns its columns in order. */
    List<Column> walk(Expression e, Scope scope, Clause clause, JoinCheck.Pairs pairs) {
        List<Column> columns = new ArrayList<>();
        if (e != null) {
            ExpressionWalker walker = new ExpressionWalker(this, scope, clause, pairs, columns);
            if (clause == Clause.WHERE) {
                walker.where(e);
            } else {
                e.accept(walker, null);
            }
        }
        return columns;
    }

    // ---------------------------------------------------------------- freshness

    /** One note for the statement naming every table it reads whose statistics are out of date. */
    private void freshness() {
        List<String> stale = new ArrayList<>();
        TableEntry first = null;
        for (TableEntry t : findings.tablesRead()) {
            Optional<String> why = facts.staleness(t);
            if (why.isPresent()) {
                stale.add(why.get());
                first = first == null ? t : first;
            }
        }
        if (first != null) {
            findings.add(Findings.stale(statementStart(), stale, facts.manifestFile(), first.fqn()));
        }
    }

    // ---------------------------------------------------------------- helpers

    void add(Finding f) {
        findings.add(f);
    }

    /** The statistics file a source's facts come from. */
    String fileOf(Source s) {
        return s.table() == null ? null : facts.file(s.table(), Artifact.STATISTICS);
    }

    /**
     * Where a word stands in the statement, as a position {@link #position} takes: its first or last whole-word
     * occurrence, for what the parser keeps no position of (a table name a finder returns, a FETCH). Null when absent.
     */
    int[] wordAt(String word, boolean last) {
        Matcher m = Pattern
                .compile("(?i)(?<![\\w$\"`.])" + Pattern.quote(word) + "(?![\\w$])")
                .matcher(positions.text());
        int at = -1;
        while (m.find()) {
            at = m.start();
            if (!last) {
                break;
            }
        }
        return at < 0 ? null : Lines.position(positions.text(), at);
    }

    /** A node's position in the whole argument, or {@code fallback}'s, or the statement's own. */
    int[] position(Object node, Object fallback) {
        for (Object o : new Object[]{node, fallback}) {
            if (o instanceof int[] parserPosition) {
                return positions.absolute(parserPosition[0], parserPosition[1]);
            }
            if (o instanceof ASTNodeAccess access) {
                Node n = access.getASTNode();
                Token t = n == null ? null : n.jjtGetFirstToken();
                if (t != null && t.beginLine > 0) {
                    return positions.absolute(t.beginLine, t.beginColumn);
                }
            }
        }
        return statementStart();
    }

    int[] statementStart() {
        return positions.absolute(1, 1);
    }

    Dialect dialect() {
        return dialect;
    }

    static String qualifier(Table t) {
        return String.join(".", parts(t));
    }

    /** A table's name parts, outermost first, unquoted and lower-cased as the print keys names. */
    static List<String> parts(Table t) {
        List<String> written = new ArrayList<>(t.getNameParts());
        Collections.reverse(written);
        List<String> parts = new ArrayList<>();
        for (String part : written) {
            // BigQuery quotes a whole path at once: `project.dataset.table`
            for (String p : unquote(part).split("\\.")) {
                if (!p.isEmpty()) {
                    parts.add(p);
                }
            }
        }
        return parts;
    }

    private static List<String> dotted(String name) {
        List<String> parts = new ArrayList<>();
        for (String p : name.split("\\.")) {
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
