package dev.dbprint.mcp.print.files;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.FileTime;
import java.util.Arrays;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.TimeUnit;
import java.util.function.Function;

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
 * Kept by path, the directory beside it, so a later call looks a path up without taking it apart. Thread-safe. Bounded:
 * past {@link #MAX_PATHS} paths it starts again empty.
 */
public final class PlainEntries {

    /**
     * A directory as one stat saw it, and when ({@code takenMillis}, wall clock; not part of its equality); {@link #NONE}
     * when it could not be read.
     */
    public record Stamp(long dev, long ino, long ctimeNanos, long takenMillis) {

        static final Stamp NONE = new Stamp(-1, -1, -1, -1);

        /** A stamp taken now. */
        Stamp(long dev, long ino, long ctimeNanos) {
            this(dev, ino, ctimeNanos, System.currentTimeMillis());
        }

        // written out, as FileIdentity's: every path a warm call judges compares one
        @Override
        public boolean equals(Object o) {
            return o instanceof Stamp s && dev == s.dev && ino == s.ino && ctimeNanos == s.ctimeNanos;
        }

        @Override
        public int hashCode() {
            return Arrays.hashCode(new long[]{dev, ino, ctimeNanos});
        }
    }

    /**
     * A path found no link while its directory had {@code stamp}, and whether it was absent then; the directory is kept
     * to stat it again.
     */
    private record Known(Path directory, Stamp stamp, boolean absent) {
    }

    /**
     * A table directory and the files a manifest entry declares in it, all found no link (or absent) while the directory
     * had {@code stamp} and its parent {@code parentStamp}: while both hold, the directory is inside exactly when its
     * parent is, and so is every one of the files, which one stat of each directory confirms.
     */
    record Group(Path parent, Stamp parentStamp, Stamp stamp, Map<?, Path> files) {
    }

    public static final long RACY_NANOS = TimeUnit.SECONDS.toNanos(2);
    static final int MAX_PATHS = 1_000_000;

    private final Map<Path, Known> known = new ConcurrentHashMap<>();
    private final Map<Path, Group> groups = new ConcurrentHashMap<>();
    private final long racyNanos;
    private final int maxPaths;

    public PlainEntries() {
        this(RACY_NANOS, MAX_PATHS);
    }

    /** For tests of the stores built on it: a shorter racy window, waited out rather than two seconds. */
    public PlainEntries(long racyNanos) {
        this(racyNanos, MAX_PATHS);
    }

    /**
     * For tests: a shorter racy window (a test that changes a directory waits it out rather than two seconds) and a
     * smaller bound (a test fills it with a few paths rather than a million).
     */
    PlainEntries(long racyNanos, int maxPaths) {
        this.racyNanos = racyNanos;
        this.maxPaths = maxPaths;
    }

    /** The directory's stamp now, links followed ({@link Stamp#NONE} when it cannot be read). */
    public static Stamp stamp(Path directory) {
        try {
            Stamp direct = fromUnixStat(directory);
            return direct != null ? direct : namedViewStamp(directory);
        } catch (IOException | RuntimeException e) {
            return Stamp.NONE; // no unix view, gone, or not a directory: nothing is remembered or trusted
        }
    }

    /**
     * The stamp read from the JDK's unix attributes ({@link UnixStat}), or null where that way is closed.
     *
     * @throws IOException as the stat does (a missing path included)
     */
    static Stamp fromUnixStat(Path directory) throws IOException {
        UnixStat.Numbers n = UnixStat.stat(directory);
        return n == null ? null : new Stamp(n.dev(), n.ino(), n.ctimeNanos());
    }

    /** The stamp read through the named {@code unix:} view, where {@link UnixStat} cannot read it. */
    static Stamp namedViewStamp(Path directory) throws IOException {
        Map<String, Object> a = Files.readAttributes(directory, "unix:dev,ino,ctime");
        return new Stamp(((Number) a.get("dev")).longValue(), ((Number) a.get("ino")).longValue(),
                ((FileTime) a.get("ctime")).to(TimeUnit.NANOSECONDS));
    }

    public void clear() {
        known.clear();
        groups.clear();
    }

    /**
     * Whether a stamp can vouch for its directory's entries: it was read, and the directory's last change was older than
     * the racy window when the stamp was taken. When, not now: a stamp taken within a tick of a change would miss a
     * second change in that tick however long ago that was, and a stamp may be judged long after it was taken (early in
     * a cold search of seconds, or by a read set built after the reply).
     */
    public boolean settled(Stamp stamp) {
        return stamp != Stamp.NONE && settled(stamp.takenMillis(), stamp.ctimeNanos(), racyNanos);
    }

    /**
     * The racy-window rule, for a directory's stamp or a file's identity: a stat taken at {@code takenMillis} vouches for
     * what it saw when the change time it read is at least {@code racyNanos} older.
     */
    static boolean settled(long takenMillis, long ctimeNanos, long racyNanos) {
        return takenMillis * 1_000_000L - ctimeNanos >= racyNanos;
    }

    /**
     * The directory of {@code path} when {@code path} was found no link there and the directory still has the stamp
     * it had then ({@code stampOf} stats it), else null.
     */
    Path plainIn(Path path, Function<Path, Stamp> stampOf) {
        Known k = known.get(path);
        return k != null && k.stamp().equals(stampOf.apply(k.directory())) ? k.directory() : null;
    }

    /**
     * Whether {@code path} was found absent from its directory and the directory still has the stamp it had then
     * ({@code stampOf} stats it): a name cannot appear in a directory without changing its ctime, so it is absent still,
     * and a call need not probe it.
     */
    public boolean absentIn(Path path, Function<Path, Stamp> stampOf) {
        Known k = known.get(path);
        return k != null && k.absent() && k.stamp().equals(stampOf.apply(k.directory()));
    }

    /**
     * Remembers that {@code path} is no link in {@code directory} at {@code stamp}, unless the stamp is too recent, and
     * whether it was absent, which the caller saw after taking {@code stamp}: a name created since then changed the
     * directory's ctime, so it is never taken for absent.
     */
    void remember(Path path, Path directory, Stamp stamp, boolean absent) {
        if (!settled(stamp)) {
            return;
        }
        if (known.size() >= maxPaths) {
            known.clear();
        }
        known.put(path, new Known(directory, stamp, absent));
    }

    /**
     * The group remembered for {@code directory} when it declares exactly {@code files} and both it and its parent still
     * have the stamps they had then ({@code stampOf} stats them), else null.
     */
    Group group(Path directory, Map<?, Path> files, Function<Path, Stamp> stampOf) {
        Group g = groups.get(directory);
        return g != null && (g.files() == files || g.files().equals(files)) && g.stamp().equals(stampOf.apply(directory))
                && g.parentStamp().equals(stampOf.apply(g.parent())) ? g : null;
    }

    /** The group remembered for {@code directory}, whatever its stamps now, or null. */
    Group groupOf(Path directory) {
        return groups.get(directory);
    }

    /**
     * Remembers that {@code directory}, and each of {@code files} (every one directly in it), was found no link as of
     * the two stamps, unless either is too recent.
     */
    void rememberGroup(Path directory, Group group) {
        if (!settled(group.stamp()) || !settled(group.parentStamp())) {
            return;
        }
        if (groups.size() >= maxPaths) {
            groups.clear();
        }
        groups.put(directory, group);
    }
}
