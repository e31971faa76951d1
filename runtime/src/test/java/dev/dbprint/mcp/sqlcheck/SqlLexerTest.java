package dev.dbprint.mcp.sqlcheck;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;

import dev.dbprint.mcp.sqlcheck.SqlLexer.Kind;
import dev.dbprint.mcp.sqlcheck.SqlLexer.Token;

/** Tokens as each dialect's database reads them: quotes, escapes, comments, and each token's offsets. */
class SqlLexerTest {

    private static List<Token> significant(String sql, Dialect dialect) {
        return SqlLexer.tokens(sql, dialect).stream().filter(Token::significant).toList();
    }

    /** The only significant token of {@code sql}. */
    private static Token only(String sql, Dialect dialect) {
        List<Token> tokens = significant(sql, dialect);
        assertEquals(1, tokens.size(), tokens.toString());
        return tokens.get(0);
    }

    private static void assertString(String value, String sql, Dialect dialect) {
        Token t = only(sql, dialect);
        assertEquals(Kind.STRING, t.kind(), t.toString());
        assertEquals(value, t.value());
        assertTrue(t.closed());
        assertEquals(sql.length(), t.end());
    }

    @ParameterizedTest
    @EnumSource(Dialect.class)
    void aDoubledQuoteInAStandardLiteralIsOneQuoteWhereTheDialectDoublesQuotes(Dialect dialect) {
        List<Token> tokens = significant("'it''s'", dialect);
        if (dialect == Dialect.BIGQUERY || dialect == Dialect.DATABRICKS) {
            assertEquals(List.of("it", "s"), tokens.stream().map(Token::value).toList());
        } else {
            assertEquals(List.of("it's"), tokens.stream().map(Token::value).toList());
        }
    }

    @Test
    void aBackslashEscapesInTheDialectsThatHaveIt() {
        for (Dialect d : List.of(Dialect.MYSQL, Dialect.CLICKHOUSE, Dialect.REDSHIFT, Dialect.SNOWFLAKE,
                Dialect.DATABRICKS, Dialect.BIGQUERY)) {
            assertString("a'b\nc\\d", "'a\\'b\\nc\\\\d'", d);
        }
        assertEquals(List.of("a\\", "b'"), significant("'a\\' 'b'''", Dialect.POSTGRES).stream()
                .filter(t -> t.kind() == Kind.STRING).map(Token::value).toList());
        assertString("a\\nb", "'a\\nb'", Dialect.DUCKDB);
    }

    @Test
    void escapeSequencesDecodeAsEachDatabaseDecodesThem() {
        assertString("A\u00e9A", "E'\\x41\\u00e9\\101'", Dialect.POSTGRES);
        assertString("A\u00e9A", "'\\x41\\u00e9\\101'", Dialect.SNOWFLAKE);
        assertString("x41u00e9101", "'\\x41\\u00e9\\101'", Dialect.MYSQL);
        assertString("\\%\\_\u001a\0", "'\\%\\_\\Z\\0'", Dialect.MYSQL);
        assertString("%_Z\0", "'\\%\\_\\Z\\0'", Dialect.SNOWFLAKE);
        assertString("\u0007\u000b\0", "'\\a\\v\\0'", Dialect.CLICKHOUSE);
        assertString("\ud83d\ude00", "'\\U0001F600'", Dialect.BIGQUERY);
        assertString("q", "'\\q'", Dialect.DATABRICKS);
    }

    @Test
    void postgresUnicodeEscapeStringsDecode() {
        assertString("data\\", "U&'d\\0061t\\+000061\\\\'", Dialect.POSTGRES);
        assertEquals(Kind.WORD, significant("U&'x'", Dialect.MYSQL).get(0).kind());
    }

    @Test
    void postgresEscapeStringsAreThePostgresFamilys() {
        assertString("a'b", "E'a\\'b'", Dialect.POSTGRES);
        assertString("a'b", "e'a\\'b'", Dialect.DUCKDB);
        List<Token> mysql = significant("E'a'", Dialect.MYSQL);
        assertEquals(List.of(Kind.WORD, Kind.STRING), mysql.stream().map(Token::kind).toList());
    }

    @Test
    void dollarQuotesHoldDollarsAndQuotesAndLeavePositionalParametersAlone() {
        assertString("a$9b 'x'", "$$a$9b 'x'$$", Dialect.POSTGRES);
        assertString(" it's $1 ", "$fn$ it's $1 $fn$", Dialect.DUCKDB);
        assertString("a", "$$a$$", Dialect.SNOWFLAKE);
        Token param = only("$1", Dialect.POSTGRES);
        assertEquals(Kind.WORD, param.kind());
        assertEquals("$1", param.value());
        // Snowflake has no tagged dollar quotes: $x$ is no string there
        assertTrue(significant("$x$a$x$", Dialect.SNOWFLAKE).stream().noneMatch(t -> t.kind() == Kind.STRING));
        assertTrue(significant("$$a$$", Dialect.MYSQL).stream().noneMatch(t -> t.kind() == Kind.STRING));
    }

    @ParameterizedTest
    @EnumSource(Dialect.class)
    void doubleQuotesMakeStringsInMysqlBigqueryAndDatabricksAndNamesElsewhere(Dialect dialect) {
        Token t = only("\"repair\"", dialect);
        assertEquals(dialect.doubleQuotedStrings() ? Kind.STRING : Kind.QUOTED_IDENTIFIER, t.kind());
        assertEquals("repair", t.value());
        boolean strings = dialect == Dialect.MYSQL || dialect == Dialect.BIGQUERY || dialect == Dialect.DATABRICKS;
        assertEquals(strings, dialect.doubleQuotedStrings());
    }

