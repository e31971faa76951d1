package dev.dbprint.mcp.sqlcheck;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assertions.fail;

import java.util.List;

import org.junit.jupiter.api.Test;

import net.sf.jsqlparser.expression.StringValue;
import net.sf.jsqlparser.parser.CCJSqlParser;
import net.sf.jsqlparser.parser.StringProvider;
import net.sf.jsqlparser.parser.Token;
import net.sf.jsqlparser.statement.Statement;
import net.sf.jsqlparser.statement.select.PlainSelect;
import net.sf.jsqlparser.statement.select.SelectItem;

/**
 * The respelling JSqlParser reads: each one parses with JSqlParser's simple parsing (where the text as written does
 * not), and a name after it is placed where the caller wrote it.
 */
class DialectTextTest {

    /** JSqlParser's simple parsing, as the reader runs it first; null when it cannot read the text. */
    private static Statement parse(String text) {
        try {
            return new CCJSqlParser(new StringProvider(text)).withAllowComplexParsing(false).Statement();
        } catch (Exception | Error e) {
            return null;
        }
    }

    private static StatementSplitter.Piece last(String sql, Dialect dialect) {
        List<StatementSplitter.Piece> pieces = StatementSplitter.split(sql, dialect);
        return pieces.get(pieces.size() - 1);
    }

    private static DialectText respell(String sql, Dialect dialect) {
        return DialectText.of(last(sql, dialect), dialect);
    }

    /**
     * Respells the last statement of {@code sql}, checks JSqlParser reads the respelling (and, when {@code idiom}, not
     * the text as written), and that the identifier {@code zz} is placed where {@code sql} has it.
     */
    private static DialectText check(String sql, Dialect dialect, boolean idiom) {
        DialectText t = respell(sql, dialect);
        assertNotNull(parse(t.text()), () -> "unreadable respelling: " + t.text());
        if (idiom) {
            assertNull(parse(last(sql, dialect).text()), "reads as written: " + sql);
        }
        int[] parsed = parserPosition(t.text(), "zz");
        assertArrayEquals(Lines.position(sql, sql.lastIndexOf("zz")), t.absolute(parsed[0], parsed[1]), t.text());
        return t;
    }

    /** Where JSqlParser's own tokenizer puts the last token spelled {@code image}. */
    private static int[] parserPosition(String text, String image) {
        CCJSqlParser p = new CCJSqlParser(new StringProvider(text));
        int[] at = null;
        for (Token t = p.getNextToken(); t.kind != 0; t = p.getNextToken()) {
            if (t.image.equals(image)) {
                at = new int[]{t.beginLine, t.beginColumn};
            }
        }
        if (at == null) {
            fail(image + " not in " + text);
        }
        return at;
    }

    /** The string value JSqlParser reads for the first selected item, with {@code ''} undone as the checker does. */
    private static String firstValue(DialectText t) {
        SelectItem<?> item = ((PlainSelect) parse(t.text())).getSelectItems().get(0);
        return ((StringValue) item.getExpression()).getValue().replace("''", "'");
    }

    @Test
    void backslashEscapesBecomeStandardLiteralsOfTheDecodedValue() {
        DialectText mysql = check("SELECT 'a\\'b\\\\', zz FROM t", Dialect.MYSQL, true);
        assertEquals("a'b\\", firstValue(mysql));
        DialectText postgres = check("SELECT E'a\\'b', zz FROM t", Dialect.POSTGRES, true);
        assertEquals("a'b", firstValue(postgres));
        assertEquals("SELECT 'a''b', zz FROM t", postgres.text());
        // Postgres reads the backslash of a standard literal as itself
        assertEquals("a\\", firstValue(check("SELECT 'a\\', zz FROM t", Dialect.POSTGRES, false)));
    }

    @Test
    void aValueWithALineBreakMovesNoLaterPosition() {
        DialectText t = check("SELECT 'a\\nb\\nc', x,\n  zz FROM t", Dialect.SNOWFLAKE, false);
        assertEquals("a\nb\nc", firstValue(t));
    }

