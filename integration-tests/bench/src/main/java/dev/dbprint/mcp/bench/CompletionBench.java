package dev.dbprint.mcp.bench;

import java.io.IOException;
import java.lang.management.ManagementFactory;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.function.Supplier;
import java.util.function.ToIntFunction;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;

import dev.dbprint.mcp.resource.Completion;
import dev.dbprint.mcp.resource.CompletionRequest;
import dev.dbprint.mcp.resource.TemplateCompletions;

/**
 * Times completion/complete of a table name on a synthetic print of many tables, warm: in-process through
 * {@link TemplateCompletions} (request parsing, the manifest's identity check, ranking), then as a stdio round trip to
 * the runner jar, and prints the figures. Each typed value is completed 20 times untimed, then {@code --runs} times
 * timed. Arguments: {@code --tables N} (7000), {@code --runs R} (200), {@code --dir PATH} (a fresh temporary
 * directory), {@code --jar PATH} (integration-tests/target/dbprint-mcp-*-runner.jar).
 */
public final class CompletionBench {

    private static final ObjectMapper JSON = new ObjectMapper();
    private static final String TEMPLATE = "dbprint://{connection}/{table}/statistics{?page,version}";
    /** Every table; a schema's hundred; one table; a substring in many names; nothing. */
    private static final List<String> TYPED = List.of("", "schema_05", "schema_042.table_04217", "_0042", "zzz");

    private CompletionBench() {
    }

    public static void main(String[] args) throws IOException {
        Args a = new Args(args);
        int tables = a.integer("--tables", 7_000);
        int runs = a.integer("--runs", 200);
        Path project = a.path("--dir").orElse(Files.createTempDirectory("dbprint-completion-bench"));
        Path jar = a.path("--jar").orElseGet(() -> PeerBench.find("integration-tests/target", "dbprint-mcp-",
                "-runner.jar"));
        long t0 = System.nanoTime();
        new SyntheticPrint(project, tables, 2, 0).write();
        System.out.printf("generated %d tables in %.1f s at %s; %s, %d CPUs, load average %.1f%n", tables,
                (System.nanoTime() - t0) / 1e9, project, System.getProperty("java.version"),
                Runtime.getRuntime().availableProcessors(),
                ManagementFactory.getOperatingSystemMXBean().getSystemLoadAverage());

        InProcess server = new InProcess(project);
        TemplateCompletions completions = new TemplateCompletions(server.store, server.connections);
        System.out.println("in-process (TemplateCompletions):");
        for (String typed : TYPED) {
            ObjectNode params = params(typed);
            report(typed, runs, () -> completions.complete(CompletionRequest.of(params)), Completion::total);
        }

        try (StdioServer stdio = StdioServer.start(List.of(Path.of(System.getProperty("java.home"), "bin", "java")
                .toString(), "-jar", jar.toString(), "--project", project.toString()), project)) {
            stdio.initialize();
            System.out.println("stdio round trip (" + jar.getFileName() + "):");
            for (String typed : TYPED) {
                ObjectNode params = params(typed);
                report(typed, runs, () -> stdio.timed("completion/complete", params),
                        r -> completion(r).path("total").asInt(-1));
            }
        }
    }

    private static ObjectNode params(String typed) {
        ObjectNode params = JSON.createObjectNode();
        params.putObject("ref").put("type", "ref/resource").put("uri", TEMPLATE);
        params.putObject("argument").put("name", "table").put("value", typed);
        params.putObject("context").putObject("arguments").put("connection", SyntheticPrint.CONNECTION);
        return params;
    }

    private static JsonNode completion(StdioServer.Reply reply) {
        JsonNode completion = reply.json().path("result").path("completion");
        if (completion.isMissingNode()) {
            throw new IllegalStateException("not a completion: " + reply.line());
        }
        return completion;
    }

    private static <T> void report(String typed, int runs, Supplier<T> call, ToIntFunction<T> total) {
        for (int i = 0; i < 20; i++) {
            call.get();
        }
        double[] ms = new double[runs];
        int matched = 0;
        for (int i = 0; i < runs; i++) {
            long t = System.nanoTime();
            T result = call.get();
            ms[i] = (System.nanoTime() - t) / 1e6;
            matched = total.applyAsInt(result);
        }
        Stats s = new Stats(ms);
        System.out.printf("  table %-26s %5d matches: median %.2f ms, p90 %.2f ms, max %.2f ms over %d calls%n",
                "'" + typed + "'", matched, s.median(), s.percentile(90), s.percentile(100), runs);
    }
}
