package dev.dbprint.mcp.print.index;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.nio.file.Path;
import java.util.Map;

import org.junit.jupiter.api.Test;

/** Where the index lives when no directory is configured: the user's cache as the environment names it. */
class DefaultDirectoryTest {

    private static final String ACCOUNT = "/home/account";

    @Test
    void xdgCacheHomeComesFirst() {
        assertEquals(Path.of("/x/cache/dbprint-mcp"),
                DiskTreeStore.defaultDirectory(Map.of("XDG_CACHE_HOME", "/x/cache", "HOME", "/some/dir"), ACCOUNT));
    }

    @Test
    void homeIsFollowedOverTheAccountsHome() {
        assertEquals(Path.of("/some/dir/.cache/dbprint-mcp"),
                DiskTreeStore.defaultDirectory(Map.of("HOME", "/some/dir"), ACCOUNT));
    }

    @Test
    void aRelativeOrBlankValueIsPassedOver() {
        assertEquals(Path.of("/some/dir/.cache/dbprint-mcp"),
                DiskTreeStore.defaultDirectory(Map.of("XDG_CACHE_HOME", "cache", "HOME", "/some/dir"), ACCOUNT));
        assertEquals(Path.of(ACCOUNT, ".cache", "dbprint-mcp"),
                DiskTreeStore.defaultDirectory(Map.of("XDG_CACHE_HOME", " ", "HOME", "rel"), ACCOUNT));
        assertEquals(Path.of(ACCOUNT, ".cache", "dbprint-mcp"), DiskTreeStore.defaultDirectory(Map.of(), ACCOUNT));
    }
}
