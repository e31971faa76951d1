package dev.dbprint.mcp.it;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.regex.Pattern;

import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import com.fasterxml.jackson.databind.JsonNode;

/**
 * {@code --project} as a git address, through the packaged jar: a {@code file://} repository made here is fetched into
 * the cache under {@code XDG_CACHE_HOME} and served; two servers started at once on a new address share one fetch; a
 * missing ref is a start-up refusal. Skipped, saying so, where git is absent.
 */
class GitProjectIT {

    @TempDir
    Path dir;

    Path repository;

    @BeforeEach
    void repository() throws IOException {
        assumeTrue(run(dir, "git", "--version") != null, "git is not on the PATH: git addresses untested");
        repository = Files.createDirectories(dir.resolve("prints-repo"));
        Path fixture = ServerProcess.fixture("it-project");
        Files.copy(fixture.resolve(".dbprint.yaml"), repository.resolve(".dbprint.yaml"));
        Path print = Files.createDirectories(repository.resolve("prints/shop"));
        Files.writeString(print.resolve("manifest.yaml"), Files.readString(fixture.resolve("prints/shop/manifest.yaml"))
                .replace("generated_at: '2026-05-17T22:48:01Z'", "generated_at: '2030-01-02T03:04:05Z'"));
        git("init", "--quiet");
        git("add", "--all");
        git("commit", "--quiet", "-m", "print");
    }

    private String git(String... args) {
        List<String> command = new ArrayList<>(List.of("git", "-c", "user.name=it", "-c", "user.email=it@example.invalid",
                "-c", "commit.gpgsign=false"));
        command.addAll(List.of(args));
        String out = run(repository, command.toArray(String[]::new));
        assertTrue(out != null, String.join(" ", command) + " failed");
        return out;
    }

    /** The command's output, or null when it cannot run or fails. */
    private static String run(Path workingDirectory, String... command) {
        try {
            Process p = new ProcessBuilder(command).directory(workingDirectory.toFile()).redirectErrorStream(true)
                    .start();
            String out = new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
            return p.waitFor() == 0 ? out : null;
        } catch (IOException e) {
            return null;
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IllegalStateException(e);
        }
    }

    private static String manifestText(ServerProcess server) {
        server.initialize("2025-11-25");
        JsonNode reply = server.request("tools/call", ServerProcess.JSON.createObjectNode().put("name", "get_manifest"));
        return reply.path("result").path("content").path(0).path("text").asText();
    }

    @Test
    void aFileUrlIsFetchedIntoTheCacheAndServed() {
        String head = git("rev-parse", "HEAD").strip();
        String branch = git("symbolic-ref", "--short", "HEAD").strip();
        try (ServerProcess server = ServerProcess.start(dir, "--project", repository.toUri() + "#" + branch)) {
            assertTrue(manifestText(server).contains("2030-01-02T03:04:05Z"), server.stderr());
            server.awaitStderr(Pattern.compile("serving shop of \\S*/xdg-cache/dbprint-mcp/git/prints-repo-[0-9a-f]{16}"
                    + "/trees/" + head + "/\\.dbprint\\.yaml over stdio"));
            server.closeStdin();
            assertEquals(0, server.waitForExit());
        }
    }

    @Test
    void twoServersStartedAtOnceOnANewAddressBothServeIt() {
        try (ServerProcess one = ServerProcess.start(dir, "--project", repository.toUri().toString());
                ServerProcess two = ServerProcess.start(dir, "--project", repository.toUri().toString())) {
            assertTrue(manifestText(one).contains("2030-01-02T03:04:05Z"), one.stderr());
            assertTrue(manifestText(two).contains("2030-01-02T03:04:05Z"), two.stderr());
            one.closeStdin();
            two.closeStdin();
            assertEquals(0, one.waitForExit(), one.stderr());
            assertEquals(0, two.waitForExit(), two.stderr());
        }
    }

    @Test
    void aMissingRefIsRefusedAtStartUp() {
        String address = repository.toUri() + "#v9";
        try (ServerProcess server = ServerProcess.start(dir, "--project", address)) {
            server.closeStdin();
            assertEquals(1, server.waitForExit(), server.stderr());
            assertEquals(List.of(), server.stdoutLines());
            assertEquals("dbprint-mcp: --project " + address + ": " + repository.toUri() + " has no branch, tag or commit"
                    + " 'v9'\n", server.stderr());
        }
    }
}
