package dev.dbprint.mcp.print.store;

import java.nio.file.Path;
import java.util.HashMap;
import java.util.Map;
import java.util.Set;
import java.util.function.Supplier;
import java.util.stream.IntStream;

import dev.dbprint.mcp.print.files.Containment;
import dev.dbprint.mcp.print.files.ContainmentMemo;
import dev.dbprint.mcp.print.files.FileIdentity;
import dev.dbprint.mcp.print.files.PlainEntries;

/**
 * Everything one {@link PrintView}'s reply rested on: the identity of every file it touched (absences included) and
 * every containment verdict it asked for. While both still hold, computing the reply again would read the same bytes
 * through the same judgements and produce the same reply, so a reply kept with its read set may be served again after
 * {@link #stillHolds()} — which stats each file and re-judges each path, as a fresh call would.
 * <p>
 * Most verdicts rest on a directory's stamp ({@link ContainmentMemo}): a path that was no link in its directory is
 * inside exactly when the directory is, for as long as the directory's entries are unchanged, which its stamp vouches
 * for. So the set keeps those directories with the stamps the call took, and then not the verdicts: while every
 * directory has its stamp the verdicts resting on them stand, and only the few the full check gave (the root, a link)
 * are judged anew; when one has changed, the set no longer holds, and the reply is computed again. A set whose call
 * took a stamp that cannot vouch (unread, or within the racy window) keeps every verdict and judges each path again.
 */
public final class ReadSet {

    private final PrintStore store;
    private final Path root;
    // arrays rather than maps: a kept reply holds its read set for as long as it is kept
    private final Path[] files;
    private final FileIdentity[] identities;
    /** Every path judged and its verdict; null when {@link #directories} vouch for them. */
    private final Path[] judged;
    private final boolean[] verdicts;
    /**
     * The directories the plain verdicts rest on — every directory the call stamped — with their stamps; null when one
     * could not vouch for its entries.
     */
    private final Path[] directories;
    private final PlainEntries.Stamp[] stamps;
    /** For each file, the index of its directory in {@link #directories}, or -1. */
    private final int[] fileDirectory;
    /** The paths the full check judged, with their verdicts. */
    private final Path[] rejudged;
    private final boolean[] rejudgedVerdicts;
    private final long weight;

    /** A set whose paths are all judged again by every check. */
    ReadSet(PrintStore store, Path root, Map<Path, FileIdentity> touched, Map<Path, Boolean> verdicts) {
        this(store, root, touched, verdicts, () -> verdicts, null, Set.of());
    }

    /**
     * A set that keeps the stamps of the directories the memo's verdicts rest on ({@link ContainmentMemo#stamps()}:
     * every plain verdict rests on its directory's stamp there), those the full check gave apart.
     */
    ReadSet(PrintStore store, Path root, Map<Path, FileIdentity> touched, ContainmentMemo memo) {
        this(store, root, touched, memo.verdicts(), memo::allVerdicts, memo.stamps(), memo.fullyJudged());
    }

