package dev.dbprint.mcp.print.files;

import java.io.File;
import java.io.IOException;
import java.nio.file.FileSystemException;
import java.nio.file.FileSystems;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.nio.file.attribute.BasicFileAttributes;
import java.nio.file.attribute.FileTime;
import java.util.Arrays;
import java.util.Map;
import java.util.concurrent.TimeUnit;

/**
 * What a file is on disk at one instant (server spec §7.1): device, inode, size, modification time and change time in
 * nanoseconds, and when it was read ({@code takenMillis}, wall clock; not part of its equality). Two identities are equal
 * exactly when nothing a rewrite changes differs. The change time is there because every other field can be put back:
 * a rewrite in place at the same size with its mtime restored ({@code cp -p}, {@code touch -r}), or a file deleted and
 * made again on a reused inode with a normalised mtime ({@code tar --mtime}), leaves them as they were, while any write,
 * chmod or new file sets the ctime to the clock, which no process can set back. {@link #ABSENT} is the identity of a file
 * that does not exist, so an absence can be recorded and compared like any other state.
 * <p>
 * Read from the JDK's unix attributes ({@link UnixStat}) where they are open to this code, else from the named
 * {@code unix:dev,ino,size,lastModifiedTime,ctime} view; where the {@code unix} view is unsupported, {@code dev} is 0,
 * {@code ino} is the hash of {@link BasicFileAttributes#fileKey()} (0 when the platform has none) and the modification
 * time stands in for the change time.
 */
public record FileIdentity(long dev, long ino, long size, long mtimeNanos, long ctimeNanos, long takenMillis) {

    /** The identity of a path with no file behind it. */
    public static final FileIdentity ABSENT = new FileIdentity(-1, -1, -1, -1, -1, -1);

    /** An identity read now. */
    public FileIdentity(long dev, long ino, long size, long mtimeNanos, long ctimeNanos) {
        this(dev, ino, size, mtimeNanos, ctimeNanos, System.currentTimeMillis());
    }

    public boolean exists() {
        return !equals(ABSENT);
    }

    /**
     * Whether the file can have changed since without a new identity: its last change was within {@code racyNanos} of
     * when the identity was read, so a second write in the same clock tick keeps every field
     * ({@link PlainEntries#settled(long, long, long)}, the rule the directory stamps follow).
     */
    public boolean racy(long racyNanos) {
        return !PlainEntries.settled(takenMillis, ctimeNanos, racyNanos);
    }

    // written out: a record's generated equals goes through a method handle, which code compiled by C1 alone (the
    // stdio launcher's) calls slowly, and a warm search compares tens of thousands of identities
    @Override
    public boolean equals(Object o) {
        return o instanceof FileIdentity f && dev == f.dev && ino == f.ino && size == f.size && mtimeNanos == f.mtimeNanos
                && ctimeNanos == f.ctimeNanos;
    }

    @Override
    public int hashCode() {
        return Arrays.hashCode(new long[]{dev, ino, size, mtimeNanos, ctimeNanos});
    }

    /** A compact, stable spelling of what equality compares: the key of a tree in the on-disk index. */
    public String token() {
        return exists() ? dev + ":" + ino + ":" + size + ":" + mtimeNanos + ":" + ctimeNanos : "absent";
    }

    /**
     * Whether the characters of {@code text} from {@code from} to {@code to} are this identity's {@link #token()}, read
     * in place: a search checks thousands of kept tokens, and spelling each identity to compare them cost as much as
     * its stat.
     */
    public boolean spelledBy(String text, int from, int to) {
        if (!exists()) {
            return to - from == 6 && text.startsWith("absent", from);
        }
        long[] fields = {dev, ino, size, mtimeNanos, ctimeNanos};
        int at = from;
        for (int i = 0; i < fields.length; i++) {
            int end = i == fields.length - 1 ? to : text.indexOf(':', at);
            if (end < 0 || end > to) {
                return false;
            }
            try {
                if (Long.parseLong(text, at, end, 10) != fields[i]) {
                    return false;
                }
            } catch (NumberFormatException e) {
                return false;
            }
            at = end + 1;
        }
        return true;
    }

