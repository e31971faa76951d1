package dev.dbprint.mcp.tool;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;

/**
 * Writes {@code rental.wide}: a table of many columns, each with a complete value list and NULL alone on one row, for
 * paging tests.
 */
public final class WideTable {

    private WideTable() {
    }

    public static void write(Path connectionRoot, int columns) throws IOException {
        Path d = connectionRoot.resolve("rental/wide");
        Files.createDirectories(d);
        StringBuilder ddl = new StringBuilder("CREATE TABLE rental.wide (\n");
        StringBuilder stats = new StringBuilder("format_version: 1\ntable: rental.wide\ntype: table\n"
                + "profiled_at: '2026-11-27T06:14:52Z'\nrow_count: 1000\nrow_count_method: exact\ncolumns:\n");
        for (int i = 0; i < columns; i++) {
            String c = String.format("attribute_%03d", i);
            ddl.append("    ").append(c).append(" text").append(i < columns - 1 ? ",\n" : "\n");
            stats.append("  ").append(c).append(":\n    sql_type: text\n    nullable: true\n    null_count: 10\n"
                    + "    null_rate: 0.01\n    classification: categorical\n    cardinality: 6\n"
                    + "    cardinality_ratio: 0.006\n    cardinality_method: exact\n    values:\n");
            String[] vs = {"'alpha'", "'it''s'", "\"line\\nbreak\"", "\"zero\\u200bwidth\"", "'gamma delta'",
                    "'epsilon'"};
            int[] counts = {400, 200, 150, 130, 60, 50};
            for (int v = 0; v < vs.length; v++) {
                stats.append("    - value: ").append(vs[v]).append("\n      count: ").append(counts[v]).append('\n');
            }
            stats.append("    values_coverage: 1.0\n    distribution: imbalanced\n");
        }
        // each column NULL alone on one row: a list of combinations as long as the table is wide, cut short at 90%
        stats.append("null_patterns:\n  coverage: 0.9\n  patterns:\n  - columns: []\n    count: 600\n");
        for (int i = 0; i < columns; i++) {
            stats.append(String.format("  - columns: [attribute_%03d]\n    count: 1\n", i));
        }
        stats.append("grain:\n  keys: []\n");
        ddl.append(");\n");
        Files.writeString(d.resolve("ddl.sql"), ddl);
        Files.writeString(d.resolve("statistics.yaml"), stats);
        Files.writeString(d.resolve("relationships.yaml"), "format_version: 1\ntable: rental.wide\n"
                + "profiled_at: '2026-11-27T06:14:52Z'\neligible_target: false\nrefers_to: []\nreferenced_by: []\n");
        Path manifest = connectionRoot.resolve("manifest.yaml");
        Files.writeString(manifest, Files.readString(manifest) + "  rental.wide:\n    type: table\n    path: rental/wide\n"
                + "    artifacts:\n      ddl: ddl.sql\n      statistics: statistics.yaml\n"
                + "      relationships: relationships.yaml\n    columns: " + columns + "\n"
                + "    profiled_at: '2026-11-27T06:14:52Z'\n    row_count: 1000\n    max_age_days: 30\n");
    }
}
