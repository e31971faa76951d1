package dev.dbprint.mcp.print.store;

/**
 * A fixed set of monitors, one chosen per key by its hash: a load or scan of one file (and a search's read of one
 * table) holds its key's monitor, so
 * callers asking for the same file at once wait for the one read and take its result, where each would read the file
 * itself (on a busy server, that many reads at once also stretch each read's window for a rewrite to fall in).
 */
public final class StripedLocks {

    private final Object[] locks;

    public StripedLocks(int stripes) {
        locks = new Object[stripes];
        for (int i = 0; i < stripes; i++) {
            locks[i] = new Object();
        }
    }

    /** The monitor for {@code key}. */
    public Object of(Object key) {
        return locks[Math.floorMod(key.hashCode(), locks.length)];
    }
}
