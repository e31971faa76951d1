package dev.dbprint.mcp.print;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.stream.IntStream;

/**
 * Everything one {@link PrintView}'s reply rested on: the identity of every file it touched (absences included) and
 * every containment verdict it asked for. While both still hold, computing the reply again would read the same bytes
 * through the same judgements and produce the same reply, so a reply kept with its read set may be served again after
 * {@link #stillHolds()} — which stats each file and re-judges each path, as a fresh call would.
 * <p>
 * Most verdicts rest on a directory's stamp ({@link ContainmentMemo}): a path that was no link in its directory is
 * inside exactly when the directory is, for as long as the directory's entries are unchanged, which its stamp vouches
 * for. So the set also keeps those directories with the stamps the call took: when every one still has its stamp, the
 * verdicts resting on them stand without judging any path again, and only the few the full check gave (the root, a
 * link) are judged anew. Otherwise every path is judged again.
 */
public final class ReadSet {

    private final PrintStore store;
    private final Path root;
    // arrays rather than maps: a kept reply holds its read set for as long as it is kept
    private final Path[] files;
    private final FileIdentity[] identities;
    private final Path[] judged;
    private final boolean[] verdicts;
    /** The directories the plain verdicts rest on, with their stamps; null when one could not vouch for its entries. */
    private final Path[] directories;
    private final PlainEntries.Stamp[] stamps;
    /** For each file, the index of its directory in {@link #directories}, or -1. */
    private final int[] fileDirectory;
    /** The indices of the paths the full check judged. */
    private final int[] rejudged;
    private final long weight;

    /** A set whose paths are all judged again by every check. */
    ReadSet(PrintStore store, Path root, Map<Path, FileIdentity> touched, Map<Path, Boolean> verdicts) {
        this(store, root, touched, verdicts, null, Set.of());
    }

    /**
     * A set that keeps the stamps of the directories its verdicts rest on ({@link ContainmentMemo#stamps()}), those in
     * {@code fullyJudged} apart; null {@code stamps} keeps none.
     */
    ReadSet(PrintStore store, Path root, Map<Path, FileIdentity> touched, Map<Path, Boolean> verdicts,
            Map<Path, PlainEntries.Stamp> stamps, Set<Path> fullyJudged) {
        this.store = store;
        this.root = root;
        Map.Entry<?, ?>[] read = touched.entrySet().toArray(Map.Entry[]::new); // one pass, whatever map it is
        this.files = new Path[read.length];
        this.identities = new FileIdentity[read.length];
        for (int i = 0; i < read.length; i++) {
            files[i] = (Path) read[i].getKey();
            identities[i] = (FileIdentity) read[i].getValue();
        }
        Map.Entry<?, ?>[] given = verdicts.entrySet().toArray(Map.Entry[]::new);
        this.judged = new Path[given.length];
        this.verdicts = new boolean[given.length];
        long w = 0;
        for (int i = 0; i < given.length; i++) {
            judged[i] = (Path) given[i].getKey();
            this.verdicts[i] = (Boolean) given[i].getValue();
            w += PER_PATH + TYPICAL_PATH_CHARS; // not spelled out: a path's string is made, and kept, on first use
        }
        for (Path f : files) {
            w += PER_PATH + PER_IDENTITY + f.toString().length(); // spelled already, by the view's digest
        }
        Basis basis = stamps == null ? null : Basis.of(store, judged, stamps, fullyJudged);
        if (basis == null) {
            this.directories = null;
            this.stamps = null;
            this.fileDirectory = null;
            this.rejudged = null;
        } else {
            this.directories = basis.directories.toArray(Path[]::new);
            this.stamps = basis.stamps.toArray(PlainEntries.Stamp[]::new);
            this.rejudged = basis.rejudged.stream().mapToInt(Integer::intValue).toArray();
            this.fileDirectory = new int[files.length];
            for (int i = 0; i < files.length; i++) {
                Path parent = identities[i].exists() ? null : files[i].getParent(); // only an absence can skip its stat
                fileDirectory[i] = parent == null ? -1 : basis.index.getOrDefault(parent, -1);
            }
            w += (long) directories.length * (PER_PATH + PER_STAMP + TYPICAL_PATH_CHARS) + 4L * files.length
                    + 4L * rejudged.length;
        }
        this.weight = w;
    }

