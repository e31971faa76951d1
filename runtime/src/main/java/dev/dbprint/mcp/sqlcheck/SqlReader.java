package dev.dbprint.mcp.sqlcheck;

import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Set;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.TimeoutException;

import dev.dbprint.mcp.error.ErrorCatalog;
import net.sf.jsqlparser.JSQLParserException;
import net.sf.jsqlparser.parser.CCJSqlParser;
import net.sf.jsqlparser.parser.CCJSqlParserUtil;
import net.sf.jsqlparser.parser.ParseException;
import net.sf.jsqlparser.parser.Token;
import net.sf.jsqlparser.statement.Statement;

/**
 * Reads one statement with JSqlParser. A statement it cannot read comes back as the §8.2-style sentence saying where
 * reading stopped and what the parser expected there. Reading runs on a shared worker under a time limit, as the
 * parser's own utility does it, so a statement that sends the parser's lookahead into a long search cannot hold the
 * call.
 */
public final class SqlReader {

    /** How long one statement may take to read. */
    static final long TIME_LIMIT_MILLIS = 5_000;

    private static final ExecutorService WORKER = Executors.newCachedThreadPool(r -> {
        Thread t = new Thread(r, "dbprint-sql-reader");
        t.setDaemon(true);
        return t;
    });

    /** A statement read, or the detail of why it could not be. */
    public record Read(Statement statement, String unreadable) {
    }

    private SqlReader() {
    }

    /**
     * Reads the statement's respelled text ({@link DialectText}), whose strings are standard literals, so the parser
     * needs no backslash mode; positions are reported where the caller wrote them.
     */
    public static Read read(String text, int index, SourcePositions positions) {
        CCJSqlParser parser = CCJSqlParserUtil.newParser(text).withTimeOut(TIME_LIMIT_MILLIS);
        try {
            return new Read(CCJSqlParserUtil.parseStatement(parser, WORKER), null);
        } catch (JSQLParserException e) {
            return new Read(null, detail(index, positions, e));
        }
    }

    private static String detail(int index, SourcePositions positions, JSQLParserException e) {
        Throwable cause = e.getCause();
        while (cause != null && !(cause instanceof ParseException)) {
            cause = cause.getCause();
        }
        if (cause instanceof ParseException p && p.currentToken != null) {
            Token at = p.currentToken.next != null ? p.currentToken.next : p.currentToken;
            int[] where = positions.absolute(Math.max(1, at.beginLine), Math.max(1, at.beginColumn));
            String found = at.kind == 0 ? null : at.image;
            return ErrorCatalog.sqlUnreadable(index, where[0], where[1], found, expected(p));
        }
        int[] start = positions.absolute(1, 1);
        if (e.getCause() instanceof TimeoutException) {
            return ErrorCatalog.sqlReadTimedOut(index, start[0], start[1], TIME_LIMIT_MILLIS / 1000);
        }
        return ErrorCatalog.sqlUnreadable(index, start[0], start[1], null, List.of());
    }

    /** The first token of every sequence the parser would have accepted, as its grammar spells them, deduplicated. */
    private static List<String> expected(ParseException p) {
        Set<String> out = new LinkedHashSet<>();
        if (p.expectedTokenSequences != null && p.tokenImage != null) {
            for (int[] sequence : p.expectedTokenSequences) {
                if (sequence.length > 0 && sequence[0] < p.tokenImage.length) {
                    out.add(p.tokenImage[sequence[0]]);
                }
            }
        }
        List<String> sorted = new ArrayList<>(out);
        sorted.sort(null);
        return sorted;
    }
}
