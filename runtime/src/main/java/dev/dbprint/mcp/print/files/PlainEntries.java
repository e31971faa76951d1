package dev.dbprint.mcp.print.files;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.FileTime;
import java.util.Arrays;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
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
 * Kept by directory, as one record of its stamp and its names (sorted arrays, each file name one instance shared by
 * every directory that holds it), not by path: a listing of thousands of tables kept a map entry, a path, a stamp and
 * a copy of the declared files for each file, which every young collection copied again. Thread-safe. Bounded: past
 * {@link #MAX_PATHS} names and groups it starts again empty.
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
            return o instanceof Stamp s && s.is(dev, ino, ctimeNanos);
        }

        /** Whether this is the stamp of these fields, as {@link #equals} compares them (for a record keeping them). */
        boolean is(long dev, long ino, long ctimeNanos) {
            return this.dev == dev && this.ino == ino && this.ctimeNanos == ctimeNanos;
        }

        @Override
        public int hashCode() {
            return Arrays.hashCode(new long[]{dev, ino, ctimeNanos});
        }
    }

    /**
     * What one stamp of a directory vouches for: the names in it found no link (sorted, for a binary search), those of
     * them found absent, and the group of a manifest entry whose directory it is, or null.
     */
    private record Entries(long dev, long ino, long ctimeNanos, long takenMillis, Path[] plain, Path[] absent,
            Group group) {

        Entries(Stamp stamp, Group group) {
            this(stamp.dev(), stamp.ino(), stamp.ctimeNanos(), stamp.takenMillis(), NO_NAMES, NO_NAMES, group);
        }

        Stamp stamp() {
            return new Stamp(dev, ino, ctimeNanos, takenMillis);
        }

        boolean holds(Stamp now) {
            return now.is(dev, ino, ctimeNanos);
        }

        Entries with(Path name, boolean isAbsent) {
            return new Entries(dev, ino, ctimeNanos, takenMillis, inserted(plain, name),
                    isAbsent ? inserted(absent, name) : absent, group);
        }

        Entries with(Group g) {
            return new Entries(dev, ino, ctimeNanos, takenMillis, plain, absent, g);
        }

        private static Path[] inserted(Path[] names, Path name) {
            int at = Arrays.binarySearch(names, name);
            if (at >= 0) {
                return names;
            }
            int i = -at - 1;
            Path[] more = new Path[names.length + 1];
            System.arraycopy(names, 0, more, 0, i);
            more[i] = name;
            System.arraycopy(names, i, more, i + 1, names.length - i);
            return more;
        }
    }

    private static final Path[] NO_NAMES = {};

    /**
     * A manifest entry's declared files, each by its key and its name directly in the directory, found no link (or
     * absent) while the directory had its entries' stamp and its parent the stamp here: while both hold, the directory
     * is inside exactly when its parent is, and so is every one of the files.
     */
    private record Group(long parentDev, long parentIno, long parentCtimeNanos, long parentTakenMillis, Object[] keys,
            Path[] names) {

        Stamp parentStamp() {
            return new Stamp(parentDev, parentIno, parentCtimeNanos, parentTakenMillis);
        }

        boolean parentHolds(Stamp now) {
            return now.is(parentDev, parentIno, parentCtimeNanos);
        }

        /** Whether {@code files} are exactly these: the same keys, each at its name in {@code directory}. */
        boolean declares(Path directory, Map<?, Path> files) {
            if (files.size() != keys.length) {
                return false;
            }
            for (int i = 0; i < keys.length; i++) {
                Path file = files.get(keys[i]);
                if (file == null || !directlyIn(directory, file) || !file.endsWith(names[i])) {
                    return false;
                }
            }
            return true;
        }
    }

    /**
     * Whether {@code file} lies directly in {@code directory} (both absolute and normalised): as
     * {@code directory.equals(file.getParent())}, without making the parent, which a walk would do for every declared
     * file of thousands of entries.
     */
    static boolean directlyIn(Path directory, Path file) {
        return file.getNameCount() == directory.getNameCount() + 1 && file.startsWith(directory);
    }

    public static final long RACY_NANOS = TimeUnit.SECONDS.toNanos(2);
    static final int MAX_PATHS = 1_000_000;

    private final PresizedMap<Path, Entries> directories = new PresizedMap<>(16);
    /** One instance of each file name, which thousands of directories share (statistics.yaml, ddl.sql, ...). */
    private final Map<Path, Path> names = new ConcurrentHashMap<>();
    /** Names and groups remembered since the last clear, for the bound. */
    private final AtomicInteger remembered = new AtomicInteger();
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

    /**
     * A walk over {@code directories} table directories begins: the map of directories is made for them now (at most
     * the bound), where one grown from empty copied itself a dozen times over. Calls share it, so a record another call
     * writes while it is made again may be lost, leaving none or the one before it: each is trusted only while its
     * directory keeps the stamp it was made under.
     */
    public void expect(int directories) {
        this.directories.expect(Math.min(directories, maxPaths));
    }

    public void clear() {
        directories.map().clear();
        names.clear();
        remembered.set(0);
    }

    /** How many directories are remembered: one record each, however many of their names or groups. */
    int directories() {
        return directories.map().size();
    }

    /** How many file names are kept: one instance each, whichever directories hold it. */
    int names() {
        return names.size();
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
        Path directory = path.getParent();
        return directory != null && holds(directory, path, false, stampOf) ? directory : null;
    }

    /**
     * Whether {@code path} was found absent from its directory and the directory still has the stamp it had then
     * ({@code stampOf} stats it): a name cannot appear in a directory without changing its ctime, so it is absent still,
     * and a call need not probe it.
     */
    public boolean absentIn(Path path, Function<Path, Stamp> stampOf) {
        Path directory = path.getParent();
        return directory != null && holds(directory, path, true, stampOf);
    }

    /**
     * Whether {@code path} was found absent from its directory while the directory had {@code directoryStamp}, whatever
     * its stamp now: what a later process may {@link #remember} of it under that stamp.
     */
    boolean absentAt(Path path, Stamp directoryStamp) {
        Path directory = path.getParent();
        Entries e = directory == null ? null : directories.map().get(directory);
        return e != null && e.holds(directoryStamp) && Arrays.binarySearch(e.absent(), path.getFileName()) >= 0;
    }

    private boolean holds(Path directory, Path path, boolean absent, Function<Path, Stamp> stampOf) {
        Entries e = directories.map().get(directory);
        return e != null && Arrays.binarySearch(absent ? e.absent() : e.plain(), path.getFileName()) >= 0
                && e.holds(stampOf.apply(directory));
    }

    /**
     * Remembers that {@code path} is no link in {@code directory} (its parent) at {@code stamp}, unless the stamp is too
     * recent, and whether it was absent, which the caller saw after taking {@code stamp}: a name created since then
     * changed the directory's ctime, so it is never taken for absent. A stamp other than the one remembered for the
     * directory replaces what was known of it.
     */
    void remember(Path path, Path directory, Stamp stamp, boolean absent) {
        if (!settled(stamp) || !directory.equals(path.getParent())) {
            return;
        }
        Path name = canonical(path.getFileName());
        Entries known = directories.map().get(directory);
        if (known == null || !known.holds(stamp) || Arrays.binarySearch(known.plain(), name) < 0) {
            count(); // a name the directory's record holds already takes no more room
        }
        directories.map().compute(directory,
                (d, e) -> (e != null && e.holds(stamp) ? e : new Entries(stamp, null)).with(name, absent));
    }

    /**
     * The parent of {@code directory} when a group was remembered for it that declares exactly {@code files}, and both
     * directories still have the stamps they had then ({@code stampOf} stats them), else null.
     */
    Path group(Path directory, Map<?, Path> files, Function<Path, Stamp> stampOf) {
        Entries e = directories.map().get(directory);
        Path parent = directory.getParent();
        return e != null && e.group() != null && parent != null && e.group().declares(directory, files)
                && e.holds(stampOf.apply(directory)) && e.group().parentHolds(stampOf.apply(parent)) ? parent : null;
    }

    /**
     * The stamps {@code directory} and its parent had when a group declaring exactly {@code files} was remembered for
     * it, whatever they are now, or null.
     */
    ContainmentMemo.GroupStamps groupStamps(Path directory, Map<?, Path> files) {
        Entries e = directories.map().get(directory);
        return e == null || e.group() == null || !e.group().declares(directory, files)
                ? null
                : new ContainmentMemo.GroupStamps(e.group().parentStamp(), e.stamp());
    }

    /** Whether a group is remembered for {@code directory}, whatever its stamps now. */
    boolean knowsGroup(Path directory) {
        Entries e = directories.map().get(directory);
        return e != null && e.group() != null;
    }

    /**
     * Remembers that {@code directory}, and each of {@code files} (every one directly in it), was found no link while it
     * had {@code stamp} and its parent {@code parentStamp}, unless either is too recent.
     */
    void rememberGroup(Path directory, Map<?, Path> files, Stamp stamp, Stamp parentStamp) {
        if (!settled(stamp) || !settled(parentStamp)) {
            return;
        }
        Object[] keys = new Object[files.size()];
        Path[] fileNames = new Path[files.size()];
        int i = 0;
        for (Map.Entry<?, Path> f : files.entrySet()) {
            if (!directlyIn(directory, f.getValue())) {
                return;
            }
            keys[i] = f.getKey();
            fileNames[i++] = canonical(f.getValue().getFileName());
            count();
        }
        Group g = new Group(parentStamp.dev(), parentStamp.ino(), parentStamp.ctimeNanos(), parentStamp.takenMillis(),
                keys, fileNames);
        count();
        directories.map().compute(directory, (d, e) -> e != null && e.holds(stamp) ? e.with(g) : new Entries(stamp, g));
    }

    /** The one instance kept of a file name. */
    private Path canonical(Path name) {
        Path first = names.putIfAbsent(name, name);
        return first != null ? first : name;
    }

    /** Counts one more name or group toward the bound, starting again empty past it. */
    private void count() {
        if (remembered.incrementAndGet() > maxPaths) {
            clear();
            remembered.incrementAndGet();
        }
    }
}