    @Test
    void doubleQuotedStringsAreLiteralsInMysqlBigqueryAndDatabricks() {
        for (Dialect d : List.of(Dialect.MYSQL, Dialect.BIGQUERY, Dialect.DATABRICKS)) {
            DialectText t = check("SELECT \"re\\\"pair\", zz FROM t WHERE s = \"x\"", d, false);
            assertEquals("re\"pair", firstValue(t));
            assertTrue(t.text().endsWith("s = 'x'"), t.text());
        }
        assertEquals("SELECT \"a\" FROM t", respell("SELECT \"a\" FROM t", Dialect.POSTGRES).text());
        assertEquals("SELECT \"a\" FROM t", respell("SELECT \"a\" FROM t", Dialect.SNOWFLAKE).text());
    }

    @Test
    void dollarQuotesBecomeLiterals() {
        DialectText t = check("SELECT $$it's $9$$, $1, zz FROM t", Dialect.POSTGRES, false);
        assertEquals("it's $9", firstValue(t));
        assertEquals("SELECT 'it''s $9', $1, zz FROM t", t.text());
        assertEquals("x", firstValue(check("SELECT $$x$$, zz", Dialect.SNOWFLAKE, false)));
    }

    @Test
    void bigqueryTripleQuotedAndRawStringsBecomeLiterals() {
        DialectText t = check("SELECT '''a'\nb''', r'\\d', zz FROM t", Dialect.BIGQUERY, true);
        assertEquals("a'\nb", firstValue(t));
        assertTrue(t.text().contains("'\\d'"), t.text());
    }

    /** As written JSqlParser misreads these: {@code b"a'b"} as column b aliased, {@code U&'..'} as {@code U & '..'}. */
    @Test
    void byteAndUnicodeEscapeStringsAreSpelledAsJsqlparserReadsThem() {
        DialectText t = check("SELECT b\"a'b\", rb'\\x', B'''x''', zz FROM t", Dialect.BIGQUERY, false);
        assertEquals("SELECT B'a''b', B'\\x', B'x', zz FROM t", t.text());
        assertEquals("SELECT X'4D', zz", check("SELECT X'4D', zz", Dialect.POSTGRES, false).text());
        assertEquals("data", firstValue(check("SELECT U&'d\\0061t\\+000061', zz", Dialect.POSTGRES, false)));
    }

    /** MySQL's {@code 'a' "b"} is the string ab; JSqlParser would read "b" as the column's alias. */
    @Test
    void adjacentLiteralsTheDialectJoinsAreOne() {
        assertEquals("ab", firstValue(check("SELECT 'a' \"b\", zz FROM t", Dialect.MYSQL, false)));
        assertEquals("its", firstValue(check("SELECT 'it''s', zz FROM t", Dialect.DATABRICKS, false)));
        assertEquals("ab", firstValue(check("SELECT 'a'\n  'b', zz FROM t", Dialect.POSTGRES, false)));
        // Postgres joins only across a line break, BigQuery only across a blank: these stay apart
        assertEquals("SELECT 'a' 'b'", respell("SELECT 'a' 'b'", Dialect.POSTGRES).text());
        assertEquals("SELECT 'it' 's'", respell("SELECT 'it''s'", Dialect.BIGQUERY).text());
    }

    @Test
    void commentsTheParserCannotReadAreBlanks() {
        check("SELECT a, # note\n zz FROM t", Dialect.MYSQL, false);
        check("SELECT zz FROM t # note", Dialect.BIGQUERY, true);
        check("SELECT a /* x /* y */ z */, zz FROM t", Dialect.POSTGRES, false);
        check("SELECT a, // note\n zz FROM t", Dialect.CLICKHOUSE, false);
        check("SELECT 1--1, zz FROM t", Dialect.MYSQL, false);
        assertTrue(respell("SELECT 1--1 FROM t", Dialect.MYSQL).text().contains("1- -1"));
        // an unclosed comment stays as written: the statement is unfinished
        assertEquals("SELECT a FROM t /* oops", respell("SELECT a FROM t /* oops", Dialect.POSTGRES).text());
    }

