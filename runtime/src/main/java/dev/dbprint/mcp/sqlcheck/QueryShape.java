package dev.dbprint.mcp.sqlcheck;

import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Locale;
import java.util.Set;

import dev.dbprint.mcp.print.model.Statistics;
import dev.dbprint.mcp.sqlcheck.ColumnNames.Resolved;
import dev.dbprint.mcp.sqlcheck.Finding.Kind;
import dev.dbprint.mcp.sqlcheck.Scope.Source;
import net.sf.jsqlparser.expression.AnalyticExpression;
import net.sf.jsqlparser.expression.Expression;
import net.sf.jsqlparser.expression.ExpressionVisitorAdapter;
import net.sf.jsqlparser.expression.Function;
import net.sf.jsqlparser.expression.LongValue;
import net.sf.jsqlparser.schema.Column;
import net.sf.jsqlparser.statement.select.OrderByElement;
import net.sf.jsqlparser.statement.select.ParenthesedSelect;
import net.sf.jsqlparser.statement.select.PlainSelect;
import net.sf.jsqlparser.statement.select.Select;
import net.sf.jsqlparser.statement.select.SelectItem;
import net.sf.jsqlparser.statement.select.SetOperationList;

/**
 * The shape of a query block, which holds without the print and so costs an agent a failed run when wrong: a selected
 * column neither grouped nor aggregated, set-operation branches of different widths, a GROUP BY or ORDER BY position
 * past the select list, and (a note) a LIMIT without ORDER BY.
 */
final class QueryShape {

    /** Aggregate functions, across the eight dialects (ClickHouse's -If forms are matched by their suffix). */
    static final Set<String> AGGREGATES = Set.of("count", "sum", "avg", "min", "max", "array_agg", "string_agg",
            "listagg", "group_concat", "any_value", "bool_and", "bool_or", "every", "stddev", "stddev_pop",
            "stddev_samp", "variance", "var_pop", "var_samp", "percentile_cont", "percentile_disc", "mode", "median",
            "approx_count_distinct", "approx_distinct", "approx_percentile", "approx_quantiles", "approx_top_count",
            "count_if", "countif", "uniq", "uniqexact", "arbitrary", "corr", "covar_pop", "covar_samp", "json_agg",
            "jsonb_agg", "json_object_agg", "jsonb_object_agg", "collect_list", "collect_set", "array_concat_agg",
            "logical_and", "logical_or", "bit_and", "bit_or", "bit_xor", "argmax", "argmin", "arg_max", "arg_min",
            "max_by", "min_by", "quantile", "quantiles", "quantileexact", "grouparray", "groupuniqarray", "topk",
            "sumif", "avgif", "countdistinct", "hll_count", "object_agg", "array_union_agg", "first", "last",
            "first_value_agg", "histogram", "list", "product", "string_agg_distinct", "regr_slope", "regr_intercept",
            "kurtosis", "skewness", "entropy", "fsum", "favg", "bitmap_union", "approx_median", "sum_distinct");

    private final StatementChecker checker;

    QueryShape(StatementChecker checker) {
        this.checker = checker;
    }

    /** Branches of one set operation must select as many columns each, where every branch's width is known. */
    void setOperation(SetOperationList list, List<List<String>> branches) {
        if (branches.stream().anyMatch(b -> b == null) || list.toString().toUpperCase(Locale.ROOT).contains("BY NAME")) {
            return;
        }
        int width = branches.get(0).size();
        for (int i = 1; i < branches.size(); i++) {
            if (branches.get(i).size() != width) {
                Select branch = list.getSelects().get(i);
                Object node = branch instanceof PlainSelect p && !p.getSelectItems().isEmpty()
                        ? p.getSelectItems().get(0).getExpression()
                        : branch;
                int[] at = checker.position(branch, node);
                checker.add(Kind.SET_OPERATION_COLUMNS.at(at,
                        "Branch " + (i + 1) + " of this set operation selects " + columns(branches.get(i).size())
                                + " and the first selects " + width + ": the database rejects it.",
                        null, null, "Select the same number of columns, in the same order, in every branch.", Set.of()));
                return;
            }
        }
    }

