package dev.dbprint.mcp.print;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.FileTime;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.TimeUnit;

/**
 * What {@link ContainmentMemo}s learned about directories across calls: the names in a directory that were no symbolic
 * link (a plain file or directory, or nothing at all), as of the directory's stamp (device, inode, ctime). Any change
 * to a directory's entries — a name created, removed, renamed or replaced by a link — changes its ctime, which no
 * process can set back; so while the stamp holds, those names are still no link and a path through one is inside the
 * root exactly when its directory is. One stat of a table directory then settles every file in it, where each file
 * needed its own {@code lstat} before.
 * <p>
 * A directory whose ctime is within {@link #RACY_NANOS} of now is not remembered: timestamps advance in clock ticks, so
 * a second change within the tick of the first would keep the stamp (the racy case version control systems know).
 * <p>
 * Thread-safe. Bounded: past {@link #MAX_DIRECTORIES} directories it starts again empty.
 */
final class PlainEntries {

    /** A directory as one stat saw it; {@link #NONE} when it could not be read. */
    record Stamp(long dev, long ino, long ctimeNanos) {

        static final Stamp NONE = new Stamp(-1, -1, -1);
    }

    private record Known(Stamp stamp, Set<String> names) {
    }

    static final long RACY_NANOS = TimeUnit.SECONDS.toNanos(2);
    static final int MAX_DIRECTORIES = 200_000;

    private final Map<Path, Known> known = new ConcurrentHashMap<>();
    private final long racyNanos;

    PlainEntries() {
        this(RACY_NANOS);
    }

    /** For tests: a shorter racy window (a test that changes a directory waits it out rather than two seconds). */
    PlainEntries(long racyNanos) {
        this.racyNanos = racyNanos;
    }

    /** The directory's stamp now, links followed ({@link Stamp#NONE} when it cannot be read). */
    static Stamp stamp(Path directory) {
        try {
            Map<String, Object> a = Files.readAttributes(directory, "unix:dev,ino,ctime");
            return new Stamp(((Number) a.get("dev")).longValue(), ((Number) a.get("ino")).longValue(),
                    ((FileTime) a.get("ctime")).to(TimeUnit.NANOSECONDS));
        } catch (IOException | RuntimeException e) {
            return Stamp.NONE; // no unix view, gone, or not a directory: nothing is remembered or trusted
        }
    }

    void clear() {
        known.clear();
    }

    /** Whether {@code name} was no link in {@code directory} when it last had {@code stamp}. */
    boolean plain(Path directory, Stamp stamp, String name) {
        Known k = known.get(directory);
        return k != null && k.stamp().equals(stamp) && k.names().contains(name);
    }

    /** Remembers that {@code name} is no link in {@code directory} at {@code stamp}, unless the stamp is too recent. */
    void remember(Path directory, Stamp stamp, String name) {
        if (stamp == Stamp.NONE || System.currentTimeMillis() * 1_000_000L - stamp.ctimeNanos() < racyNanos) {
            return;
        }
        if (known.size() >= MAX_DIRECTORIES) {
            known.clear();
        }
        known.compute(directory, (d, k) -> {
            Known fresh = k != null && k.stamp().equals(stamp) ? k : new Known(stamp, ConcurrentHashMap.newKeySet());
            fresh.names().add(name);
            return fresh;
        });
    }
}
