package dev.dbprint.mcp.print;

import java.nio.file.Path;
import java.util.Map;
import java.util.stream.IntStream;

/**
 * Everything one {@link PrintView}'s reply rested on: the identity of every file it touched (absences included) and
 * every containment verdict it asked for. While both still hold, computing the reply again would read the same bytes
 * through the same judgements and produce the same reply, so a reply kept with its read set may be served again after
 * {@link #stillHolds()} — which stats each file and re-judges each path, as a fresh call would.
 */
public final class ReadSet {

    private final PrintStore store;
    private final Path root;
    // arrays rather than maps: a kept reply holds its read set for as long as it is kept
    private final Path[] files;
    private final FileIdentity[] identities;
    private final Path[] judged;
    private final boolean[] verdicts;
    private final long weight;

    ReadSet(PrintStore store, Path root, Map<Path, FileIdentity> touched, Map<Path, Boolean> verdicts) {
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
        this.weight = w;
    }

    /** What one path costs beyond its characters (its objects and array slot), in bytes, roughly. */
    private static final int PER_PATH = 64;
    /** What one recorded identity costs, in bytes, roughly. */
    private static final int PER_IDENTITY = 48;
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
        ContainmentMemo now = store.containment(root, Containment.realRoot(root), judged.length);
        if (!indices(files.length).allMatch(i -> store.identity(files[i], identities[i], now).equals(identities[i]))) {
            return false;
        }
        return indices(judged.length).allMatch(i -> now.inside(judged[i]) == verdicts[i]);
    }

    /** Set sizes from which a check is split across threads: below, the split costs more than it saves. */
    private static final int PARALLEL_FROM = 512;

    private static IntStream indices(int n) {
        IntStream all = IntStream.range(0, n);
        return n >= PARALLEL_FROM ? all.parallel() : all;
    }
}
