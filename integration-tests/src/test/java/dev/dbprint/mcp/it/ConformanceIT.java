package dev.dbprint.mcp.it;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.File;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.concurrent.TimeUnit;

import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.api.Test;

/**
 * The official MCP conformance suite against the built jar, through {@code src/conformance/conformance.sh}: every applicable
 * scenario must pass. Runs where {@code npm} is on PATH (CI has Node 20 and the npm registry); skipped elsewhere.
 */
class ConformanceIT {

    @Test
    void applicableScenariosPass() throws Exception {
        Assumptions.assumeTrue(onPath("npm") && onPath("node"), "npm/node not on PATH");
        Path script = Path.of("src/conformance/conformance.sh").toAbsolutePath();
        Process p = new ProcessBuilder("bash", script.toString(), ServerProcess.runnerJar().toString())
                .redirectErrorStream(true).start();
        String out = new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
        assertTrue(p.waitFor(10, TimeUnit.MINUTES), "conformance run did not finish");
        System.out.println(out.lines().filter(l -> !l.startsWith("  [")).reduce("", (a, b) -> a + b + "\n"));
        assertEquals(0, p.exitValue(), out);
        for (String scenario : new String[]{"server-initialize", "ping", "tools-list", "resources-list",
                "dns-rebinding-protection"}) {
            assertTrue(out.contains("  " + scenario + ": pass"), scenario + " did not pass:\n" + out);
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
