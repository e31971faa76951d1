package dev.dbprint.mcp.print.files;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.InvalidPathException;
import java.nio.file.Path;

/**
 * Whether a path a manifest names stays inside the connection root (format spec §2.5, server spec §3.3). Two checks, both
 * required: a <b>lexical</b> one on the text (not absolute, and after resolving {@code ..} still under the root), made once
 * per parsed manifest; and a <b>real-path</b> one (symbolic links resolved, for the path or, when it does not exist, its
 * nearest existing ancestor), made on every call since links can change without the manifest changing.
 */
public final class Containment {

    private Containment() {
    }

    /**
     * Resolves {@code relative} against {@code base} (absolute and normalised) and checks it stays lexically under
     * {@code root}.
     *
     * @return the normalised absolute path, or null when the text is not a valid relative path or leads outside
     */
    public static Path resolveLexically(Path root, Path base, String relative) {
        if (relative == null || relative.isEmpty()) {
            return null;
        }
        Path out;
        try {
            if (plain(relative)) { // an entry's path or a declared file's name: a walk resolves thousands
                out = base.resolve(relative);
            } else {
                Path rel = Path.of(relative); // refuses a NUL character too
                if (rel.isAbsolute() || rel.getRoot() != null) {
                    return null;
                }
                out = base.resolve(rel).normalize();
            }
        } catch (InvalidPathException e) {
            return null;
        }
        return out.startsWith(root) && !out.equals(root) ? out : null;
    }

    /**
     * Whether {@code relative} is names joined by single slashes, none of them {@code .} or {@code ..} and none holding
     * a NUL: resolved against a normalised path, it needs no normalising.
     */
    private static boolean plain(String relative) {
        int start = 0;
        for (int i = 0; i <= relative.length(); i++) {
            char c = i < relative.length() ? relative.charAt(i) : '/';
            if (c == '\0') {
                return false;
            }
            if (c == '/') {
                int n = i - start;
                if (n == 0 || n == 1 && relative.charAt(start) == '.'
                        || n == 2 && relative.charAt(start) == '.' && relative.charAt(start + 1) == '.') {
                    return false;
                }
                start = i + 1;
            }
        }
        return true;
    }

    /** Why {@code relative} fails {@link #resolveLexically}, for messages. */
    public static String lexicalReason(String what, String relative) {
        if (relative == null || relative.isEmpty()) {
            return what + " is empty";
        }
        try {
            if (Path.of(relative).isAbsolute()) {
                return what + " is absolute";
            }
        } catch (InvalidPathException e) {
            return what + " is not a valid path";
        }
        return what + " leads outside the connection root";
    }

    /**
     * Whether {@code path} (absolute, normalised) really lies under {@code realRoot} (a real path): the real path of
     * {@code path} itself when it exists, else of its nearest existing ancestor.
     */
    public static boolean realInside(Path realRoot, Path path) {
        Path cur = path;
        while (cur != null && !Files.exists(cur)) {
            cur = cur.getParent();
        }
        if (cur == null) {
            return false;
        }
        try {
            return cur.toRealPath().startsWith(realRoot);
        } catch (IOException e) {
            return false;
        }
    }

    /** The real path of a connection root, or the normalised absolute path when it does not exist. */
    public static Path realRoot(Path root) {
        Path abs = root.toAbsolutePath().normalize();
        try {
            return abs.toRealPath();
        } catch (IOException e) {
            return abs;
        }
    }
}
