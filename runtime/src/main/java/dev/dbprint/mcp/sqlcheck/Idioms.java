package dev.dbprint.mcp.sqlcheck;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Set;
import java.util.stream.IntStream;

import dev.dbprint.mcp.sqlcheck.DialectText.FromFirst;
import dev.dbprint.mcp.sqlcheck.DialectText.Respelling;
import dev.dbprint.mcp.sqlcheck.SqlLexer.Kind;
import dev.dbprint.mcp.sqlcheck.SqlLexer.Token;

/**
 * Fills a {@link Respelling}: string literals and comments in every dialect, and each dialect idiom JSqlParser 5.4
 * cannot read (measured with its simple parsing) for the dialects that accept it. An idiom is respelled into one
 * JSqlParser reads with the same names in it, so what the checker checks stays checked; where a clause is blanked
 * instead, it holds no name to check. Works on the significant tokens ({@code p} below indexes them).
 */
final class Idioms {

    /** Words that end a FROM list or a SELECT list at their own depth. */
    private static final Set<String> CLAUSES = Set.of("SELECT", "FROM", "WHERE", "GROUP", "HAVING", "WINDOW", "QUALIFY",
            "ORDER", "LIMIT", "OFFSET", "FETCH", "UNION", "EXCEPT", "INTERSECT");

    /** Words that may follow {@code WITH OFFSET} and are no alias. */
    private static final Set<String> AFTER_FROM_ITEM = Set.of("WHERE", "GROUP", "HAVING", "WINDOW", "QUALIFY", "ORDER",
            "LIMIT", "UNION", "EXCEPT", "INTERSECT", "JOIN", "LEFT", "RIGHT", "FULL", "INNER", "CROSS", "ON", "USING");

    /** Words of a sampling clause. */
    private static final Set<String> SAMPLING = Set.of("PERCENT", "ROWS", "ROW", "BERNOULLI", "SYSTEM", "BLOCK",
            "RESERVOIR", "REPEATABLE", "SEED");

    private final String source;
    private final List<Token> tokens;
    private final Dialect dialect;
    private final Respelling r;
    /** Token indices of the significant tokens. */
    private final int[] sig;
    /** Parentheses open before each significant token (a parenthesis itself counts at its outer depth). */
    private final int[] depth;

    Idioms(String source, List<Token> tokens, Dialect dialect, Respelling r) {
        this.source = source;
        this.tokens = tokens;
        this.dialect = dialect;
        this.r = r;
        this.sig = IntStream.range(0, tokens.size()).filter(i -> tokens.get(i).significant())
                .toArray();
        this.depth = new int[sig.length];
        int d = 0;
        for (int p = 0; p < sig.length; p++) {
            if (symbol(p, ')')) {
                d = Math.max(0, d - 1);
            }
            depth[p] = d;
            if (symbol(p, '(')) {
                d++;
            }
        }
    }

    void apply() {
        strings();
        comments();
        for (int p = 0; p < sig.length; p++) {
            switch (dialect) {
                case DUCKDB -> {
                    trailingComma(p);
                    fromFirst(p);
                    semiAntiJoin(p, true, false);
                    setTo(p);
                    starModifier(p);
                    sample(p);
                    pythonLambda(p);
                    insertByName(p);
                    pivotGroupBy(p);
                }
                case DATABRICKS -> {
                    semiAntiJoin(p, true, true);
                    sortClauses(p);
                    sample(p);
                }
                case BIGQUERY -> {
                    trailingComma(p);
                    unnestWithOffset(p);
                    offsetSubscript(p);
                    hyphenatedPath(p);
                    mergeInto(p);
                }
                case SNOWFLAKE -> {
                    trailingComma(p);
                    starModifier(p);
                    sample(p);
                    positionalColumn(p);
                }
                case CLICKHOUSE -> {
                    trailingComma(p);
                    clickhouseClauses(p);
                    semiAntiJoin(p, false, true);
                    arrayJoinLiteral(p);
                    scalarWith(p);
                    alterMutation(p);
                }
                case MYSQL -> doubleMinus(p);
                case POSTGRES -> {
                    setTo(p);
                    selectIntoTable(p);
                }
                case REDSHIFT -> {
                    setTo(p);
                    selectIntoTable(p);
                    superIndex(p);
                }
            }
        }
    }