    @Test
    void windowsLineBreaksCountOnce() {
        check("SELECT 1;\r\nSELECT E'a\\nb',\r\n\r\n  zz FROM t", Dialect.POSTGRES, false);
        check("FROM t\r\nSELECT a,\r\n zz", Dialect.DUCKDB, true);
    }

    @Test
    void positionsMapIntoTheWholeArgument() {
        String sql = "SELECT 1;\n\n  SELECT E'\\'',\n\t'x', zz FROM t";
        check(sql, Dialect.POSTGRES, false);
        assertArrayEquals(new int[]{3, 3}, respell(sql, Dialect.POSTGRES).absolute(1, 1));
    }

    @Test
    void clickhouseScalarWithIsBlankedAndItsNamesKeptAsValues() {
        DialectText t = check("WITH 10 AS threshold, now() AS t0 SELECT a FROM t WHERE a > zz", Dialect.CLICKHOUSE, true);
        assertEquals(List.of("threshold", "t0"), t.variables());
        DialectText query = respell("WITH x AS (SELECT 1) SELECT * FROM x", Dialect.CLICKHOUSE);
        assertEquals("WITH x AS (SELECT 1) SELECT * FROM x", query.text());
        assertEquals(List.of(), query.variables());
        assertEquals(List.of(), respell("WITH 10 AS x SELECT x", Dialect.POSTGRES).variables());
    }

    @Test
    void clickhouseMutationsAreReadAsUpdateAndDelete() {
        assertEquals("      UPDATE rental.bike SET status = 'x' WHERE zz > 1",
                check("ALTER TABLE rental.bike UPDATE status = 'x' WHERE zz > 1", Dialect.CLICKHOUSE, false).text());
        assertEquals("DELETE FROM t        WHERE zz = 1",
                check("ALTER TABLE t DELETE WHERE zz = 1", Dialect.CLICKHOUSE, false).text());
        String alter = "ALTER TABLE t ADD COLUMN zz Int32";
        assertEquals(alter, respell(alter, Dialect.CLICKHOUSE).text());
    }

    @Test
    void duckdbInsertByNameAndGroupByInsidePivotAreRead() {
        assertTrue(check("INSERT INTO rental.t BY NAME SELECT 1 AS zz", Dialect.DUCKDB, true).insertsByName());
        assertFalse(check("INSERT INTO rental.t SELECT 1 AS zz", Dialect.DUCKDB, false).insertsByName());
        check("SELECT zz FROM t PIVOT (count(*) FOR s IN ('a', 'b') GROUP BY m) AS p", Dialect.DUCKDB, true);
    }

    @Test
    void duckdbPythonStyleLambdasBecomeArrows() {
        DialectText t = check("SELECT list_transform(l, lambda n, i: n * zz) FROM t", Dialect.DUCKDB, false);
        assertEquals("SELECT list_transform(l, ( n, i) -> n * zz) FROM t", t.text());
        assertEquals("SELECT lambda FROM t", respell("SELECT lambda FROM t", Dialect.DUCKDB).text());
        assertEquals("SELECT f(lambda x: x)", respell("SELECT f(lambda x: x)", Dialect.POSTGRES).text());
    }

