package dev.dbprint.mcp.sqlcheck;

import java.math.BigDecimal;
import java.time.LocalDate;
import java.time.LocalTime;
import java.time.format.DateTimeParseException;
import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Locale;
import java.util.Set;
import java.util.regex.Pattern;

import dev.dbprint.mcp.print.model.ColumnStats;
import dev.dbprint.mcp.print.model.Raw;
import dev.dbprint.mcp.print.model.Statistics;
import dev.dbprint.mcp.print.model.StatisticsAnnotations;
import dev.dbprint.mcp.print.model.ValueEntry;
import dev.dbprint.mcp.render.vocabulary.Literals;
import dev.dbprint.mcp.render.vocabulary.Term;
import dev.dbprint.mcp.search.PublishedValues;
import dev.dbprint.mcp.search.ValueResolver;
import dev.dbprint.mcp.sqlcheck.ColumnNames.Resolved;
import dev.dbprint.mcp.sqlcheck.Finding.Kind;
import net.sf.jsqlparser.expression.BinaryExpression;
import net.sf.jsqlparser.expression.BooleanValue;
import net.sf.jsqlparser.expression.DateTimeLiteralExpression;
import net.sf.jsqlparser.expression.DoubleValue;
import net.sf.jsqlparser.expression.Expression;
import net.sf.jsqlparser.expression.Function;
import net.sf.jsqlparser.expression.LongValue;
import net.sf.jsqlparser.expression.NullValue;
import net.sf.jsqlparser.expression.SignedExpression;
import net.sf.jsqlparser.expression.StringValue;
import net.sf.jsqlparser.expression.operators.conditional.AndExpression;
import net.sf.jsqlparser.expression.operators.relational.Between;
import net.sf.jsqlparser.expression.operators.relational.EqualsTo;
import net.sf.jsqlparser.expression.operators.relational.ExpressionList;
import net.sf.jsqlparser.expression.operators.relational.InExpression;
import net.sf.jsqlparser.expression.operators.relational.IsNullExpression;
import net.sf.jsqlparser.expression.operators.relational.LikeExpression;
import net.sf.jsqlparser.schema.Column;
import net.sf.jsqlparser.statement.select.ParenthesedSelect;
import net.sf.jsqlparser.statement.select.PlainSelect;

/**
 * The checks on one predicate whose operands resolved: a literal against the column's type and, where the print lists
 * the column's whole domain, against that list — through resolve_value's own ladder ({@link ValueResolver}), so the
 * spelling offered is the one resolve_value would give; {@code = NULL}; a column NULL on every scanned row; and, inside
 * a join's {@code ON}, each column-to-column equality handed to {@link JoinCheck}.
 */
final class PredicateCheck {

    /** What a literal is, as far as a comparison's type goes. */
    enum LiteralType {
        STRING, NUMBER, TEMPORAL, BOOLEAN
    }

    record Literal(LiteralType type, String text) {
    }

    /** A column's type family, from its sql_type. */
    enum Family {
        NUMERIC, TEMPORAL, STRING, BOOLEAN, OTHER
    }

    /** The most values a finding lists from a domain. */
    static final int DOMAIN_SHOWN = 10;

    private final StatementChecker checker;
    private final PrintFacts facts;
    private final Dialect dialect;

    PredicateCheck(StatementChecker checker, PrintFacts facts, Dialect dialect) {
        this.checker = checker;
        this.facts = facts;
        this.dialect = dialect;
    }

    /** A comparison; inside a join condition or WHERE, a column-to-column equality goes to {@code pairs}. */
    void comparison(BinaryExpression e, String op, ExpressionWalker walker, JoinCheck.Pairs pairs) {
        Expression left = e.getLeftExpression();
        Expression right = e.getRightExpression();
        Resolved l = walker.resolution(left);
        Resolved r = walker.resolution(right);
        if (left instanceof NullValue || right instanceof NullValue) {
            if (op.equals("=") || op.equals("<>")) {
                nullComparison(e, op, left instanceof NullValue ? right : left);
            }
            return;
        }
        if (l != null && r != null) {
            if (e instanceof EqualsTo && pairs != null && l.source() != r.source()) {
                pairs.add(l, r, checker.position(left, null));
            }
            return;
        }
        Resolved c = l != null ? l.print() : r == null ? null : r.print();
        Expression columnSide = l != null ? left : right;
        Literal literal = literal(l != null ? right : left);
        if (c == null) {
            aggregateOfAlwaysNull(left, walker);
            aggregateOfAlwaysNull(right, walker);
            return;
        }
        if (alwaysNull(c, columnSide, op.equals("<>") ? "is never true" : "matches no row", walker.conjunct(e))) {
            return;
        }
        if (literal == null || !typeFits(c, columnSide, literal) || redacted(c, columnSide)) {
            return;
        }
        if (op.equals("=") || op.equals("<>")) {
            value(c, columnSide, literal, op.equals("=") ? Use.EQUALS : Use.NOT_EQUALS);
        }
    }

