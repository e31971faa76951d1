package dev.dbprint.mcp.git;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Optional;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import dev.dbprint.mcp.config.ConfigError;

/** Which {@code --project} values are git addresses, what they fetch, and which are refused before git runs. */
class GitAddressTest {

    @TempDir
    Path dir;

    private GitAddress parse(String value) {
        return GitAddress.parse(value, dir).orElseThrow(() -> new AssertionError(value + " is not a git address"));
    }

    @Test
    void urlsAndSshRemotesAreGitAddresses() {
        assertEquals(new GitAddress("https://example.com/o/r.git", "", "", "https://example.com/o/r.git"),
                parse("https://example.com/o/r.git"));
        assertEquals(new GitAddress("git@example.com:o/r.git", "", "", "git@example.com:o/r.git"),
                parse("git@example.com:o/r.git"));
        assertEquals("ssh://git@example.com:2222/o/r", parse("ssh://git@example.com:2222/o/r").remote());
        assertEquals("file:///srv/r", parse("file:///srv/r").remote());
    }

    @Test
    void refAndSubpathFollowTheHash() {
        GitAddress both = parse("https://example.com/o/r#v1.2:warehouse/analytics/");
        assertEquals(new GitAddress("https://example.com/o/r", "v1.2", "warehouse/analytics",
                "https://example.com/o/r#v1.2:warehouse/analytics/"), both);
        GitAddress ref = parse("https://example.com/o/r#main");
        assertEquals("main", ref.ref());
        assertEquals("", ref.subpath());
        GitAddress path = parse("https://example.com/o/r#:./a//b/.dbprint.yaml");
        assertEquals("", path.ref());
        assertEquals("a/b/.dbprint.yaml", path.subpath());
    }

    @Test
    void aBareRepositoryPathIsOneAndAPlainDirectoryIsNot() throws IOException {
        Path bare = Files.createDirectories(dir.resolve("r.git"));
        Files.createDirectories(bare.resolve("objects"));
        Files.createDirectories(bare.resolve("refs"));
        Files.writeString(bare.resolve("HEAD"), "ref: refs/heads/main\n");
        assertEquals(bare.toString(), parse("r.git").remote());
        assertEquals("v1", parse("r.git#v1").ref());
        Path project = Files.createDirectories(dir.resolve("project"));
        assertEquals(Optional.empty(), GitAddress.parse("project", dir));
        assertEquals(Optional.empty(), GitAddress.parse("project/.dbprint.yaml", dir));
        assertEquals(Optional.empty(), GitAddress.parse("C:dir", dir));
        // a working copy is served live as a directory; with a # part it is fetched like any repository
        Files.createDirectories(project.resolve(".git"));
        assertEquals(Optional.empty(), GitAddress.parse("project", dir));
        assertEquals(project.toString(), parse("project#main").remote());
    }

    @Test
    void whatGitCouldReadAsAnOptionIsRefused() {
        for (String value : new String[]{"-oProxyCommand=x@host:r", "git@-oProxyCommand=x:r",
                "ssh://-oProxyCommand=x/r", "https://example.com/r#--upload-pack=x"}) {
            ConfigError e = assertThrows(ConfigError.class, () -> GitAddress.parse(value, dir), value);
            assertTrue(e.getMessage().contains("may not start with '-'"), e.getMessage());
        }
    }

    @Test
    void otherTransportsRefsAndPathsOutsideAreRefused() {
        ConfigError ext = assertThrows(ConfigError.class, () -> GitAddress.parse("ext::sh -c touch% /tmp/x", dir));
        assertTrue(ext.getMessage().contains("not a transport this server fetches from"), ext.getMessage());
        assertThrows(ConfigError.class, () -> GitAddress.parse("ftp://example.com/r", dir));
        ConfigError ref = assertThrows(ConfigError.class, () -> GitAddress.parse("https://example.com/r#a..b", dir));
        assertTrue(ref.getMessage().contains("'a..b' is not a branch, tag or commit name"), ref.getMessage());
        assertThrows(ConfigError.class, () -> GitAddress.parse("https://example.com/r#HEAD~1", dir));
        ConfigError up = assertThrows(ConfigError.class, () -> GitAddress.parse("https://example.com/r#:a/../..", dir));
        assertTrue(up.getMessage().contains("may not hold '..'"), up.getMessage());
        assertThrows(ConfigError.class, () -> GitAddress.parse("https://example.com/r#:.git/config", dir));
    }
}