    /**
     * A select-list position in GROUP BY or ORDER BY: past the list (whose width is {@code width}, or -1 when unknown)
     * it is an error. Says whether the expression was a position.
     */
    boolean position(Expression e, int width, String clause) {
        if (!(e instanceof LongValue n)) {
            return false;
        }
        long p = n.getValue();
        if (p < 1 || width >= 0 && p > width) {
            int[] at = checker.position(e, null);
            checker.add(Kind.POSITION_OUT_OF_RANGE.at(at,
                    clause + " " + p + " names a select-list position, and the select list has "
                            + (width < 0 ? "no such column" : columns(width)) + ".",
                    null, null, "Name the expression, or a position from 1 to " + Math.max(width, 1) + ".", Set.of()));
        }
        return true;
    }

    /**
     * In a grouped or aggregating block, a selected column outside every aggregate that GROUP BY does not hold is an
     * error, unless GROUP BY holds a key of its table (the database then knows the column has one value per group).
     */
    void grouping(PlainSelect p, Scope scope, List<Expression> grouped, boolean byAll) {
        List<SelectItem<?>> items = p.getSelectItems();
        boolean aggregating = !grouped.isEmpty();
        for (SelectItem<?> item : items) {
            aggregating |= !aggregates(item.getExpression(), AGGREGATES, new ArrayList<>()).isEmpty();
        }
        boolean bad = grouped.stream()
                .anyMatch(g -> g instanceof LongValue n && (n.getValue() < 1 || n.getValue() > items.size()));
        if (!aggregating || byAll || bad || p.getGroupBy() != null && grouped.isEmpty()) {
            return; // an invalid GROUP BY is reported itself: what it leaves ungrouped would only repeat it
        }
        Set<String> groupedText = new HashSet<>();
        Set<String> groupedColumns = new HashSet<>();
        Set<Integer> groupedItems = new HashSet<>();
        for (Expression g : grouped) {
            groupedText.add(g.toString().toLowerCase(Locale.ROOT));
            if (g instanceof LongValue n) {
                groupedItems.add((int) n.getValue() - 1);
            } else if (g instanceof Column c) {
                Resolved r = checker.resolved.get(c);
                if (r != null) {
                    groupedColumns.add(key(r));
                }
                String name = StatementChecker.unquote(c.getColumnName());
                if (c.getTable() == null && scope.outputNames.containsKey(name)) {
                    groupedItems.add(scope.outputNames.get(name));
                }
            }
        }
        for (int i = 0; i < items.size(); i++) {
            Expression e = items.get(i).getExpression();
            if (groupedItems.contains(i) || groupedText.contains(e.toString().toLowerCase(Locale.ROOT))) {
                continue;
            }
            for (Column c : bareColumns(e)) {
                Resolved r = checker.resolved.get(c);
                if (r == null || !scope.sources.contains(r.source()) || groupedColumns.contains(key(r))
                        || keyGrouped(r.source(), groupedColumns)) {
                    continue;
                }
                int[] at = checker.position(c, null);
                checker.add(Kind.UNGROUPED_COLUMN.at(at,
                        c + " is selected outside every aggregate, and GROUP BY does not hold it: the database"
                                + " rejects the query, or (MySQL without ONLY_FULL_GROUP_BY) returns any one value per group.",
                        null, null, "Add " + c + " to GROUP BY, or select an aggregate of it (e.g. max(" + c + ")).",
                        Set.of()));
            }
        }
    }

    private static String columns(int n) {
        return n + (n == 1 ? " column" : " columns");
    }

    private static String key(Resolved r) {
        return System.identityHashCode(r.source()) + "." + r.column();
    }

    /** Whether GROUP BY holds every column of one of the source's keys, so each of its columns has one value. */
    private static boolean keyGrouped(Source source, Set<String> groupedColumns) {
        Statistics stats = source.stats();
        if (stats == null) {
            return false;
        }
        for (String column : stats.columns().keySet()) {
            if (stats.column(column).candidateKey() && groupedColumns.contains(key(new Resolved(source, column)))) {
                return true;
            }
        }
        for (List<String> key : stats.keys()) {
            if (key.stream().allMatch(c -> groupedColumns.contains(key(new Resolved(source, c))))) {
                return true;
            }
        }
        return false;
    }

    /** Whether the block aggregates without GROUP BY, so it returns one row and a LIMIT cannot pick among rows. */
    boolean aggregatesToOneRow(PlainSelect p) {
        if (p.getGroupBy() != null) {
            return false;
        }
        for (SelectItem<?> item : p.getSelectItems()) {
            if (!aggregates(item.getExpression(), AGGREGATES, new ArrayList<>()).isEmpty()) {
                return true;
            }
        }
        return false;
    }

