package dev.dbprint.mcp.deployment;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Map;

/** A throw-away dbprint project on disk: one connection, {@code shop}, whose print the tests rewrite. */
final class PrintFixture {

    private PrintFixture() {
    }

    static Path create() {
        try {
            Path project = Files.createTempDirectory("dbprint-devui");
            write(project.resolve(".dbprint.yaml"), "connections:\n  shop:\n    adapter: postgres\n");
            manifest(project, Map.of("rental.bike", 120, "rental.station", 40));
            project.toFile().deleteOnExit();
            return project;
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    /** Rewrites {@code prints/shop/manifest.yaml} with these tables and row counts. */
    static void manifest(Path project, Map<String, Integer> tables) {
        StringBuilder yaml = new StringBuilder("format_version: 1\nconnection: shop\ntables:\n");
        tables.entrySet().stream().sorted(Map.Entry.comparingByKey()).forEach(e -> yaml.append("  ").append(e.getKey())
                .append(":\n    type: table\n    path: ").append(e.getKey().replace('.', '/'))
                .append("\n    row_count: ").append(e.getValue()).append('\n'));
        write(project.resolve("prints/shop/manifest.yaml"), yaml.toString());
    }

    private static void write(Path file, String text) {
        try {
            Files.createDirectories(file.getParent());
            Files.writeString(file, text, StandardCharsets.UTF_8);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }
}