    void in(InExpression e, ExpressionWalker walker) {
        if (e.isNot()) {
            notIn(e, walker);
        }
        Resolved c = print(walker.resolution(e.getLeftExpression()));
        if (c == null) {
            return;
        }
        if (alwaysNull(c, e.getLeftExpression(), e.isNot() ? "is never true" : "matches no row", walker.conjunct(e))
                || !(e.getRightExpression() instanceof ExpressionList<?> list)) {
            return;
        }
        List<Literal> literals = new ArrayList<>();
        for (Object item : list) {
            Literal literal = literal((Expression) item);
            if (literal != null && typeFits(c, e.getLeftExpression(), literal)) {
                literals.add(literal);
            }
        }
        if (e.isNot() || literals.isEmpty() || redacted(c, e.getLeftExpression())) {
            return;
        }
        PublishedValues values = domain(c);
        if (values == null) {
            return;
        }
        boolean anyStored = false;
        for (Literal literal : literals) {
            anyStored |= stored(c, values, literal);
        }
        for (Literal literal : literals) {
            value(c, e.getLeftExpression(), literal, anyStored ? Use.IN_PARTLY : Use.IN_NONE);
        }
    }

    /**
     * {@code x NOT IN (...)} over values that hold a NULL: a NULL among them makes the predicate unknown for every row,
     * so it matches nothing. A list with a NULL literal proves it; a subquery's column proves it when the print saw
     * NULLs in it and the subquery does not filter them out.
     */
    private void notIn(InExpression e, ExpressionWalker walker) {
        int[] at = checker.position(e.getLeftExpression(), e);
        if (e.getRightExpression() instanceof ExpressionList<?> list) {
            for (Object item : list) {
                if (item instanceof NullValue) {
                    checker.add(Kind.NOT_IN_NULLABLE.at(at,
                            "This NOT IN list holds NULL, so the predicate is never true and matches no row.", null,
                            null, "Leave NULL out of the list, and add OR ... IS NULL if NULL rows are wanted.",
                            Set.of()));
                    return;
                }
            }
            return;
        }
        if (!(e.getRightExpression() instanceof ParenthesedSelect sub) || !(sub.getSelect() instanceof PlainSelect p)
                || p.getSelectItems() == null || p.getSelectItems().size() != 1) {
            return;
        }
        Expression selected = p.getSelectItems().get(0).getExpression();
        Resolved c = print(walker.resolution(selected));
        ColumnStats block = c == null ? null : c.block();
        if (block == null || block.nullRate() == null || Raw.compare(block.nullRate(), BigDecimal.ZERO) <= 0
                || filtersNulls(p.getWhere(), selected)) {
            return;
        }
        boolean scoped = c.source().stats().scoped();
        add(c, scoped, Kind.NOT_IN_NULLABLE, at,
                "The subquery of this NOT IN selects " + name(c) + ", which is NULL on some rows (null_rate: "
                        + block.nullRate() + (scoped ? ", over the rows scanned" : "")
                        + "): once it returns a NULL, NOT IN is never true and the predicate matches no row.",
                "null_rate", "Write NOT EXISTS, or add WHERE " + selected + " IS NOT NULL to the subquery.",
                scoped ? Set.of(Term.OVER_ROWS_SCANNED) : Set.of());
    }

    /** The print column a resolution is or passes on, or null. */
    private static Resolved print(Resolved r) {
        return r == null ? null : r.print();
    }

    /** Whether a WHERE's conjuncts include {@code column IS NOT NULL}. */
    private static boolean filtersNulls(Expression where, Expression column) {
        if (where instanceof AndExpression and) {
            return filtersNulls(and.getLeftExpression(), column) || filtersNulls(and.getRightExpression(), column);
        }
        return where instanceof IsNullExpression isNull && isNull.isNot()
                && isNull.getLeftExpression().toString().equalsIgnoreCase(column.toString());
    }

