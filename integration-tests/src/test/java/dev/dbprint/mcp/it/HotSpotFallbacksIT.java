package dev.dbprint.mcp.it;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.jar.JarFile;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The ways the server answers where a HotSpot-only path is closed, run on purpose and compared with the packaged jar's
 * replies. A native image, which these machines cannot build, takes them all.
 */
class HotSpotFallbacksIT {

    /** The class behind the named {@code unix:} view: loaded only when a stat goes the public, map-building way. */
    private static final String NAMED_UNIX_VIEW = "sun.nio.fs.UnixFileAttributeViews$Unix";

    @TempDir
    Path dir;

    /**
     * {@code java -cp} ignores the manifest's {@code Add-Opens}, so {@code sun.nio.fs} stays closed and every stamp and
     * identity is read through the public views (the class log shows the named view at work there, and only there).
     * Each call runs twice: the second is answered from stamps and kept replies. The on-disk index is off in both runs:
     * its ownership check reads a file's uid and mode through the named view on every JDK (once per index file, not a
     * stat per call), so with it on the view's class would load either way.
     */
    @Test
    void withSunNioFsClosedTheStatsGoThroughThePublicViewsAndRepliesAreTheSame() throws Exception {
        Path project = SamplePrint.copyTo(dir.resolve("project"));
        Path jar = ServerProcess.runnerJar();
        String main;
        try (JarFile file = new JarFile(jar.toFile())) {
            assertTrue(file.getManifest().getMainAttributes().getValue("Add-Opens").contains("java.base/sun.nio.fs"));
            main = file.getManifest().getMainAttributes().getValue("Main-Class");
        }
        List<String> calls = new ArrayList<>(ToolSession.CALLS);
        calls.addAll(ToolSession.CALLS);

        Path openedLog = dir.resolve("opened.log");
        String noIndex = "-Ddbprint.index.enabled=false";
        List<String> opened = ToolSession.replies(
                server(project, "opened", openedLog, noIndex, "-jar", jar.toString()), calls);
        Path closedLog = dir.resolve("closed.log");
        List<String> closed = ToolSession.replies(
                server(project, "closed", closedLog, noIndex, "-cp", jar.toString(), main), calls);

        assertFalse(Files.readString(openedLog).contains(NAMED_UNIX_VIEW), "the packaged jar stats directly");
        assertTrue(Files.readString(closedLog).contains(NAMED_UNIX_VIEW), "the fallback ran");
        assertEquals(opened, closed);
    }

    /**
     * A native image serves stdio from a run-time-init step, since it runs static init while it is built. The build's
     * native sources (the jar {@code native-image} would compile, built beside the runner jar) hold that step in place
     * of the static-init one, and run on HotSpot as they are: the same session through each gives the same replies.
     */
    @Test
    void servedFromTheRunTimeInitStepOfANativeBuildTheRepliesAreTheSame() throws Exception {
        Path sources = Path.of(System.getProperty("native.sources.jar"));
        String prefix = "io/quarkus/runner/recorded/DbprintProcessor$serveStdio";
        try (JarFile file = new JarFile(sources.toFile())) {
            List<String> steps = file.stream().map(e -> e.getName()).filter(n -> n.startsWith(prefix)).toList();
            assertEquals(1, steps.size(), steps.toString());
            assertTrue(steps.get(0).startsWith(prefix + "AtRuntimeInitOfANativeImage"), steps.toString());
        }
        Path project = SamplePrint.copyTo(dir.resolve("project"));
        Path log = dir.resolve("classes.log");
        List<String> early = ToolSession.replies(
                server(project, "static", log, "-jar", ServerProcess.runnerJar().toString()), ToolSession.CALLS);
        List<String> late = ToolSession.replies(server(project, "runtime", log, "-jar", sources.toString()),
                ToolSession.CALLS);
        assertEquals(early, late);
    }

    /** The server on {@code project} started with {@code launch}, its own index, and its loaded classes logged. */
    private ServerProcess server(Path project, String name, Path classLog, String... launch) throws IOException {
        List<String> command = new ArrayList<>(List.of(Path.of(System.getProperty("java.home"), "bin", "java").toString(),
                ServerProcess.LAUNCHER_HEAP, "-Ddbprint.index.directory=" + dir.resolve(name + "-index"),
                "-Xlog:class+load:file=" + classLog));
        command.addAll(List.of(launch));
        command.addAll(List.of("--project", project.toString()));
        return ServerProcess.spawn(new ProcessBuilder(command).directory(project.toFile()));
    }
}