    /**
     * A LIMIT (or TOP, FETCH) with no ORDER BY to say which rows: a note, unless the rows are only tested for
     * existence ({@code read} false) or the block aggregates to one row.
     */
    void limit(Select select, List<OrderByElement> orderBy, boolean read, boolean oneRow) {
        if (!read || oneRow || orderBy != null && !orderBy.isEmpty()) {
            return;
        }
        Object node = null;
        if (select.getLimit() != null && select.getLimit().getRowCount() != null && !select.getLimit().isLimitAll()
                && !select.getLimit().isLimitNull() && select.getLimit().getByExpressions() == null) {
            node = select.getLimit();
        } else if (select.getFetch() != null) {
            node = select.getFetch();
        } else if (select instanceof PlainSelect p && p.getTop() != null) {
            node = p.getTop();
        }
        if (node == null) {
            return;
        }
        int[] at = checker.position(node, select.getLimit() != null
                ? select.getLimit().getRowCount()
                : checker.wordAt(select.getFetch() != null ? "FETCH" : "TOP", true));
        checker.add(Kind.LIMIT_WITHOUT_ORDER.at(at,
                "This query limits its rows with no ORDER BY: which rows come back is up to the engine and may change"
                        + " between runs.",
                null, null, "Add an ORDER BY that says which rows are wanted.", Set.of()));
    }

    // ---------------------------------------------------------------- expression helpers

    /** Adds to {@code out} the calls of the named functions in {@code e}, outside subqueries and windows. */
    static List<Expression> aggregates(Expression e, Set<String> names, List<Expression> out) {
        e.accept(new OwnParts() {

            @Override
            public <S> Void visit(Function f, S context) {
                String name = f.getName() == null ? "" : f.getName().toLowerCase(Locale.ROOT);
                if (names.contains(name) || names == AGGREGATES && name.endsWith("if") && name.length() > 2
                        && AGGREGATES.contains(name.substring(0, name.length() - 2))) {
                    if (!(names != AGGREGATES && (f.isAllColumns() || f.isDistinct()))) {
                        out.add(f);
                    }
                    return null;
                }
                return super.visit(f, context);
            }

            @Override
            public <S> Void visit(AnalyticExpression a, S context) {
                return null;
            }
        }, null);
        return out;
    }

    /** The calls of the named functions in a block's select list and HAVING (COUNT(*) and DISTINCT ones left out). */
    static List<Expression> aggregates(PlainSelect p, Set<String> names) {
        List<Expression> out = new ArrayList<>();
        for (SelectItem<?> item : p.getSelectItems()) {
            aggregates(item.getExpression(), names, out);
        }
        if (p.getHaving() != null) {
            aggregates(p.getHaving(), names, out);
        }
        return out;
    }

    /** The columns {@code e} reads, outside subqueries. */
    static List<Column> columnsIn(Expression e) {
        ColumnsRead read = new ColumnsRead(false);
        e.accept(read, null);
        return read.columns;
    }

    /** The columns {@code e} reads outside every function call, window and subquery: those grouping must hold. */
    private static List<Column> bareColumns(Expression e) {
        ColumnsRead read = new ColumnsRead(true);
        e.accept(read, null);
        return read.columns;
    }

    /** An expression's own parts, its subqueries left out: they are blocks of their own, checked there. */
    private static class OwnParts extends ExpressionVisitorAdapter<Void> {

        @Override
        public <S> Void visit(ParenthesedSelect s, S context) {
            return null;
        }

        @Override
        public <S> Void visit(Select s, S context) {
            return null;
        }
    }

    /** The columns an expression reads; {@code bare}: only those outside every function call and window. */
    private static final class ColumnsRead extends OwnParts {

        private final boolean bare;
        private final List<Column> columns = new ArrayList<>();

        ColumnsRead(boolean bare) {
            this.bare = bare;
        }

        @Override
        public <S> Void visit(Column c, S context) {
            columns.add(c);
            return null;
        }

        @Override
        public <S> Void visit(Function f, S context) {
            return bare ? null : super.visit(f, context);
        }

        @Override
        public <S> Void visit(AnalyticExpression a, S context) {
            return bare ? null : super.visit(a, context);
        }
    }
}
