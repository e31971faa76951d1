package dev.dbprint.mcp.sqlcheck;

import java.util.Arrays;
import java.util.List;
import java.util.Locale;
import java.util.Optional;

/**
 * The SQL dialects check_sql reads: one per dbprint adapter (reference spec §1.3), named as {@code .dbprint.yaml}'s
 * {@code adapter} names them, so a connection's own adapter is the default. A dialect decides what the reader accepts
 * lexically — backslash escapes in string literals, dollar-quoted bodies — not which tables exist.
 */
public enum Dialect {

    POSTGRES("postgres", false, true), MYSQL("mysql", true, false), DUCKDB("duckdb", false, true), CLICKHOUSE("clickhouse",
            true, false), REDSHIFT("redshift", false, true), SNOWFLAKE("snowflake", true,
                    true), DATABRICKS("databricks", true, false), BIGQUERY("bigquery", true, false);

    private final String wire;
    private final boolean backslashEscapes;
    private final boolean dollarQuotes;

    Dialect(String wire, boolean backslashEscapes, boolean dollarQuotes) {
        this.wire = wire;
        this.backslashEscapes = backslashEscapes;
        this.dollarQuotes = dollarQuotes;
    }

    /** The name a caller passes and {@code adapter} holds. */
    public String wire() {
        return wire;
    }

    /** Whether {@code \'} inside a string literal escapes the quote. */
    public boolean backslashEscapes() {
        return backslashEscapes;
    }

    /** Whether {@code $tag$ ... $tag$} quotes a string. */
    public boolean dollarQuotes() {
        return dollarQuotes;
    }

    /** Whether {@code "..."} is a string literal, not an identifier (MySQL, BigQuery and Databricks by default). */
    public boolean doubleQuotesStrings() {
        return this == MYSQL || this == BIGQUERY || this == DATABRICKS;
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
