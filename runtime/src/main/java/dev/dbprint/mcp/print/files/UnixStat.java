package dev.dbprint.mcp.print.files;

import java.io.IOException;
import java.lang.invoke.MethodHandle;
import java.lang.invoke.MethodHandles;
import java.lang.invoke.MethodType;
import java.lang.invoke.VarHandle;
import java.nio.file.FileSystems;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFileAttributes;
import java.util.concurrent.TimeUnit;

/**
 * One {@code stat}'s device, inode and change time, read from the JDK's own unix attributes object, where
 * {@code java.base} opens {@code sun.nio.fs} to this code: the packaged jar's manifest does ({@code Add-Opens}, asked for
 * by the extension), and so does this module's own test run.
 * <p>
 * The public way to the same numbers is the named {@code unix:} view, which builds and reads a map per call. A ctime has no
 * other public way, and a check of a print of thousands of tables stats as many directories: the map cost
 * as much again as the stat. Where the package is not open, or on another platform or file system, each method answers
 * null and its caller reads the named view.
 */
final class UnixStat {

    private static final Class<?> ATTRIBUTES;
    private static final MethodHandle DEV;
    private static final MethodHandle INO;
    private static final VarHandle CTIME_SEC;
    private static final VarHandle CTIME_NSEC;

    static {
        Class<?> type = null;
        MethodHandle dev = null;
        MethodHandle ino = null;
        VarHandle ctimeSec = null;
        VarHandle ctimeNsec = null;
        try {
            Class<?> c = Class.forName("sun.nio.fs.UnixFileAttributes");
            MethodHandles.Lookup inside = MethodHandles.privateLookupIn(c, MethodHandles.lookup());
            MethodType asLong = MethodType.methodType(long.class, Object.class);
            dev = inside.findVirtual(c, "dev", MethodType.methodType(long.class)).asType(asLong);
            ino = inside.findVirtual(c, "ino", MethodType.methodType(long.class)).asType(asLong);
            ctimeSec = inside.findVarHandle(c, "st_ctime_sec", long.class);
            ctimeNsec = inside.findVarHandle(c, "st_ctime_nsec", long.class);
            type = c;
        } catch (ReflectiveOperationException | RuntimeException | LinkageError e) {
            // not open to us, or not this JDK's layout: the named view answers instead
        }
        ATTRIBUTES = type;
        DEV = dev;
        INO = ino;
        CTIME_SEC = ctimeSec;
        CTIME_NSEC = ctimeNsec;
    }

    private UnixStat() {
    }

    /**
     * One stat's device, inode and change time, and the attributes object it read them from (for what the public
     * accessors give: size, modification time). Plain numbers, so the identity and the stamp built from them know this
     * class and not the other way round.
     */
    record Numbers(long dev, long ino, long ctimeNanos, PosixFileAttributes attributes) {
    }

    /**
     * The stat of {@code path}, links followed, or null where this way is closed.
     *
     * @throws IOException as the stat does (a missing path included)
     */
    static Numbers stat(Path path) throws IOException {
        Object a = attributes(path);
        return a == null ? null : new Numbers(read(DEV, a), read(INO, a), ctimeNanos(a), (PosixFileAttributes) a);
    }

    private static long ctimeNanos(Object attributes) {
        return TimeUnit.SECONDS.toNanos((long) CTIME_SEC.get(attributes)) + (long) CTIME_NSEC.get(attributes);
    }

    /** {@code handle} (one of the accessors above) applied to {@code attributes}. */
    private static long read(MethodHandle handle, Object attributes) {
        try {
            return (long) handle.invokeExact(attributes);
        } catch (Throwable e) {
            throw new IllegalStateException(e); // the handles were checked against this very type
        }
    }

    /** The JDK's attributes object for {@code path}, or null when closed or another file system answers. */
    private static Object attributes(Path path) throws IOException {
        if (ATTRIBUTES == null || path.getFileSystem() != FileSystems.getDefault()) {
            return null;
        }
        Object a = Files.readAttributes(path, PosixFileAttributes.class);
        return ATTRIBUTES.isInstance(a) ? a : null;
    }
}
