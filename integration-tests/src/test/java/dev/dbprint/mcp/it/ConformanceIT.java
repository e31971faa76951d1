package dev.dbprint.mcp.it;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;
import java.util.TreeSet;
import java.util.concurrent.TimeUnit;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Stream;

import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.api.Test;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;

/**
 * The official MCP conformance suite (0.2.0-alpha.12, on Node 22) against the built jar over HTTP, under the 2025-11-25
 * and 2026-07-28 requirement sets, through {@code src/conformance/conformance.sh}. The suite itself judges the scored
 * scenarios against {@code expected-failures.yml}; this test judges every check it ran, scored or not (extensions,
 * pending scenarios): a failing or warning check must be listed, and a listed check must have been run and still fail,
 * so the list stays true. Skipped only where npm is missing or cannot install the suite.
 */
class ConformanceIT {

    private static final Path SCRIPT = Path.of("src/conformance/conformance.sh").toAbsolutePath();
    private static final Path EXPECTED_FAILURES = Path.of("src/conformance/expected-failures.yml").toAbsolutePath();
    private static final Path RESULTS = Path.of("target/conformance-results").toAbsolutePath();
    private static final Pattern LISTED = Pattern.compile("^\\s*-\\s*(\\S+:\\S+)\\s*#\\s*(\\S.*)$");
    private static final Pattern SCENARIO_DIR = Pattern.compile("^server-(.+)-\\d{4}-\\d{2}-\\d{2}T[\\d-]+Z$");
    private static final int NO_NPM = 3;

    @Test
    void everyCheckPassesOrIsAnExpectedFailure() throws Exception {
        Process p = new ProcessBuilder("bash", SCRIPT.toString(), ServerProcess.runnerJar().toString())
                .redirectErrorStream(true).start();
        String out = new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
        assertTrue(p.waitFor(10, TimeUnit.MINUTES), "conformance run did not finish");
        Assumptions.assumeFalse(p.exitValue() == NO_NPM, "npm is missing or cannot reach its registry:\n" + out);
        System.out.println(out.lines().filter(l -> l.contains("conformance") || l.contains("Baseline"))
                .reduce("", (a, b) -> a + b + "\n"));
        assertEquals(0, p.exitValue(), out);

        Set<String> listed = listedChecks();
        Map<String, Boolean> failing = checksRun();
        for (String scenario : new String[]{"server-initialize", "server-stateless", "tools-list", "resources-list",
                "caching", "sep-2164-resource-not-found", "http-header-validation", "dns-rebinding-protection"}) {
            assertTrue(failing.keySet().stream().anyMatch(c -> c.startsWith(scenario + ":")), scenario + " was not run");
        }
        Set<String> unexpected = new TreeSet<>();
        failing.forEach((check, failed) -> {
            if (failed && !listed.contains(check)) {
                unexpected.add(check);
            }
        });
        Set<String> stale = new TreeSet<>();
        for (String check : listed) {
            if (!failing.getOrDefault(check, false)) {
                stale.add(check);
            }
        }
        assertEquals(Set.of(), unexpected, "checks failing that expected-failures.yml does not list");
        assertEquals(Set.of(), stale, "checks listed in expected-failures.yml that passed or did not run");
    }

    /** The {@code scenario:check} entries of the expected-failures file; every entry must give its reason. */
    private static Set<String> listedChecks() throws IOException {
        Set<String> listed = new TreeSet<>();
        for (String line : Files.readAllLines(EXPECTED_FAILURES)) {
            if (line.trim().startsWith("-")) {
                Matcher m = LISTED.matcher(line);
                assertTrue(m.matches(), "an entry without its reason: " + line);
                listed.add(m.group(1));
            }
        }
        return listed;
    }

    /** Every check of both runs, as {@code scenario:check}, mapped to whether it failed or warned in either run. */
    private static Map<String, Boolean> checksRun() throws IOException {
        ObjectMapper json = new ObjectMapper();
        Map<String, Boolean> failing = new TreeMap<>();
        List<Path> files;
        try (Stream<Path> walk = Files.walk(RESULTS)) {
            files = walk.filter(f -> f.getFileName().toString().equals("checks.json")).toList();
        }
        for (Path file : files) {
            Matcher dir = SCENARIO_DIR.matcher(file.getParent().getFileName().toString());
            assertTrue(dir.matches(), "unexpected results folder: " + file);
            for (JsonNode check : json.readTree(file.toFile())) {
                String status = check.path("status").asText();
                boolean failed = status.equals("FAILURE") || status.equals("WARNING");
                failing.merge(dir.group(1) + ":" + check.path("id").asText(), failed, Boolean::logicalOr);
            }
        }
        return failing;
    }
}
