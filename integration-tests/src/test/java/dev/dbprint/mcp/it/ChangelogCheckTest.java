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

import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@code src/dist/changelog-check.sh}, which lets {@code ./mvnw -B package -Pdist} build from any checkout: JReleaser's
 * changelog runs where its git library can open the repository and {@code origin} is on GitHub, and is skipped, with
 * one line saying why, from a clone of a local path, a source tarball or a linked worktree (each of which failed the
 * build). Real repositories made with {@code git}.
 */
class ChangelogCheckTest {

    private static final Path SCRIPT = Path.of("src/dist/changelog-check.sh").toAbsolutePath();

    @TempDir
    Path dir;

    /** A source tarball may be built where git is not installed; the script itself needs none there. */
    @BeforeAll
    static void gitIsInstalled() throws InterruptedException {
        boolean found;
        try {
            found = new ProcessBuilder("git", "--version").redirectErrorStream(true).start().waitFor() == 0;
        } catch (IOException e) {
            found = false;
        }
        assumeTrue(found, "no git command: the repositories these cases need cannot be made");
    }

    @Test
    void runsTheChangelogWhereOriginIsOnGitHub() throws Exception {
        for (String origin : List.of("https://github.com/jakubro/dbprint-mcp.git", "git@github.com:someone/fork.git")) {
            Path repo = repository("github-" + origin.length());
            git(repo, "remote", "add", "origin", origin);
            Check check = check(repo);
            assertEquals("", check.output(), origin);
            assertEquals("", check.properties(), origin);
        }
    }

    @Test
    void skipsItSayingWhyInACloneOfALocalPath() throws Exception {
        Path upstream = repository("upstream");
        Path clone = dir.resolve("clone");
        git(dir, "clone", "-q", upstream.toString(), clone.toString());
        Check check = check(clone);
        assertEquals("dist: JReleaser's changelog skipped: origin (" + upstream + ") is not on GitHub\n", check.output());
        assertEquals("jreleaser.changelog.skip=true\n", check.properties());
    }

    @Test
    void skipsItSayingWhyInASourceTarball() throws Exception {
        Path unpacked = Files.createDirectories(dir.resolve("dbprint-mcp-0.1.0"));
        Check check = check(unpacked);
        assertEquals("dist: JReleaser's changelog skipped: no git history at " + unpacked + " (.git)\n", check.output());
        assertEquals("jreleaser.changelog.skip=true\n", check.properties());
    }

    @Test
    void skipsItSayingWhyInALinkedWorktree() throws Exception {
        Path main = repository("main");
        git(main, "remote", "add", "origin", "https://github.com/jakubro/dbprint-mcp.git");
        Path linked = dir.resolve("linked");
        git(main, "worktree", "add", "-q", "-b", "other", linked.toString());
        Check check = check(linked);
        assertTrue(check.output().startsWith("dist: JReleaser's changelog skipped: " + linked + " is a linked worktree"),
                check.output());
        assertEquals(1, check.output().lines().count(), check.output());
        assertEquals("jreleaser.changelog.skip=true\n", check.properties());
    }

    /** What the script printed, and the properties file it wrote for the build to read. */
    private record Check(String output, String properties) {
    }

    private Check check(Path root) throws Exception {
        Path properties = dir.resolve("out-" + root.getFileName()).resolve("jreleaser-changelog.properties");
        String output = run(root, "bash", SCRIPT.toString(), root.toString(), properties.toString());
        return new Check(output, Files.readString(properties));
    }

    /** A repository with one commit, as a checkout has. */
    private Path repository(String name) throws Exception {
        Path repo = Files.createDirectories(dir.resolve(name));
        git(repo, "init", "-q");
        Files.writeString(repo.resolve("README.md"), "x\n");
        git(repo, "add", "README.md");
        git(repo, "-c", "user.name=t", "-c", "user.email=t@t.invalid", "commit", "-q", "-m", "one");
        return repo;
    }

    private static void git(Path directory, String... args) throws Exception {
        List<String> command = new ArrayList<>(List.of("git"));
        command.addAll(List.of(args));
        run(directory, command.toArray(String[]::new));
    }

    private static String run(Path directory, String... command) throws IOException, InterruptedException {
        Process process = new ProcessBuilder(command).directory(directory.toFile()).redirectErrorStream(true).start();
        String output = new String(process.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
        assertEquals(0, process.waitFor(), String.join(" ", command) + ":\n" + output);
        return output;
    }
}