    void like(LikeExpression e, ExpressionWalker walker) {
        Resolved c = print(walker.resolution(e.getLeftExpression()));
        if (c == null) {
            return;
        }
        if (alwaysNull(c, e.getLeftExpression(), e.isNot() ? "is never true" : "matches no row", walker.conjunct(e))) {
            return;
        }
        Literal pattern = literal(e.getRightExpression());
        if (e.isNot() || pattern == null || pattern.type() != LiteralType.STRING || redacted(c, e.getLeftExpression())) {
            return;
        }
        PublishedValues values = domain(c);
        if (values == null) {
            return;
        }
        boolean insensitive = e.isCaseInsensitive() || caseBlind()
                || e.getLikeKeyWord() != null && e.getLikeKeyWord().name().equals("ILIKE");
        String escape = e.getEscape() instanceof StringValue s ? text(s) : null;
        Pattern regex = likeRegex(pattern.text(), escape, insensitive);
        for (ValueEntry v : values.entries()) {
            if (regex.matcher(v.text()).matches()) {
                return;
            }
        }
        int[] at = checker.position(e.getLeftExpression(), null);
        boolean scoped = values.scoped();
        add(c, scoped, Kind.PATTERN_MATCHES_NOTHING, at,
                "The pattern " + Literals.of(pattern.text()) + " matches none of the " + values.listed() + " values "
                        + name(c) + " holds" + overWhat(scoped) + ": " + shown(values) + ".",
                "values", "Write the pattern against the values listed, or compare with one of them exactly.",
                domainTerms(scoped));
    }

    void isNull(IsNullExpression e, ExpressionWalker walker) {
        Resolved c = print(walker.resolution(e.getLeftExpression()));
        if (c != null) {
            alwaysNull(c, e.getLeftExpression(), e.isNot() ? "matches no row" : "is true on every row",
                    e.isNot() && walker.conjunct(e));
        }
    }

    void between(Between e, ExpressionWalker walker) {
        Resolved c = print(walker.resolution(e.getLeftExpression()));
        if (c == null || alwaysNull(c, e.getLeftExpression(), e.isNot() ? "is never true" : "matches no row",
                walker.conjunct(e))) {
            return;
        }
        for (Expression bound : List.of(e.getBetweenExpressionStart(), e.getBetweenExpressionEnd())) {
            Literal literal = literal(bound);
            if (literal != null) {
                typeFits(c, e.getLeftExpression(), literal);
            }
        }
    }

    // ---------------------------------------------------------------- NULL and redaction

    private void nullComparison(Expression e, String op, Expression anchor) {
        int[] at = checker.position(anchor, e);
        String written = op.equals("=") ? "= NULL" : "<> NULL";
        checker.add(Kind.NULL_COMPARISON.at(at,
                "'" + e + "' compares with " + written + ", which is never true: a comparison with NULL is unknown.",
                null, null, "Write IS " + (op.equals("=") ? "" : "NOT ") + "NULL instead.", Set.of()));
    }

    /**
     * Adds the always-NULL finding when the print shows the column NULL on every scanned row; says whether it did. A
     * conjunct of WHERE that is never true empties the whole result: an error; elsewhere a warning.
     */
    private boolean alwaysNull(Resolved c, Expression columnSide, String effect, boolean conjunct) {
        ColumnStats block = c.block();
        Statistics stats = c.source().stats();
        if (block == null || stats.catalogOnly() || block.nullRate() == null
                || Raw.compare(block.nullRate(), BigDecimal.ONE) != 0) {
            return false;
        }
        int[] at = checker.position(columnSide, null);
        boolean scoped = stats.scoped();
        boolean empties = conjunct && !effect.startsWith("is true");
        add(c, !empties || scoped, Kind.ALWAYS_NULL, at,
                name(c) + " is NULL on every row the print read (null_rate: 1.0" + (scoped ? ", over the rows scanned" : "")
                        + "), so this predicate " + effect + (empties ? " and the query returns nothing" : "") + ".",
                "null_rate", "Check whether the column is the one meant; the print holds no value for it.",
                scoped ? Set.of(Term.OVER_ROWS_SCANNED) : Set.of());
        return true;
    }