    @Test
    void duckdbFromFirstQueriesSelectFirst() {
        DialectText t = check("FROM t SELECT a, zz WHERE b = 1", Dialect.DUCKDB, true);
        assertEquals("SELECT a, zz FROM t WHERE b = 1", t.text());
        check("FROM zz SELECT a WHERE b = 1", Dialect.DUCKDB, true);
        assertEquals("SELECT * FROM t WHERE b = zz", check("FROM t WHERE b = zz", Dialect.DUCKDB, false).text());
        check("WITH x AS (FROM t SELECT a) SELECT a FROM x UNION ALL FROM u SELECT zz", Dialect.DUCKDB, true);
        check("SELECT * FROM (FROM t SELECT a) AS s JOIN zz USING (a)", Dialect.DUCKDB, true);
        assertEquals("CREATE VIEW v AS SELECT a, zz FROM t ",
                check("CREATE VIEW v AS FROM t SELECT a, zz", Dialect.DUCKDB, true).text());
        String delete = "DELETE FROM t WHERE a = 1";
        assertEquals(delete, respell(delete, Dialect.DUCKDB).text());
        // only DuckDB reads a query FROM first
        assertEquals("FROM t SELECT a", respell("FROM t SELECT a", Dialect.POSTGRES).text());
    }

    @Test
    void semiAndAntiJoinsAreLeftSemiJoins() {
        check("SELECT a FROM t SEMI JOIN u ON t.id = u.zz", Dialect.DUCKDB, true);
        check("SELECT a FROM t ANTI JOIN u ON t.id = u.zz", Dialect.DUCKDB, false);
        DialectText t = check("SELECT a FROM t LEFT ANTI JOIN u ON t.id = u.zz", Dialect.DATABRICKS, true);
        assertEquals("SELECT a FROM t LEFT SEMI JOIN u ON t.id = u.zz", t.text());
        assertEquals("SELECT a FROM t LEFT ANTI JOIN u ON t.id = u.zz",
                respell("SELECT a FROM t LEFT ANTI JOIN u ON t.id = u.zz", Dialect.DUCKDB).text());
        assertEquals("SELECT a FROM t SEMI JOIN u ON t.id = u.id",
                respell("SELECT a FROM t SEMI JOIN u ON t.id = u.id", Dialect.POSTGRES).text());
    }

    @Test
    void bigqueryUnnestWithOffsetNamesTheElementAndTheOffset() {
        DialectText t = check("SELECT x, zz FROM UNNEST([1, 2]) AS x WITH OFFSET AS zz", Dialect.BIGQUERY, true);
        assertTrue(t.text().contains("WITH OFFSET AS x(x,"), t.text());
        check("SELECT x FROM t, UNNEST(t.arr) x WITH OFFSET zz", Dialect.BIGQUERY, true);
        DialectText quoted = check("SELECT 1 FROM UNNEST(a) AS `my x` WITH OFFSET AS zz", Dialect.BIGQUERY, true);
        assertTrue(quoted.text().contains("AS `my x`(`my x`,"), quoted.text());
        DialectText bare = check("SELECT x FROM t, UNNEST(t.arr) AS x WITH OFFSET WHERE zz > 1", Dialect.BIGQUERY,
                true);
        assertTrue(bare.text().contains("WITH OFFSET AS x "), bare.text());
    }

    @Test
    void bigqueryOffsetSubscriptsAreIndexes() {
        check("SELECT APPROX_QUANTILES(x, 100)[OFFSET(50)], zz FROM t", Dialect.BIGQUERY, true);
        check("SELECT arr[OFFSET(1)], arr[SAFE_ORDINAL(1)], zz FROM t", Dialect.BIGQUERY, true);
    }

    @Test
    void bigqueryDashedProjectsAreQuoted() {
        DialectText t = check("SELECT a FROM my-project-1.ds.t JOIN other-p.ds.u ON zz = 1", Dialect.BIGQUERY, true);
        assertEquals("SELECT a FROM `my-project-1`.ds.t JOIN `other-p`.ds.u ON zz = 1", t.text());
        assertEquals("SELECT a-b FROM t", respell("SELECT a-b FROM t", Dialect.BIGQUERY).text());
    }