    // --- strings and comments, every dialect

    /**
     * Every closed string as a standard literal of its value; adjacent literals the dialect joins into one become one.
     * BigQuery wants a blank between adjacent literals: without one they are kept apart, so the fault stays visible.
     */
    private void strings() {
        for (int i = 0; i < tokens.size(); i++) {
            Token t = tokens.get(i);
            if (t.kind() == Kind.BYTES && t.closed()) {
                // BigQuery's b"..", rb'..' and triple-quoted bytes as the B'..' JSqlParser reads
                r.replace()[i] = (Character.toUpperCase(source.charAt(t.start())) == 'X' ? "X" : "B") + quote(t.value());
            }
            if (!closedString(i)) {
                continue;
            }
            StringBuilder value = new StringBuilder(tokens.get(i).value());
            int first = i;
            while (true) {
                if (closedString(i + 1) && dialect.joinsStrings("")) {
                    i++;
                } else if (i + 2 < tokens.size() && tokens.get(i + 1).kind() == Kind.BLANK && closedString(i + 2)
                        && dialect.joinsStrings(tokens.get(i + 1).value())) {
                    r.replace()[i + 1] = "";
                    i += 2;
                } else {
                    break;
                }
                value.append(tokens.get(i).value());
                r.replace()[i] = "";
            }
            r.replace()[first] = quote(value.toString());
            if (closedString(i + 1)) {
                r.after()[i] = " ";
            }
        }
    }

    private static String quote(String value) {
        return "'" + value.replace("'", "''") + "'";
    }

    private boolean closedString(int i) {
        return i < tokens.size() && tokens.get(i).kind() == Kind.STRING && tokens.get(i).closed();
    }

    /** Every closed comment as blanks: JSqlParser reads neither {@code #} nor {@code //} comments. */
    private void comments() {
        for (int i = 0; i < tokens.size(); i++) {
            Token t = tokens.get(i);
            // an unclosed comment stays, so the parser still reports the statement unfinished
            if (t.kind() == Kind.COMMENT && t.closed()) {
                r.replace()[i] = blank(written(i));
            }
        }
    }

    // --- dialect idioms

    /** MySQL's {@code 1--1} is one minus minus one ({@code --} comments only before a blank); JSqlParser's is a comment. */
    private void doubleMinus(int p) {
        if (symbol(p, '-') && symbol(p + 1, '-') && sig[p + 1] == sig[p] + 1) {
            r.after()[sig[p]] = " ";
        }
    }

    /**
     * {@code SELECT a, b, FROM t}: DuckDB, BigQuery, Snowflake and ClickHouse accept a comma after the last selected
     * item (before FROM, another clause, a closing parenthesis or the end).
     */
    private void trailingComma(int p) {
        if (!symbol(p, ',') || !(p + 1 == sig.length || clause(p + 1) || symbol(p + 1, ')'))) {
            return;
        }
        int q = p - 1;
        while (q >= 0 && depth[q] >= depth[p] && !(depth[q] == depth[p] && clause(q))) {
            q--;
        }
        if (word(q, "SELECT")) {
            r.replace()[sig[p]] = " ";
        }
    }

