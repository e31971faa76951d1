package dev.dbprint.mcp.print;

import java.nio.file.Path;
import java.util.Map;

/**
 * Everything one {@link PrintView}'s reply rested on: the identity of every file it touched (absences included) and
 * every containment verdict it asked for. While both still hold, computing the reply again would read the same bytes
 * through the same judgements and produce the same reply, so a reply kept with its read set may be served again after
 * {@link #stillHolds()} — which stats each file and re-judges each path, as a fresh call would.
 */
public final class ReadSet {

    private final PrintStore store;
    private final Path root;
    private final Map<Path, FileIdentity> touched;
    private final Map<Path, Boolean> verdicts;

    ReadSet(PrintStore store, Path root, Map<Path, FileIdentity> touched, Map<Path, Boolean> verdicts) {
        this.store = store;
        this.root = root;
        this.touched = touched;
        this.verdicts = verdicts;
    }

    /** Whether every file is as it was read and every path is judged as it was (links may have moved since). */
    public boolean stillHolds() {
        if (!store.unchanged(touched)) {
            return false;
        }
        if (verdicts.isEmpty()) {
            return true;
        }
        ContainmentMemo now = new ContainmentMemo(root, Containment.realRoot(root));
        for (Map.Entry<Path, Boolean> v : verdicts.entrySet()) {
            if (now.inside(v.getKey()) != v.getValue()) {
                return false;
            }
        }
        return true;
    }

    /** How many files it names: a rough measure of what checking it costs. */
    public int files() {
        return touched.size();
    }
}
