package dev.dbprint.mcp.print.index;

import java.io.IOException;
import java.nio.file.FileAlreadyExistsException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.util.Map;

import org.jboss.logging.Logger;

import com.sun.security.auth.module.UnixSystem;

/**
 * The directory the on-disk index lives in, and whether this process may believe what it finds there: a directory and
 * files owned by the user the process runs as and writable by no one else, as ssh asks of its keys and git of a
 * repository's directory. An index file is text a reply is built from (an annotation's note reaches the agent as it
 * stands), so one planted by another user, in a shared cache or a CI runner's workspace, must not be read, nor copied
 * into this process's own file by its next write. A directory that fails the check is not used at all, with one log line
 * saying why; a file that fails it is ignored and replaced by the next write.
 * <p>
 * The default directory is in the user's own cache ({@link dev.dbprint.mcp.config.CacheRoot#ofUser()}); a configured one may be
 * anywhere. A missing directory is made private ({@code rwx------}).
 */
final class IndexDirectory {

    private static final Logger LOG = Logger.getLogger(IndexDirectory.class);
    /** Write permission for the group or for others. */
    private static final int SHARED_WRITE = 0022;

    private final Path path;
    private final long uid;
    private volatile Boolean usable;

    IndexDirectory(Path path) {
        this.path = path;
        this.uid = currentUid();
    }

    Path path() {
        return path;
    }

    /**
     * Whether the index may be read and written here: the directory exists (made private if it did not) and passes the
     * check. Decided once; a refusal is logged once.
     */
    boolean usable() {
        Boolean u = usable;
        if (u == null) {
            synchronized (this) {
                u = usable;
                if (u == null) {
                    u = decide();
                    usable = u;
                }
            }
        }
        return u;
    }

    private boolean decide() {
        try {
            create();
            String why = distrust(path);
            if (why != null) {
                LOG.warnf("Ignoring the index directory %s: %s; serving without the index", path, why);
                return false;
            }
            return true;
        } catch (IOException | RuntimeException e) {
            LOG.debugf("cannot use the index directory %s: %s", path, e);
            return false;
        }
    }

    /** Makes the directory, private, when it is missing (it may have been cleared since this process began). */
    void create() throws IOException {
        if (Files.isDirectory(path)) {
            return;
        }
        Path parent = path.getParent();
        if (parent != null) {
            Files.createDirectories(parent);
        }
        try {
            Files.createDirectory(path, PosixFilePermissions.asFileAttribute(PosixFilePermissions.fromString("rwx------")));
        } catch (FileAlreadyExistsException e) {
            // made meanwhile, by another process: the check decides
        }
    }

    /**
     * Why {@code file} (the directory, or a file in it, links followed) is not to be trusted, or null when it is owned by
     * this process's user and writable by no one else.
     */
    String distrust(Path file) throws IOException {
        if (uid < 0) {
            return "cannot tell which user this process runs as";
        }
        Map<String, Object> a;
        try {
            a = Files.readAttributes(file, "unix:uid,mode");
        } catch (UnsupportedOperationException e) {
            return "this file system does not say who owns a file";
        }
        int owner = (Integer) a.get("uid");
        int mode = (Integer) a.get("mode") & 07777;
        if (owner != uid) {
            return "owned by uid " + owner + ", not by this process's user (uid " + uid + ")";
        }
        if ((mode & SHARED_WRITE) != 0) {
            return String.format("writable by its group or others (mode %04o)", mode);
        }
        return null;
    }

    /**
     * The user id of this process, or -1 where the platform does not say: the JDK's own answer, else (where its native
     * part is missing, as in a native image) the owner of {@code /proc/self}, which Linux gives the process's user.
     */
    private static long currentUid() {
        try {
            return new UnixSystem().getUid();
        } catch (RuntimeException | LinkageError e) {
            try {
                return ((Number) Files.getAttribute(Path.of("/proc/self"), "unix:uid")).longValue();
            } catch (IOException | RuntimeException notLinux) {
                return -1;
            }
        }
    }
}