    /** {@code max(c) < 5} where c is NULL on every row: the aggregate is NULL, so the comparison is never true. */
    private void aggregateOfAlwaysNull(Expression side, ExpressionWalker walker) {
        if (side instanceof Function f && f.getParameters() != null
                && f.getParameters().size() == 1 && f.getName() != null
                && Set.of("max", "min", "sum", "avg").contains(f.getName().toLowerCase(Locale.ROOT))) {
            Expression arg = (Expression) f.getParameters().get(0);
            Resolved c = print(walker.resolution(arg));
            if (c != null) {
                alwaysNull(c, arg, "is never true", false);
            }
        }
    }

    /** A note when the column's values are withheld, so no literal can be checked against them; says whether. */
    private boolean redacted(Resolved c, Expression columnSide) {
        ColumnStats block = c.block();
        if (block == null || block.redacted() == null) {
            return false;
        }
        add(c, false, Kind.REDACTED_VALUE, checker.position(columnSide, null),
                "The print withholds the values of " + name(c) + " (redacted: " + block.redacted()
                        + "), so whether this literal is stored cannot be checked.",
                "redacted", "Check the literal against the database itself, or with the person who owns the data.",
                Set.of(Term.REDACTED));
        return true;
    }

    // ---------------------------------------------------------------- types

    /** Adds a finding when the literal's type does not fit the column's; says whether it fits. */
    private boolean typeFits(Resolved c, Expression columnSide, Literal literal) {
        ColumnStats block = c.block();
        if (block == null || block.sqlType() == null) {
            return true;
        }
        Family family = family(block.sqlType());
        String problem = null;
        String fix = null;
        if (literal.type() == LiteralType.STRING && family == Family.NUMERIC) {
            if (number(literal.text()) == null) {
                problem = "the string literal " + Literals.of(literal.text())
                        + " is compared with a numeric column and is no number";
                fix = "Compare with a number, or with the column the text belongs to.";
            } else if (dialect.stringsNeverCastToNumbers()) {
                problem = "the string literal " + Literals.of(literal.text()) + " is compared with a numeric column, and "
                        + dialect.wire() + " does not cast a string to a number in a comparison";
                fix = "Write the number bare: " + literal.text().strip() + ".";
            }
        } else if (literal.type() == LiteralType.STRING && family == Family.TEMPORAL && !temporal(literal.text())) {
            problem = "the string literal " + Literals.of(literal.text()) + " is compared with a date/time column and"
                    + " does not read as a date or time";
            fix = "Write an ISO date or timestamp, e.g. '2026-01-31' or '2026-01-31 12:00:00'.";
        } else if (literal.type() == LiteralType.NUMBER && family == Family.STRING && dialect.numbersNeverCastToText()) {
            problem = "the number " + literal.text() + " is compared with a text column, and " + dialect.wire()
                    + " has no comparison of text with a number";
            fix = "Quote it as the column stores it: " + Literals.of(literal.text()) + ".";
        } else if (literal.type() == LiteralType.NUMBER && family == Family.TEMPORAL) {
            problem = "the number " + literal.text() + " is compared with a date/time column";
            fix = "Compare with a date or timestamp literal.";
        }
        if (problem == null) {
            return true;
        }
        int[] at = checker.position(columnSide, null);
        add(c, false, Kind.TYPE_MISMATCH, at,
                "In the comparison with " + name(c) + " (sql_type " + block.sqlType() + "), " + problem + ".", "sql_type",
                fix, Set.of());
        return false;
    }

    private static final Pattern OTHER_TYPES = Pattern.compile("\\b(struct|map|tuple|array|record|variant|object|super|"
            + "jsonb?|geography|geometry|point|polygon|uuid|bool|boolean|bytes|bytea|blob|binary|varbinary|bit|interval|"
            + "hstore|inet|cidr|ipv4|ipv6|xml|tsvector|range|nested)\\b");
    private static final Pattern TEMPORAL_TYPES = Pattern
            .compile("\\b(date|date32|time|timetz|timestamp\\w*|datetime\\w*|smalldatetime|year)\\b");
    private static final Pattern NUMERIC_TYPES = Pattern.compile("\\b(u?int\\d*|integer|bigint|smallint|tinyint|mediumint|"
            + "hugeint|uhugeint|byteint|numeric|decimal\\d*|dec|float\\d*|double|real|number|money|smallmoney|"
            + "bignumeric|serial|bigserial|smallserial)\\b");
    private static final Pattern STRING_TYPES = Pattern.compile("\\b(char|varchar|character|text|string|clob|enum\\d*|"
            + "nvarchar|nchar|citext|fixedstring|tinytext|mediumtext|longtext|name|bpchar)\\b");

