package dev.dbprint.mcp.sqlcheck;

import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Set;
import java.util.concurrent.Executors;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.ScheduledFuture;
import java.util.concurrent.TimeUnit;

import dev.dbprint.mcp.error.ErrorCatalog;
import net.sf.jsqlparser.parser.CCJSqlParser;
import net.sf.jsqlparser.parser.CCJSqlParserUtil;
import net.sf.jsqlparser.parser.ParseException;
import net.sf.jsqlparser.parser.Token;
import net.sf.jsqlparser.parser.TokenMgrException;
import net.sf.jsqlparser.statement.Statement;

/**
 * Reads one statement with JSqlParser, on the calling thread. Simple parsing (no backtracking lookahead) comes first: it
 * is linear in the statement's nesting; complex parsing, whose lookahead can be exponential in nesting, is the fallback
 * for what simple parsing cannot read. Both stop once the call's {@link CallBudget} is spent. A statement it cannot
 * read comes back as the §8.2-style sentence saying where reading stopped and what the parser expected there.
 */
public final class SqlReader {

    /**
     * The deepest parenthesis nesting read: simple parsing's time grows faster than linearly with it (measured: 100
     * levels 30 ms, 300 levels 65 ms, 1,000 levels 2 s), so a deeper statement is refused at once, before the parser.
     */
    static final int MAX_NESTING = 200;

    /** How often a statement being read is compared with its call's budget. */
    private static final long WATCH_MILLIS = 5;

    /**
     * Sets the parser's own {@code interrupted} flag once a budget is spent: the generated code tests it in its
     * expression rules and their lookahead, so a read in an exponential search stops within one rule.
     */
    private static final ScheduledExecutorService WATCH = Executors.newSingleThreadScheduledExecutor(r -> {
        Thread t = new Thread(r, "dbprint-sql-watch");
        t.setDaemon(true);
        return t;
    });

    /** A statement read, or the detail of why it could not be. */
    public record Read(Statement statement, String unreadable) {
    }

    private SqlReader() {
    }

    /**
     * Reads {@code text}, the {@code statementIndex}-th statement (1-based) of the call; {@code positions} places what
     * the parser reports in the call's argument.
     */
    public static Read read(String text, int statementIndex, SourcePositions positions, CallBudget budget) {
        Attempt simple = CCJSqlParserUtil.getNestingDepth(text) > MAX_NESTING
                ? new Attempt(null, null, true)
                : attempt(text, false, budget);
        if (simple.statement() != null) {
            return new Read(simple.statement(), null);
        }
        Attempt outcome = simple;
        if (!simple.tooDeep() && !budget.spent()) {
            outcome = attempt(text, true, budget);
            if (outcome.statement() != null) {
                return new Read(outcome.statement(), null);
            }
        }
        int[] start = positions.absolute(1, 1);
        if (outcome.tooDeep()) {
            return new Read(null, ErrorCatalog.sqlTooDeep(statementIndex, start[0], start[1]));
        }
        if (budget.spent()) {
            return new Read(null, ErrorCatalog.sqlReadTimedOut(statementIndex, start[0], start[1]));
        }
        return new Read(null, detail(statementIndex, positions, start, outcome.failure()));
    }

    /** One parse: its statement, or the parse failure, or that the parser's recursion overflowed the stack. */
    private record Attempt(Statement statement, Exception failure, boolean tooDeep) {
    }

    private static Attempt attempt(String text, boolean complex, CallBudget budget) {
        if (budget.spent()) {
            return new Attempt(null, null, false);
        }
        CCJSqlParser parser = CCJSqlParserUtil.newParser(text).withAllowComplexParsing(complex);
        ScheduledFuture<?> watch = WATCH.scheduleAtFixedRate(() -> {
            if (budget.spent()) {
                parser.interrupted = true;
            }
        }, WATCH_MILLIS, WATCH_MILLIS, TimeUnit.MILLISECONDS);
        try {
            return new Attempt(parser.Statement(), null, false);
        } catch (ParseException | TokenMgrException e) {
            return new Attempt(null, e, false);
        } catch (StackOverflowError e) {
            // the parser recurses once per nesting level: a statement nested past the thread's stack is refused whole
            return new Attempt(null, null, true);
        } finally {
            watch.cancel(false);
        }
    }

    private static String detail(int statementIndex, SourcePositions positions, int[] start, Exception failure) {
        if (failure instanceof ParseException p && p.currentToken != null) {
            Token at = p.currentToken.next != null ? p.currentToken.next : p.currentToken;
            int[] where = positions.absolute(Math.max(1, at.beginLine), Math.max(1, at.beginColumn));
            String found = at.kind == 0 ? null : at.image;
            return ErrorCatalog.sqlUnreadable(statementIndex, where[0], where[1], found, expected(p));
        }
        return ErrorCatalog.sqlUnreadable(statementIndex, start[0], start[1], null, List.of());
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
