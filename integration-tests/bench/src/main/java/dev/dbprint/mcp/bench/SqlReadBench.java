package dev.dbprint.mcp.bench;

import java.util.LinkedHashMap;
import java.util.Map;
import java.util.concurrent.TimeUnit;

import dev.dbprint.mcp.sqlcheck.CallBudget;
import dev.dbprint.mcp.sqlcheck.SqlReader;
import dev.dbprint.mcp.sqlcheck.StatementSplitter;

/**
 * check_sql's reader alone on the inputs issue 41 names: statements to 10 KB and 100 levels of nesting of each kind,
 * and long AND/OR chains, each read warm (after 5 reads) {@code --runs} times on a thread with the check threads'
 * stack. Prints the median and the slowest read next to the 50 ms target, and whether it was read or refused.
 * Arguments: {@code --runs R} [50].
 */
public final class SqlReadBench {

    private static final double TARGET_MS = 50;

    private SqlReadBench() {
    }

    public static void main(String[] argv) throws InterruptedException {
        int runs = new Args(argv).integer("--runs", 50);
        Thread reader = new Thread(null, () -> run(runs), "bench-reader", 64L * 1024 * 1024);
        reader.start();
        reader.join();
    }

    private static void run(int runs) {
        System.out.printf("check_sql reading, warm, %d reads each (target <= %.0f ms)%n", runs, TARGET_MS);
        System.out.printf("%-48s %8s %9s %9s  %s%n", "statement", "bytes", "median ms", "max ms", "outcome");
        for (Map.Entry<String, String> e : statements().entrySet()) {
            String sql = e.getValue();
            for (int i = 0; i < 5; i++) {
                read(sql);
            }
            double[] ms = new double[runs];
            SqlReader.Read last = null;
            for (int i = 0; i < runs; i++) {
                long t = System.nanoTime();
                last = read(sql);
                ms[i] = (System.nanoTime() - t) / 1e6;
            }
            Stats stats = new Stats(ms);
            String outcome = last.statement() != null ? "read" : "refused: " + last.unreadable();
            System.out.printf("%-48s %8d %9.2f %9.2f  %s%n", e.getKey(), sql.length(), stats.median(),
                    stats.percentile(100), outcome.length() > 70 ? outcome.substring(0, 70) + "…" : outcome);
        }
    }

    private static SqlReader.Read read(String sql) {
        return SqlReader.read(sql, 1, new StatementSplitter.Piece(1, sql, 1, 1),
                CallBudget.of(TimeUnit.SECONDS.toNanos(5), () -> false));
    }

    static Map<String, String> statements() {
        Map<String, String> out = new LinkedHashMap<>();
        out.put("SELECT ((((((((((1)))))))))) (issue 41)", "SELECT ((((((((((1))))))))))");
        out.put("a 7-level formula", "SELECT round(((((a + 1) * 2 - b) / nullif(c, 0)) * 100)::numeric, 2) FROM t"
                + " WHERE ((a > 1 AND (b < 2 OR (c = 3 AND (d <> 4)))))");
        out.put("100 levels: parentheses", "SELECT " + nested(100, "(", "a", ")") + " FROM t");
        out.put("100 levels: function calls", "SELECT " + nested(100, "coalesce(", "a", ", 1)") + " FROM t");
        out.put("100 levels: subqueries", nested(100, "SELECT * FROM (", "SELECT a FROM t", ") x"));
        out.put("100 levels: CASE", "SELECT " + nested(100, "CASE WHEN a = 1 THEN ", "b", " ELSE c END") + " FROM t");
        out.put("100 levels: IN (subquery)", "SELECT a FROM t WHERE a IN "
                + nested(100, "(SELECT b FROM u WHERE b IN ", "(1)", ")"));
        out.put("10 KB: a wide report query", wide(10_000));
        out.put("10,000 AND terms", chain(10_000, false));
        out.put("3,000 AND/OR terms", chain(3_000, true));
        out.put("201 levels: refused before reading", "SELECT " + nested(201, "(", "a", ")") + " FROM t");
        return out;
    }

    private static String nested(int n, String open, String inner, String close) {
        return open.repeat(n) + inner + close.repeat(n);
    }

    private static String chain(int terms, boolean mixed) {
        StringBuilder sql = new StringBuilder("SELECT a FROM t WHERE a = 0");
        for (int i = 1; i < terms; i++) {
            sql.append(mixed && i % 2 == 1 ? " OR " : " AND ").append("a = ").append(i);
        }
        return sql.toString();
    }

    /** A report as people write them: CTEs, joins, CASE, window functions, a long WHERE, grown to {@code bytes}. */
    private static String wide(int bytes) {
        StringBuilder sql = new StringBuilder("WITH recent AS (SELECT r.ride_id, r.customer_id, r.started_at, r.ended_at"
                + " FROM rental.ride r WHERE r.started_at >= DATE '2026-01-01')\nSELECT c.customer_id, c.email");
        int i = 0;
        while (sql.length() < bytes - 600) {
            sql.append(",\n  sum(CASE WHEN r.tariff_id = ").append(i).append(" AND (r.ended_at - r.started_at) > INTERVAL '")
                    .append(i % 60 + 1).append(" minutes' THEN coalesce(r.price_cents, 0) / 100.0 ELSE 0 END)")
                    .append(" OVER (PARTITION BY c.country_code ORDER BY r.started_at) AS t").append(i++);
        }
        return sql.append("\nFROM rental.customer c JOIN recent x ON x.customer_id = c.customer_id")
                .append(" JOIN rental.ride r ON r.ride_id = x.ride_id LEFT JOIN rental.tariff t ON t.tariff_id = r.tariff_id")
                .append("\nWHERE c.country_code IN ('DE', 'FR', 'NL') AND (c.membership = 'gold' OR c.email LIKE '%@example.com')")
                .append(" AND NOT EXISTS (SELECT 1 FROM rental.ride z WHERE z.customer_id = c.customer_id AND z.ended_at IS NULL)")
                .append("\nORDER BY c.customer_id LIMIT 100").toString();
    }
}