    /**
     * {@code verdicts} holds at least those of {@code fullyJudged}; {@code allVerdicts}, asked only when a stamp cannot
     * vouch (or {@code stamps} is null), every one the call rested on.
     */
    private ReadSet(PrintStore store, Path root, Map<Path, FileIdentity> touched, Map<Path, Boolean> verdicts,
            Supplier<Map<Path, Boolean>> allVerdicts, Map<Path, PlainEntries.Stamp> stamps, Set<Path> fullyJudged) {
        this.store = store;
        this.root = root;
        // copied by forEach (an entry-set array of a concurrent map builds an entry object per path), once the call's
        // work is done: nothing adds to the maps any more
        int[] at = {0};
        this.files = new Path[touched.size()];
        this.identities = new FileIdentity[files.length];
        touched.forEach((p, id) -> {
            files[at[0]] = p;
            identities[at[0]++] = id;
        });
        long w = 0;
        for (Path f : files) {
            w += PER_PATH + PER_IDENTITY + f.toString().length(); // spelled already, by the view's digest
        }
        Basis basis = stamps == null ? null : Basis.of(store, stamps);
        if (basis == null) {
            this.directories = null;
            this.stamps = null;
            this.fileDirectory = null;
            this.rejudged = null;
            this.rejudgedVerdicts = null;
            at[0] = 0;
            Map<Path, Boolean> all = allVerdicts.get();
            this.judged = new Path[all.size()];
            this.verdicts = new boolean[judged.length];
            all.forEach((p, v) -> {
                judged[at[0]] = p;
                this.verdicts[at[0]++] = v;
            });
            // not spelled out: a judged path's string is made, and kept, on first use
            w += (long) judged.length * (PER_PATH + TYPICAL_PATH_CHARS);
        } else {
            this.judged = null;
            this.verdicts = null;
            this.directories = basis.directories;
            this.stamps = basis.stamps;
            this.rejudged = fullyJudged.toArray(Path[]::new);
            this.rejudgedVerdicts = new boolean[rejudged.length];
            for (int i = 0; i < rejudged.length; i++) {
                rejudgedVerdicts[i] = Boolean.TRUE.equals(verdicts.get(rejudged[i]));
            }
            this.fileDirectory = new int[files.length];
            for (int i = 0; i < files.length; i++) {
                Path parent = identities[i].exists() ? null : files[i].getParent(); // only an absence can skip its stat
                fileDirectory[i] = parent == null ? -1 : basis.index.getOrDefault(parent, -1);
            }
            w += (long) directories.length * (PER_PATH + PER_STAMP + TYPICAL_PATH_CHARS) + 4L * files.length
                    + (long) rejudged.length * (PER_PATH + TYPICAL_PATH_CHARS);
        }
        this.weight = w;
    }

    /**
     * Every directory the call stamped, with its stamp and position. Each is kept, whether or not a kept verdict rests on
     * it: that costs a stat of a directory the call looked at anyway, where sorting out which did would cost a lookup
     * per judged path.
     */
    private record Basis(Path[] directories, PlainEntries.Stamp[] stamps, Map<Path, Integer> index) {

        /** Null when a stamp is unread or too recent to vouch for its directory's entries. */
        static Basis of(PrintStore store, Map<Path, PlainEntries.Stamp> taken) {
            Basis basis = new Basis(new Path[taken.size()], new PlainEntries.Stamp[taken.size()],
                    new HashMap<>(taken.size() * 4 / 3 + 1));
            for (Map.Entry<Path, PlainEntries.Stamp> e : taken.entrySet()) {
                if (!store.settled(e.getValue())) {
                    return null;
                }
                int i = basis.index.size();
                basis.directories[i] = e.getKey();
                basis.stamps[i] = e.getValue();
                basis.index.put(e.getKey(), i);
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
     * Whether every file is as it was read and every path is judged as it was (links may have moved since); false, too,
     * when a directory the verdicts rest on has changed, whether or not a verdict did. A large set
     * (a search over a whole print) is checked on the common pool's threads as well as the caller's.
     */
    public boolean stillHolds() {
        Path realRoot = Containment.realRoot(root);
        if (directories != null) {
            if (!indices(directories.length).allMatch(i -> PlainEntries.stamp(directories[i]).equals(stamps[i]))) {
                return false; // a directory's entries changed: the verdicts resting on it are not kept to judge again
            }
            // every directory a plain verdict rests on has its entries as they were: those verdicts stand
            ContainmentMemo now = store.containment(root, realRoot, rejudged.length);
            boolean holds = indices(files.length).allMatch(i -> identityNow(i).equals(identities[i]))
                    && IntStream.range(0, rejudged.length).allMatch(i -> now.inside(rejudged[i]) == rejudgedVerdicts[i]);
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