    @ParameterizedTest
    @EnumSource(Dialect.class)
    void backticksQuoteNamesOnlyWhereTheDialectHasThem(Dialect dialect) {
        List<Token> tokens = significant("`my-project.ds.t`", dialect);
        if (dialect.backtickIdentifiers()) {
            assertEquals(1, tokens.size());
            assertEquals(Kind.QUOTED_IDENTIFIER, tokens.get(0).kind());
            assertEquals("my-project.ds.t", tokens.get(0).value());
        } else {
            assertEquals(Kind.SYMBOL, tokens.get(0).kind());
        }
    }

    @Test
    void bigqueryHasTripleQuotedRawAndByteStrings() {
        assertString("a'b\n'c", "'''a'b\n'c'''", Dialect.BIGQUERY);
        assertString("x\"y", "\"\"\"x\"y\"\"\"", Dialect.BIGQUERY);
        assertString("\\d+\\'", "r'\\d+\\''", Dialect.BIGQUERY);
        assertString("\\d", "R\"\\d\"", Dialect.BIGQUERY);
        Token bytes = only("b'\\x00'", Dialect.BIGQUERY);
        assertEquals(Kind.BYTES, bytes.kind());
        assertEquals("\0", bytes.value());
        assertEquals(Kind.BYTES, only("rb'\\x'", Dialect.BIGQUERY).kind());
        assertString("a\\", "r'a\\'", Dialect.DATABRICKS);
        // r'..' is raw only where the dialect has raw strings
        assertEquals(Kind.WORD, significant("r'x'", Dialect.POSTGRES).get(0).kind());
    }

    @Test
    void commentsFollowTheDialect() {
        assertEquals(Kind.COMMENT, SqlLexer.tokens("# x", Dialect.MYSQL).get(0).kind());
        assertEquals(Kind.COMMENT, SqlLexer.tokens("# x", Dialect.BIGQUERY).get(0).kind());
        assertEquals(Kind.COMMENT, SqlLexer.tokens("# x", Dialect.CLICKHOUSE).get(0).kind());
        assertEquals(Kind.COMMENT, SqlLexer.tokens("// x", Dialect.CLICKHOUSE).get(0).kind());
        assertEquals(Kind.COMMENT, SqlLexer.tokens("// x", Dialect.SNOWFLAKE).get(0).kind());
        assertEquals(Kind.SYMBOL, SqlLexer.tokens("# x", Dialect.POSTGRES).get(0).kind());
        assertEquals(Kind.SYMBOL, SqlLexer.tokens("// x", Dialect.MYSQL).get(0).kind());
        // MySQL's -- comments only before a blank: 1--1 is one minus minus one
        assertEquals(List.of("1", "-", "-", "1"), significant("1--1", Dialect.MYSQL).stream().map(Token::value).toList());
        assertEquals(List.of("1"), significant("1--1", Dialect.POSTGRES).stream().map(Token::value).toList());
        assertEquals(List.of("1"), significant("1-- x\n", Dialect.MYSQL).stream().map(Token::value).toList());
        assertEquals(List.of("1", "2"), significant("1 -- x\r2", Dialect.POSTGRES).stream().map(Token::value).toList());
    }

    @Test
    void blockCommentsNestWhereTheDialectNestsThem() {
        String sql = "/* a /* b */ c */ x";
        assertEquals(List.of("x"), significant(sql, Dialect.POSTGRES).stream().map(Token::value).toList());
        assertEquals(List.of("x"), significant(sql, Dialect.DUCKDB).stream().map(Token::value).toList());
        assertEquals(List.of("c", "*", "/", "x"), significant(sql, Dialect.MYSQL).stream().map(Token::value)
                .toList());
        assertEquals(List.of("c", "*", "/", "x"), significant(sql, Dialect.SNOWFLAKE).stream().map(Token::value)
                .toList());
    }

    @Test
    void numbersKeepTheDotOfADecimalAndLeaveTheDotOfAName() {
        assertEquals(List.of("1.5e3", "+", ".5", "0x4D"), significant("1.5e3+.5 0x4D", Dialect.MYSQL).stream()
                .map(Token::value).toList());
        assertEquals(List.of("t1", ".", "col"), significant("t1.col", Dialect.POSTGRES).stream().map(Token::value)
                .toList());
        assertEquals(List.of("123", ".", "ds"), significant("123.ds", Dialect.BIGQUERY).stream().map(Token::value)
                .toList());
        assertEquals(Kind.NUMBER, only("7.", Dialect.POSTGRES).kind());
    }

    @Test
    void everyTokenKnowsItsOffsetsAndTheyCoverTheText() {
        String sql = "SELECT \"a\", 'b''c' -- x\nFROM t;";
        List<Token> tokens = SqlLexer.tokens(sql, Dialect.POSTGRES);
        int at = 0;
        for (Token t : tokens) {
            assertEquals(at, t.start(), t.toString());
            at = t.end();
        }
        assertEquals(sql.length(), at);
        Token literal = tokens.stream().filter(t -> t.kind() == Kind.STRING).findFirst().orElseThrow();
        assertEquals(12, literal.start());
        assertEquals(18, literal.end());
        assertEquals("b'c", literal.value());
    }

    @Test
    void anUnclosedStringOrCommentRunsToTheEndAndSaysSo() {
        Token string = only("'abc", Dialect.POSTGRES);
        assertEquals(Kind.STRING, string.kind());
        assertFalse(string.closed());
        assertEquals(4, string.end());
        Token comment = SqlLexer.tokens("x /* a /* b */", Dialect.POSTGRES).get(2);
        assertEquals(Kind.COMMENT, comment.kind());
        assertFalse(comment.closed());
        assertFalse(only("$$ab", Dialect.POSTGRES).closed());
        assertFalse(only("`ab", Dialect.MYSQL).closed());
    }
}