    /** The directories a call's plain verdicts rest on, and the verdicts the full check gave. */
    private record Basis(List<Path> directories, List<PlainEntries.Stamp> stamps, Map<Path, Integer> index,
            List<Integer> rejudged) {

        /** Null when a directory's stamp is missing, unread or too recent to vouch for its entries. */
        static Basis of(PrintStore store, Path[] judged, Map<Path, PlainEntries.Stamp> stamps, Set<Path> fullyJudged) {
            Basis basis = new Basis(new ArrayList<>(), new ArrayList<>(), new HashMap<>(), new ArrayList<>());
            for (int i = 0; i < judged.length; i++) {
                if (fullyJudged.contains(judged[i])) {
                    basis.rejudged.add(i);
                    continue;
                }
                Path directory = judged[i].getParent();
                if (!basis.index.containsKey(directory)) {
                    PlainEntries.Stamp stamp = stamps.get(directory);
                    if (stamp == null || !store.settled(stamp)) {
                        return null;
                    }
                    basis.index.put(directory, basis.directories.size());
                    basis.directories.add(directory);
                    basis.stamps.add(stamp);
                }
            }
            return basis;
        }
    }

    /** What one path costs beyond its characters (its objects and array slot), in bytes, roughly. */
    private static final int PER_PATH = 64;
    /** What one recorded identity costs, in bytes, roughly. */
    private static final int PER_IDENTITY = 48;
    /** What one directory stamp costs, in bytes, roughly. */
    private static final int PER_STAMP = 40;
    /** The length taken for a judged path, whose spelling is not asked for. */
    private static final int TYPICAL_PATH_CHARS = 64;

    /**
     * Roughly how many bytes it holds: a reply that read thousands of files (a search over a whole print) keeps as
     * many paths, which a cache must count along with the reply's pages.
     */
    public long weight() {
        return weight;
    }

    /**
     * Whether every file is as it was read and every path is judged as it was (links may have moved since). A large set
     * (a search over a whole print) is checked on the common pool's threads as well as the caller's.
     */
    public boolean stillHolds() {
        Path realRoot = Containment.realRoot(root);
        if (directories != null
                && indices(directories.length).allMatch(i -> PlainEntries.stamp(directories[i]).equals(stamps[i]))) {
            // every directory a plain verdict rests on has its entries as they were: those verdicts stand
            ContainmentMemo now = store.containment(root, realRoot, rejudged.length);
            boolean holds = indices(files.length).allMatch(i -> identityNow(i).equals(identities[i]))
                    && IntStream.of(rejudged).allMatch(i -> now.inside(judged[i]) == verdicts[i]);
            if (holds) {
                store.confirmedByStamps();
            }
            return holds;
        }
        ContainmentMemo now = store.containment(root, realRoot, judged.length);
        if (!indices(files.length).allMatch(i -> store.identity(files[i], identities[i], now).equals(identities[i]))) {
            return false;
        }
        return indices(judged.length).allMatch(i -> now.inside(judged[i]) == verdicts[i]);
    }

    /** A file's identity now, its directory's stamp just confirmed when it was recorded absent from it. */
    private FileIdentity identityNow(int i) {
        int d = fileDirectory[i];
        return d < 0
                ? store.identity(files[i], identities[i])
                : store.identity(files[i], identities[i], directories[d], stamps[d]);
    }

    /** Set sizes from which a check is split across threads: below, the split costs more than it saves. */
    private static final int PARALLEL_FROM = 512;

    private static IntStream indices(int n) {
        IntStream all = IntStream.range(0, n);
        return n >= PARALLEL_FROM ? all.parallel() : all;
    }
}
