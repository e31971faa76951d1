package dev.dbprint.mcp.it;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import com.fasterxml.jackson.databind.JsonNode;

/**
 * The container image of {@code src/main/docker/Dockerfile.jvm}, built with podman from the runner jar and run as the
 * README says: {@code podman run -i --rm --network none -v "$PWD:/p:ro" IMAGE --project /p}. The base is the one named
 * by {@code -Ddbprint.container.base}, else the recipe's own (a public image pinned by digest) where podman has it or
 * can pull it, else the offline base {@code debian-base.sh} builds. Skipped, saying why, where podman is absent, none
 * of these bases is at hand, or podman cannot run any container at all; once the base runs, a failure to build or
 * serve is a failure.
 */
class ContainerIT {

    /** The base {@code src/main/docker/debian-base.sh} builds by default, for a machine that reaches no registry. */
    private static final String OFFLINE_BASE = "localhost/dbprint-mcp-base:bookworm-jre17";

    @TempDir
    Path dir;

    @Test
    void theImageServesAReadOnlyPrintAsANonRootUserWithNoNetwork() throws Exception {
        Assumptions.assumeTrue(podman("--version").exit == 0, "podman is not on the PATH: container image not tested");
        String base = base();
        Run probe = podman("run", "--rm", "--network", "none", base, "java", "-version");
        Assumptions.assumeTrue(probe.exit == 0, "podman cannot run a container here: " + probe.output);

        Path module = ServerProcess.runnerJar().getParent().getParent();
        String image = "localhost/dbprint-mcp-it:" + ServerProcess.projectVersion();
        Run build = podman("build", "--build-arg", "BASE=" + base, "-f", ContainerRecipe.FILE.toString(), "-t", image,
                module.toString());
        assertEquals(0, build.exit, build.output);
        try {
            assertEquals("65532:65532", podman("image", "inspect", "--format", "{{.Config.User}}", image).output.strip());
            assertEquals(ContainerRecipe.read().labels().get("io.modelcontextprotocol.server.name"), podman("image",
                    "inspect", "--format", "{{index .Config.Labels \"io.modelcontextprotocol.server.name\"}}", image).output
                    .strip(), "the MCP Registry's ownership label");
            Path project = SamplePrint.copyTo(dir.resolve("project"));
            ProcessBuilder run = new ProcessBuilder("podman", "run", "-i", "--rm", "--network", "none", "-v",
                    project + ":/p:ro", image, "--project", "/p").directory(project.toFile());
            try (ServerProcess server = ServerProcess.spawn(run)) {
                JsonNode info = server.initialize("2025-11-25").path("result").path("serverInfo");
                assertEquals(ServerProcess.projectVersion(), info.path("version").asText(), server.stderr());
                JsonNode tables = server.request("tools/call",
                        ServerProcess.JSON.readTree("{\"name\": \"list_tables\", \"arguments\": {}}"));
                assertTrue(tables.path("result").path("content").path(0).path("text").asText().contains("rental.ride"),
                        tables.toString());
                assertTrue(server.stderr().contains("serving shop of /p/.dbprint.yaml over stdio"), server.stderr());
                server.closeStdin();
                assertEquals(0, server.waitForExit(), server.stderr());
            }
            Run who = podman("run", "--rm", "--network", "none", "--entrypoint", "id", image, "-u");
            assertEquals("65532", who.output.strip(), "the image's user");
        } finally {
            podman("rmi", "--force", image);
        }
    }

    /** The base to build on, as the class says; skips the test where none is at hand. */
    private static String base() throws IOException, InterruptedException {
        String named = System.getProperty("container.base", "");
        if (!named.isBlank()) {
            Assumptions.assumeTrue(podman("image", "exists", named).exit == 0, "base image " + named
                    + " is not in podman's local storage");
            return named;
        }
        String pinned = ContainerRecipe.read().base();
        if (podman("image", "exists", pinned).exit == 0) {
            return pinned;
        }
        Run pull = podman("pull", "-q", pinned);
        if (pull.exit == 0) {
            return pinned;
        }
        Assumptions.assumeTrue(podman("image", "exists", OFFLINE_BASE).exit == 0, "the recipe's base " + pinned
                + " cannot be pulled (" + pull.output.strip() + ") and the offline base " + OFFLINE_BASE
                + " is not in podman's local storage: build it with src/main/docker/debian-base.sh");
        return OFFLINE_BASE;
    }

    private record Run(int exit, String output) {
    }

    /** {@code podman args...} with no stdin, stdout and stderr together; exit 127 where podman cannot be started. */
    private static Run podman(String... args) throws IOException, InterruptedException {
        List<String> command = new ArrayList<>(List.of("podman"));
        command.addAll(List.of(args));
        Process p;
        try {
            p = new ProcessBuilder(command).redirectErrorStream(true).start();
        } catch (IOException e) {
            return new Run(127, e.getMessage());
        }
        p.getOutputStream().close();
        String output = new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
        return new Run(p.waitFor(), output);
    }
}