    /** A column's type family by the words of its sql_type, wrappers (Nullable, LowCardinality, arrays) included. */
    static Family family(String sqlType) {
        String t = sqlType.toLowerCase(Locale.ROOT);
        if (t.contains("[]") || OTHER_TYPES.matcher(t).find()) {
            return t.matches("(bool|boolean|tinyint\\(1\\))") ? Family.BOOLEAN : Family.OTHER;
        }
        if (TEMPORAL_TYPES.matcher(t).find()) {
            return Family.TEMPORAL;
        }
        if (NUMERIC_TYPES.matcher(t).find()) {
            return Family.NUMERIC;
        }
        return STRING_TYPES.matcher(t).find() ? Family.STRING : Family.OTHER;
    }

    private static BigDecimal number(String text) {
        try {
            return new BigDecimal(text.strip());
        } catch (NumberFormatException e) {
            return null;
        }
    }

    /** Whether the text reads as an ISO date, time, or date and time (what every engine casts from a string). */
    static boolean temporal(String text) {
        String s = text.strip();
        if (s.length() >= 10) {
            try {
                LocalDate.parse(s.substring(0, 10));
                String rest = s.substring(10);
                return rest.isEmpty()
                        || rest.matches("[T ]\\d{2}:\\d{2}(:\\d{2}(\\.\\d+)?)?\\s*(Z|[+-]\\d{2}(:?\\d{2})?|[A-Za-z_/]+)?");
            } catch (DateTimeParseException e) {
                return false;
            }
        }
        try {
            LocalTime.parse(s);
            return true;
        } catch (DateTimeParseException e) {
            return false;
        }
    }

    // ---------------------------------------------------------------- values

    private enum Use {
        EQUALS, NOT_EQUALS, IN_PARTLY, IN_NONE
    }

    /**
     * The column's list when it is its whole domain and can be matched against (not redacted, measured), else null. A
     * sampled list proves nothing about an absent value, so it is never checked.
     */
    private PublishedValues domain(Resolved c) {
        ColumnStats block = c.block();
        if (block == null || !block.isWholeDomain()) {
            return null;
        }
        StatisticsAnnotations annotations = facts.statisticsAnnotations(c.source().table()).orElse(null);
        PublishedValues values = PublishedValues.of(c.source().stats(), block, false,
                annotations == null ? null : annotations.column(c.column()));
        return values.unavailable() == null ? values : null;
    }

    private boolean stored(Resolved c, PublishedValues values, Literal literal) {
        Boolean byValue = storedByValue(c, values, literal);
        if (byValue != null) {
            return byValue;
        }
        ValueResolver.Resolution r = ValueResolver.resolve(values, literal.text());
        return r.match() == ValueResolver.Match.STORED && (exact(r, literal) || caseBlind());
    }

    /**
     * Whether the literal is stored when the engine compares it by value rather than by spelling — a number (with a
     * numeric column or text), a date or time with a temporal column — or null when it compares text as text. A date
     * or time literal of another shape than the stored values (a timestamp against dates) counts as stored: the print
     * cannot tell how the engine casts it.
     */
    private static Boolean storedByValue(Resolved c, PublishedValues values, Literal literal) {
        Family family = c.block() == null || c.block().sqlType() == null ? Family.OTHER : family(c.block().sqlType());
        if (family == Family.TEMPORAL) {
            String wanted = TemporalText.canonical(literal.text());
            if (wanted == null) {
                return true;
            }
            for (ValueEntry v : values.entries()) {
                String stored = TemporalText.canonical(v.text());
                if (stored == null || TemporalText.shape(stored) != TemporalText.shape(wanted) || stored.equals(wanted)) {
                    return true;
                }
            }
            return false;
        }
        if (literal.type() == LiteralType.NUMBER || family == Family.NUMERIC && number(literal.text()) != null) {
            return numericallyStored(values, literal.text());
        }
        return null;
    }

    /** Whether a stored value equals the number, as the engine compares a number with text: by value, not spelling. */
    private static boolean numericallyStored(PublishedValues values, String literal) {
        BigDecimal n = number(literal);
        for (ValueEntry v : values.entries()) {
            BigDecimal stored = number(v.text());
            if (n != null && stored != null && stored.compareTo(n) == 0) {
                return true;
            }
        }
        return false;
    }

