package dev.dbprint.mcp.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.FileTime;
import java.time.Instant;
import java.util.List;
import java.util.Optional;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * What the copy of a {@code java -jar} given no heap option gets of the launcher's JVM options besides the bound
 * (src/startup/dbprint-mcp): the same, decided as the script decides it, the caller's own choice of each kept.
 */
class LauncherOptionsTest {

    private static final List<String> STDIO = List.of("--project", "p");
    private static final String ARCHIVE = "-XX:SharedArchiveFile=/t/x-jdk17.0.15.jsa";

    @TempDir
    Path dir;

    @Test
    void stdioGetsC1AloneTheParallelCollectorHugePagesAndTheArchiveWithItsLinesOffStdout() {
        assertEquals(List.of("-XX:TieredStopAtLevel=1", "-XX:+UseParallelGC", "-XX:+UseTransparentHugePages", ARCHIVE,
                "-Xlog:disable", "-Xlog:all=warning,cds*=off:stderr", "-XX:+DisplayVMOutputToStderr"),
                LauncherOptions.of(STDIO, List.of(), true, Optional.of(ARCHIVE)));
    }

    @Test
    void httpKeepsC2AndG1AsTheLauncherDoes() {
        assertEquals(List.of("-XX:+DisplayVMOutputToStderr"), LauncherOptions.of(List.of("--transport", "http",
                "--port", "0"), List.of(), false, Optional.empty()));
        assertEquals(List.of("-XX:+UseTransparentHugePages", "-XX:+DisplayVMOutputToStderr"), LauncherOptions.of(
                List.of("--transport=http"), List.of(), true, Optional.empty()));
    }

    @Test
    void whatTheCallerChoseIsLeftToTheCaller() {
        assertEquals(List.of(), LauncherOptions.of(STDIO, List.of("-XX:+UseG1GC", "-XX:TieredStopAtLevel=4",
                "-XX:-UseTransparentHugePages", "-Xshare:off", "-XX:-DisplayVMOutputToStderr"), true,
                Optional.of(ARCHIVE)));
        assertEquals(List.of("-XX:TieredStopAtLevel=1", "-XX:+UseParallelGC"), LauncherOptions.of(STDIO,
                List.of("-XX:+DisplayVMOutputToStdout"), false, Optional.empty()));
    }

    /**
     * The caller's {@code -Xlog} is kept as given, but a cache that fails to map would still say so on stdout, which
     * carries frames alone: its logging is turned off beside the caller's, and the JVM's own lines go to stderr.
     */
    @Test
    void theCachesLinesStayOffStdoutBesideTheCallersLogging() {
        assertEquals(List.of("-XX:TieredStopAtLevel=1", "-XX:+UseParallelGC", ARCHIVE, "-Xlog:cds*=off",
                "-XX:+DisplayVMOutputToStderr"),
                LauncherOptions.of(STDIO, List.of("-Xlog:gc"), false,
                        Optional.of(ARCHIVE)));
        assertEquals(List.of("-XX:TieredStopAtLevel=1", "-XX:+UseParallelGC", "-XX:AOTCache=/x.aot",
                "-Xlog:cds*=off,aot*=off", "-XX:+DisplayVMOutputToStderr"),
                LauncherOptions.of(STDIO,
                        List.of("-Xlog:gc:file=/tmp/gc.log"), false, Optional.of("-XX:AOTCache=/x.aot")));
    }

    @Test
    void aCacheIsNamedOnlyWhereItWasRecordedForThisJarAndNotBeforeIt() throws IOException {
        Path jar = Files.writeString(dir.resolve("dbprint-mcp-1-runner.jar"), "jar");
        Path jsa = Files.writeString(dir.resolve("dbprint-mcp-1-runner-jdk17.0.15.jsa"), "archive");
        assertEquals(Optional.empty(), LauncherOptions.cache(jar, 17, "17.0.15"), "no pin");
        Files.writeString(dir.resolve("dbprint-mcp-1-runner-jdk17.0.15.jsa.jar"), dir.resolve("other.jar") + "\n");
        assertEquals(Optional.empty(), LauncherOptions.cache(jar, 17, "17.0.15"), "pinned to another jar");
        Files.writeString(dir.resolve("dbprint-mcp-1-runner-jdk17.0.15.jsa.jar"), jar + "\n");
        assertEquals(Optional.of("-XX:SharedArchiveFile=" + jsa), LauncherOptions.cache(jar, 17, "17.0.15"));
        assertEquals(Optional.empty(), LauncherOptions.cache(jar, 17, "17.0.16"), "another JDK's");
        Files.setLastModifiedTime(jar, FileTime.from(Instant.now().plusSeconds(60)));
        assertEquals(Optional.empty(), LauncherOptions.cache(jar, 17, "17.0.15"), "the jar rebuilt since");

        Files.setLastModifiedTime(jar, FileTime.from(Instant.now().minusSeconds(60)));
        Path aot = Files.writeString(dir.resolve("dbprint-mcp-1-runner-jdk25.0.3.aot"), "cache");
        Files.writeString(dir.resolve("dbprint-mcp-1-runner-jdk25.0.3.aot.jar"), jar + "\n");
        assertEquals(Optional.of("-XX:AOTCache=" + aot), LauncherOptions.cache(jar, 25, "25.0.3"));
        assertEquals(List.of("-XX:AOTCache=" + aot, "-Xlog:disable", "-Xlog:all=warning,cds*=off,aot*=off:stderr",
                "-XX:+DisplayVMOutputToStderr"),
                LauncherOptions.of(List.of("--transport=http"), List.of(), false,
                        LauncherOptions.cache(jar, 25, "25.0.3")));
    }
}