    /**
     * Samples JSqlParser cannot read, blanked: they hold numbers and sampling methods, no name. DuckDB
     * {@code USING SAMPLE 10% (bernoulli)} and {@code TABLESAMPLE 10%}, Databricks {@code TABLESAMPLE (10 PERCENT)},
     * Snowflake {@code SAMPLE BERNOULLI (10) SEED (3)}.
     */
    private void sample(int p) {
        int from = p;
        if (word(p, "USING") && word(p + 1, "SAMPLE") && dialect == Dialect.DUCKDB) {
            p += 2;
        } else if (word(p, "TABLESAMPLE") && (symbol(p + 1, '(') || number(p + 1))
                || word(p, "SAMPLE") && dialect == Dialect.SNOWFLAKE && keyword(p + 1, SAMPLING) && symbol(p + 2, '(')) {
            p += 1;
        } else {
            return;
        }
        while (p < sig.length && (number(p) || symbol(p, '%') || keyword(p, SAMPLING) || symbol(p, '('))) {
            p = symbol(p, '(') ? close(p) + 1 : p + 1;
        }
        blank(from, Math.min(p, sig.length));
    }

    /**
     * DuckDB's FROM-first query, {@code FROM t [SELECT list] [WHERE ...]}: its SELECT list is written first, and a query
     * with none selects {@code *}.
     */
    private void fromFirst(int p) {
        if (!word(p, "FROM") || !startsQuery(p)) {
            return;
        }
        int select = clauseEnd(p + 1, depth[p]);
        if (!word(select, "SELECT")) {
            r.fromFirst().put(sig[p], new FromFirst(sig[p], sig[p], sig[p]));
            return;
        }
        int end = clauseEnd(select + 1, depth[p]);
        r.fromFirst().put(sig[p], new FromFirst(sig[p], sig[select], end < sig.length ? sig[end] : tokens.size()));
    }

    /**
     * Whether the FROM at {@code p} opens a query (a statement, a parenthesis, a set operation's branch, the body of a
     * view or CTE) rather than following a SELECT list or DELETE.
     */
    private boolean startsQuery(int p) {
        if (p == 0 || symbol(p - 1, '(') || word(p - 1, "AS") || word(p - 1, "UNION") || word(p - 1, "INTERSECT")
                || word(p - 1, "EXCEPT") || word(p - 1, "NAME") && word(p - 2, "BY")) {
            return true;
        }
        if (word(p - 1, "ALL") || word(p - 1, "DISTINCT")) {
            return word(p - 2, "UNION") || word(p - 2, "INTERSECT") || word(p - 2, "EXCEPT");
        }
        if (symbol(p - 1, ')')) {
            // the body of a CTE: name AS [NOT] [MATERIALIZED] ( ... )
            int open = p - 2;
            while (open >= 0 && !(depth[open] == depth[p - 1] && symbol(open, '('))) {
                open--;
            }
            return open > 0 && (word(open - 1, "AS") || word(open - 1, "MATERIALIZED"));
        }
        return false;
    }

    /** The first significant token from {@code p} that ends a clause at {@code d}, or closes it; the end if none. */
    private int clauseEnd(int p, int d) {
        int q = p;
        while (q < sig.length && depth[q] >= d && !(depth[q] == d && (clause(q) || word(q, "USING")
                && word(q + 1, "SAMPLE")))) {
            q++;
        }
        return q;
    }

    private boolean clause(int p) {
        return p < sig.length && tokens.get(sig[p]).kind() == Kind.WORD
                && CLAUSES.contains(tokens.get(sig[p]).value().toUpperCase(Locale.ROOT));
    }

    /**
     * DuckDB {@code SEMI JOIN}/{@code ANTI JOIN}, Databricks {@code [LEFT] SEMI|ANTI JOIN}, ClickHouse
     * {@code LEFT SEMI|ANTI JOIN}, as {@code LEFT SEMI JOIN}: both keep only the left side's columns past the join,
     * which is all the checker reads of the join type.
     *
     * @param bare whether the dialect has them without LEFT
     * @param leftToo whether it has them with LEFT
     */
    private void semiAntiJoin(int p, boolean bare, boolean leftToo) {
        boolean anti = word(p, "ANTI");
        if (!(anti || word(p, "SEMI")) || !word(p + 1, "JOIN")) {
            return;
        }
        boolean left = word(p - 1, "LEFT");
        if (left ? !leftToo : !bare) {
            return;
        }
        if (anti) {
            r.replace()[sig[p]] = "SEMI";
        }
        if (!left) {
            r.before()[sig[p]] = "LEFT ";
        }
    }

