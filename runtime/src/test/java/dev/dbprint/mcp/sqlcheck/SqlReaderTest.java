package dev.dbprint.mcp.sqlcheck;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.AtomicReference;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

import dev.dbprint.mcp.error.ErrorCatalog;

/**
 * The reader on the inputs that were exponential or overflowed the stack before simple parsing and the call budget:
 * each is read, or refused with the sentence that says why, on the check threads the server reads on.
 */
class SqlReaderTest {

    private static final CallBudget PLENTY = CallBudget.of(TimeUnit.MINUTES.toNanos(5), () -> false);

    private static SqlReader.Read read(String sql, CallBudget budget) {
        return CheckThreads.run(() -> SqlReader.read(sql, 1, new StatementSplitter.Piece(1, sql, 1, 1), budget));
    }

    /** {@code open} n times, {@code inner}, {@code close} n times. */
    static String nested(int n, String open, String inner, String close) {
        return open.repeat(n) + inner + close.repeat(n);
    }

    /** A WHERE of {@code terms} comparisons, joined by AND, or by AND and OR in turn. */
    static String chain(int terms, boolean mixed) {
        StringBuilder sql = new StringBuilder("SELECT model FROM rental.bike WHERE bike_id = 0");
        for (int i = 1; i < terms; i++) {
            sql.append(mixed && i % 2 == 1 ? " OR " : " AND ").append("bike_id = ").append(i);
        }
        return sql.toString();
    }

    @Test
    void tenParenthesesAreRead() {
        SqlReader.Read read = read("SELECT ((((((((((1))))))))))", PLENTY);
        assertNotNull(read.statement(), read.unreadable());
    }

    @ParameterizedTest
    @ValueSource(strings = {"SELECT %s FROM t|(|a|)", "SELECT %s FROM t|coalesce(|a|, 1)",
            "%s|SELECT * FROM (|SELECT a FROM t|) x", "SELECT %s FROM t|CASE WHEN a = 1 THEN |b| ELSE c END",
            "SELECT a FROM t WHERE %s|NOT (|a = 1|)", "SELECT a FROM t WHERE a IN %s|(SELECT b FROM u WHERE b IN |(1)|)"})
    void aHundredLevelsOfNestingAreRead(String shape) {
        String[] p = shape.split("\\|");
        String sql = p[0].formatted(nested(100, p[1], p[2], p[3]));
        SqlReader.Read read = read(sql, PLENTY);
        assertNotNull(read.statement(), read.unreadable());
    }

    @Test
    void tenThousandAndTermsAreRead() {
        SqlReader.Read read = read(chain(10_000, false), PLENTY);
        assertNotNull(read.statement(), read.unreadable());
    }

    @Test
    void aStatementNestedPastTheLimitIsRefusedAsTooDeep() {
        // 10,000 levels would take the parser minutes: refused before it starts
        SqlReader.Read read = read("SELECT " + nested(10_000, "(", "1", ")"), PLENTY);
        assertNull(read.statement());
        assertEquals(ErrorCatalog.sqlTooDeep(1, 1, 1), read.unreadable());
    }

    @Test
    void aStatementNestedPastTheStackIsRefusedAsTooDeep() throws InterruptedException {
        // 190 parentheses, within the limit, read on a thread of the smallest stack the JVM gives one (a request of
        // 64 KB is raised to it): the parser's recursion overflows, and is caught, even once C2 has compiled the parser
        // into smaller frames (a 256 KB stack held 190 levels then)
        String sql = "SELECT " + nested(190, "(", "1", ")");
        AtomicReference<SqlReader.Read> out = new AtomicReference<>();
        Thread small = new Thread(null,
                () -> out.set(SqlReader.read(sql, 3, new StatementSplitter.Piece(3, sql, 2, 3), PLENTY)),
                "small-stack", 64 * 1024);
        small.start();
        small.join();
        assertNull(out.get().statement());
        assertEquals(ErrorCatalog.sqlTooDeep(3, 2, 3), out.get().unreadable());
    }

    @Test
    void aSpentBudgetReadsNothing() {
        SqlReader.Read read = read("SELECT 1", CallBudget.of(0, () -> false));
        assertNull(read.statement());
        assertEquals(ErrorCatalog.sqlReadTimedOut(1, 1, 1), read.unreadable());
    }

    @Test
    void aCancelledCallReadsNothing() {
        SqlReader.Read read = read("SELECT 1", CallBudget.of(TimeUnit.MINUTES.toNanos(5), () -> true));
        assertNull(read.statement());
        assertEquals(ErrorCatalog.sqlReadTimedOut(1, 1, 1), read.unreadable());
    }

    @Test
    void aCallCancelledWhileAStatementIsReadStopsTheRead() {
        // asked first as the read begins (not yet cancelled), then by the watcher while the parser works
        AtomicInteger asked = new AtomicInteger();
        SqlReader.Read read = read(chain(10_000, false),
                CallBudget.of(TimeUnit.MINUTES.toNanos(5), () -> asked.incrementAndGet() > 1));
        assertNull(read.statement());
        assertEquals(ErrorCatalog.sqlReadTimedOut(1, 1, 1), read.unreadable());
        assertTrue(asked.get() >= 2, "the watcher asked the budget while the parser read");
    }
}
