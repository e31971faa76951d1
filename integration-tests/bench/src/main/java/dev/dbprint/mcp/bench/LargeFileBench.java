package dev.dbprint.mcp.bench;

import java.io.BufferedWriter;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Base64;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Random;

import dev.dbprint.mcp.config.Connections;
import dev.dbprint.mcp.config.DbprintYaml;
import dev.dbprint.mcp.config.ProjectLocator;
import dev.dbprint.mcp.config.ServedSet;
import dev.dbprint.mcp.print.store.PrintStore;
import dev.dbprint.mcp.reference.ReferenceDocuments;
import dev.dbprint.mcp.resource.ResourceReader;

/**
 * Times resources/read of one large file page by page, in-process (the server's own {@link ResourceReader} over a
 * fresh {@link PrintStore}, no transport), and prints the figures. The file is a generated statistics.yaml: columns
 * as dbprint writes them (a value list with counts, some values multi-byte, and a sketch's base64 payload on one long
 * line) until it reaches the size asked for; with {@code --kind reading} the same bytes are the connection's
 * reading.md, which is served without a YAML parse check. Arguments: {@code --mb N} (60), {@code --kind
 * statistics|reading} (statistics), {@code --warmup W} (200: page reads before timing, for the JIT), {@code --pages P}
 * (100: pages read after the first, spread evenly over the file, each once), {@code --dir PATH} (a fresh temporary
 * directory).
 */
public final class LargeFileBench {

    private LargeFileBench() {
    }

    public static void main(String[] args) throws IOException {
        Args a = new Args(args);
        int mb = a.integer("--mb", 60);
        boolean reading = a.string("--kind", "statistics").equals("reading");
        int warmup = a.integer("--warmup", 200);
        int sample = a.integer("--pages", 100);
        String uri = reading ? "dbprint://big/reading" : "dbprint://big/big.events/statistics";
        Path project = a.path("--dir").orElse(Files.createTempDirectory("dbprint-bench-large"));

        long t0 = System.nanoTime();
        long size = write(project, mb * 1_000_000L, reading);
        System.out.printf("generated " + (reading ? "reading.md" : "statistics.yaml") + " of %.1f MB in %.1f s at %s%n",
                size / 1e6,
                (System.nanoTime() - t0) / 1e9, project);

        Connections connections = new Connections(ServedSet.resolve(
                DbprintYaml.read(ProjectLocator.locate(Optional.of(project.toString()), Path.of(""))), List.of()));
        ResourceReader reader = new ResourceReader(new PrintStore(), connections,
                new ReferenceDocuments(Optional.empty()));
        long heapBefore = usedHeap();

        long t = System.nanoTime();
        Map<String, Object> first = meta(reader.read(uri));
        int pages = (Integer) first.get("pages");
        String version = (String) first.get("version");
        System.out.printf("page 1, cold (%s): %.0f ms; %d pages%n",
                reading ? "the file read once" : "the file parsed once to check it, and read once",
                (System.nanoTime() - t) / 1e6, pages);
        time(reader, "warm-up", spread(uri, version, pages, warmup), 1);
        time(reader, "page 1, warm", List.of(uri), 5);
        List<String> spread = spread(uri, version, pages, sample);
        time(reader, "pages 2.." + pages + ", " + spread.size() + " spread evenly, each once", spread, 1);
        System.out.printf("heap after, GC'd: %.1f MB above the empty store%n", (usedHeap() - heapBefore) / 1e6);
    }

    /** {@code count} page URIs spread evenly over pages 2 to {@code pages}. */
    private static List<String> spread(String uri, String version, int pages, int count) {
        List<String> spread = new ArrayList<>();
        for (int k = 0; k < Math.min(count, pages - 1); k++) {
            int page = 2 + (int) ((long) k * (pages - 2) / Math.max(1, count - 1));
            spread.add(uri + "?page=" + page + "&version=" + version);
        }
        return spread;
    }

    private static void time(ResourceReader reader, String what, List<String> uris, int rounds) {
        double[] ms = new double[uris.size() * rounds];
        int i = 0;
        for (int r = 0; r < rounds; r++) {
            for (String uri : uris) {
                long t = System.nanoTime();
                reader.read(uri);
                ms[i++] = (System.nanoTime() - t) / 1e6;
            }
        }
        Stats s = new Stats(ms);
        System.out.printf("%s: median %.2f ms, p90 %.2f ms, max %.2f ms over %d reads%n", what, s.median(),
                s.percentile(90), s.percentile(100), s.count());
    }

    @SuppressWarnings("unchecked")
    private static Map<String, Object> meta(Map<String, Object> result) {
        return (Map<String, Object>) ((List<Map<String, Object>>) result.get("contents")).get(0).get("_meta");
    }

    /**
     * The project: one connection, one table, its statistics.yaml of at least {@code bytes} bytes (or the
     * connection's reading.md). The file's size.
     */
    private static long write(Path project, long bytes, boolean reading) throws IOException {
        Files.writeString(project.resolve(".dbprint.yaml"), "connections:\n  big:\n    adapter: postgres\n");
        Path root = Files.createDirectories(project.resolve("prints/big"));
        Files.writeString(root.resolve("manifest.yaml"), """
                format_version: 1
                connection: big
                failed_tables: []
                tables:
                  big.events:
                    type: table
                    path: big/events
                    artifacts:
                      statistics: statistics.yaml
                """);
        Path file = reading
                ? root.resolve("reading.md")
                : Files.createDirectories(root.resolve("big/events")).resolve("statistics.yaml");
        Random random = new Random(60);
        byte[] sketch = new byte[4_096];
        try (BufferedWriter out = Files.newBufferedWriter(file, StandardCharsets.UTF_8)) {
            out.write("format_version: 1\ntable: big.events\ntype: table\nprofiled_at: '2026-05-17T22:48:01Z'\n"
                    + "row_count: 1000000\ncolumns:\n");
            long written = 0;
            for (int c = 0; written < bytes; c++) {
                StringBuilder column = new StringBuilder("  column_").append(c).append(":\n")
                        .append("    sql_type: character varying(64)\n    nullable: true\n    values:\n");
                for (int v = 0; v < 20; v++) {
                    column.append("    - value: 'Größe ").append(c).append('-').append(v)
                            .append(v % 5 == 0 ? " café ☕ 𝄞" : "").append("'\n      count: ")
                            .append(1 + random.nextInt(1000)).append('\n');
                }
                random.nextBytes(sketch);
                column.append("    sketch:\n      method: kmv_md5_lo64\n      values: ")
                        .append(Base64.getEncoder().encodeToString(sketch)).append('\n');
                out.write(column.toString());
                written += column.toString().getBytes(StandardCharsets.UTF_8).length;
            }
        }
        return Files.size(file);
    }

    private static long usedHeap() {
        for (int i = 0; i < 3; i++) {
            System.gc();
        }
        Runtime rt = Runtime.getRuntime();
        return rt.totalMemory() - rt.freeMemory();
    }
}
