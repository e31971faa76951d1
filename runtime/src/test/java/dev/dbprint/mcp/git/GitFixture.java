package dev.dbprint.mcp.git;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

/**
 * A repository a test makes with the real git: a project whose {@code .dbprint.yaml} and print files are committed, on a
 * branch {@code main}, and changed by later commits. Tests that need one are skipped, saying so, where git is absent.
 */
final class GitFixture {

    final Path work;

    private GitFixture(Path work) {
        this.work = work;
    }

    static void assumeGit() {
        assumeTrue(GitCommand.onPath(System.getenv()).isPresent(), "git is not on the PATH: git addresses untested");
    }

    /** A repository in {@code dir} holding a project at {@code subpath} ("" for the root) whose print says {@code says}. */
    static GitFixture project(Path dir, String subpath, String says) throws IOException {
        assumeGit();
        GitFixture fixture = new GitFixture(Files.createDirectories(dir));
        git(dir, "init", "--quiet");
        git(dir, "symbolic-ref", "HEAD", "refs/heads/main");
        fixture.commit(subpath, says);
        return fixture;
    }

    /** Writes the project's files with {@code says} in its manifest, and commits them. */
    GitFixture commit(String subpath, String says) throws IOException {
        Path project = Files.createDirectories(subpath.isEmpty() ? work : work.resolve(subpath));
        Files.writeString(project.resolve(".dbprint.yaml"), "connections:\n  shop:\n    adapter: postgres\n");
        Path print = Files.createDirectories(project.resolve("prints/shop"));
        Files.writeString(print.resolve("manifest.yaml"), "# " + says + "\nformat_version: 1\n");
        git(work, "add", "--all");
        git(work, "commit", "--quiet", "-m", says);
        return this;
    }

    String head() {
        return git(work, "rev-parse", "HEAD").strip();
    }

    String url() {
        return work.toUri().toString();
    }

    /** A bare clone of this repository beside it. */
    Path bareClone() {
        Path bare = work.resolveSibling(work.getFileName() + ".git");
        git(work.getParent(), "clone", "--quiet", "--bare", work.toString(), bare.toString());
        return bare;
    }

    /** What the served manifest under {@code project} (a directory or its .dbprint.yaml) says. */
    static String says(Path project) throws IOException {
        Path dir = Files.isDirectory(project) ? project : project.getParent();
        return Files.readString(dir.resolve("prints/shop/manifest.yaml")).lines().findFirst().orElseThrow()
                .substring(2);
    }

    static String git(Path dir, String... args) {
        List<String> command = new ArrayList<>(List.of("git", "-c", "user.name=fixture", "-c",
                "user.email=fixture@example.invalid", "-c", "commit.gpgsign=false", "-c", "tag.gpgsign=false"));
        command.addAll(List.of(args));
        try {
            Process process = new ProcessBuilder(command).directory(dir.toFile()).redirectErrorStream(true).start();
            String out = new String(process.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
            assertEquals(0, process.waitFor(), String.join(" ", command) + ":\n" + out);
            return out;
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IllegalStateException(e);
        }
    }
}
