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
     * Resolves {@code relative} against {@code base} and checks it stays lexically under {@code root}.
     *
     * @return the normalised absolute path, or null when the text is not a valid relative path or leads outside
     */
    public static Path resolveLexically(Path root, Path base, String relative) {
        if (relative == null || relative.isEmpty()) {
            return null;
        }
        Path rel;
        try {
            rel = Path.of(relative); // refuses a NUL character too
        } catch (InvalidPathException e) {
            return null;
        }
        if (rel.isAbsolute() || rel.getRoot() != null) {
            return null;
        }
        Path out = base.resolve(rel).normalize();
        return out.startsWith(root) && !out.equals(root) ? out : null;
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
