package dev.dbprint.mcp.bench;

import java.io.IOException;
import java.io.Reader;
import java.lang.reflect.Field;
import java.lang.reflect.InvocationTargetException;
import java.lang.reflect.Method;
import java.net.URL;
import java.net.URLClassLoader;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.concurrent.atomic.AtomicReference;
import java.util.stream.Stream;

import org.apache.calcite.config.Lex;
import org.apache.calcite.sql.parser.SqlParser;
import org.apache.calcite.sql.parser.babel.SqlBabelParserImpl;
import org.apache.calcite.sql.validate.SqlConformanceEnum;
import org.jooq.SQLDialect;
import org.jooq.impl.DSL;
import org.yaml.snakeyaml.LoaderOptions;
import org.yaml.snakeyaml.Yaml;
import org.yaml.snakeyaml.constructor.SafeConstructor;

import com.fasterxml.jackson.databind.ObjectMapper;

import dev.dbprint.mcp.sqlcheck.CallBudget;
import dev.dbprint.mcp.sqlcheck.Dialect;
import dev.dbprint.mcp.sqlcheck.DialectText;
import dev.dbprint.mcp.sqlcheck.SqlReader;
import dev.dbprint.mcp.sqlcheck.StatementSplitter;

/**
 * The reader comparison of docs/sql-reader.md: JSqlParser 5.3 and 5.4 (simple parsing, complex parsing, and simple then
 * complex), check_sql's own reading (its dialect respelling, then JSqlParser 5.4 as {@link SqlReader} reads), Apache
 * Calcite's Babel parser and jOOQ's parser, on the statements of each directory
 * given, per dialect, and on the nested statements of {@link SqlReadBench}. A directory holds {@code <dialect>.jsonl}
 * files (one JSON string per line, as integration-tests/bench/sqlglot-statements.py writes them) and check_sql corpus
 * files ({@code *.yaml} with {@code cases}, each {@code sql} cut into statements, the dialect postgres unless the case
 * names one), searched recursively. Each read has {@value #LIMIT_MS} ms on a thread of 64 MB stack; a read past that
 * counts as not read. Arguments: the directories.
 */
public final class ReaderComparison {

    private static final long LIMIT_MS = 2_000;
    private static final ObjectMapper JSON = new ObjectMapper();

    /** One reader: whether it reads {@code sql} as {@code dialect}, stopped through {@code stop} when it runs long. */
    private interface SqlReading {

        void read(String sql, Dialect dialect, AtomicReference<Runnable> stop) throws Exception;
    }

    private record Candidate(String name, SqlReading reading) {
    }

    private ReaderComparison() {
    }

    public static void main(String[] argv) throws Exception {
        System.setProperty("org.jooq.no-logo", "true");
        System.setProperty("org.jooq.no-tips", "true");
        Path readers = RealPrintReplicator.projectRoot().resolve("integration-tests/bench/target/readers");
        List<Candidate> candidates = new ArrayList<>();
        for (String version : List.of("5.3", "5.4")) {
            JSqlParser jsql = new JSqlParser(readers.resolve("jsqlparser-" + version + ".jar"));
            candidates.add(new Candidate("JSqlParser " + version + " simple", (s, d, stop) -> jsql.read(s, d, false, stop)));
            candidates.add(new Candidate("JSqlParser " + version + " complex", (s, d, stop) -> jsql.read(s, d, true, stop)));
            candidates.add(new Candidate("JSqlParser " + version + " simple, then complex", (s, d, stop) -> {
                try {
                    jsql.read(s, d, false, stop);
                } catch (Exception e) {
                    jsql.read(s, d, true, stop);
                }
            }));
        }
        candidates.add(new Candidate("check_sql: DialectText, then JSqlParser 5.4 simple, then complex", (s, d, stop) -> {
            DialectText text = DialectText.of(new StatementSplitter.Piece(1, s, 1, 1), d);
            SqlReader.Read read = SqlReader.read(text.text(), 1, text, CallBudget.of(LIMIT_MS * 1_000_000, () -> false));
            if (read.statement() == null) {
                throw new IllegalArgumentException(read.unreadable());
            }
        }));
        candidates.add(new Candidate("Calcite Babel 1.42.0", (s, d, stop) -> SqlParser.create(s, SqlParser.config()
                .withParserFactory(SqlBabelParserImpl.FACTORY).withConformance(SqlConformanceEnum.BABEL)
                .withLex(lex(d))).parseStmt()));
        candidates.add(new Candidate("jOOQ 3.19.39", (s, d, stop) -> DSL.using(SQLDialect.DEFAULT).parser().parse(s)));

        for (String dir : argv) {
            Map<Dialect, List<String>> statements = statements(Path.of(dir));
            System.out.printf("%n### Share of statements read: %s%n%n| reader |", dir);
            statements.forEach((d, list) -> System.out.printf(" %s (%d) |", d.wire(), list.size()));
            System.out.printf(" all (%d) |%n|---|", statements.values().stream().mapToInt(List::size).sum());
            statements.forEach((d, list) -> System.out.print("---:|"));
            System.out.println("---:|");
            for (Candidate c : candidates) {
                System.out.printf("| %s |", c.name());
                int read = 0;
                int all = 0;
                for (Map.Entry<Dialect, List<String>> e : statements.entrySet()) {
                    int ok = 0;
                    for (String sql : e.getValue()) {
                        ok += time(c, sql, e.getKey()) >= 0 ? 1 : 0;
                    }
                    System.out.printf(" %.0f%% |", 100.0 * ok / e.getValue().size());
                    read += ok;
                    all += e.getValue().size();
                }
                System.out.printf(" %.0f%% |%n", 100.0 * read / all);
            }
        }

        Map<String, String> nested = SqlReadBench.statements();
        System.out.printf("%n### Reading time, ms (median of 5 warm reads; 'no' = not read, '>%d' = past the limit)%n%n"
                + "| statement |", LIMIT_MS);
        candidates.forEach(c -> System.out.printf(" %s |", c.name()));
        System.out.print("\n|---|");
        candidates.forEach(c -> System.out.print("---:|"));
        System.out.println();
        for (Map.Entry<String, String> e : nested.entrySet()) {
            System.out.printf("| %s |", e.getKey());
            for (Candidate c : candidates) {
                System.out.printf(" %s |", nestedTime(c, e.getValue()));
            }
            System.out.println();
        }
        System.exit(0); // a read past its limit may still be running on its thread
    }