    /**
     * DuckDB and Snowflake star modifiers: {@code * RENAME (a AS b)} as {@code * REPLACE (a AS b)} (the old name stays
     * a checked column and the new one is the output's name), and one column excluded or renamed without parentheses,
     * {@code * EXCLUDE a} and Snowflake's {@code * RENAME a AS b}, in parentheses.
     */
    private void starModifier(int p) {
        boolean rename = word(p, "RENAME");
        // after the star, or after a modifier before it (whose parenthesis may be one put in here)
        boolean afterStar = symbol(p - 1, '*') || symbol(p - 1, ')') || p > 0 && ")".equals(r.after()[sig[p - 1]]);
        if (!(rename || word(p, "EXCLUDE")) || !afterStar) {
            return;
        }
        if (rename) {
            if (!symbol(p + 1, '(') && !(dialect == Dialect.SNOWFLAKE && word(p + 2, "AS") && name(p + 3))) {
                return;
            }
            r.replace()[sig[p]] = "REPLACE";
        }
        if (!symbol(p + 1, '(') && name(p + 1)) {
            r.before()[sig[p + 1]] = "(";
            r.after()[sig[rename ? p + 3 : p + 1]] = ")";
        }
    }

    /**
     * Databricks {@code DISTRIBUTE BY}, {@code SORT BY}, {@code CLUSTER BY} after a SELECT, as {@code ORDER BY} (Spark
     * forbids ORDER BY beside them, so the clause is free); {@code DISTRIBUTE BY a SORT BY b} as
     * {@code ORDER BY a, b}. Their expressions stay checked.
     */
    private void sortClauses(int p) {
        if (!(word(p, "DISTRIBUTE") || word(p, "SORT") || word(p, "CLUSTER")) || !word(p + 1, "BY")
                || r.replace()[sig[p]] != null || !selectBefore(p)) {
            return;
        }
        r.replace()[sig[p]] = "ORDER";
        if (word(p, "DISTRIBUTE")) {
            for (int q = p + 2; q + 1 < sig.length && depth[q] >= depth[p]; q++) {
                if (depth[q] == depth[p] && word(q, "SORT") && word(q + 1, "BY")) {
                    r.replace()[sig[q]] = ",";
                    r.replace()[sig[q + 1]] = "";
                    break;
                }
            }
        }
    }

    private boolean selectBefore(int p) {
        for (int q = p - 1; q >= 0 && depth[q] >= depth[p]; q--) {
            if (depth[q] == depth[p] && word(q, "SELECT")) {
                return true;
            }
        }
        return false;
    }

    /**
     * BigQuery {@code UNNEST(a) [AS] x WITH OFFSET [[AS] o]} as {@code UNNEST(a) WITH OFFSET AS x(x, o)}: JSqlParser
     * reads {@code WITH OFFSET} only before the alias, and the element and offset become the alias's two columns.
     */
    private void unnestWithOffset(int p) {
        if (!word(p, "UNNEST") || !symbol(p + 1, '(')) {
            return;
        }
        int as = close(p + 1) + 1;
        int x = word(as, "AS") ? as + 1 : as;
        if (!name(x) || word(x, "WITH") || !word(x + 1, "WITH") || !word(x + 2, "OFFSET")) {
            return;
        }
        int o = word(x + 3, "AS") ? x + 4 : x + 3;
        boolean offsetAlias = name(o) && (word(x + 3, "AS") || !keyword(o, AFTER_FROM_ITEM));
        r.before()[sig[as]] = as == x ? "WITH OFFSET AS " : "WITH OFFSET ";
        for (int q = x + 1; q < o; q++) {
            r.replace()[sig[q]] = blank(written(sig[q]));
        }
        if (offsetAlias) {
            r.after()[sig[x]] = "(" + written(sig[x]) + ", ";
            r.after()[sig[o]] = ")";
        }
    }

