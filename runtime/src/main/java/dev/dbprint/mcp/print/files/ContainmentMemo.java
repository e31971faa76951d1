package dev.dbprint.mcp.print.files;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.LinkOption;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.nio.file.attribute.BasicFileAttributes;
import java.util.Collections;
import java.util.HashMap;
import java.util.Map;
import java.util.Queue;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ConcurrentLinkedQueue;
import java.util.function.Supplier;

/**
 * {@link Containment#realInside} for the many paths one call checks, answered from one {@code lstat} per path instead of a
 * full real-path resolution per path: a path that is not a symbolic link is inside the root exactly when its parent
 * directory is (its real path is the parent's real path plus its own name), and a missing path is judged by its parent,
 * as {@link Containment#realInside} judges it by its nearest existing ancestor. A link, anything outside the root
 * lexically, and any unexpected failure fall back to the full check. Verdicts are kept for the life of the owning
 * per-call view of the print — one call — since links may change between calls; across calls, {@link PlainEntries} remembers
 * which names of a directory were no link while the directory keeps its stamp, so a later call stats the directory
 * once instead of each of its files, and remembers a manifest entry's directory with its declared files as one group, so
 * a later call confirms the lot from two stamps ({@link #firstOutside}).
 */
public final class ContainmentMemo {

    private final Path root;
    private final Path realRoot;
    private final PlainEntries plain;
    // concurrent maps: a search judges tens of thousands of paths on several threads, which one lock serialised
    private final PresizedMap<Path, Boolean> verdicts;
    private final PresizedMap<Path, PlainEntries.Stamp> stamps;
    /** The paths the full check judged (the root, a path outside it lexically, a link, a failure): no stamp settles them. */
    private final Set<Path> fullyJudged = ConcurrentHashMap.newKeySet();
    /**
     * The declared files of every group {@link #firstOutside} or {@link #confirmed} confirmed from stamps: they hold no
     * verdict of their own. Named only when a read set asks for every verdict, which a walk that passes an entry
     * without building it seldom needs.
     */
    private final Queue<Supplier<Map<?, Path>>> grouped = new ConcurrentLinkedQueue<>();

    /** A memo for one call that remembers nothing beyond it. */
    ContainmentMemo(Path root, Path realRoot) {
        this(root, realRoot, new PlainEntries());
    }

    ContainmentMemo(Path root, Path realRoot, PlainEntries plain) {
        this(root, realRoot, plain, 16);
    }

    /**
     * A memo expecting to judge about {@code paths} paths: sized for them at once, where a map grown from empty to tens
     * of thousands of entries copies itself a dozen times over (a tenth of a repeated search).
     */
    public ContainmentMemo(Path root, Path realRoot, PlainEntries plain, int paths) {
        this.root = root;
        this.realRoot = realRoot;
        this.plain = plain;
        this.verdicts = new PresizedMap<>(paths);
        this.stamps = new PresizedMap<>(paths);
    }

    /**
     * A walk is to judge about {@code paths} paths: the maps are made for them now, before any walker judges one (a
     * memo is one call's, and that call's thread alone writes it until its walkers start).
     */
    public void expect(int paths) {
        verdicts.expect(paths);
        stamps.expect(paths);
    }

    /** Whether {@code path} (absolute, normalised) really lies under the root. */
    public boolean inside(Path path) {
        return inside(path, false);
    }

    /**
     * As {@link #inside(Path)} for a path expected to exist (a declared file, a table directory): one {@code lstat}
     * settles it, where a probe for a file usually absent first asks {@link java.io.File#exists()}, which answers a
     * miss without the exception NIO builds for one.
     */
    boolean insideExpected(Path path) {
        return inside(path, true);
    }

    /**
     * The first of {@code directory} and then {@code files} (one manifest entry's directory and declared files, in the
     * map's order) that does not really lie under the root, or null when all do. When an earlier call found them all no
     * link, each file directly in the directory, and the directory and its parent keep the stamps they had then, two
     * stamps (taken once per call) and the parent's verdict settle the lot: no name in either directory changed, so each
     * is still what it was. Else each path is judged as by {@link #insideExpected}, and the lot, when all plain,
     * remembered for later calls.
     */
    public Path firstOutside(Path directory, Map<?, Path> files) {
        Path parent = plain.group(directory, files, this::stamp);
        if (parent != null && inside(parent, true)
                && !Boolean.FALSE.equals(verdicts.map().putIfAbsent(directory, Boolean.TRUE))) {
            grouped.add(() -> files);
            return null;
        }
        if (!insideExpected(directory)) {
            return directory;
        }
        for (Path file : files.values()) {
            if (!insideExpected(file)) {
                return file;
            }
        }
        rememberGroup(directory, files);
        return null;
    }

