package dev.dbprint.mcp.config;

import java.nio.file.Path;
import java.util.Map;

/**
 * The user's cache directory of this server, where the on-disk index and the checkouts of git addresses live:
 * {@code $XDG_CACHE_HOME/dbprint-mcp} when that is an absolute path, else {@code $HOME/.cache/dbprint-mcp}, as other
 * tools choose. The account's home (the JVM's {@code user.home}, read from the password database) serves only where
 * {@code $HOME} is unset or not absolute, so a caller who sets {@code HOME} moves the cache with it.
 */
public final class CacheRoot {

    private CacheRoot() {
    }

    /** The directory for this process's environment. */
    public static Path ofUser() {
        return of(System.getenv(), System.getProperty("user.home"));
    }

    static Path of(Map<String, String> env, String accountHome) {
        String xdg = env.get("XDG_CACHE_HOME");
        if (absolute(xdg)) {
            return Path.of(xdg, "dbprint-mcp");
        }
        String home = env.get("HOME");
        return Path.of(absolute(home) ? home : accountHome, ".cache", "dbprint-mcp");
    }

    private static boolean absolute(String path) {
        return path != null && !path.isBlank() && Path.of(path).isAbsolute();
    }
}