    /**
     * DuckDB's {@code lambda x, y: body} as the arrow form {@code (x, y) -> body} it also reads: JSqlParser takes the
     * word {@code lambda} for a column and drops the rest of the argument.
     */
    private void pythonLambda(int p) {
        if (!word(p, "LAMBDA") || !name(p + 1)) {
            return;
        }
        int q = p + 1;
        while (symbol(q + 1, ',') && name(q + 2)) {
            q += 2;
        }
        if (symbol(q + 1, ':')) {
            r.replace()[sig[p]] = "(";
            r.replace()[sig[q + 1]] = ") ->";
        }
    }

    /**
     * DuckDB's {@code INSERT INTO t BY NAME SELECT ...}: the words blanked, so the query is read and checked; the
     * matching of its columns to the table's by name is not.
     */
    private void insertByName(int p) {
        if (word(p, "BY") && word(p + 1, "NAME") && word(0, "INSERT") && depth[p] == 0
                && (word(p + 2, "SELECT") || word(p + 2, "WITH") || word(p + 2, "FROM") || symbol(p + 2, '('))) {
            blank(p, p + 2);
            r.insertsByName()[0] = true;
        }
    }

    /**
     * ClickHouse's {@code WITH 10 AS x, now() AS t SELECT ...}: a list of named expressions, not of queries, blanked
     * whole; the names are kept as values the query may use. A list holding any {@code name AS (query)} stays.
     */
    private void scalarWith(int p) {
        if (p != 0 || !word(0, "WITH") || name(1) && word(2, "AS") && symbol(3, '(')) {
            return;
        }
        List<String> names = new ArrayList<>();
        int q = 1;
        while (q < sig.length && !(depth[q] == 0 && word(q, "SELECT"))) {
            if (depth[q] == 0 && word(q, "AS") && name(q + 1) && (symbol(q + 2, ',') || word(q + 2, "SELECT"))) {
                names.add(tokens.get(sig[q + 1]).value().toLowerCase(Locale.ROOT));
            }
            if (depth[q] == 0 && word(q, "AS") && symbol(q + 1, '(')) {
                return;
            }
            q++;
        }
        if (q < sig.length && !names.isEmpty()) {
            blank(0, q);
            r.variables().addAll(names);
        }
    }

    /**
     * ClickHouse's mutations {@code ALTER TABLE t UPDATE c = v WHERE ...} and {@code ALTER TABLE t DELETE WHERE ...} as
     * the UPDATE and DELETE they are, so their columns and values are checked.
     */
    private void alterMutation(int p) {
        if (p != 0 || !word(0, "ALTER") || !word(1, "TABLE")) {
            return;
        }
        int q = 2;
        while (q < sig.length && (name(q) || symbol(q, '.')) && !word(q, "UPDATE") && !word(q, "DELETE")) {
            q++;
        }
        if (q == 2 || q >= sig.length) {
            return;
        }
        if (word(q, "UPDATE")) {
            r.replace()[sig[0]] = blank("ALTER");
            r.replace()[sig[1]] = "UPDATE";
            r.replace()[sig[q]] = "SET";
        } else if (word(q, "DELETE") && word(q + 1, "WHERE")) {
            r.replace()[sig[0]] = "DELETE";
            r.replace()[sig[1]] = "FROM";
            r.replace()[sig[q]] = blank("DELETE");
        }
    }

    /** DuckDB's {@code PIVOT (agg FOR c IN (...) GROUP BY g)}: the GROUP BY JSqlParser cannot read there, blanked. */
    private void pivotGroupBy(int p) {
        if (!word(p, "PIVOT") || !symbol(p + 1, '(')) {
            return;
        }
        int end = close(p + 1);
        for (int q = p + 2; q < end; q++) {
            if (depth[q] == depth[p + 1] + 1 && word(q, "GROUP") && word(q + 1, "BY")) {
                blank(q, end);
                return;
            }
        }
    }

