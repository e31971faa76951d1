package dev.dbprint.mcp.bench;

import java.io.BufferedWriter;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Instant;
import java.time.temporal.ChronoUnit;
import java.util.Random;

/**
 * Writes a deterministic synthetic dbprint project: {@code .dbprint.yaml} with rules, and a print of {@code tables}
 * tables of {@code columns} columns each (plus, optionally, one table of {@code wideColumns} columns) under
 * {@code prints/<connection>/}: manifest.yaml, per table ddl.sql, statistics.yaml (a realistic column block per column,
 * value lists with counts), relationships.yaml (a chain of inferred edges), an annotation file on every tenth table,
 * and a diff.yaml. The same arguments always write the same bytes.
 */
public final class SyntheticPrint {

    public static final String CONNECTION = "synthetic";
    /** Every profiled_at is within the 60 days before this instant. */
    public static final Instant BASE = Instant.parse("2026-05-17T00:00:00Z");

    private static final String[] STATUSES = {"active", "pending", "closed", "archived", "on_hold"};
    private static final String[] KINDS = {"id", "status", "created_at", "amount", "name"};

    private final Path project;
    private final int tables;
    private final int columns;
    private final int wideColumns;
    private final Random random = new Random(20260517L);

    public SyntheticPrint(Path project, int tables, int columns, int wideColumns) {
        this.project = project;
        this.tables = tables;
        this.columns = columns;
        this.wideColumns = wideColumns;
    }

    public Path root() {
        return project.resolve("prints").resolve(CONNECTION);
    }

    public static String fqn(int i) {
        return String.format("schema_%03d.table_%05d", i / 100, i);
    }

    public void write() {
        write(project.resolve(".dbprint.yaml"), """
                defaults:
                  max_age_days: 14
                connections:
                  synthetic:
                    adapter: postgres
                    max_age_days: 7
                    rules:
                    - include: ["schema_00*.*"]
                      max_age_days: 30
                    - include: ["schema_01*.*"]
                      min_rows: 1000000
                      max_age_days: 90
                """);
        StringBuilder manifest = new StringBuilder("""
                format_version: 1
                generated_at: '2026-05-17T00:00:00Z'
                connection: synthetic
                adapter: postgres
                dbprint_version: 0.4.0
                statistics_params:
                  enumeration_threshold: 50
                  top_n_values: 20
                selectors:
                  include:
                  - '*'
                  exclude: []
                redaction_rules_configured: 0
                default_collation: en_US.UTF-8
                failed_tables:
                - schema_000.unprofiled
                tables:
                """);
        for (int i = 0; i < tables; i++) {
            manifest.append(table(fqn(i), i, columns));
        }
        if (wideColumns > 0) {
            manifest.append(table("wide.events", tables, wideColumns));
        }
        write(root().resolve("manifest.yaml"), manifest.toString());
        write(root().resolve("diff.yaml"), diff());
        write(root().resolve("reading.md"), "# Reading this print\n\nSynthetic.\n");
    }

    /** Writes one table's files and returns its manifest entry. */
    private String table(String fqn, int i, int width) {
        boolean view = i % 50 == 49;
        Path dir = root().resolve(fqn.replace('.', '/'));
        Instant profiled = BASE.minus(random.nextInt(60 * 24 * 60), ChronoUnit.MINUTES);
        long rows = 1000L + random.nextInt(5_000_000);
        write(dir.resolve("ddl.sql"), ddl(fqn, width));
        write(dir.resolve("statistics.yaml"), statistics(fqn, profiled, rows, width, view));
        write(dir.resolve("relationships.yaml"), relationships(fqn, i));
        boolean annotated = i % 10 == 0;
        if (annotated) {
            write(dir.resolve("statistics.annotations.yaml"), "format_version: 1\ncolumns:\n  c001_status:\n"
                    + "    note: Lifecycle state of the row.\n    values:\n    - value: on_hold\n"
                    + "      note: Waiting on a human decision.\n");
        }
        StringBuilder e = new StringBuilder();
        e.append("  ").append(fqn).append(":\n");
        e.append("    type: ").append(view ? "view" : "table").append('\n');
        e.append("    path: ").append(fqn.replace('.', '/')).append('\n');
        e.append("    artifacts:\n      ddl: ddl.sql\n      statistics: statistics.yaml\n"
                + "      relationships: relationships.yaml\n");
        if (annotated) {
            e.append("      statistics_annotations: statistics.annotations.yaml\n");
        }
        e.append("    columns: ").append(width).append('\n');
        e.append("    profiled_at: '").append(profiled).append("'\n");
        if (!view) {
            e.append("    row_count: ").append(rows).append('\n');
        }
        if (i % 10 != 3) { // one table in ten records no threshold: the rules resolve it
            e.append("    max_age_days: ").append(i % 7 == 0 ? 30 : 7).append('\n');
        }
        return e.toString();
    }

    private static String column(int c) {
        return String.format("c%03d_%s", c, KINDS[c % KINDS.length]);
    }

    private static String ddl(String fqn, int width) {
        StringBuilder s = new StringBuilder("CREATE TABLE ").append(fqn).append(" (\n");
        for (int c = 0; c < width; c++) {
            s.append("    ").append(column(c)).append(' ').append(switch (c % KINDS.length) {
                case 0 -> "bigint NOT NULL";
                case 1 -> "varchar(16)";
                case 2 -> "timestamp with time zone";
                case 3 -> "numeric(12,2)";
                default -> "text";
            }).append(c + 1 < width ? ",\n" : "\n");
        }
        return s.append(");\n").toString();
    }