    /** Whether the engine compares text without regard to case or trailing blanks (MySQL's default collations). */
    private boolean caseBlind() {
        return dialect == Dialect.MYSQL;
    }

    private static boolean exact(ValueResolver.Resolution r, Literal literal) {
        for (ValueResolver.Candidate spelling : r.items()) {
            Object v = spelling.value();
            if (v instanceof String s ? s.equals(literal.text()) : literal.type() == LiteralType.NUMBER) {
                return true;
            }
        }
        return false;
    }

    private void value(Resolved c, Expression columnSide, Literal literal, Use use) {
        if (literal.type() == LiteralType.BOOLEAN || literal.type() == LiteralType.TEMPORAL || c.block() == null
                || c.block().sqlType() != null && family(c.block().sqlType()) == Family.BOOLEAN) {
            return; // 't', 'true', 1 and TRUE are one boolean to the engine, whatever the list spells
        }
        PublishedValues values = domain(c);
        Boolean byValue = values == null ? null : storedByValue(c, values, literal);
        if (values == null || Boolean.TRUE.equals(byValue)) {
            return;
        }
        ValueResolver.Resolution r = ValueResolver.resolve(values, literal.text());
        boolean scoped = values.scoped();
        int[] at = checker.position(columnSide, null);
        String lit = literal.type() == LiteralType.STRING ? Literals.of(literal.text()) : literal.text();
        if (byValue == null && r.match() == ValueResolver.Match.STORED && (exact(r, literal) || caseBlind())) {
            if (r.items().size() > 1 && use == Use.EQUALS && !caseBlind()) {
                add(c, false, Kind.VALUE_SPELLINGS, at,
                        lit + " is one of " + r.items().size() + " stored spellings of one value in " + name(c) + ": "
                                + entries(r.items()) + "; = matches only this one.",
                        "values", "Write IN (" + literals(r.items()) + ") to match every spelling.", Set.of(Term.SPELLING));
            }
            return;
        }
        // a predicate that still matches rows (<>, a partly stored IN list), or a sampled list, proves less
        boolean weaker = scoped || use == Use.NOT_EQUALS || use == Use.IN_PARTLY;
        String effect = switch (use) {
            case EQUALS -> "so this comparison matches no row";
            case NOT_EQUALS -> "so this comparison keeps every non-null row";
            case IN_PARTLY -> "so this entry of the IN list matches no row";
            case IN_NONE -> "and no entry of this IN list is, so it matches no row";
        };
        StringBuilder message = new StringBuilder(lit).append(" is not among the ").append(values.listed())
                .append(" values ").append(name(c)).append(" holds").append(overWhat(scoped)).append(", ")
                .append(effect).append('.');
        String fix;
        switch (r.match()) {
            case STORED -> {
                message.append(" Stored spellings that fold to it: ").append(entries(r.items())).append('.');
                fix = r.items().size() == 1
                        ? "Write " + literalOf(r.items().get(0)) + "."
                        : "Write IN (" + literals(r.items()) + ") to match every spelling.";
            }
            case DEFINITION -> {
                message.append(" Values whose notes define it: ").append(entries(r.items())).append('.');
                fix = "Write " + literalOf(r.items().get(0)) + " if that is the value meant.";
            }
            case NEAREST -> {
                message.append(" Nearest stored values: ").append(scored(r.items())).append('.');
                fix = "Write " + literalOf(r.items().get(0)) + " if that is the value meant (resolve_value gives the"
                        + " same list).";
            }
            default -> {
                message.append(" No stored value resembles it; the values: ").append(shown(values)).append('.');
                fix = "Pick the value meant from the list, or check the column with resolve_value.";
            }
        }
        Set<Term> terms = domainTerms(scoped);
        if (r.items().stream().anyMatch(ValueResolver.Candidate::grouped)) {
            terms = new LinkedHashSet<>(terms);
            terms.add(Term.SPELLING);
        }
        add(c, weaker, Kind.VALUE_NOT_STORED, at, message.toString(), "values", fix, terms);
    }

    private static Set<Term> domainTerms(boolean scoped) {
        return scoped ? Set.of(Term.WHOLE_DOMAIN, Term.OVER_ROWS_SCANNED) : Set.of(Term.WHOLE_DOMAIN);
    }

    private static String overWhat(boolean scoped) {
        return scoped ? " (the whole domain over the rows scanned)" : " (the whole domain)";
    }