    /** BigQuery {@code arr[OFFSET(n)]}: JSqlParser reads {@code ORDINAL(n)} and the SAFE_ forms but not OFFSET. */
    private void offsetSubscript(int p) {
        if (symbol(p, '[') && word(p + 1, "OFFSET") && symbol(p + 2, '(')) {
            r.replace()[sig[p + 1]] = blank("OFFSET");
        }
    }

    /**
     * BigQuery's table path after FROM or JOIN may hold unquoted dashes ({@code my-project.ds.t}); each dashed part is
     * quoted, as {@code `my-project`.ds.t}.
     */
    private void hyphenatedPath(int p) {
        if (!(word(p, "FROM") || word(p, "JOIN")) || p + 1 >= sig.length) {
            return;
        }
        int i = sig[p + 1];
        while (i < tokens.size()) {
            int part = i;
            boolean dashed = false;
            while (i < tokens.size() && (tokens.get(i).kind() == Kind.WORD || tokens.get(i).kind() == Kind.NUMBER
                    || tokens.get(i).isSymbol('-') && i > part)) {
                dashed |= tokens.get(i).isSymbol('-');
                i++;
            }
            if (dashed && tokens.get(part).kind() == Kind.WORD && !tokens.get(i - 1).isSymbol('-')) {
                r.before()[part] = "`";
                r.after()[i - 1] = "`";
            }
            if (i == part && i < tokens.size() && tokens.get(i).kind() == Kind.QUOTED_IDENTIFIER) {
                i++;
            }
            if (i >= tokens.size() || !tokens.get(i).isSymbol('.')) {
                return;
            }
            i++;
        }
    }

    /**
     * ClickHouse clauses with no name in them, blanked: {@code FORMAT x} ending the statement, {@code WITH TOTALS},
     * {@code SAMPLE k [OFFSET m]} (k and m numbers or ratios), and {@code LIMIT n WITH TIES}.
     */
    private void clickhouseClauses(int p) {
        if (word(p, "FORMAT") && depth[p] == 0 && p + 2 == sig.length && tokens.get(sig[p + 1]).kind() == Kind.WORD
                || word(p, "WITH") && (word(p + 1, "TOTALS") || word(p + 1, "TIES") && !word(p - 1, "ROWS")
                        && !word(p - 1, "ROW"))) {
            blank(p, p + 2);
        } else if (word(p, "SAMPLE") && number(p + 1)) {
            int end = ratio(p + 1);
            if (word(end, "OFFSET") && number(end + 1)) {
                end = ratio(end + 1);
            }
            blank(p, end);
        }
    }

    /** BigQuery's {@code MERGE t USING ...} may leave out the INTO JSqlParser wants. */
    private void mergeInto(int p) {
        if (p == 0 && word(0, "MERGE") && !word(1, "INTO") && name(1)) {
            r.before()[sig[1]] = "INTO ";
        }
    }

    /** The Postgres family's {@code SET [SESSION|LOCAL] name TO value} as {@code SET name = value}. */
    private void setTo(int p) {
        if (!word(p, "TO") || !word(0, "SET")) {
            return;
        }
        int q = word(1, "SESSION") || word(1, "LOCAL") ? 2 : 1;
        while (q < p && (name(q) || symbol(q, '.'))) {
            q++;
        }
        if (q == p && p > 1) {
            r.replace()[sig[p]] = " =";
        }
    }

    /**
     * Postgres and Redshift {@code SELECT ... INTO [TEMP|TEMPORARY|UNLOGGED] [TABLE] t FROM ...}: the words before the
     * new table's name are blanked, the table and the query stay.
     */
    private void selectIntoTable(int p) {
        if (!word(p, "INTO") || !selectBefore(p)) {
            return;
        }
        int q = p + 1;
        while (word(q, "TEMP") || word(q, "TEMPORARY") || word(q, "UNLOGGED") || word(q, "TABLE")) {
            q++;
        }
        if (q > p + 1 && name(q)) {
            blank(p + 1, q);
        }
    }