    @Test
    void trailingCommasBeforeFromWhereTheDialectAllowsThem() {
        for (Dialect d : List.of(Dialect.DUCKDB, Dialect.BIGQUERY, Dialect.SNOWFLAKE, Dialect.CLICKHOUSE)) {
            check("SELECT a, b, FROM zz", d, true);
        }
        for (Dialect d : List.of(Dialect.POSTGRES, Dialect.MYSQL, Dialect.REDSHIFT, Dialect.DATABRICKS)) {
            assertNull(parse(respell("SELECT a, b, FROM t", d).text()), d.wire());
        }
        check("SELECT (SELECT a, FROM t), zz, FROM u", Dialect.DUCKDB, true);
        check("FROM t SELECT a, zz,", Dialect.DUCKDB, true);
        check("SELECT 1, zz,", Dialect.BIGQUERY, true);
        // a comma ending any other list stays, and the statement stays unreadable
        assertNull(parse(respell("SELECT a FROM t GROUP BY a, ORDER BY a", Dialect.DUCKDB).text()));
    }

    @Test
    void samplesJsqlparserCannotReadAreBlanked() {
        check("SELECT a FROM t USING SAMPLE 10 PERCENT (bernoulli, 3) WHERE zz = 1", Dialect.DUCKDB, true);
        check("SELECT a FROM t TABLESAMPLE 10% WHERE zz = 1", Dialect.DUCKDB, true);
        check("SELECT a FROM t TABLESAMPLE (BUCKET 4 OUT OF 10) WHERE zz = 1", Dialect.DATABRICKS, true);
        check("SELECT a FROM t SAMPLE BERNOULLI (10) SEED (3) WHERE zz = 1", Dialect.SNOWFLAKE, true);
        String readable = "SELECT a FROM t TABLESAMPLE SYSTEM (10 PERCENT)";
        assertEquals(readable, respell(readable, Dialect.BIGQUERY).text());
    }

    @Test
    void databricksSortClausesAreOrderBy() {
        assertEquals("SELECT a FROM t ORDER BY a ,  zz",
                check("SELECT a FROM t DISTRIBUTE BY a SORT BY zz", Dialect.DATABRICKS, true).text());
        check("SELECT a FROM t CLUSTER BY zz", Dialect.DATABRICKS, true);
        check("SELECT a FROM t SORT BY zz LIMIT 3", Dialect.DATABRICKS, true);
        // a table's CLUSTER BY is no query clause
        String ddl = "CREATE TABLE t (a INT) CLUSTER BY (a)";
        assertEquals(ddl, respell(ddl, Dialect.DATABRICKS).text());
    }

    @Test
    void clickhouseClausesWithoutNamesAreBlanked() {
        check("SELECT a FROM t FINAL SAMPLE 1/10 OFFSET 1/2 WHERE zz = 1 FORMAT JSON", Dialect.CLICKHOUSE, true);
        check("SELECT a, count() FROM t GROUP BY a WITH TOTALS ORDER BY zz", Dialect.CLICKHOUSE, true);
        check("SELECT a FROM t ORDER BY a LIMIT 1 WITH TIES UNION ALL SELECT zz FROM u", Dialect.CLICKHOUSE, true);
        String postgres = "SELECT a FROM t ORDER BY a FETCH FIRST 1 ROWS WITH TIES";
        assertEquals(postgres, respell(postgres, Dialect.CLICKHOUSE).text());
    }

    @Test
    void starModifiersJsqlparserCannotReadAreRespelled() {
        check("SELECT * RENAME (a AS b), zz FROM t", Dialect.DUCKDB, true);
        DialectText t = check("SELECT * EXCLUDE (c) RENAME a AS b, zz FROM t", Dialect.SNOWFLAKE, true);
        assertTrue(t.text().contains("REPLACE (a AS b)"), t.text());
        assertEquals("SELECT * EXCLUDE (a), zz FROM t", check("SELECT * EXCLUDE a, zz FROM t", Dialect.DUCKDB, true)
                .text());
        check("SELECT * EXCLUDE a RENAME b AS c, zz FROM t", Dialect.SNOWFLAKE, true);
        String ddl = "ALTER TABLE t RENAME a TO b";
        assertEquals(ddl, respell(ddl, Dialect.DUCKDB).text());
    }