    private static String nestedTime(Candidate c, String sql) {
        double[] ms = new double[5];
        for (int i = 0; i < 7; i++) {
            double t = time(c, sql, Dialect.POSTGRES);
            if (t == -2) {
                return ">" + LIMIT_MS;
            }
            if (t < 0) {
                return "no";
            }
            if (i >= 2) {
                ms[i - 2] = t;
            }
        }
        return String.format("%.1f", Stats.median(ms));
    }

    /** Milliseconds the read took, -1 when it failed, -2 when it ran past the limit. */
    private static double time(Candidate c, String sql, Dialect dialect) {
        AtomicReference<Runnable> stop = new AtomicReference<>();
        AtomicReference<Throwable> failure = new AtomicReference<>();
        long[] took = new long[1];
        Thread t = new Thread(null, () -> {
            long start = System.nanoTime();
            try {
                c.reading().read(sql, dialect, stop);
            } catch (Throwable e) {
                failure.set(e);
            }
            took[0] = System.nanoTime() - start;
        }, "reader", 64L * 1024 * 1024);
        t.setDaemon(true);
        t.start();
        try {
            t.join(LIMIT_MS);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
        if (t.isAlive()) {
            Runnable s = stop.get();
            if (s != null) {
                s.run();
            }
            return -2;
        }
        return failure.get() == null ? took[0] / 1e6 : -1;
    }

    private static Lex lex(Dialect d) {
        return switch (d) {
            case MYSQL, CLICKHOUSE, DATABRICKS -> Lex.MYSQL;
            case BIGQUERY -> Lex.BIG_QUERY;
            default -> Lex.ORACLE;
        };
    }

    /** Every statement under {@code dir}, by dialect, in dialect order. */
    private static Map<Dialect, List<String>> statements(Path dir) throws IOException {
        Map<Dialect, List<String>> out = new TreeMap<>();
        List<Path> files;
        try (Stream<Path> walk = Files.walk(dir)) {
            files = walk.filter(Files::isRegularFile).sorted().toList();
        }
        for (Path f : files) {
            String name = f.getFileName().toString();
            if (name.endsWith(".jsonl")) {
                Dialect d = Dialect.of(name.substring(0, name.length() - ".jsonl".length())).orElseThrow();
                for (String line : Files.readAllLines(f)) {
                    if (!line.isBlank()) {
                        add(out, d, JSON.readValue(line, String.class));
                    }
                }
            } else if (name.endsWith(".yaml") && Files.readString(f).contains("\ncases:\n")) {
                Object doc;
                try (Reader r = Files.newBufferedReader(f)) {
                    doc = new Yaml(new SafeConstructor(new LoaderOptions())).load(r);
                }
                if (doc instanceof Map<?, ?> m && m.get("cases") instanceof List<?> cases) {
                    for (Object c : cases) {
                        if (c instanceof Map<?, ?> k && k.get("sql") instanceof String sql) {
                            Dialect d = Dialect.of((String) k.get("dialect")).orElse(Dialect.POSTGRES);
                            add(out, d, sql);
                        }
                    }
                }
            }
        }
        return out;
    }

    private static void add(Map<Dialect, List<String>> out, Dialect d, String sql) {
        for (StatementSplitter.Piece p : StatementSplitter.split(sql, d)) {
            out.computeIfAbsent(d, k -> new ArrayList<>()).add(p.text());
        }
    }

    /** One JSqlParser jar in a class loader of its own, called by reflection (both versions share their names). */
    private static final class JSqlParser {

        private final Method newParser;
        private final Method complex;
        private final Method backslash;
        private final Method statement;
        private final Field interrupted;

        JSqlParser(Path jar) throws Exception {
            ClassLoader loader = new URLClassLoader(new URL[]{jar.toUri().toURL()},
                    ClassLoader.getPlatformClassLoader());
            Class<?> util = loader.loadClass("net.sf.jsqlparser.parser.CCJSqlParserUtil");
            Class<?> parser = loader.loadClass("net.sf.jsqlparser.parser.CCJSqlParser");
            newParser = util.getMethod("newParser", String.class);
            complex = parser.getMethod("withAllowComplexParsing", boolean.class);
            backslash = parser.getMethod("withBackslashEscapeCharacter", boolean.class);
            statement = parser.getMethod("Statement");
            interrupted = parser.getField("interrupted");
        }

        void read(String sql, Dialect dialect, boolean allowComplex, AtomicReference<Runnable> stop) throws Exception {
            Object parser = newParser.invoke(null, sql);
            complex.invoke(parser, allowComplex);
            backslash.invoke(parser, dialect.backslashEscapes());
            stop.set(() -> {
                try {
                    interrupted.setBoolean(parser, true);
                } catch (IllegalAccessException e) {
                    throw new IllegalStateException(e);
                }
            });
            try {
                statement.invoke(parser);
            } catch (InvocationTargetException e) {
                throw e.getCause() instanceof Exception cause ? cause : e;
            }
        }
    }
}