    /**
     * Redshift's SUPER navigation {@code FROM t AS c, c.tags AS tag AT i} as {@code c.tags AS tag(tag, i)}: the
     * element and its index become the alias's two columns (as BigQuery's WITH OFFSET).
     */
    private void superIndex(int p) {
        if (!word(p, "AT") || !word(p - 2, "AS") || !name(p - 1) || !name(p + 1) || word(p + 1, "TIME")) {
            return;
        }
        r.after()[sig[p - 1]] = "(" + written(sig[p - 1]) + ", ";
        blank(p, p + 1);
        r.after()[sig[p + 1]] = ")";
    }

    /** Snowflake's positional column of a query or stage, {@code v.$1}, as the quoted name {@code v."$1"}. */
    private void positionalColumn(int p) {
        if (symbol(p, '.') && p + 1 < sig.length && sig[p + 1] == sig[p] + 1) {
            String next = written(sig[p + 1]);
            if (next.length() > 1 && next.charAt(0) == '$' && Character.isDigit(next.charAt(1))) {
                r.before()[sig[p + 1]] = "\"";
                r.after()[sig[p + 1]] = "\"";
            }
        }
    }

    /** ClickHouse {@code ARRAY JOIN [1, 2] AS x} as {@code ARRAY JOIN array(1, 2) AS x}, the form JSqlParser reads. */
    private void arrayJoinLiteral(int p) {
        if (word(p, "ARRAY") && word(p + 1, "JOIN") && symbol(p + 2, '[')) {
            int q = p + 3;
            int nested = 0;
            while (q < sig.length && !(nested == 0 && symbol(q, ']'))) {
                nested += symbol(q, '[') ? 1 : symbol(q, ']') ? -1 : 0;
                q++;
            }
            if (q < sig.length) {
                r.replace()[sig[p + 2]] = "array(";
                r.replace()[sig[q]] = ")";
            }
        }
    }

    /** Past the number or {@code n/m} ratio at {@code p}. */
    private int ratio(int p) {
        return symbol(p + 1, '/') && number(p + 2) ? p + 3 : p + 1;
    }

    // --- helpers

    /** Significant tokens {@code [from, to)} and everything between them as blanks. */
    private void blank(int from, int to) {
        for (int i = sig[from]; i <= sig[to - 1]; i++) {
            r.replace()[i] = blank(written(i));
        }
    }

    /** Token {@code i} as written. */
    private String written(int i) {
        return source.substring(tokens.get(i).start(), tokens.get(i).end());
    }

    /** The same length of spaces, with the line breaks kept so every line stays where it was. */
    private static String blank(String text) {
        StringBuilder b = new StringBuilder(text.length());
        for (int k = 0; k < text.length(); k++) {
            char c = text.charAt(k);
            b.append(c == '\n' || c == '\r' ? c : ' ');
        }
        return b.toString();
    }

    /** The significant index of the parenthesis closing the one at {@code open}, or the end. */
    private int close(int open) {
        int q = open + 1;
        while (q < sig.length && !(depth[q] == depth[open] && symbol(q, ')'))) {
            q++;
        }
        return q;
    }

    private boolean word(int p, String w) {
        return p >= 0 && p < sig.length && tokens.get(sig[p]).isWord(w);
    }

    private boolean symbol(int p, char c) {
        return p >= 0 && p < sig.length && tokens.get(sig[p]).isSymbol(c);
    }

    private boolean number(int p) {
        return p < sig.length && tokens.get(sig[p]).kind() == Kind.NUMBER;
    }

    private boolean name(int p) {
        return p < sig.length && (tokens.get(sig[p]).kind() == Kind.WORD
                || tokens.get(sig[p]).kind() == Kind.QUOTED_IDENTIFIER);
    }

    private boolean keyword(int p, Set<String> words) {
        return p < sig.length && tokens.get(sig[p]).kind() == Kind.WORD
                && words.contains(tokens.get(sig[p]).value().toUpperCase(Locale.ROOT));
    }
}
