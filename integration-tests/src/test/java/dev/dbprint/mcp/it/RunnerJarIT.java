package dev.dbprint.mcp.it;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.jar.JarFile;

import org.junit.jupiter.api.Test;

/**
 * The packaged server holds nothing of the Dev UI (its service lives in the dev-mode-only runtime module), nor the
 * application.properties its configuration was recorded from; its manifest opens to it what the print store reads
 * directly, its own classes concatenate strings without invokedynamic, stdio is served from static init, and nothing of
 * the benchmarks rides along.
 */
class RunnerJarIT {

    /**
     * Neither the JMH harness nor the benchmark module: JSqlParser 5.3's published POM declares {@code jmh-core} as a
     * compile dependency, so a build on it shipped 346 classes of {@code org/openjdk/jmh} in this jar (the integration
     * tests' enforcer rule now refuses such a dependency before anything is built; this shows the jar itself clean).
     */
    @Test
    void holdsNoBenchmarkCode() throws Exception {
        assertEquals(List.of(), benchmarkEntries(ServerProcess.runnerJar()));
    }

    /** The files of {@code jar} that belong to a benchmark: JMH's, or the bench module's. */
    static List<String> benchmarkEntries(Path jar) throws IOException {
        try (JarFile opened = new JarFile(jar.toFile())) {
            assertNotNull(opened.getEntry("dev/dbprint/mcp/tool/call/ToolRegistry.class"), "not the server's jar: " + jar);
            return opened.stream().filter(e -> !e.isDirectory()).map(e -> e.getName())
                    .filter(n -> n.startsWith("org/openjdk/jmh/") || n.startsWith("dev/dbprint/mcp/bench/")).toList();
        }
    }

    @Test
    void holdsNoDevUiClass() throws Exception {
        try (JarFile jar = new JarFile(ServerProcess.runnerJar().toFile())) {
            // the server itself is there, so an empty or foreign jar cannot pass
            assertNotNull(jar.getEntry("dev/dbprint/mcp/tool/call/ToolRegistry.class"), "not the server's jar");
            // files only: a directory entry left by an earlier build's target/classes holds nothing
            List<String> devUi = jar.stream().filter(e -> !e.isDirectory()).map(e -> e.getName())
                    .filter(n -> n.startsWith("dev/dbprint/mcp/devui/") || n.contains("DbprintJsonRpcService")
                            || n.startsWith("dev-ui/qwc-dbprint"))
                    .toList();
            assertEquals(List.of(), devUi);
        }
    }

    /**
     * The build records the file's values into generated code; a copy in the jar was read again at every start through a
     * zip file system over the whole jar. That the values still apply is what every spawned-server test shows (stdio
     * profile, logs on stderr only).
     */
    @Test
    void carriesNoApplicationProperties() throws Exception {
        try (JarFile jar = new JarFile(ServerProcess.runnerJar().toFile())) {
            assertNotNull(jar.getEntry("dev/dbprint/mcp/tool/call/ToolRegistry.class"), "not the server's jar");
            assertNull(jar.getEntry("application.properties"));
        }
    }

    /**
     * {@code java -jar} (the launcher's way) opens {@code sun.nio.fs} from the manifest: the print store then reads a
     * directory's stamp in one stat without the named view's map. Without it every reply is the same, only slower, so
     * nothing else would show it gone.
     */
    @Test
    void opensTheJdksUnixAttributesToTheServer() throws Exception {
        try (JarFile jar = new JarFile(ServerProcess.runnerJar().toFile())) {
            String opens = jar.getManifest().getMainAttributes().getValue("Add-Opens");
            assertNotNull(opens, "no Add-Opens in the manifest");
            assertTrue(List.of(opens.split(" ")).contains("java.base/sun.nio.fs"), opens);
        }
    }

    /**
     * The server's own classes concatenate strings with StringBuilder calls (the build's {@code -XDstringConcat=inline}):
     * on JDK 17 an invokedynamic concatenation spins method-handle classes at its first use, on the start's path among
     * others. Replies are the same either way, so nothing else would show the option gone.
     */
    @Test
    void concatenatesWithoutInvokedynamic() throws Exception {
        try (JarFile jar = new JarFile(ServerProcess.runnerJar().toFile())) {
            List<String> classes = jar.stream().map(e -> e.getName())
                    .filter(n -> n.startsWith("dev/dbprint/mcp/") && n.endsWith(".class")).toList();
            assertTrue(classes.contains("dev/dbprint/mcp/cli/ReadyLine.class"), "not the server's jar");
            List<String> indy = new ArrayList<>();
            for (String name : classes) {
                try (InputStream in = jar.getInputStream(jar.getEntry(name))) {
                    if (new String(in.readAllBytes(), StandardCharsets.ISO_8859_1).contains("makeConcatWithConstants")) {
                        indy.add(name);
                    }
                }
            }
            assertEquals(List.of(), indy);
        }
    }

    /**
     * Stdio serves from a static-init step right after the bean container, before the run-time configuration, logging
     * and Vert.x: the jar holds that step's recorded code, not the run-time-init step a native image uses instead.
     * Replies are the same either way, only later, so nothing else would show the step moved back.
     */
    @Test
    void servesStdioFromStaticInit() throws Exception {
        try (JarFile jar = new JarFile(ServerProcess.runnerJar().toFile())) {
            String prefix = "io/quarkus/runner/recorded/DbprintProcessor$serveStdio";
            List<String> steps = jar.stream().map(e -> e.getName()).filter(n -> n.startsWith(prefix)).toList();
            assertEquals(1, steps.size(), steps.toString());
            assertTrue(steps.get(0).startsWith(prefix + "AtStaticInit"), steps.toString());
        }
    }
}
