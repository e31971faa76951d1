package dev.dbprint.mcp.sqlcheck;

import java.math.BigDecimal;
import java.time.LocalDate;
import java.time.LocalTime;
import java.time.format.DateTimeParseException;
import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;
import java.util.function.Function;
import java.util.regex.Pattern;

import dev.dbprint.mcp.print.model.ColumnStats;
import dev.dbprint.mcp.print.model.Raw;
import dev.dbprint.mcp.print.model.Statistics;
import dev.dbprint.mcp.print.model.StatisticsAnnotations;
import dev.dbprint.mcp.print.model.ValueEntry;
import dev.dbprint.mcp.render.context.Literals;
import dev.dbprint.mcp.render.context.Term;
import dev.dbprint.mcp.search.PublishedValues;
import dev.dbprint.mcp.search.ValueResolver;
import dev.dbprint.mcp.sqlcheck.Finding.Kind;
import dev.dbprint.mcp.sqlcheck.Finding.Severity;
import dev.dbprint.mcp.sqlcheck.StatementChecker.Resolved;
import net.sf.jsqlparser.expression.BinaryExpression;
import net.sf.jsqlparser.expression.BooleanValue;
import net.sf.jsqlparser.expression.DateTimeLiteralExpression;
import net.sf.jsqlparser.expression.DoubleValue;
import net.sf.jsqlparser.expression.Expression;
import net.sf.jsqlparser.expression.LongValue;
import net.sf.jsqlparser.expression.NullValue;
import net.sf.jsqlparser.expression.SignedExpression;
import net.sf.jsqlparser.expression.StringValue;
import net.sf.jsqlparser.expression.operators.relational.Between;
import net.sf.jsqlparser.expression.operators.relational.EqualsTo;
import net.sf.jsqlparser.expression.operators.relational.ExpressionList;
import net.sf.jsqlparser.expression.operators.relational.InExpression;
import net.sf.jsqlparser.expression.operators.relational.IsNullExpression;
import net.sf.jsqlparser.expression.operators.relational.LikeExpression;
import net.sf.jsqlparser.schema.Column;

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
        NUMERIC, TEMPORAL, STRING, OTHER
    }

    /** The most values a finding lists from a domain. */
    static final int DOMAIN_SHOWN = 10;

    private final StatementChecker checker;
    private final PrintFacts facts;
    private final Dialect dialect;
    private JoinCheck.Pairs collecting;

    PredicateCheck(StatementChecker checker, PrintFacts facts, Dialect dialect) {
        this.checker = checker;
        this.facts = facts;
        this.dialect = dialect;
    }

    /** Column equalities met from now on belong to this join's ON clause (null: to none). */
    void collecting(JoinCheck.Pairs pairs) {
        this.collecting = pairs;
    }

    void comparison(BinaryExpression e, String op, Function<Expression, Resolved> resolution) {
        Expression left = e.getLeftExpression();
        Expression right = e.getRightExpression();
        Resolved l = resolution.apply(left);
        Resolved r = resolution.apply(right);
        if (left instanceof NullValue || right instanceof NullValue) {
            if (op.equals("=") || op.equals("<>")) {
                nullComparison(e, op, left instanceof NullValue ? right : left);
            }
            return;
        }
        if (l != null && r != null) {
            if (e instanceof EqualsTo && collecting != null && l.source() != r.source()) {
                collecting.add(l, r, checker.position(left, null));
            }
            return;
        }
        Resolved c = l != null ? l : r;
        Expression columnSide = l != null ? left : right;
        Literal literal = literal(l != null ? right : left);
        if (c == null) {
            return;
        }
        if (alwaysNull(c, columnSide, op.equals("<>") ? "is never true" : "matches no row")) {
            return;
        }
        if (literal == null || !typeFits(c, columnSide, literal)) {
            return;
        }
        if (op.equals("=") || op.equals("<>")) {
            value(c, columnSide, literal, op.equals("=") ? Use.EQUALS : Use.NOT_EQUALS, false);
        }
    }

    void in(InExpression e, Function<Expression, Resolved> resolution) {
        Resolved c = resolution.apply(e.getLeftExpression());
        if (c == null || !(e.getRightExpression() instanceof ExpressionList<?> list)) {
            return;
        }
        if (alwaysNull(c, e.getLeftExpression(), e.isNot() ? "is never true" : "matches no row")) {
            return;
        }
        List<Literal> literals = new ArrayList<>();
        for (Object item : list) {
            Literal literal = literal((Expression) item);
            if (literal != null && typeFits(c, e.getLeftExpression(), literal)) {
                literals.add(literal);
            }
        }
        if (e.isNot() || literals.isEmpty()) {
            return;
        }
        PublishedValues values = domain(c);
        if (values == null) {
            return;
        }
        boolean anyStored = false;
        for (Literal literal : literals) {
            anyStored |= stored(values, literal);
        }
        for (Literal literal : literals) {
            value(c, e.getLeftExpression(), literal, anyStored ? Use.IN_PARTLY : Use.IN_NONE, true);
        }
    }

    void like(LikeExpression e, Function<Expression, Resolved> resolution) {
        Resolved c = resolution.apply(e.getLeftExpression());
        if (c == null) {
            return;
        }
        if (alwaysNull(c, e.getLeftExpression(), e.isNot() ? "is never true" : "matches no row")) {
            return;
        }
        if (e.isNot() || !(e.getRightExpression() instanceof StringValue pattern)) {
            return;
        }
        PublishedValues values = domain(c);
        if (values == null) {
            return;
        }
        boolean insensitive = e.isCaseInsensitive() || dialect == Dialect.MYSQL
                || e.getLikeKeyWord() != null && e.getLikeKeyWord().name().equals("ILIKE");
        String escape = e.getEscape() instanceof StringValue s ? s.getValue() : null;
        Pattern regex = likeRegex(text(pattern), escape, insensitive);
        for (ValueEntry v : values.entries()) {
            if (regex.matcher(v.text()).matches()) {
                return;
            }
        }
        int[] at = checker.position(e.getLeftExpression(), null);
        boolean scoped = values.scoped();
        add(c, scoped ? Severity.WARNING : Severity.ERROR, Kind.PATTERN_MATCHES_NOTHING, at,
                "The pattern " + Literals.of(text(pattern)) + " matches none of the " + values.listed() + " values "
                        + name(c) + " holds" + overWhat(scoped) + ": " + shown(values) + ".",
                "values", "Write the pattern against the values listed, or compare with one of them exactly.",
                domainTerms(scoped));
    }

    void isNull(IsNullExpression e, Function<Expression, Resolved> resolution) {
        Resolved c = resolution.apply(e.getLeftExpression());
        if (c != null) {
            alwaysNull(c, e.getLeftExpression(), e.isNot() ? "matches no row" : "is true on every row");
        }
    }

    void between(Between e, Function<Expression, Resolved> resolution) {
        Resolved c = resolution.apply(e.getLeftExpression());
        if (c == null || alwaysNull(c, e.getLeftExpression(), e.isNot() ? "is never true" : "matches no row")) {
            return;
        }
        for (Expression bound : List.of(e.getBetweenExpressionStart(), e.getBetweenExpressionEnd())) {
            Literal literal = literal(bound);
            if (literal != null) {
                typeFits(c, e.getLeftExpression(), literal);
            }
        }
    }

    // ---------------------------------------------------------------- NULL

    private void nullComparison(Expression e, String op, Expression anchor) {
        int[] at = checker.position(anchor, e);
        String written = op.equals("=") ? "= NULL" : "<> NULL";
        checker.add(new Finding(Severity.ERROR, Kind.NULL_COMPARISON, at[0], at[1],
                "'" + e + "' compares with " + written + ", which is never true: a comparison with NULL is unknown.",
                null, null, "Write IS " + (op.equals("=") ? "" : "NOT ") + "NULL instead.", Set.of()));
    }

    /** Adds the always-NULL finding when the print shows the column NULL on every scanned row; says whether it did. */
    private boolean alwaysNull(Resolved c, Expression columnSide, String effect) {
        ColumnStats block = c.block();
        Statistics stats = c.source().stats();
        if (block == null || stats.catalogOnly() || block.nullRate() == null
                || Raw.compare(block.nullRate(), BigDecimal.ONE) != 0) {
            return false;
        }
        int[] at = checker.position(columnSide, null);
        boolean scoped = stats.scoped();
        add(c, Severity.WARNING, Kind.ALWAYS_NULL, at,
                name(c) + " is NULL on every row the print read (null_rate: 1.0" + (scoped ? ", over the rows scanned" : "")
                        + "), so this predicate " + effect + ".",
                "null_rate", "Check whether the column is the one meant; the print holds no value for it.",
                scoped ? Set.of(Term.OVER_ROWS_SCANNED) : Set.of());
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
        Severity severity = Severity.ERROR;
        String fix = null;
        if (literal.type() == LiteralType.STRING && family == Family.NUMERIC) {
            if (number(literal.text()) != null) {
                severity = Severity.WARNING;
                problem = "the string literal " + Literals.of(literal.text()) + " is compared with a numeric column";
                fix = "Write the number bare: " + literal.text().strip() + ".";
            } else {
                problem = "the string literal " + Literals.of(literal.text())
                        + " is compared with a numeric column and is no number";
                fix = "Compare with a number, or with the column the text belongs to.";
            }
        } else if (literal.type() == LiteralType.STRING && family == Family.TEMPORAL && !temporal(literal.text())) {
            problem = "the string literal " + Literals.of(literal.text()) + " is compared with a date/time column and"
                    + " does not read as a date or time";
            fix = "Write an ISO date or timestamp, e.g. '2026-01-31' or '2026-01-31 12:00:00'.";
        } else if (literal.type() == LiteralType.NUMBER && family == Family.STRING) {
            problem = "the number " + literal.text() + " is compared with a text column";
            fix = "Quote it as the column stores it: " + Literals.of(literal.text()) + ".";
        } else if (literal.type() == LiteralType.NUMBER && family == Family.TEMPORAL) {
            problem = "the number " + literal.text() + " is compared with a date/time column";
            fix = "Compare with a date or timestamp literal.";
        }
        if (problem == null) {
            return true;
        }
        int[] at = checker.position(columnSide, null);
        add(c, severity, Kind.TYPE_MISMATCH, at,
                "In the comparison with " + name(c) + " (sql_type " + block.sqlType() + "), " + problem + ".", "sql_type",
                fix, Set.of());
        return false;
    }

    static Family family(String sqlType) {
        String t = sqlType.toLowerCase(Locale.ROOT);
        if (t.contains("[]") || t.contains("array") || t.contains("interval") || t.startsWith("json")
                || t.contains("uuid") || t.contains("bool")) {
            return Family.OTHER;
        }
        if (t.contains("date") || t.contains("time")) {
            return Family.TEMPORAL;
        }
        if (t.contains("int") || t.contains("numeric") || t.contains("decimal") || t.contains("float")
                || t.contains("double") || t.contains("real") || t.contains("number") || t.contains("money")) {
            return Family.NUMERIC;
        }
        if (t.contains("char") || t.contains("text") || t.contains("string") || t.contains("clob")
                || t.contains("enum")) {
            return Family.STRING;
        }
        return Family.OTHER;
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

    private boolean stored(PublishedValues values, Literal literal) {
        ValueResolver.Resolution r = ValueResolver.resolve(values, literal.text());
        return r.match().equals("stored") && (exact(r, literal) || caseBlind());
    }

    /** Whether the engine compares text without regard to case or trailing blanks (MySQL's default collations). */
    private boolean caseBlind() {
        return dialect == Dialect.MYSQL;
    }

    private static boolean exact(ValueResolver.Resolution r, Literal literal) {
        for (Map<String, Object> spelling : r.items()) {
            Object v = spelling.get("value");
            if (v instanceof String s ? s.equals(literal.text()) : literal.type() == LiteralType.NUMBER) {
                return true;
            }
        }
        return false;
    }

    private void value(Resolved c, Expression columnSide, Literal literal, Use use, boolean inList) {
        if (literal.type() == LiteralType.BOOLEAN || literal.type() == LiteralType.TEMPORAL) {
            return;
        }
        PublishedValues values = domain(c);
        if (values == null) {
            return;
        }
        ValueResolver.Resolution r = ValueResolver.resolve(values, literal.text());
        boolean scoped = values.scoped();
        int[] at = checker.position(columnSide, null);
        String lit = literal.type() == LiteralType.STRING ? Literals.of(literal.text()) : literal.text();
        if (r.match().equals("stored") && (exact(r, literal) || caseBlind())) {
            if (r.items().size() > 1 && use == Use.EQUALS && !caseBlind()) {
                add(c, Severity.WARNING, Kind.VALUE_SPELLINGS, at,
                        lit + " is one of " + r.items().size() + " stored spellings of one value in " + name(c) + ": "
                                + entries(r.items()) + "; = matches only this one.",
                        "values", "Write IN (" + literals(r.items()) + ") to match every spelling.", Set.of(Term.SPELLING));
            }
            return;
        }
        Severity severity = use == Use.EQUALS || use == Use.IN_NONE ? Severity.ERROR : Severity.WARNING;
        if (scoped && severity == Severity.ERROR) {
            severity = Severity.WARNING;
        }
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
            case "stored" -> {
                message.append(" Stored spellings that fold to it: ").append(entries(r.items())).append('.');
                fix = r.items().size() == 1
                        ? "Write " + literalOf(r.items().get(0)) + "."
                        : "Write IN (" + literals(r.items()) + ") to match every spelling.";
            }
            case "definition" -> {
                message.append(" Values whose notes define it: ").append(entries(r.items())).append('.');
                fix = "Write " + literalOf(r.items().get(0)) + " if that is the value meant.";
            }
            case "nearest" -> {
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
        if (r.items().stream().anyMatch(m -> m.containsKey("spelling_of"))) {
            terms = new LinkedHashSet<>(terms);
            terms.add(Term.SPELLING);
        }
        add(c, severity, Kind.VALUE_NOT_STORED, at, message.toString(), "values", fix, terms);
    }

    private static Set<Term> domainTerms(boolean scoped) {
        return scoped ? Set.of(Term.WHOLE_DOMAIN, Term.OVER_ROWS_SCANNED) : Set.of(Term.WHOLE_DOMAIN);
    }

    private static String overWhat(boolean scoped) {
        return scoped ? " (the whole domain over the rows scanned)" : " (the whole domain)";
    }

    private static String entries(List<Map<String, Object>> items) {
        List<String> out = new ArrayList<>();
        for (Map<String, Object> m : items) {
            out.add(literalOf(m) + (m.containsKey("count") ? " (" + m.get("count") + ")" : "")
                    + (m.containsKey("note") ? " = " + m.get("note") : ""));
        }
        return String.join(", ", out);
    }

    private static String scored(List<Map<String, Object>> items) {
        List<String> out = new ArrayList<>();
        for (Map<String, Object> m : items) {
            out.add(literalOf(m) + " (score " + m.get("score") + ")");
        }
        return String.join(", ", out);
    }

    private static String literals(List<Map<String, Object>> items) {
        return String.join(", ", items.stream().map(PredicateCheck::literalOf).toList());
    }

    private static String literalOf(Map<String, Object> entry) {
        return Literals.of(entry.get("value"));
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

    private void add(Resolved c, Severity severity, Kind kind, int[] at, String message, String field, String fix,
            Set<Term> terms) {
        checker.add(new Finding(severity, kind, at[0], at[1], message, checker.fileOf(c.source()),
                "columns." + c.column() + "." + field, fix, terms));
    }
}
