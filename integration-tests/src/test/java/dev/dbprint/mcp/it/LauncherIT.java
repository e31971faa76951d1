package dev.dbprint.mcp.it;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.util.ArrayList;
import java.util.List;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import com.fasterxml.jackson.databind.JsonNode;

/**
 * The launcher the default build puts beside the uber-jar ({@code target/dbprint-mcp}, with the class-data-sharing
 * archive {@code …-runner-jdk<java version>.jsa}): it serves stdio like {@code java -jar}, also through a symlink, and
 * where the archive cannot be used (here: the three files copied elsewhere, so the jar's path no longer matches the
 * recording) the server starts all the same without a JVM warning or error on stderr, stdout carrying frames only.
 */
class LauncherIT {

    @Test
    void servesStdioWithItsArchive() {
        assertServes(launcher(), "-Xshare:on"); // the JVM refuses to start rather than run without the archive
    }

    @Test
    void servesStdioWhenItsArchiveDoesNotFit(@TempDir Path elsewhere) throws IOException {
        Path launcher = launcher();
        for (Path file : List.of(launcher, ServerProcess.runnerJar(), archive())) {
            Files.copy(file, elsewhere.resolve(file.getFileName().toString()), StandardCopyOption.COPY_ATTRIBUTES);
        }
        assertServes(elsewhere.resolve(launcher.getFileName()), "");
    }

    @Test
    void servesWhenSymlinkedFromAnotherFolder(@TempDir Path bin) throws IOException {
        Path link = Files.createSymbolicLink(bin.resolve("dbprint-mcp"), launcher());
        assertServes(link, "-Xshare:on"); // found the jar and its archive beside the link's target
    }

    /** C1 only for a stdio session; a long-lived HTTP server keeps C2. Read from the running JVM's flags. */
    @Test
    void compilesWithC1ForStdioAndKeepsC2ForHttp() throws Exception {
        try (ServerProcess stdio = ServerProcess.spawn(launch(launcher(), "--project", StdioStartupIT.SAMPLE.toString()))) {
            stdio.initialize("2025-11-25");
            String flags = flags(stdio);
            assertTrue(flags.contains("-XX:TieredStopAtLevel=1"), flags);
        }
        int port = ServerProcess.freePort();
        try (ServerProcess http = ServerProcess.spawn(launch(launcher(), "--project", StdioStartupIT.SAMPLE.toString(),
                "--transport", "http", "--port", Integer.toString(port)))) {
            http.awaitListening(port);
            String flags = flags(http);
            assertTrue(flags.contains("-XX:TieredStopAtLevel=4"), flags);
        }
    }

    private static ProcessBuilder launch(Path launcher, String... args) {
        List<String> command = new ArrayList<>(List.of(launcher.toString()));
        command.addAll(List.of(args));
        ProcessBuilder builder = new ProcessBuilder(command);
        builder.environment().put("JAVA_HOME", System.getProperty("java.home")); // the JDK that recorded the archive
        return builder;
    }

    /** The JVM flags of the server's process, as {@code jcmd VM.flags} reports them. */
    private static String flags(ServerProcess server) throws IOException, InterruptedException {
        Process jcmd = new ProcessBuilder(Path.of(System.getProperty("java.home"), "bin", "jcmd").toString(),
                Long.toString(server.pid()), "VM.flags").redirectErrorStream(true).start();
        String out = new String(jcmd.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
        jcmd.waitFor();
        return out;
    }

    private static void assertServes(Path launcher, String javaOptions) {
        ProcessBuilder builder = launch(launcher, "--project", StdioStartupIT.SAMPLE.toString());
        builder.environment().put("DBPRINT_MCP_JAVA_OPTS", javaOptions);
        try (ServerProcess server = ServerProcess.spawn(builder)) {
            JsonNode reply = server.initialize("2025-11-25");
            assertEquals("dbprint", reply.path("result").path("serverInfo").path("name").asText(), server.stderr());
            server.closeStdin();
            assertEquals(0, server.waitForExit(), server.stderr());
            assertEquals(1, server.stdoutLines().size(), "stdout: " + server.stdoutLines());
            assertFalse(server.stderr().lines().anyMatch(l -> l.matches("(?i).*\\b(warning|error)\\b.*")),
                    "a JVM warning or error on stderr:\n" + server.stderr());
        }
    }

    /** Built by the {@code cds} profile (on by default where bash runs) for the uber-jar only. */
    private static Path launcher() {
        assumeTrue(Artifact.current().kind().equals("uber-jar"), "the launcher starts the uber-jar");
        Path launcher = ServerProcess.runnerJar().resolveSibling("dbprint-mcp");
        assumeTrue(Files.isExecutable(launcher), "no launcher beside the jar (the cds profile did not run)");
        return launcher;
    }

    private static Path archive() {
        Path jar = ServerProcess.runnerJar();
        Path archive = jar.resolveSibling(jar.getFileName().toString().replaceFirst("\\.jar$",
                "-jdk" + System.getProperty("java.version") + ".jsa"));
        assertTrue(Files.isRegularFile(archive), "no class-data-sharing archive " + archive);
        return archive;
    }
}