    @Test
    void clickhouseJoinsJsqlparserCannotReadAreRespelled() {
        check("SELECT c.id FROM c LEFT ANTI JOIN r ON r.id = c.zz", Dialect.CLICKHOUSE, true);
        assertEquals("SELECT a FROM t ARRAY JOIN array(1, [2], 3) AS zz",
                check("SELECT a FROM t ARRAY JOIN [1, [2], 3] AS zz", Dialect.CLICKHOUSE, true).text());
        // ClickHouse has no SEMI or ANTI join without a side
        String bare = "SELECT a FROM t ANTI JOIN u USING (id)";
        assertEquals(bare, respell(bare, Dialect.CLICKHOUSE).text());
    }

    @Test
    void bigqueryMergeGetsItsInto() {
        assertEquals("MERGE INTO t USING s ON t.id = s.zz WHEN MATCHED THEN DELETE",
                check("MERGE t USING s ON t.id = s.zz WHEN MATCHED THEN DELETE", Dialect.BIGQUERY, true).text());
    }

    @Test
    void postgresSetToAndSelectIntoTemp() {
        assertEquals("SET search_path  = zz", check("SET search_path TO zz", Dialect.POSTGRES, true).text());
        check("SET SESSION a.b TO zz", Dialect.REDSHIFT, true);
        assertEquals("SELECT a INTO            x FROM t WHERE zz = 1",
                check("SELECT a INTO TEMP TABLE x FROM t WHERE zz = 1", Dialect.REDSHIFT, true).text());
        check("SELECT a INTO UNLOGGED x FROM t WHERE zz = 1", Dialect.POSTGRES, true);
        String insert = "INSERT INTO t SELECT a FROM u";
        assertEquals(insert, respell(insert, Dialect.POSTGRES).text());
    }

    @Test
    void redshiftSuperIndexesNameTheElementAndTheIndex() {
        DialectText t = check("SELECT tag, i FROM trip AS t, t.tags AS tag AT zz ORDER BY i", Dialect.REDSHIFT, true);
        assertTrue(t.text().contains("t.tags AS tag(tag,     zz)"), t.text());
        String zone = "SELECT ts AT TIME ZONE 'UTC' AS local FROM t";
        assertEquals(zone, respell(zone, Dialect.REDSHIFT).text());
    }

    @Test
    void snowflakePositionalColumnsAreQuotedNames() {
        DialectText t = check("SELECT v.$1 FROM (VALUES (1)) AS v JOIN b ON b.zz = v.$1", Dialect.SNOWFLAKE, true);
        assertTrue(t.text().startsWith("SELECT v.\"$1\" FROM"), t.text());
    }

    /** Words put in map to the token they stand beside, so a finding there lands on what the caller wrote. */
    @Test
    void insertedTextMapsToItsAnchor() {
        String sql = "SELECT 1 FROM UNNEST(a) AS elem WITH OFFSET AS o";
        DialectText t = respell(sql, Dialect.BIGQUERY);
        int copy = t.text().indexOf("(elem,") + 1;
        assertArrayEquals(Lines.position(sql, sql.indexOf("elem")), t.absolute(1, copy + 3));
        String semi = "SELECT a FROM t SEMI JOIN u USING (id)";
        assertArrayEquals(new int[]{1, 17}, respell(semi, Dialect.DUCKDB).absolute(1, 17));
        assertArrayEquals(new int[]{1, 17}, respell(semi, Dialect.DUCKDB).absolute(1, 21));
    }

    @Test
    void aPositionPastTheTextIsItsEnd() {
        DialectText t = respell("SELECT E'x'", Dialect.POSTGRES);
        assertArrayEquals(new int[]{1, 12}, t.absolute(1, 40));
        assertArrayEquals(new int[]{1, 12}, t.absolute(3, 1));
    }
}
