package dev.dbprint.mcp.config;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.nio.file.Path;
import java.util.Map;

import org.junit.jupiter.api.Test;

/** The user's cache of this server (the index's default directory, the git checkouts): as the environment names it. */
class CacheRootTest {

    private static final String ACCOUNT = "/home/account";

    @Test
    void xdgCacheHomeComesFirst() {
        assertEquals(Path.of("/x/cache/dbprint-mcp"),
                CacheRoot.of(Map.of("XDG_CACHE_HOME", "/x/cache", "HOME", "/some/dir"), ACCOUNT));
    }

    @Test
    void homeIsFollowedOverTheAccountsHome() {
        assertEquals(Path.of("/some/dir/.cache/dbprint-mcp"),
                CacheRoot.of(Map.of("HOME", "/some/dir"), ACCOUNT));
    }

    @Test
    void aRelativeOrBlankValueIsPassedOver() {
        assertEquals(Path.of("/some/dir/.cache/dbprint-mcp"),
                CacheRoot.of(Map.of("XDG_CACHE_HOME", "cache", "HOME", "/some/dir"), ACCOUNT));
        assertEquals(Path.of(ACCOUNT, ".cache", "dbprint-mcp"),
                CacheRoot.of(Map.of("XDG_CACHE_HOME", " ", "HOME", "rel"), ACCOUNT));
        assertEquals(Path.of(ACCOUNT, ".cache", "dbprint-mcp"), CacheRoot.of(Map.of(), ACCOUNT));
    }
}
