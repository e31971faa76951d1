package dev.dbprint.mcp.sqlcheck;

import java.util.Arrays;
import java.util.List;
import java.util.Locale;
import java.util.Optional;

/**
 * The SQL dialects check_sql reads: one per dbprint adapter (reference spec §1.3), named as {@code .dbprint.yaml}'s
 * {@code adapter} names them, so a connection's own adapter is the default. A dialect decides how the text is read
 * lexically — which quotes make strings and which identifiers, which escapes and comments there are — not which tables
 * exist.
 */
public enum Dialect {

    POSTGRES("postgres"), MYSQL("mysql"), DUCKDB("duckdb"), CLICKHOUSE("clickhouse"), REDSHIFT("redshift"), SNOWFLAKE(
            "snowflake"), DATABRICKS("databricks"), BIGQUERY("bigquery");

    private final String wire;

    Dialect(String wire) {
        this.wire = wire;
    }

    /** The name a caller passes and {@code adapter} holds. */
    public String wire() {
        return wire;
    }

    /**
     * Whether a backslash escapes the next character in an ordinary string literal. Redshift keeps the behaviour of the
     * PostgreSQL 8.0 it forked from (its QUOTE_LITERAL doubles backslashes for that reason).
     */
    public boolean backslashEscapes() {
        return switch (this) {
            case MYSQL, CLICKHOUSE, REDSHIFT, SNOWFLAKE, DATABRICKS, BIGQUERY -> true;
            case POSTGRES, DUCKDB -> false;
        };
    }

    /** Whether {@code $tag$ ... $tag$} quotes a string (Snowflake knows only the empty tag, {@code $$}). */
    public boolean dollarQuotes() {
        return switch (this) {
            case POSTGRES, DUCKDB, REDSHIFT, SNOWFLAKE -> true;
            case MYSQL, CLICKHOUSE, DATABRICKS, BIGQUERY -> false;
        };
    }

    /** Whether a dollar quote may carry a tag between its dollars. */
    boolean taggedDollarQuotes() {
        return this == POSTGRES || this == DUCKDB || this == REDSHIFT;
    }

    /** Whether {@code E'...'} is a string with backslash escapes. */
    boolean escapeStrings() {
        return this == POSTGRES || this == DUCKDB;
    }

    /** Whether {@code "..."} is a string literal rather than a quoted identifier. */
    public boolean doubleQuotedStrings() {
        return this == MYSQL || this == BIGQUERY || this == DATABRICKS;
    }

    /** Whether {@code `...`} quotes an identifier. */
    public boolean backtickIdentifiers() {
        return this == MYSQL || this == BIGQUERY || this == DATABRICKS || this == CLICKHOUSE;
    }

    /** Whether a quote doubled inside a string stands for one (BigQuery and Databricks escape it with a backslash). */
    boolean doubledQuotes() {
        return this != BIGQUERY && this != DATABRICKS;
    }

    /** Whether {@code r'...'} is a raw string (no escapes). */
    boolean rawStrings() {
        return this == BIGQUERY || this == DATABRICKS;
    }

    /** Whether {@code '''...'''} and {@code """..."""} quote a string that may span lines. */
    boolean tripleQuotes() {
        return this == BIGQUERY;
    }

    /** Whether {@code #} starts a comment to the end of the line. */
    boolean hashComments() {
        return this == MYSQL || this == BIGQUERY || this == CLICKHOUSE;
    }

    /** Whether {@code //} starts a comment to the end of the line. */
    boolean slashComments() {
        return this == CLICKHOUSE || this == SNOWFLAKE;
    }

    /** Whether a block comment may hold another one. */
    boolean nestedComments() {
        return switch (this) {
            case POSTGRES, DUCKDB, REDSHIFT, CLICKHOUSE, DATABRICKS -> true;
            case MYSQL, SNOWFLAKE, BIGQUERY -> false;
        };
    }

    /**
     * Whether two string literals with {@code blank} between them are one string: MySQL and Spark join adjacent
     * literals, BigQuery when a blank separates them, the Postgres family when the blank holds a line break.
     */
    boolean joinsStrings(String blank) {
        return switch (this) {
            case MYSQL, DATABRICKS -> true;
            case BIGQUERY -> !blank.isEmpty();
            case POSTGRES, REDSHIFT, DUCKDB -> blank.indexOf('\n') >= 0 || blank.indexOf('\r') >= 0;
            case CLICKHOUSE, SNOWFLAKE -> false;
        };
    }

    /**
     * Whether WHERE cannot use an output alias of the select list. Snowflake, DuckDB, ClickHouse and Redshift resolve
     * one there (a lateral alias); PostgreSQL, MySQL, BigQuery and Databricks reject it.
     */
    public boolean rejectsAliasInWhere() {
        return this == POSTGRES || this == MYSQL || this == BIGQUERY || this == DATABRICKS;
    }

    /**
     * Whether an output alias of the select list can be used by a later item of the same list (a lateral column alias):
     * Snowflake, DuckDB, ClickHouse, Redshift and Databricks resolve one there.
     */
    public boolean lateralAliases() {
        return this == SNOWFLAKE || this == DUCKDB || this == CLICKHOUSE || this == REDSHIFT || this == DATABRICKS;
    }

    /** Whether {@code x -> x + 1} inside a function's arguments is a lambda (not a JSON arrow). */
    public boolean arrowLambdas() {
        return this == CLICKHOUSE || this == DUCKDB || this == DATABRICKS || this == SNOWFLAKE;
    }

    /** Whether comparing a numeric column with a quoted number is an error (BigQuery has no implicit cast there). */
    public boolean stringsNeverCastToNumbers() {
        return this == BIGQUERY;
    }

    /** Whether comparing a text column with a bare number is an error rather than an implicit cast. */
    public boolean numbersNeverCastToText() {
        return this == POSTGRES || this == REDSHIFT || this == BIGQUERY || this == DUCKDB;
    }

    /** Every wire name, in declaration order (the input schema's enum). */
    public static List<String> wireNames() {
        return Arrays.stream(values()).map(Dialect::wire).toList();
    }

    public static Optional<Dialect> of(String name) {
        if (name == null) {
            return Optional.empty();
        }
        String folded = name.toLowerCase(Locale.ROOT);
        return Arrays.stream(values()).filter(d -> d.wire.equals(folded)).findFirst();
    }
}