    private String statistics(String fqn, Instant profiled, long rows, int width, boolean view) {
        StringBuilder s = new StringBuilder("format_version: 1\n");
        s.append("table: ").append(fqn).append("\ntype: ").append(view ? "view" : "table").append('\n');
        s.append("profiled_at: '").append(profiled).append("'\n");
        s.append("row_count: ").append(rows).append("\nrow_count_method: exact\ncolumns:\n");
        for (int c = 0; c < width; c++) {
            long nulls = c % KINDS.length == 0 ? 0 : random.nextInt((int) Math.min(rows, 10_000));
            s.append("  ").append(column(c)).append(":\n");
            switch (c % KINDS.length) {
                case 0 -> s.append("    sql_type: bigint\n    nullable: false\n    null_count: 0\n    null_rate: 0.0\n")
                        .append("    classification: numeric\n    cardinality: ").append(rows)
                        .append("\n    cardinality_ratio: 1.0\n    inferred:\n      candidate_key: true\n")
                        .append("    range:\n      min: 1\n      max: ").append(rows).append('\n');
                case 1 -> {
                    s.append("    sql_type: varchar(16)\n    nullable: true\n    null_count: ").append(nulls)
                            .append("\n    null_rate: ").append(rate(nulls, rows))
                            .append("\n    classification: categorical\n    cardinality: 5\n")
                            .append("    values_coverage: 1.0\n    values:\n");
                    long left = rows - nulls;
                    for (int v = 0; v < STATUSES.length; v++) {
                        long count = v == STATUSES.length - 1 ? left : left / (2 + v);
                        left -= count;
                        s.append("    - value: ").append(STATUSES[v]).append("\n      count: ").append(count).append('\n');
                    }
                }
                case 2 -> s.append("    sql_type: timestamp with time zone\n    nullable: true\n    null_count: ")
                        .append(nulls).append("\n    null_rate: ").append(rate(nulls, rows))
                        .append("\n    classification: temporal\n    cardinality: ").append(rows - nulls)
                        .append("\n    range:\n      min: '2019-01-01T00:00:00Z'\n      max: '").append(profiled)
                        .append("'\n      span_days: 2693\n    freshness:\n      max_age_days: 0\n")
                        .append("      classification: live\n");
                case 3 -> s.append("    sql_type: numeric(12,2)\n    nullable: true\n    null_count: ").append(nulls)
                        .append("\n    null_rate: ").append(rate(nulls, rows))
                        .append("\n    classification: numeric\n    cardinality: ").append(rows / 3)
                        .append("\n    range:\n      min: 0.00\n      max: 99999.99\n    percentiles:\n")
                        .append("      p1: 1.25\n      p25: 120.00\n      p50: 480.50\n      p75: 1999.99\n")
                        .append("      p99: 45000.00\n    mean: 1234.56\n");
                default -> {
                    s.append("    sql_type: text\n    nullable: true\n    null_count: ").append(nulls)
                            .append("\n    null_rate: ").append(rate(nulls, rows))
                            .append("\n    classification: text\n    cardinality: ").append(rows / 2)
                            .append("\n    values_coverage: 0.002\n    values:\n");
                    for (int v = 0; v < 20; v++) {
                        s.append("    - value: name ").append(random.nextInt(100_000)).append("\n      count: ")
                                .append(20 - v).append('\n');
                    }
                }
            }
        }
        return s.toString();
    }

    private static String rate(long nulls, long rows) {
        return String.format("%.6f", (double) nulls / rows);
    }

    /** A chain: each table's id refers to the previous table's (inferred), and is referenced by the next one's. */
    private String relationships(String fqn, int i) {
        StringBuilder s = new StringBuilder("format_version: 1\ntable: ").append(fqn).append("\neligible_target: true\n");
        if (i > 0 && i < tables) {
            s.append("refers_to:\n- column: [c000_id]\n  target_table: ").append(fqn(i - 1))
                    .append("\n  target_column: [c000_id]\n  detection: inferred\n");
        } else {
            s.append("refers_to: []\n");
        }
        if (i + 1 < tables) {
            s.append("referenced_by:\n- column: [c000_id]\n  referencer_table: ").append(fqn(i + 1))
                    .append("\n  referencer_column: [c000_id]\n  detection: inferred\n");
        } else {
            s.append("referenced_by: []\n");
        }
        return s.toString();
    }

    private String diff() {
        StringBuilder s = new StringBuilder("""
                format_version: 1
                generated_at: '2026-05-17T00:00:00Z'
                connection: synthetic
                adapter: postgres
                summary:
                  statistics_drifted: 0
                  relationships_changed: 0
                changes:
                """);
        int drifted = 0, related = 0;
        for (int i = 0; i < tables; i += 7) {
            s.append("- kind: statistic_changed\n  table: ").append(fqn(i))
                    .append("\n  column: c001_status\n  stat: cardinality\n  before: 4\n  after: 5\n");
            drifted++;
            if (i > 0 && i % 21 == 0) {
                s.append("- kind: relationship_added\n  source_table: ").append(fqn(i))
                        .append("\n  source_column: [c000_id]\n  target_table: ").append(fqn(i - 1))
                        .append("\n  target_column: [c000_id]\n  detection: inferred\n");
                related++;
            }
        }
        return s.toString().replace("statistics_drifted: 0", "statistics_drifted: " + drifted)
                .replace("relationships_changed: 0", "relationships_changed: " + related);
    }

    private static void write(Path file, String text) {
        try {
            Files.createDirectories(file.getParent());
            try (BufferedWriter w = Files.newBufferedWriter(file, StandardCharsets.UTF_8)) {
                w.write(text);
            }
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }
}
