package dev.dbprint.mcp.sqlcheck;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;

import java.util.List;

import org.junit.jupiter.api.Test;

/** Statements cut at the semicolons outside quotes and comments, as each dialect quotes. */
class StatementSplitterTest {

    private static List<String> texts(String sql, Dialect dialect) {
        return StatementSplitter.split(sql, dialect).stream().map(StatementSplitter.Piece::text).toList();
    }

    @Test
    void semicolonsInsideQuotesAndCommentsCutNothing() {
        assertEquals(List.of("SELECT ';' -- ;\n, \"a;b\" /* ; */ FROM t", "SELECT 2"),
                texts("SELECT ';' -- ;\n, \"a;b\" /* ; */ FROM t; SELECT 2;", Dialect.POSTGRES));
    }

    @Test
    void aBackslashKeepsTheQuoteOpenOnlyWhereItEscapes() {
        assertEquals(List.of("SELECT 'a\\';b'"), texts("SELECT 'a\\';b'", Dialect.MYSQL));
        assertEquals(List.of("SELECT 'a\\'", "b'"), texts("SELECT 'a\\';b'", Dialect.POSTGRES));
        assertEquals(List.of("SELECT E'a\\';b'"), texts("SELECT E'a\\';b'", Dialect.POSTGRES));
    }

    @Test
    void dollarQuotesHoldSemicolonsWhereTheDialectHasThem() {
        String sql = "CREATE FUNCTION f() RETURNS int AS $$ SELECT 1; $$ LANGUAGE sql; SELECT $1";
        assertEquals(2, texts(sql, Dialect.POSTGRES).size());
        assertEquals(3, texts(sql, Dialect.MYSQL).size());
        assertEquals(List.of("SELECT $t$;$t$", "SELECT 2"), texts("SELECT $t$;$t$; SELECT 2", Dialect.DUCKDB));
    }

    @Test
    void hashCommentsAndBackticksFollowTheDialect() {
        assertEquals(List.of("SELECT 1 # ;\n", "SELECT `a;b`"), texts("SELECT 1 # ;\n; SELECT `a;b`", Dialect.MYSQL));
        assertEquals(List.of("SELECT 1 # ", "x", "SELECT `a", "b`"),
                texts("SELECT 1 # ;\nx; SELECT `a;b`", Dialect.POSTGRES));
    }

    @Test
    void aPieceOfOnlyBlanksAndCommentsIsNoStatement() {
        assertEquals(List.of("SELECT 1"), texts(" ; -- c\n ; /* d */ ;SELECT 1;;", Dialect.POSTGRES));
    }

    @Test
    void piecesKnowWhereTheyStartInTheArgument() {
        List<StatementSplitter.Piece> pieces = StatementSplitter.split("SELECT 1;\r\n\n   SELECT\n  x", Dialect.POSTGRES);
        StatementSplitter.Piece second = pieces.get(1);
        assertEquals(2, second.index());
        assertEquals(3, second.line());
        assertEquals(4, second.column());
        assertArrayEquals(new int[]{3, 6}, second.absolute(1, 3));
        assertArrayEquals(new int[]{4, 3}, second.absolute(2, 3));
    }
}