    /**
     * Leaves the group for later calls when every verdict rests on the stamps this call took: no path was judged by the
     * full check, and each file lies directly in the directory.
     */
    private void rememberGroup(Path directory, Map<?, Path> files) {
        Path parent = directory.getParent();
        if (parent == null || fullyJudged.contains(directory)) {
            return;
        }
        for (Path file : files.values()) {
            if (!PlainEntries.directlyIn(directory, file) || fullyJudged.contains(file)) {
                return;
            }
        }
        PlainEntries.Stamp stamp = stamps.map().get(directory);
        PlainEntries.Stamp parentStamp = stamps.map().get(parent);
        if (stamp != null && parentStamp != null) {
            plain.rememberGroup(directory, files, stamp, parentStamp);
        }
    }

    /**
     * The stamps a manifest entry's directory and its parent had when the entry's directory and files were last found
     * no link ({@link #firstOutside}); what a later process may {@link #recall}.
     */
    public record GroupStamps(PlainEntries.Stamp parent, PlainEntries.Stamp directory) {
    }

    /**
     * The stamps {@code directory}'s group of {@code files} rests on as remembered now, or null when none is (its
     * files were judged one by one, or some is no plain entry of it).
     */
    public GroupStamps group(Path directory, Map<?, Path> files) {
        return plain.groupStamps(directory, files);
    }

    /**
     * Offers what an earlier process found of {@code directory} and its declared {@code files} ({@link #group}, kept by
     * the caller in the on-disk index): when nothing is remembered of the directory, {@link #firstOutside} confirms the
     * lot from the two directories' stamps, as it does a group an earlier call of this process remembered, and judges
     * each path again when either stamp changed since.
     */
    public void recall(Path directory, Map<?, Path> files, GroupStamps stamps) {
        if (directory.getParent() != null && !plain.knowsGroup(directory)) {
            plain.rememberGroup(directory, files, stamps.directory(), stamps.parent());
        }
    }

    /**
     * Whether a manifest entry's {@code directory}, and the declared files it was found no link with, are inside the
     * root by the stamps an earlier process kept ({@code stamps}, as {@link #recall} takes them): both directories
     * keep those stamps now, and the parent is inside. As {@link #firstOutside} confirms a recalled group, for a caller
     * that has not built the entry: {@code files} names its declared files only should a read set judge each path
     * again ({@link #allVerdicts()}). False leaves the entry to be judged as any other.
     */
    public boolean confirmed(Path directory, GroupStamps stamps, Supplier<Map<?, Path>> files) {
        Path parent = directory.getParent();
        if (parent == null || !plain.settled(stamps.directory()) || !plain.settled(stamps.parent())
                || !stamp(directory).equals(stamps.directory()) || !stamp(parent).equals(stamps.parent())
                || !inside(parent, true) || Boolean.FALSE.equals(verdicts.map().putIfAbsent(directory, Boolean.TRUE))) {
            return false;
        }
        grouped.add(files);
        return true;
    }

    /**
     * Whether {@code file} was found absent from its directory while the directory had {@code directoryStamp} (as
     * {@link #group} gives it), for a later process to {@link #recallAbsent recall}. A probe takes any failed stat for
     * absence; what a later process recalls outlives this one until the directory changes, so it is offered only where
     * a stat of the file fails now as a missing file.
     */
    public boolean absentAt(Path file, PlainEntries.Stamp directoryStamp) {
        return plain.absentAt(file, directoryStamp) && Files.notExists(file, LinkOption.NOFOLLOW_LINKS);
    }

