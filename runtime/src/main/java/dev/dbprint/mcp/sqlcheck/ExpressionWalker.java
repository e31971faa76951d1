package dev.dbprint.mcp.sqlcheck;

import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Collections;
import java.util.Deque;
import java.util.IdentityHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Set;

import dev.dbprint.mcp.sqlcheck.StatementChecker.Clause;
import net.sf.jsqlparser.expression.AnyComparisonExpression;
import net.sf.jsqlparser.expression.BinaryExpression;
import net.sf.jsqlparser.expression.Expression;
import net.sf.jsqlparser.expression.ExpressionVisitorAdapter;
import net.sf.jsqlparser.expression.Function;
import net.sf.jsqlparser.expression.JsonExpression;
import net.sf.jsqlparser.expression.LambdaExpression;
import net.sf.jsqlparser.expression.Parenthesis;
import net.sf.jsqlparser.expression.operators.conditional.AndExpression;
import net.sf.jsqlparser.expression.operators.conditional.OrExpression;
import net.sf.jsqlparser.expression.operators.relational.Between;
import net.sf.jsqlparser.expression.operators.relational.EqualsTo;
import net.sf.jsqlparser.expression.operators.relational.ExistsExpression;
import net.sf.jsqlparser.expression.operators.relational.ExpressionList;
import net.sf.jsqlparser.expression.operators.relational.GreaterThan;
import net.sf.jsqlparser.expression.operators.relational.GreaterThanEquals;
import net.sf.jsqlparser.expression.operators.relational.InExpression;
import net.sf.jsqlparser.expression.operators.relational.IsNullExpression;
import net.sf.jsqlparser.expression.operators.relational.LikeExpression;
import net.sf.jsqlparser.expression.operators.relational.MinorThan;
import net.sf.jsqlparser.expression.operators.relational.MinorThanEquals;
import net.sf.jsqlparser.expression.operators.relational.NotEqualsTo;
import net.sf.jsqlparser.schema.Column;
import net.sf.jsqlparser.statement.select.ParenthesedSelect;
import net.sf.jsqlparser.statement.select.Select;

/**
 * Walks one expression of one clause: columns are resolved as met, subqueries in any position are checked as queries
 * of their own (seeing this block's names), and a predicate is checked after its operands are. AND and OR chains are
 * walked as lists, so ten thousand terms do not mean ten thousand frames.
 */
final class ExpressionWalker extends ExpressionVisitorAdapter<Void> {

    /** Words a date function takes as a keyword argument, which a parser reads as a column: DATEADD(day, ...). */
    private static final Set<String> DATE_PARTS = Set.of("year", "years", "yyyy", "yy", "y", "quarter", "quarters", "qtr",
            "q", "month", "months", "mon", "mm", "week", "weeks", "wk", "w", "isoweek", "weekiso", "week_iso", "weekday",
            "dayofweek", "dayofweekiso", "dow", "dayofyear", "doy", "yearofweek", "yearofweekiso", "day", "days", "dd",
            "d", "hour", "hours", "hh", "h", "minute", "minutes", "mi", "n", "second", "seconds", "ss", "s",
            "millisecond", "milliseconds", "ms", "microsecond", "microseconds", "us", "nanosecond", "nanoseconds", "ns",
            "epoch", "epoch_second", "epoch_millisecond", "isoyear", "isodow", "decade", "century", "millennium", "date",
            "time", "datetime", "timezone_hour", "timezone_minute", "sunday", "monday", "tuesday", "wednesday",
            "thursday", "friday", "saturday", "dayofmonth", "day_of_week", "day_of_year", "week_of_year");

    private final StatementChecker checker;
    private final Scope scope;
    private final Clause clause;
    private final JoinCheck.Pairs pairs;
    private final List<Column> columns;
    /** The conjuncts of the WHERE being walked: a predicate among them filters every row it is false on. */
    private final Set<Expression> conjuncts;
    /** Function arguments the function may take as keywords. */
    private final Set<Column> keywords = Collections.newSetFromMap(new IdentityHashMap<>());

    ExpressionWalker(StatementChecker checker, Scope scope, Clause clause, JoinCheck.Pairs pairs, List<Column> columns) {
        this.checker = checker;
        this.scope = scope;
        this.clause = clause;
        this.pairs = pairs;
        this.columns = columns;
        this.conjuncts = Collections.newSetFromMap(new IdentityHashMap<>());
    }

    @Override
    public <S> Void visit(Column column, S context) {
        columns.add(column);
        ColumnNames.Resolved r = checker.names.column(column, scope, clause, keywords.contains(column));
        if (r != null) {
            checker.resolved.put(column, r);
        }
        return null;
    }

    @Override
    public <S> Void visit(ParenthesedSelect select, S context) {
        checker.query(select, scope, scope.ctes, false);
        return null;
    }

    @Override
    public <S> Void visit(Select select, S context) {
        checker.query(select, scope, scope.ctes, false);
        return null;
    }

    @Override
    public <S> Void visit(ExistsExpression exists, S context) {
        boolean outer = checker.existence;
        checker.existence = true;
        try {
            exists.getRightExpression().accept(this, context);
        } finally {
            checker.existence = outer;
        }
        return null;
    }

    @Override
    public <S> Void visit(AnyComparisonExpression any, S context) {
        checker.query(any.getSelect(), scope, scope.ctes, false);
        return null;
    }