    /**
     * Stats {@code path}, following symbolic links. A missing file (or a dangling link) is {@link #ABSENT}.
     *
     * @throws IOException for any other failure (permission, I/O)
     */
    public static FileIdentity of(Path path) throws IOException {
        return of(path, false);
    }

    /**
     * As {@link #of(Path)}, for a file last seen present when {@code likelyPresent}: one stat then, where a probe that
     * first asks whether the file exists costs a second one.
     */
    public static FileIdentity of(Path path, boolean likelyPresent) throws IOException {
        if (!likelyPresent && definitelyAbsent(path)) {
            return ABSENT;
        }
        try {
            return orAbsent(() -> {
                FileIdentity direct = fromUnixStat(path);
                return direct != null ? direct : fromUnixView(path);
            });
        } catch (UnsupportedOperationException | IllegalArgumentException e) {
            return orAbsent(() -> basic(path));
        }
    }

    /**
     * The identity read from the JDK's unix attributes ({@link UnixStat}), or null where that way is closed.
     *
     * @throws IOException as the stat does (a missing file included)
     */
    static FileIdentity fromUnixStat(Path path) throws IOException {
        UnixStat.Numbers n = UnixStat.stat(path);
        return n == null
                ? null
                : new FileIdentity(n.dev(), n.ino(), n.attributes().size(),
                        n.attributes().lastModifiedTime().to(TimeUnit.NANOSECONDS), n.ctimeNanos());
    }

    /** The identity read through the unix attribute view by name: where {@link UnixStat} is closed. */
    static FileIdentity fromUnixView(Path path) throws IOException {
        Map<String, Object> a = Files.readAttributes(path, "unix:dev,ino,size,lastModifiedTime,ctime");
        return new FileIdentity(asLong(a.get("dev")), asLong(a.get("ino")), asLong(a.get("size")),
                nanos((FileTime) a.get("lastModifiedTime")), nanos((FileTime) a.get("ctime")));
    }

    /** A stat that reports a missing file by throwing. */
    private interface Stat {

        FileIdentity read() throws IOException;
    }

    /** The stat's identity, or ABSENT when the path names nothing (missing, or under a parent that is a file). */
    private static FileIdentity orAbsent(Stat stat) throws IOException {
        try {
            return stat.read();
        } catch (NoSuchFileException e) {
            return ABSENT;
        } catch (FileSystemException e) {
            if (notADirectory(e)) {
                return ABSENT;
            }
            throw e;
        }
    }

    /**
     * A missing file is the common case — every call probes the optional per-table files of every table it walks — and
     * NIO reports it by constructing an exception, which costs more than the stat itself. {@link File#exists()} answers
     * without one. Its false is an absence only when this process may search the parent (a parent that is a plain
     * file reads as absent below too); otherwise, a permission problem, the full stat below decides and reports it.
     */
    private static boolean definitelyAbsent(Path path) {
        if (path.getFileSystem() != FileSystems.getDefault()) {
            return false;
        }
        File file = path.toFile();
        if (file.exists()) {
            return false;
        }
        File parent = file.getParentFile();
        return parent != null && parent.canExecute();
    }

    private static FileIdentity basic(Path path) throws IOException {
        BasicFileAttributes b = Files.readAttributes(path, BasicFileAttributes.class);
        Object key = b.fileKey();
        long mtime = nanos(b.lastModifiedTime());
        return new FileIdentity(0, key == null ? 0 : key.hashCode(), b.size(), mtime, mtime);
    }

    /** A parent component that is a file: the path names nothing, as for a missing file. */
    private static boolean notADirectory(FileSystemException e) {
        return e.getReason() != null && e.getReason().contains("Not a directory");
    }

    private static long asLong(Object o) {
        return o instanceof Number n ? n.longValue() : 0;
    }

    private static long nanos(FileTime t) {
        return t == null ? 0 : t.to(TimeUnit.NANOSECONDS);
    }
}
