package dev.dbprint.mcp.git;

import static dev.dbprint.mcp.git.GitFixture.says;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.Callable;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.stream.Stream;

import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import dev.dbprint.mcp.config.ConfigError;

/**
 * Git addresses fetched with the real git from repositories made here ({@code file://} URLs and bare repository paths):
 * what is served, the refresh rule (a pinned ref never fetched again, a branch fetched at every start), and each
 * refusal.
 */
class GitCheckoutsTest {

    @TempDir
    Path dir;

    GitFixture remote;
    Path cache;

    @BeforeEach
    void repository() throws IOException {
        remote = GitFixture.project(dir.resolve("remote"), "", "first");
        cache = dir.resolve("cache/dbprint-mcp/git");
    }

    private Path checkout(String address) {
        return checkouts(System.getenv()).checkout(GitAddress.parse(address, dir).orElseThrow());
    }

    private GitCheckouts checkouts(Map<String, String> environment) {
        return new GitCheckouts(cache, environment);
    }

    private String refusal(String address) {
        return assertThrows(ConfigError.class, () -> checkout(address)).getMessage();
    }

    @Test
    void aFileUrlIsFetchedAndServedReadOnlyWithoutGitsFiles() throws IOException {
        Path project = checkout(remote.url());
        assertEquals("first", says(project));
        assertEquals(cache.resolve(GitCheckouts.cacheName(remote.url())).resolve("trees").resolve(remote.head()),
                project);
        try (Stream<Path> files = Files.walk(project)) {
            List<Path> all = files.toList();
            assertTrue(all.stream().noneMatch(p -> p.getFileName().toString().startsWith(".git")), all.toString());
            for (Path file : all.stream().filter(Files::isRegularFile).toList()) {
                String permissions = PosixFilePermissions.toString(Files.getPosixFilePermissions(file));
                assertFalse(permissions.contains("w"), file + " " + permissions);
            }
        }
    }

    @Test
    void aBareRepositoryPathIsFetchedLikeAUrl() throws IOException {
        Path bare = remote.bareClone();
        assertEquals("first", says(checkout(bare.toString())));
        assertEquals("first", says(checkout(dir.relativize(bare) + "#main")));
    }

    @Test
    void aPinnedTagIsNotFetchedAgainEvenWhenTheRemoteMovesIt() throws IOException {
        GitFixture.git(remote.work, "tag", "v1");
        Path first = checkout(remote.url() + "#v1");
        remote.commit("", "second");
        GitFixture.git(remote.work, "tag", "--force", "v1");
        Path again = checkout(remote.url() + "#v1");
        assertEquals(first, again);
        assertEquals("first", says(again));
        // served from the cache alone: neither the remote nor git is needed any more
        Map<String, String> noGit = new HashMap<>(System.getenv());
        noGit.put("PATH", dir.toString());
        assertEquals(first, checkouts(noGit).checkout(GitAddress.parse(remote.url() + "#v1", dir).orElseThrow()));
    }

    @Test
    void aPinnedCommitIsServedAsItWas() throws IOException {
        String commit = remote.head();
        remote.commit("", "second");
        assertEquals("first", says(checkout(remote.url() + "#" + commit)));
        assertEquals("first", says(checkout(remote.url() + "#" + commit.substring(0, 10))));
    }

    @Test
    void aBranchIsFetchedAgainAtTheNextStartAndTheOldCheckoutStaysWhole() throws IOException {
        Path first = checkout(remote.url());
        Path onMain = checkout(remote.url() + "#main");
        assertEquals(first, onMain);
        remote.commit("", "second");
        Path second = checkout(remote.url());
        assertEquals("second", says(second));
        assertEquals("second", says(checkout(remote.url() + "#main")));
        assertEquals("first", says(first), "a server still running from the first checkout reads it unchanged");
    }

    @Test
    void theDefaultBranchIsTheRemotesAsItIsNow() throws IOException {
        checkout(remote.url());
        GitFixture.git(remote.work, "checkout", "--quiet", "-b", "trunk");
        remote.commit("", "on trunk");
        GitFixture.git(remote.work, "branch", "--quiet", "--delete", "--force", "main");
        assertEquals("on trunk", says(checkout(remote.url())));
    }

    @Test
    void refAndSubpathNameAProjectInsideTheRepository() throws IOException {
        GitFixture.git(remote.work, "tag", "v1");
        remote.commit("warehouse/analytics", "nested");
        assertEquals("nested", says(checkout(remote.url() + "#main:warehouse/analytics")));
        assertEquals("nested", says(checkout(remote.url() + "#:warehouse/analytics/.dbprint.yaml")));
        assertTrue(checkout(remote.url() + "#:warehouse/analytics/.dbprint.yaml").endsWith(".dbprint.yaml"));
        String missing = refusal(remote.url() + "#v1:warehouse/analytics");
        assertTrue(missing.contains("no 'warehouse/analytics' at 'v1' (commit "), missing);
        String bare = refusal(remote.url() + "#main:warehouse");
        assertTrue(bare.contains("no .dbprint.yaml directly inside 'warehouse' at 'main'"), bare);
    }

    @Test
    void anUnreachableRemoteIsRefused() {
        String url = dir.resolve("nowhere").toUri().toString();
        String reason = refusal(url);
        assertTrue(reason.startsWith("--project " + url + ": cannot clone " + url + ": "), reason);
        assertTrue(reason.endsWith("does not appear to be a git repository"), reason);
    }

    @Test
    void aMissingRefIsRefused() {
        String reason = refusal(remote.url() + "#v9");
        assertEquals("--project " + remote.url() + "#v9: " + remote.url() + " has no branch, tag or commit 'v9'",
                reason);
    }

    @Test
    void noGitOnThePathIsRefused() {
        Map<String, String> noGit = new HashMap<>(System.getenv());
        noGit.put("PATH", dir.toString());
        ConfigError e = assertThrows(ConfigError.class,
                () -> checkouts(noGit).checkout(GitAddress.parse(remote.url(), dir).orElseThrow()));
        assertTrue(e.getMessage().contains("is a git address, and there is no git command on the PATH"),
                e.getMessage());
    }

    @Test
    void startsAtOnceShareOneCacheAndWhatAStartKilledMidwayLeftIsRemoved() throws Exception {
        Path trees = checkout(remote.url()).getParent();
        Path leftover = Files.createDirectories(trees.resolve("0123" + ".partial-dead"));
        Files.writeString(leftover.resolve("half"), "");
        remote.commit("", "second");
        ExecutorService pool = Executors.newFixedThreadPool(4);
        try {
            List<Callable<Path>> starts = new ArrayList<>();
            for (int i = 0; i < 4; i++) {
                starts.add(() -> checkout(remote.url()));
            }
            Set<Path> served = new HashSet<>();
            for (Future<Path> f : pool.invokeAll(starts)) {
                served.add(f.get());
            }
            assertEquals(1, served.size(), served.toString());
            assertEquals("second", says(served.iterator().next()));
        } finally {
            pool.shutdown();
        }
        assertFalse(Files.exists(leftover));
    }
}