    @Override
    public <S> Void visit(Function function, S context) {
        ExpressionList<?> parameters = function.getParameters();
        if (parameters != null) {
            for (Object p : parameters) {
                if (p instanceof Column c && c.getTable() == null && !StatementChecker.quoted(c.getColumnName())
                        && DATE_PARTS.contains(c.getColumnName().toLowerCase(Locale.ROOT))) {
                    keywords.add(c);
                }
            }
        }
        List<String> lambdas = checker.dialect().arrowLambdas() ? arrowParameters(parameters) : List.of();
        try {
            super.visit(function, context);
            if (function.getNamedParameters() != null) {
                function.getNamedParameters().getExpressions().forEach(e -> ((Expression) e).accept(this, context));
            }
        } finally {
            lambdas.forEach(scope.lambdaParameters::remove);
        }
        return null;
    }

    /**
     * The parameters of {@code x -> ...} lambdas among a function's arguments, now in scope. The parser reads such a
     * lambda as a JSON arrow whose base is the parameter, at the left end of the argument.
     */
    private List<String> arrowParameters(ExpressionList<?> parameters) {
        if (parameters == null) {
            return List.of();
        }
        List<String> added = new ArrayList<>();
        for (Object p : parameters) {
            Expression e = (Expression) p;
            while (e instanceof BinaryExpression b) {
                e = b.getLeftExpression();
            }
            if (e instanceof JsonExpression json && json.getExpression() instanceof Column c && c.getTable() == null
                    && !json.getOperators().isEmpty() && "->".equals(json.getOperators().get(0))) {
                String name = StatementChecker.unquote(c.getColumnName());
                if (scope.lambdaParameters.add(name)) {
                    added.add(name);
                }
            }
        }
        return added;
    }

    @Override
    public <S> Void visit(LambdaExpression lambda, S context) {
        List<String> added = lambda.getIdentifiers().stream().map(StatementChecker::unquote)
                .filter(scope.lambdaParameters::add).toList();
        try {
            lambda.getExpression().accept(this, context);
        } finally {
            added.forEach(scope.lambdaParameters::remove);
        }
        return null;
    }

    /** Walks the WHERE clause: its conjuncts are known first, so a predicate knows it filters the whole result. */
    void where(Expression where) {
        Deque<Expression> todo = new ArrayDeque<>();
        todo.push(where);
        while (!todo.isEmpty()) {
            Expression e = todo.pop();
            if (e instanceof AndExpression and) {
                todo.push(and.getRightExpression());
                todo.push(and.getLeftExpression());
            } else if (e instanceof Parenthesis p) {
                todo.push(p.getExpression());
            } else {
                conjuncts.add(e);
            }
        }
        where.accept(this, null);
    }

    boolean conjunct(Expression predicate) {
        return conjuncts.contains(predicate);
    }

    @Override
    public <S> Void visit(AndExpression and, S context) {
        chain(and, AndExpression.class, context);
        return null;
    }

    @Override
    public <S> Void visit(OrExpression or, S context) {
        chain(or, OrExpression.class, context);
        return null;
    }

    /** A left-deep chain of one operator, walked left to right without recursing down its spine. */
    private <S> void chain(BinaryExpression top, Class<? extends BinaryExpression> operator, S context) {
        Deque<Expression> rights = new ArrayDeque<>();
        Expression e = top;
        while (operator.isInstance(e)) {
            BinaryExpression b = (BinaryExpression) e;
            rights.push(b.getRightExpression());
            e = b.getLeftExpression();
        }
        checker.budget().check();
        e.accept(this, context);
        while (!rights.isEmpty()) {
            rights.pop().accept(this, context);
        }
    }

    @Override
    public <S> Void visit(EqualsTo e, S context) {
        super.visit(e, context);
        checker.predicates.comparison(e, "=", this, pairs);
        return null;
    }

    @Override
    public <S> Void visit(NotEqualsTo e, S context) {
        super.visit(e, context);
        checker.predicates.comparison(e, "<>", this, pairs);
        return null;
    }

    @Override
    public <S> Void visit(GreaterThan e, S context) {
        super.visit(e, context);
        checker.predicates.comparison(e, ">", this, pairs);
        return null;
    }

    @Override
    public <S> Void visit(GreaterThanEquals e, S context) {
        super.visit(e, context);
        checker.predicates.comparison(e, ">=", this, pairs);
        return null;
    }

    @Override
    public <S> Void visit(MinorThan e, S context) {
        super.visit(e, context);
        checker.predicates.comparison(e, "<", this, pairs);
        return null;
    }

    @Override
    public <S> Void visit(MinorThanEquals e, S context) {
        super.visit(e, context);
        checker.predicates.comparison(e, "<=", this, pairs);
        return null;
    }

    @Override
    public <S> Void visit(InExpression e, S context) {
        super.visit(e, context);
        checker.predicates.in(e, this);
        return null;
    }

    @Override
    public <S> Void visit(LikeExpression e, S context) {
        super.visit(e, context);
        checker.predicates.like(e, this);
        return null;
    }

    @Override
    public <S> Void visit(IsNullExpression e, S context) {
        super.visit(e, context);
        checker.predicates.isNull(e, this);
        return null;
    }

    @Override
    public <S> Void visit(Between e, S context) {
        super.visit(e, context);
        checker.predicates.between(e, this);
        return null;
    }

    /** The resolution of a column node met earlier in this statement, or null. */
    ColumnNames.Resolved resolution(Expression e) {
        return e instanceof Column c ? checker.resolved.get(c) : null;
    }
}
