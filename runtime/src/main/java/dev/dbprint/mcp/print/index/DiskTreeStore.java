package dev.dbprint.mcp.print.index;

import java.nio.file.Path;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.Executors;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicBoolean;

import dev.dbprint.mcp.print.files.FileIdentity;
import dev.dbprint.mcp.print.files.PlainEntries;

/**
 * A {@link TreeStore} of two files per connection root ({@link ShelfFile}) in a directory of the user's cache: the
 * manifest's tree with what is kept beside it ({@link TreeStore#WITH_MANIFEST}), and every other tree, with the trees derived from several files (each table's search record,
 * which a fresh process's first search reads instead of decoding and modelling every table's statistics files). Every
 * call starts from the manifest, and a shelf's first lookup reads its whole table, which for a print of thousands of
 * tables lists tens of thousands of trees: kept apart, the manifest is found at once, and the large table is read after
 * it ({@link Shelf#prepare()}). What a
 * process adds is written once additions have paused for a second, when a shelf holds more than
 * {@link #MAX_PENDING_BYTES} unwritten, and on {@link #flush()} (at shutdown): a walk that parses thousands of files
 * writes the index a few times at most, off the request path.
 * <p>
 * The directory is used only when this process's user owns it and no one else may write it ({@link IndexDirectory}); the
 * first shelf asked for tidies it ({@link IndexLeftovers}).
 */
final class DiskTreeStore implements TreeStore {

    /** How long additions gather before they are written. */
    private static final long FLUSH_DELAY_MS = 1000;
    /**
     * Bytes of trees a shelf gathers in memory before it is written without waiting for a pause: a first search over
     * tens of thousands of tables adds trees for as long as it runs, which a small heap cannot hold to the end.
     */
    static final long MAX_PENDING_BYTES = 8L << 20;

    private final IndexDirectory directory;
    private final long racyNanos;
    private final long flushDelayMs;
    private final ConcurrentHashMap<Path, Split> shelves = new ConcurrentHashMap<>();
    private final AtomicBoolean tidied = new AtomicBoolean();
    private final AtomicBoolean scheduled = new AtomicBoolean();
    /** Shelves with a write under way because they gathered too much. */
    private final Set<Path> full = ConcurrentHashMap.newKeySet();
    private volatile long lastAdded;
    private volatile ScheduledExecutorService writer;

    DiskTreeStore(Path directory) {
        this(directory, PlainEntries.RACY_NANOS);
    }

    /** For tests: a shorter racy window, so a file just written can be kept without waiting two seconds. */
    DiskTreeStore(Path directory, long racyNanos) {
        this(directory, racyNanos, FLUSH_DELAY_MS);
    }

    /** For tests: a quiet period no test outlasts, so only the pending bound can start a write. */
    DiskTreeStore(Path directory, long racyNanos, long flushDelayMs) {
        this.directory = new IndexDirectory(directory.toAbsolutePath().normalize());
        this.racyNanos = racyNanos;
        this.flushDelayMs = flushDelayMs;
    }

    /**
     * The two files of one root; a tree goes to one or the other by its form. A tree parsed at an identity read within
     * {@code racyNanos} of the file's last change is not kept: a second write within the same clock tick would leave
     * the identity as it was, and a later process would take this tree for the file's.
     */
    private record Split(ShelfFile manifest, ShelfFile rest, long racyNanos) implements Shelf {

        private ShelfFile of(String form) {
            return form.equals(MANIFEST_FORM) || form.startsWith(WITH_MANIFEST) ? manifest : rest;
        }

        @Override
        public Object get(Path file, String form, FileIdentity identity) {
            return of(form).get(file, form, identity);
        }

        @Override
        public void put(Path file, String form, FileIdentity identity, Object tree) {
            if (!identity.racy(racyNanos)) {
                of(form).put(file, form, identity, tree);
            }
        }

        @Override
        public byte[] bytes(Path file, String form, FileIdentity identity) {
            return of(form).bytes(file, form, identity);
        }

        @Override
        public void putBytes(Path file, String form, FileIdentity identity, byte[] bytes) {
            if (!identity.racy(racyNanos)) {
                of(form).putBytes(file, form, identity, bytes);
            }
        }

        @Override
        public byte[] derived(Path key, String form, Map<Path, FileIdentity> from) {
            return rest.derived(key, form, from);
        }

        @Override
        public void putDerived(Path key, String form, Map<Path, FileIdentity> from, byte[] bytes) {
            if (from.values().stream().allMatch(this::keeps)) {
                rest.putDerived(key, form, from, bytes);
            }
        }

        @Override
        public boolean keeps(FileIdentity identity) {
            // an absence has no change time to be racy about: a file that appears gets an identity of its own
            return !identity.exists() || !identity.racy(racyNanos);
        }

        @Override
        public boolean holds(Path file, String form) {
            return of(form).holds(file, form);
        }

        @Override
        public void prepare() {
            rest.prepare(); // the manifest's table is a few entries long
        }

        long pending() {
            return manifest.pending() + rest.pending();
        }

        void flush() {
            manifest.flush();
            rest.flush();
        }
    }

    /** The root's shelf, or null when the directory is not to be trusted ({@link IndexDirectory}). */
    @Override
    public Shelf shelf(Path root) {
        if (!directory.usable()) {
            return null;
        }
        Split shelf = shelves.computeIfAbsent(root, r -> new Split(
                new ShelfFile(directory, r, "manifest", () -> added(r)), new ShelfFile(directory, r, "", () -> added(r)),
                racyNanos));
        if (tidied.compareAndSet(false, true)) {
            IndexLeftovers.tidy(directory.path(), shelves.keySet());
        }
        return shelf;
    }

    /** Without a look at the directory: a shelf is in the map only once the directory was judged usable. */
    @Override
    public Shelf opened(Path root) {
        return shelves.get(root);
    }

    @Override
    public void flush() {
        scheduled.set(false);
        shelves.values().forEach(Split::flush);
    }

    private void added(Path root) {
        lastAdded = System.nanoTime();
        Split shelf = shelves.get(root);
        if (shelf != null && shelf.pending() > MAX_PENDING_BYTES && full.add(root)) {
            writer().execute(() -> {
                try {
                    shelf.flush();
                } finally {
                    full.remove(root);
                }
            });
        }
        if (scheduled.compareAndSet(false, true)) {
            writer().schedule(this::flushWhenQuiet, flushDelayMs, TimeUnit.MILLISECONDS);
        }
    }

    /** Writes once no addition came for the quiet period; until then waits again. */
    private void flushWhenQuiet() {
        long quietMs = (System.nanoTime() - lastAdded) / 1_000_000;
        if (quietMs < flushDelayMs) {
            writer().schedule(this::flushWhenQuiet, flushDelayMs - quietMs, TimeUnit.MILLISECONDS);
            return;
        }
        flush();
    }

    private ScheduledExecutorService writer() {
        ScheduledExecutorService w = writer;
        if (w == null) {
            synchronized (this) {
                w = writer;
                if (w == null) {
                    w = Executors.newSingleThreadScheduledExecutor(r -> {
                        Thread t = new Thread(r, "dbprint-index-writer");
                        t.setDaemon(true);
                        return t;
                    });
                    writer = w;
                }
            }
        }
        return w;
    }
}