    private static String entries(List<ValueResolver.Candidate> items) {
        List<String> out = new ArrayList<>();
        for (ValueResolver.Candidate m : items) {
            out.add(literalOf(m) + (m.count() != null ? " (" + m.count() + ")" : "")
                    + (m.note() != null ? " = " + m.note() : ""));
        }
        return String.join(", ", out);
    }

    private static String scored(List<ValueResolver.Candidate> items) {
        List<String> out = new ArrayList<>();
        for (ValueResolver.Candidate m : items) {
            out.add(literalOf(m) + " (score " + m.score() + ")");
        }
        return String.join(", ", out);
    }

    private static String literals(List<ValueResolver.Candidate> items) {
        return String.join(", ", items.stream().map(PredicateCheck::literalOf).toList());
    }

    private static String literalOf(ValueResolver.Candidate entry) {
        return Literals.of(entry.value());
    }

    private static String shown(PublishedValues values) {
        List<String> out = new ArrayList<>();
        for (ValueEntry v : values.entries().subList(0, Math.min(DOMAIN_SHOWN, values.listed()))) {
            out.add(Literals.of(v.value()));
        }
        String more = values.listed() > DOMAIN_SHOWN ? " and " + (values.listed() - DOMAIN_SHOWN) + " more" : "";
        return values.listed() == 0 ? "none (the column holds no non-null value)" : String.join(", ", out) + more;
    }

    // ---------------------------------------------------------------- literals

    /** The literal an operand is, or null when it is anything else (a column, a function, a cast, a parameter). */
    static Literal literal(Expression e) {
        if (e instanceof StringValue s) {
            return new Literal(LiteralType.STRING, text(s));
        }
        if (e instanceof LongValue l) {
            return new Literal(LiteralType.NUMBER, l.getStringValue());
        }
        if (e instanceof DoubleValue d) {
            return new Literal(LiteralType.NUMBER, d.toString());
        }
        if (e instanceof SignedExpression s && s.getSign() == '-') {
            Literal inner = literal(s.getExpression());
            return inner != null && inner.type() == LiteralType.NUMBER
                    ? new Literal(LiteralType.NUMBER, "-" + inner.text())
                    : null;
        }
        if (e instanceof DateTimeLiteralExpression d) {
            return new Literal(LiteralType.TEMPORAL, d.getValue());
        }
        if (e instanceof BooleanValue b) {
            return new Literal(LiteralType.BOOLEAN, String.valueOf(b.getValue()));
        }
        if (e instanceof Column c && c.getTable() == null && !StatementChecker.quoted(c.getColumnName())) {
            String word = c.getColumnName().toLowerCase(Locale.ROOT);
            if (word.equals("true") || word.equals("false")) {
                return new Literal(LiteralType.BOOLEAN, word);
            }
        }
        return null;
    }

    /** A string literal's value: its quotes' doubling undone. */
    private static String text(StringValue s) {
        return s.getValue().replace("''", "'");
    }

    /** A LIKE pattern as a regular expression: {@code %} any run, {@code _} one character, the escape character's next literal. */
    static Pattern likeRegex(String pattern, String escape, boolean insensitive) {
        StringBuilder sb = new StringBuilder();
        char esc = escape == null || escape.isEmpty() ? '\\' : escape.charAt(0);
        for (int i = 0; i < pattern.length(); i++) {
            char ch = pattern.charAt(i);
            if (ch == esc && i + 1 < pattern.length()) {
                sb.append(Pattern.quote(String.valueOf(pattern.charAt(++i))));
            } else if (ch == '%') {
                sb.append(".*");
            } else if (ch == '_') {
                sb.append('.');
            } else {
                sb.append(Pattern.quote(String.valueOf(ch)));
            }
        }
        return Pattern.compile(sb.toString(),
                Pattern.DOTALL | (insensitive ? Pattern.CASE_INSENSITIVE | Pattern.UNICODE_CASE : 0));
    }

    // ---------------------------------------------------------------- findings

    private static String name(Resolved c) {
        return c.source().table().fqn() + "." + c.column();
    }

    private void add(Resolved c, boolean weaker, Kind kind, int[] at, String message, String field, String fix,
            Set<Term> terms) {
        checker.add(kind.at(at, weaker, message, checker.fileOf(c.source()), "columns." + c.column() + "." + field, fix,
                terms));
    }
}