    /**
     * Offers what an earlier process found: {@code file} was absent from its directory while the directory had
     * {@code directoryStamp}. When the directory has that stamp now (taken once per call), no name was created in it
     * since, so the file is still absent and no link: it is then {@link #knownAbsent} and judged by its directory, with
     * no probe of its own. Else nothing is remembered, and the file is probed as any other.
     */
    public void recallAbsent(Path file, PlainEntries.Stamp directoryStamp) {
        Path directory = file.getParent();
        if (directory != null && plain.settled(directoryStamp) && stamp(directory).equals(directoryStamp)) {
            plain.remember(file, directory, directoryStamp, true);
        }
    }

    /** The verdicts given path by path so far (a view: a read set copies it). */
    public Map<Path, Boolean> verdicts() {
        return Collections.unmodifiableMap(verdicts.map());
    }

    /**
     * Every verdict so far, the files of the groups confirmed from stamps included, for a read set that judges
     * each path again later.
     */
    public Map<Path, Boolean> allVerdicts() {
        if (grouped.isEmpty()) {
            return verdicts();
        }
        Map<Path, Boolean> all = new HashMap<>(verdicts.map());
        grouped.forEach(files -> files.get().values().forEach(file -> all.putIfAbsent(file, Boolean.TRUE)));
        return all;
    }

    /**
     * The stamp of every directory a judgement rested on, as this call took it: every verdict not in
     * {@link #fullyJudged()} was given while its parent had the stamp here (taken before its probe).
     */
    public Map<Path, PlainEntries.Stamp> stamps() {
        return Collections.unmodifiableMap(stamps.map());
    }

    /** The paths whose verdict came from the full check, which only judging them again can confirm. */
    public Set<Path> fullyJudged() {
        return Collections.unmodifiableSet(fullyJudged);
    }

    private boolean inside(Path path, boolean expected) {
        Boolean known = verdicts.map().get(path);
        if (known != null) {
            return known;
        }
        boolean verdict = judge(path, expected);
        verdicts.map().put(path, verdict);
        return verdict;
    }

    private boolean judge(Path path, boolean expected) {
        if (path.equals(root) || !path.startsWith(root)) {
            fullyJudged.add(path);
            return Containment.realInside(realRoot, path);
        }
        Path known = plain.plainIn(path, this::stamp);
        if (known != null) {
            return inside(known, true);
        }
        Path parent = path.getParent();
        PlainEntries.Stamp stamp = stamp(parent); // before the probe: see PlainEntries.remember
        Found found = probe(path, expected);
        if (found == Found.LINK_OR_UNKNOWN) {
            fullyJudged.add(path);
            return Containment.realInside(realRoot, path);
        }
        plain.remember(path, parent, stamp, found == Found.ABSENT && parent.toFile().canExecute());
        return inside(parent, true);
    }

    /**
     * Whether {@code path}, as the earlier judgement of this or another call found it, is absent from its directory,
     * which has not changed since (one stat of the directory, taken once per call): a file known absent that way needs
     * no probe of its own.
     */
    public boolean knownAbsent(Path path) {
        return plain.absentIn(path, this::stamp);
    }

    /** What a probe found at a path: nothing, a plain file or directory, or a link (or a failure that leaves it unknown). */
    private enum Found {
        ABSENT, PLAIN, LINK_OR_UNKNOWN
    }

    /** What is at {@code path} now; a link, or a failure, leaves the full check to decide. */
    private static Found probe(Path path, boolean expected) {
        if (!expected && !path.toFile().exists() && !Files.isSymbolicLink(path)) {
            return Found.ABSENT; // File.exists answers a miss without the exception NIO builds for one
        }
        try {
            return Files.readAttributes(path, BasicFileAttributes.class, LinkOption.NOFOLLOW_LINKS).isSymbolicLink()
                    ? Found.LINK_OR_UNKNOWN
                    : Found.PLAIN;
        } catch (NoSuchFileException e) {
            return Found.ABSENT;
        } catch (IOException | RuntimeException e) {
            return Found.LINK_OR_UNKNOWN;
        }
    }

    /** The directory's stamp, taken once per call. */
    private PlainEntries.Stamp stamp(Path directory) {
        PlainEntries.Stamp known = stamps.map().get(directory);
        if (known != null) {
            return known;
        }
        PlainEntries.Stamp now = PlainEntries.stamp(directory);
        PlainEntries.Stamp first = stamps.map().putIfAbsent(directory, now);
        return first != null ? first : now;
    }
}
