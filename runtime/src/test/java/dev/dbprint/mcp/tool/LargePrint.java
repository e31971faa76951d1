package dev.dbprint.mcp.tool;

import java.io.BufferedWriter;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;

/**
 * Writes a synthetic project deterministically: connection {@code big}, tables {@code t.t00000}, {@code t.t00001}, ...
 * each with the same number of columns named {@code <word>_<n>}, an ordinary categorical/numeric/text mix with small
 * value lists, a contact detection on every {@code email_*} column, and — on every {@code annotateEvery}-th table — a
 * statistics.annotations.yaml with a note and a value note on its first column. Used by the search tests.
 */
public final class LargePrint {

    private static final String[] WORDS = {"id", "name", "code", "status", "created_at", "amount", "email", "country"};

    private LargePrint() {
    }

    /** @return the project directory (holding {@code .dbprint.yaml}) */
    public static Path write(Path project, int tables, int columnsPerTable, int annotateEvery) {
        try {
            Path root = project.resolve("prints/big");
            Files.createDirectories(root);
            Files.writeString(project.resolve(".dbprint.yaml"), "connections:\n  big:\n    adapter: postgres\n");
            try (BufferedWriter m = Files.newBufferedWriter(root.resolve("manifest.yaml"), StandardCharsets.UTF_8)) {
                m.write("format_version: 1\nconnection: big\nadapter: postgres\ntables:\n");
                for (int t = 0; t < tables; t++) {
                    String name = String.format("t%05d", t);
                    boolean annotated = annotateEvery > 0 && t % annotateEvery == 0;
                    m.write("  t." + name + ":\n    type: table\n    path: t/" + name + "\n    artifacts:\n"
                            + "      statistics: statistics.yaml\n"
                            + (annotated ? "      statistics_annotations: statistics.annotations.yaml\n" : "")
                            + "    columns: " + columnsPerTable + "\n    row_count: 1000\n");
                    writeTable(root.resolve("t").resolve(name), "t." + name, columnsPerTable, annotated);
                }
            }
            return project;
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    private static void writeTable(Path dir, String fqn, int columns, boolean annotated) throws IOException {
        Files.createDirectories(dir);
        StringBuilder s = new StringBuilder(columns * 260);
        s.append("format_version: 1\ntable: ").append(fqn).append("\ntype: table\nprofiled_at: '2026-01-01T00:00:00Z'\n")
                .append("row_count: 1000\nrow_count_method: exact\ncolumns:\n");
        for (int c = 0; c < columns; c++) {
            String word = WORDS[c % WORDS.length];
            s.append("  ").append(column(c)).append(":\n");
            switch (c % 3) {
                case 0 -> s.append("    sql_type: VARCHAR(16)\n    nullable: true\n    null_count: 0\n    null_rate: 0.0\n"
                        + "    classification: categorical\n    cardinality: 3\n    cardinality_ratio: 0.003\n"
                        + "    cardinality_method: exact\n    values:\n    - {value: A, count: 600}\n"
                        + "    - {value: B, count: 300}\n    - {value: C, count: 100}\n    values_coverage: 1.0\n");
                case 1 -> s.append("    sql_type: BIGINT\n    nullable: false\n    null_count: 0\n    null_rate: 0.0\n"
                        + "    classification: numeric\n    cardinality: 1000\n    cardinality_ratio: 1.0\n"
                        + "    cardinality_method: exact\n");
                default -> s.append("    sql_type: TEXT\n    nullable: true\n    null_count: 10\n    null_rate: 0.01\n"
                        + "    classification: text\n    cardinality: 900\n    cardinality_ratio: 0.9\n"
                        + "    cardinality_method: exact\n");
            }
            if (word.equals("email") || c % 3 == 1) {
                s.append("    inferred:\n");
            }
            if (word.equals("email")) {
                s.append("      looks_like: email\n      sampled: 900\n      matched: 899\n      sensitivity: contact\n");
            }
            if (c % 3 == 1) {
                s.append("      candidate_key: true\n");
            }
        }
        Files.writeString(dir.resolve("statistics.yaml"), s);
        if (annotated) {
            Files.writeString(dir.resolve("statistics.annotations.yaml"), "format_version: 1\ncolumns:\n  " + column(0)
                    + ":\n    note: Ledger reference from the billing system.\n    values:\n    - value: A\n"
                    + "      note: Archived ledger entry\n");
        }
    }

    /** The name of column {@code c}: a word and the index, so names repeat words but never collide. */
    public static String column(int c) {
        return WORDS[c % WORDS.length] + "_" + c;
    }
}
