package dev.dbprint.mcp.print.store;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.AtomicLong;
import java.util.concurrent.locks.LockSupport;
import java.util.function.BooleanSupplier;
import java.util.function.Function;

import jakarta.annotation.PreDestroy;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.enterprise.event.Observes;
import jakarta.inject.Inject;

import dev.dbprint.mcp.config.DbprintConfig;
import dev.dbprint.mcp.config.ServedConnection;
import dev.dbprint.mcp.error.PrintError;
import dev.dbprint.mcp.print.cache.CacheSizes;
import dev.dbprint.mcp.print.cache.HeapEstimate;
import dev.dbprint.mcp.print.cache.Weighed;
import dev.dbprint.mcp.print.cache.WeighedCache;
import dev.dbprint.mcp.print.files.ContainedFile;
import dev.dbprint.mcp.print.files.ContainmentMemo;
import dev.dbprint.mcp.print.files.FileIdentity;
import dev.dbprint.mcp.print.files.PlainEntries;
import dev.dbprint.mcp.print.index.FileForm;
import dev.dbprint.mcp.print.index.TreeStore;
import dev.dbprint.mcp.print.model.Manifest;
import dev.dbprint.mcp.print.yaml.YamlLoader;
import dev.dbprint.mcp.signal.CallUnderway;

/**
 * The one place print files are read from disk (server spec §7.1).
 * <p>
 * Each file is cached per form it is read in (raw bytes, a YAML tree, a typed model) together with the
 * {@link FileIdentity} it was read at, in a cache bounded by the estimated heap its values hold
 * ({@code dbprint.parse-cache.max-bytes}), least recently used first out. Every access stats the file again and reloads on any difference; a file that fails
 * to load is never kept, so a corrected file is read on the next call. A load stats, reads the bytes from the file
 * judged to lie under the connection root ({@link ContainedFile}: no link is followed at the open), and stats again:
 * when the two identities differ, or differ from the file read, the file was rewritten or re-linked mid-read and the
 * load is retried (at most {@value #MAX_READ_ATTEMPTS} times), so a reader never sees a mix of two versions.
 * <p>
 * resources/read serves files in pieces rather than holding them: {@link #scan}, {@link #range}, {@link ScannedFiles}.
 * <p>
 * Thread-safe: loads of one file in one form are serialised; different files load concurrently (loads share 256 lock
 * stripes).
 */
@ApplicationScoped
public class PrintStore {

    /** How often a file rewritten during a read is retried before giving up. */
    public static final int MAX_READ_ATTEMPTS = 5;

    /** Turns a file's bytes into the cached form. May throw {@link PrintError}, in which case nothing is cached. */
    @FunctionalInterface
    public interface Loader<T> {

        T load(Path path, byte[] bytes);
    }

    /** Parses a file's bytes into a plain YAML tree ({@link YamlLoader}'s shape). */
    @FunctionalInterface
    public interface Parser {

        Object parse(Path path, byte[] bytes);
    }

    /** Builds a model from a parsed tree. May throw {@link PrintError}, in which case nothing is cached. */
    @FunctionalInterface
    public interface ModelBuilder<T> {

        T build(Path path, Object tree);
    }

    /** A value loaded at one identity. */
    private record Slot(FileIdentity identity, Object value) {
    }

    /** A manifest's slot and its weight. */
    private record Pinned(Slot slot, long weight) {
    }

    /** A value and the heap it is estimated to hold. */
    private record Loaded<T>(T value, long weight) {
    }

    /** Loads serialize per stripe of keys, so two calls never parse one file in one form at once. */
    private static final int LOCK_STRIPES = 256;

    private final StripedLocks locks = new StripedLocks(LOCK_STRIPES);
    private final WeighedCache<FileForm<Path>, Slot> cache;
    /**
     * Manifests, kept whatever they weigh: every call reads its connection's, and one of tens of thousands of tables can
     * weigh more than the whole bound of a small heap, which would parse it again on every call. Their weight counts
     * against the bound all the same, so other files get what remains.
     */
    private final Map<FileForm<Path>, Pinned> manifests = new ConcurrentHashMap<>();
    private final TreeStore trees;
    private final AtomicLong parses = new AtomicLong();
    private final AtomicLong hits = new AtomicLong();
    private final AtomicLong identityChecks = new AtomicLong();
    private final AtomicLong confirmedByStamps = new AtomicLong();
    private final AtomicLong bytesRead = new AtomicLong();
    private final ScannedFiles scanned = new ScannedFiles(this::identity, bytesRead, MAX_READ_ATTEMPTS, LOCK_STRIPES);
    private final YamlLoader yaml = new YamlLoader();
    private final PlainEntries plainEntries;

    /** A store with the default bound and no on-disk trees (tests, tools). */
    public PrintStore() {
        this(CacheSizes.defaultParseCacheBytes(), TreeStore.NONE);
    }

    @Inject
    public PrintStore(DbprintConfig config) {
        this(CacheSizes.parseCacheBytes(config), TreeStore.of(config));
    }

    public PrintStore(long maxBytes, TreeStore trees) {
        this(maxBytes, trees, new PlainEntries());
    }

    /**
     * For tests: a store whose directories settle {@code racyNanos} after their last change, so a test that needs
     * settled directories waits that out, not two seconds (per test: the mutation gate runs each test alone).
     */
    PrintStore(long racyNanos) {
        this(TreeStore.NONE, racyNanos);
    }

    /** As {@link #PrintStore(long)}, over {@code trees}. */
    PrintStore(TreeStore trees, long racyNanos) {
        this(CacheSizes.defaultParseCacheBytes(), trees, new PlainEntries(racyNanos));
    }

    private PrintStore(long maxBytes, TreeStore trees, PlainEntries plainEntries) {
        this.cache = new WeighedCache<>(maxBytes);
        this.trees = trees;
        this.plainEntries = plainEntries;
    }

    /**
     * Reads now the table of the trees kept on disk for the connection rooted at {@code connectionRoot}, which the first
     * call to read a table's file would otherwise wait for; nothing when no tree store is configured.
     */
    public void prepareTrees(Path connectionRoot) {
        Path root = connectionRoot.toAbsolutePath().normalize();
        TreeStore.Shelf shelf = shelf(root);
        shelf.prepare();
        keepAhead(root, shelf);
    }

    /**
     * Manifests read before any store existed ({@link #readManifestAhead}), by path, each taken by the first store to look
     * its path up, which holds it as if it had read it: its own stat must still find the identity it was read at. Once a
     * store looked a path up, the path maps to {@link #LOOKED}: a read ahead that ends after that read is dropped, not
     * kept for no one.
     */
    private static final Map<Path, Object> READ_AHEAD = new ConcurrentHashMap<>();
    private static final Object LOOKED = new Object();
    /**
     * The largest manifest read ahead, in bytes (about 700 tables): a larger one would share the processors with the
     * boot for longer, and its on-disk index decodes it for less than a parse.
     */
    static final long READ_AHEAD_MAX_BYTES = 256 * 1024;

    /**
     * A manifest read ahead: its slot, and what the on-disk index keeps of it (the root it is kept under, the identity it
     * was read at, its form), which the store that takes it writes there as its own read would have.
     */
    private record Ahead(Pinned pinned, Path file, Path root, FileIdentity identity, byte[] form) {
    }

    /**
     * Reads the manifest of the connection rooted at {@code connectionRoot} now, for the first store of this process to
     * take (nothing kept when it is larger than {@link #READ_AHEAD_MAX_BYTES} or fails to read; the call that needs it
     * reports why). The serve command calls it under stdio while Quarkus boots, before any store exists, so a first call
     * finds the manifest parsed rather than waiting for its first read of the print's files and index.
     */
    public static Optional<PrintStore> readManifestAhead(Path connectionRoot) {
        KeptForm kept = new KeptForm();
        PrintStore store = new PrintStore(CacheSizes.defaultParseCacheBytes(), kept);
        try {
            PrintView view = new PrintView(store, "", connectionRoot);
            Path path = view.manifestPath().toAbsolutePath().normalize();
            if (READ_AHEAD.containsKey(path) || store.stat(path, true).size() > READ_AHEAD_MAX_BYTES) {
                return Optional.empty();
            }
            view.index();
            Pinned read = store.manifests.get(new FileForm<>(path, TreeStore.MANIFEST_FORM));
            if (read != null) {
                READ_AHEAD.putIfAbsent(path, new Ahead(read, path, kept.root, kept.identity, kept.form));
                return Optional.of(store);
            }
        } catch (RuntimeException e) {
            // nothing kept: the first call reads the file itself, and reports what fails
        }
        return Optional.empty();
    }

    /** The on-disk index of a read ahead: keeps the manifest's form in memory, for the store that takes it. */
    private static final class KeptForm implements TreeStore {

        Path root;
        FileIdentity identity;
        byte[] form;

        @Override
        public Shelf shelf(Path shelfRoot) {
            return new Shelf() {

                @Override
                public Object get(Path file, String formName, FileIdentity at) {
                    return null;
                }

                @Override
                public void put(Path file, String formName, FileIdentity at, Object tree) {
                }

                @Override
                public void putBytes(Path file, String formName, FileIdentity at, byte[] bytes) {
                    if (formName.equals(TreeStore.MANIFEST_FORM)) {
                        root = shelfRoot;
                        identity = at;
                        form = bytes;
                    }
                }
            };
        }

        @Override
        public void flush() {
        }
    }

    /**
     * The manifest read ahead for {@code key}, taken, or null. What the on-disk index keeps of it is written later, when
     * the shelf is prepared ({@link #prepareTrees}) or, on an index this process opened, when the store flushes: opening
     * the index (its directory tidied, the manifest's file read) was a few milliseconds of a first call that reads
     * nothing else of it.
     */
    private Pinned takeAhead(FileForm<Path> key) {
        if (trees instanceof KeptForm) {
            return null; // the store of a read ahead: its own read is the one to keep
        }
        if (!(READ_AHEAD.put(key.file(), LOOKED) instanceof Ahead a)) {
            return null;
        }
        if (a.form() != null) {
            unkept.put(a.root(), a);
        }
        return a.pinned();
    }

    /** Manifests taken from a read ahead whose form the index is yet to keep, by the root whose shelf keeps it. */
    private final Map<Path, Ahead> unkept = new ConcurrentHashMap<>();

    /**
     * Keeps on {@code shelf} the form of {@code root}'s manifest taken from a read ahead, unless the index holds it at that
     * identity already or the store holds the file at another identity now (a manifest changed since is kept as read). A
     * form is kept under the identity it was read at, so one dropped since, or read again at that identity, is still the
     * file's.
     */
    private void keepAhead(Path root, TreeStore.Shelf shelf) {
        Ahead a = unkept.remove(root);
        if (a == null) {
            return;
        }
        FileForm<Path> key = new FileForm<>(a.file(), TreeStore.MANIFEST_FORM);
        synchronized (locks.of(key)) {
            Pinned now = manifests.get(key);
            if ((now == null || now.slot().identity().equals(a.identity()))
                    && shelf.bytes(a.file(), key.form(), a.identity()) == null) {
                shelf.putBytes(a.file(), key.form(), a.identity(), a.form());
            }
        }
    }

    /** A per-call view over a served connection's print; see {@link PrintView}. */
    public PrintView view(ServedConnection connection) {
        return view(connection.name(), connection.root());
    }

    /** A per-call view over one connection's print, named and rooted; see {@link PrintView}. */
    public PrintView view(String connectionName, Path connectionRoot) {
        lastCall = System.nanoTime();
        reserveManifests(); // with the entries the calls before built: a walk builds one for every table
        return new PrintView(this, connectionName, connectionRoot);
    }

    /** A view for reading ahead ({@link PrintWarmup}): unlike a call's, it does not make the read-ahead give way. */
    PrintView viewAhead(ServedConnection connection) {
        return new PrintView(this, connection.name(), connection.root());
    }

    /** When a call last opened a view ({@link System#nanoTime()}); long ago at first. */
    private volatile long lastCall = System.nanoTime() - (1L << 62);
    /** Requests the protocol is answering now ({@link CallUnderway}). */
    private final AtomicInteger underway = new AtomicInteger();
    /** How often a read that gives way looks again whether the calls under way are done. */
    static final long UNDERWAY_POLL_NANOS = 5_000_000L;

    /** Counts the requests under way, which {@link #giveWayToCalls} waits for. */
    void underway(@Observes CallUnderway call) {
        if (call.ended()) {
            underway.decrementAndGet();
        } else {
            underway.incrementAndGet();
        }
    }

    /**
     * Waits while a call is under way, and until {@code quietNanos} have passed since {@code since}
     * ({@link System#nanoTime()}) and since a call last opened a view: on two processors, a read-ahead running beside a
     * session's first call took a third of its time, and a first search on thousands of tables lasts past any fixed
     * wait. Returns early once {@code stop} is true (checked whenever the wait is woken).
     */
    void giveWayToCalls(long quietNanos, long since, BooleanSupplier stop) {
        for (long wait = untilQuiet(quietNanos, since); wait > 0 && !stop.getAsBoolean(); wait = untilQuiet(quietNanos,
                since)) {
            LockSupport.parkNanos(wait);
        }
    }

    private long untilQuiet(long quietNanos, long since) {
        long last = lastCall;
        long wait = (last - since > 0 ? last : since) + quietNanos - System.nanoTime();
        return underway.get() > 0 ? Math.max(wait, UNDERWAY_POLL_NANOS) : wait;
    }

    public YamlLoader yamlLoader() {
        return yaml;
    }

    /** How many files and verdicts one call over a root recorded, at most: the maps of a later call start that large. */
    record ViewSizes(int touched, int judged) {

        static final ViewSizes SMALL = new ViewSizes(16, 16);
        /** No hint above this: a call's maps are not made larger at once, whatever an earlier call needed. */
        static final int MAX_HINT = 1 << 20;
    }

    private final Map<Path, ViewSizes> viewSizes = new ConcurrentHashMap<>();

    /**
     * The sizes to make a call's maps over {@code root}: a search over a print of thousands of tables records as many
     * files and verdicts, and maps grown from empty to that copied themselves a dozen times over (a tenth of a warm
     * search's samples).
     */
    ViewSizes viewSizes(Path root) {
        return viewSizes.getOrDefault(root, ViewSizes.SMALL);
    }

    /** Remembers what a call over {@code root} recorded, when more than any before it. */
    void sawView(Path root, int touched, int judged) {
        viewSizes.merge(root, new ViewSizes(Math.min(touched, ViewSizes.MAX_HINT), Math.min(judged, ViewSizes.MAX_HINT)),
                (a, b) -> new ViewSizes(Math.max(a.touched(), b.touched()), Math.max(a.judged(), b.judged())));
    }

    /**
     * A containment memo for one call over {@code root}, sharing what earlier calls learnt of its directories, sized for
     * about {@code paths} paths.
     */
    ContainmentMemo containment(Path root, Path realRoot, int paths) {
        return new ContainmentMemo(root, realRoot, plainEntries, paths);
    }

    /** A walk over {@code tables} tables begins: the directories remembered across calls are made room for. */
    void walking(int tables) {
        plainEntries.expect(tables);
    }

    public StoreCounters counters() {
        return new StoreCounters(parses.get(), hits.get(), identityChecks.get(), cache.size(), bytesRead.get(),
                cache.weight(), cache.maxWeight(), cache.evictions(), confirmedByStamps.get());
    }

    /** Drops every cached entry (counters keep counting). */
    public void clear() {
        cache.clear();
        manifests.clear();
        reserveManifests();
        scanned.clear();
        plainEntries.clear();
    }

    /**
     * Writes what was parsed since the last flush to the on-disk tree store, if one is configured. A manifest's form read
     * ahead is kept only on an index this process has opened: at shutdown, opening one no call used (its directory made
     * and tidied, its table read) would be work for a form the next process reads ahead again anyway, and its
     * preparation keeps.
     */
    @PreDestroy
    public void flush() {
        unkept.keySet().forEach(root -> {
            TreeStore.Shelf opened = trees.opened(root);
            if (opened != null) {
                keepAhead(root, opened);
            }
        });
        trees.flush();
    }

    /** Stats {@code path} (counted as an identity check). */
    public FileIdentity identity(Path path) {
        return identity(path, FileIdentity.ABSENT);
    }

    /**
     * As {@link #identity(Path, FileIdentity)}, with no stat at all for a file that {@code memo} knows is absent still
     * (its directory unchanged since: {@link ContainmentMemo#knownAbsent}). A search probes the optional files of every
     * table, most of them absent; this spares two system calls for each.
     */
    FileIdentity identity(Path path, FileIdentity before, ContainmentMemo memo) {
        return identity(path, before.exists(), memo);
    }

    /** As {@link #identity(Path, FileIdentity, ContainmentMemo)}, for a file likely there or not. */
    FileIdentity identity(Path path, boolean likelyPresent, ContainmentMemo memo) {
        return memo.knownAbsent(path) ? knownAbsent() : stat(path, likelyPresent);
    }

    /**
     * As {@link #identity(Path, FileIdentity, ContainmentMemo)}, for a file whose {@code directory} was just found to
     * have {@code stamp}: no stat at all when the file was found absent from it under that stamp.
     */
    FileIdentity identity(Path path, FileIdentity before, Path directory, PlainEntries.Stamp stamp) {
        return plainEntries.absentIn(path, d -> d.equals(directory) ? stamp : PlainEntries.stamp(d))
                ? knownAbsent()
                : identity(path, before);
    }

    /** The identity of a file known absent without a stat, counted as a check like any other. */
    private FileIdentity knownAbsent() {
        identityChecks.incrementAndGet();
        return FileIdentity.ABSENT;
    }

    /** Counts a read set that held by its directories' stamps, no path judged again ({@link ReadSet#stillHolds()}). */
    void confirmedByStamps() {
        confirmedByStamps.incrementAndGet();
    }

    /** Whether a directory's stamp, just taken, vouches for its entries ({@link PlainEntries#settled}). */
    boolean settled(PlainEntries.Stamp stamp) {
        return plainEntries.settled(stamp);
    }

    /** Stats {@code path}, which had identity {@code before} when last seen (one stat fewer when it was present). */
    public FileIdentity identity(Path path, FileIdentity before) {
        return stat(path, before.exists());
    }

    /** Stats {@code path}; see {@link FileIdentity#of(Path, boolean)}. Every stat of the store passes here. */
    protected FileIdentity stat(Path path, boolean likelyPresent) {
        identityChecks.incrementAndGet();
        try {
            return FileIdentity.of(path, likelyPresent);
        } catch (IOException e) {
            throw PrintError.io(path, "cannot stat: " + e.getMessage());
        }
    }

    /**
     * Reads {@code path} in the named {@code form}, through the cache; the value weighs its bytes four times over.
     *
     * @param realRoot the real path of the connection root: a file is read only from under it ({@link ContainedFile})
     * @param path absolute, normalised path
     * @param form names what {@code loader} produces; two forms of one file are cached apart
     * @throws PrintError NOT_FOLLOWABLE when {@code path} resolves outside {@code realRoot} as it is opened
     */
    public <T> Read<T> read(Path realRoot, Path path, String form, Loader<T> loader) {
        return load(realRoot, path, form, null, true, (bytes, identity) -> {
            T value = loader.load(path, bytes);
            return new Loaded<>(value, 64 + 4L * bytes.length);
        });
    }

    /**
     * Reads {@code path} as a model built from its YAML tree, through the cache. With {@code root} given and an on-disk
     * tree store configured, the tree is kept on disk too, under the file's identity, so a later process builds the model
     * without parsing: the tree read back is the very tree the parser gave.
     *
     * @param realRoot the real path of the connection root: a file is read only from under it ({@link ContainedFile})
     * @param shelfRoot the connection root whose tree store may hold the tree, or null to keep it in memory only
     */
    public <T> Read<T> model(Path realRoot, Path shelfRoot, Path path, String form, Parser parser,
            ModelBuilder<T> builder) {
        ShelfWhenAsked shelf = new ShelfWhenAsked(shelfRoot);
        return kept(realRoot, path, form, parser, builder, shelf, identity -> {
            Object tree = shelf.get().get(path, form, identity);
            return tree == null ? null : weighed(builder.build(path, tree), tree);
        }, (identity, tree, value) -> {
            if (shelf.get() != null) {
                shelf.get().put(path, form, identity, tree);
            }
            return weighed(value, tree);
        });
    }

    /**
     * Reads {@code path} as a model built from its YAML tree, kept neither in memory nor on disk: for a reader that keeps
     * what it derives from the model instead (search keeps each table's index, not the statistics it was built from, so
     * a walk of thousands of tables does not hold each model until the collector has copied it).
     */
    public <T> Read<T> passing(Path realRoot, Path path, String form, Parser parser, ModelBuilder<T> builder) {
        return load(realRoot, path, form, null, false, (bytes, identity) -> {
            Object tree = parser.parse(path, bytes);
            return new Loaded<>(builder.build(path, tree), 0);
        });
    }

    /** A model the on-disk index keeps in a form of its own, not as the tree it was built from. */
    interface Form<T> {

        byte[] encode(T model);

        /** The model {@code bytes} hold, as {@link #encode} wrote it, or null when they hold none. */
        T decode(Path path, byte[] bytes);
    }

    /**
     * As {@link #model(Path, Path, Path, String, Parser, ModelBuilder)}, the model kept on disk in {@code kept}'s form: a
     * later process decodes what it needs of it rather than the whole tree (the manifest: {@link ManifestForm}). The
     * process that parses holds that form too, not the model built from the parse: the parsed tree of a manifest of
     * 7,003 tables (about 22 MB of small objects) was copied by every young collection of the pages of resources/list
     * that followed, and the form is what a later process holds, so both answer from one model.
     */
    <T> Read<T> model(Path realRoot, Path shelfRoot, Path path, String form, Parser parser, ModelBuilder<T> builder,
            Form<T> kept) {
        ShelfWhenAsked shelf = new ShelfWhenAsked(shelfRoot);
        return kept(realRoot, path, form, parser, builder, shelf, identity -> {
            byte[] bytes = shelf.get().bytes(path, form, identity);
            return bytes == null ? null : decoded(path, bytes, kept);
        }, (identity, tree, value) -> {
            byte[] bytes = kept.encode(value);
            if (shelf.get() != null) {
                shelf.get().putBytes(path, form, identity, bytes);
            }
            Loaded<T> compact = decoded(path, bytes, kept);
            return compact == null ? weighed(value, tree) : compact;
        });
    }

    /** The model {@code bytes} hold in {@code kept}'s form, weighing them four times over; null when they hold none. */
    private static <T> Loaded<T> decoded(Path path, byte[] bytes, Form<T> kept) {
        T model = kept.decode(path, bytes);
        return model == null ? null : new Loaded<>(model, 64 + 4L * bytes.length);
    }

    /** Keeps on a shelf, when there is one, what a parse at {@code identity} gave; returns what the cache holds of it. */
    private interface Keeper<T> {

        Loaded<T> keep(FileIdentity identity, Object tree, T value);
    }

    /**
     * A root's shelf, looked up when a load first needs it (null with no root or no index): a model the memory holds at
     * the file's identity is returned without opening the index, which for the first look in a process tidies its
     * directory.
     */
    private final class ShelfWhenAsked {

        private final Path root;
        private TreeStore.Shelf shelf;
        private boolean asked;

        ShelfWhenAsked(Path root) {
            this.root = root;
        }

        TreeStore.Shelf get() {
            if (!asked) {
                shelf = root == null ? null : trees.shelf(root);
                asked = true;
            }
            return shelf;
        }
    }

    /** The load of a model that {@code shelf}, when there is one, keeps: {@code kept} finds it, {@code keeper} holds it. */
    private <T> Read<T> kept(Path realRoot, Path path, String form, Parser parser, ModelBuilder<T> builder,
            ShelfWhenAsked shelf, Function<FileIdentity, Loaded<T>> kept, Keeper<T> keeper) {
        return load(realRoot, path, form, new Stored<T>() {

            @Override
            public boolean holds() {
                return shelf.get() != null && shelf.get().holds(path, form);
            }

            @Override
            public Loaded<T> at(FileIdentity identity) {
                // a file this process cannot open now fails the read below, as it does with no index
                return shelf.get() != null && readable(path) ? kept.apply(identity) : null;
            }
        }, true, (bytes, identity) -> {
            Object tree = parser.parse(path, bytes);
            return keeper.keep(identity, tree, builder.build(path, tree));
        });
    }

    /**
     * The bytes derived in {@code form} from the files of {@code from} at exactly those identities, as {@code root}'s
     * on-disk index keeps them under {@code key}, or null (none kept, or no index). The caller has found each file
     * {@link #openable} on this call: a search asks that once of every table it may take from its texts or this record.
     */
    public byte[] derived(Path root, Path key, String form, Map<Path, FileIdentity> from) {
        TreeStore.Shelf shelf = trees.shelf(root);
        return shelf == null ? null : shelf.derived(key, form, from);
    }

    /**
     * Whether what the index derived from {@code file} at {@code identity} may stand for reading it: as for a kept
     * tree, a file this process cannot open now (a group it left) is read, and fails, as with no index, though its
     * identity is unchanged.
     */
    boolean openable(Path file, FileIdentity identity) {
        return !identity.exists() || readable(file);
    }

    /**
     * Whether this process may read {@code file}, as {@code access(2)} says: the one question of permissions the store
     * asks (tests, which may run as root, answer it for a file they deny).
     */
    protected boolean readable(Path file) {
        return Files.isReadable(file);
    }

    /** Whether {@code root}'s index keeps anything derived in {@code form} under {@code key}, at whatever identities. */
    boolean holdsDerived(Path root, Path key, String form) {
        return shelf(root).holds(key, form);
    }

    /**
     * The bytes {@code root}'s index keeps in {@code form} (one {@link TreeStore#WITH_MANIFEST}) under {@code manifest}
     * at {@code identity}, or null.
     */
    byte[] withManifest(Path root, Path manifest, String form, FileIdentity identity) {
        return shelf(root).bytes(manifest, form, identity);
    }

    /** Keeps {@code bytes} in {@code form} under {@code manifest} at {@code identity} in {@code root}'s index. */
    void keepWithManifest(Path root, Path manifest, String form, FileIdentity identity, byte[] bytes) {
        shelf(root).putBytes(manifest, form, identity, bytes);
    }

    /** Keeps {@code bytes}, derived from the files of {@code from} at those identities, in {@code root}'s index. */
    public void keepDerived(Path root, Path key, String form, Map<Path, FileIdentity> from, byte[] bytes) {
        shelf(root).putDerived(key, form, from, bytes);
    }

    /** Whether {@code root}'s index may keep what is derived from a file at {@code identity}. */
    boolean keeps(Path root, FileIdentity identity) {
        return shelf(root).keeps(identity);
    }

    /** Whether {@code root} has an on-disk index that keeps what is derived from its files. */
    public boolean keepsDerived(Path root) {
        return trees.shelf(root) != null;
    }

    /**
     * {@code root}'s shelf, or with no index one that holds nothing and may keep anything, as a shelf's defaults say, and
     * drops what it is given: the index accessors then need no test of their own. A shelf rather than a function per call,
     * since a search asks once per table.
     */
    private TreeStore.Shelf shelf(Path root) {
        TreeStore.Shelf shelf = trees.shelf(root);
        return shelf == null ? NO_SHELF : shelf;
    }

    private static final TreeStore.Shelf NO_SHELF = new TreeStore.Shelf() {

        @Override
        public Object get(Path file, String form, FileIdentity identity) {
            return null;
        }

        @Override
        public void put(Path file, String form, FileIdentity identity, Object tree) {
        }
    };

    /**
     * What a model holds beyond its tree's estimate, in bytes, whatever its size: its cache entry and the objects it
     * derives (compiled column globs, indexes by name). See {@link #weighed}.
     */
    static final long MODEL_OVERHEAD = 3 * 1024;

    private static <T> Loaded<T> weighed(T value, Object tree) {
        // a model holds its tree plus typed fields and paths pointing into it. Measured (the heap thousands of models of
        // every kind of a real print hold after full GCs, against this weight), 5/4 of the tree's estimate plus a fixed
        // 3 KB counts 0.97 to 1.56 times what they hold. Twice the estimate would count statistics models twice over, so
        // a bound would hold half the statistics it is set to hold, and small annotation files under their weight.
        return new Loaded<>(value, HeapEstimate.of(tree) * 5 / 4 + MODEL_OVERHEAD);
    }

    /**
     * {@code scan} of the whole of {@code path} at one identity, kept by it; a large file is streamed, never held.
     *
     * @param form names what {@code scan} produces; two scans of one file are kept apart
     */
    public <T extends Weighed> Read<T> scan(Path realRoot, Path path, String form, Scan<T> scan) {
        return scanned.scan(realRoot, path, form, scan);
    }

    /**
     * {@code length} bytes of {@code path} (under {@code realRoot}) from {@code from} while it is at identity {@code at};
     * else empty.
     */
    public Optional<byte[]> range(Path realRoot, Path path, FileIdentity at, long from, int length) {
        return scanned.range(realRoot, path, at, from, length);
    }

    /** Raw bytes of {@code path} under {@code realRoot}; the array is shared, callers must not modify it. */
    public Read<byte[]> bytes(Path realRoot, Path path) {
        return read(realRoot, path, "bytes", (p, b) -> b);
    }

    /**
     * The plain YAML tree of {@code path} under {@code realRoot} (see {@link YamlLoader}); an empty document is
     * {@code null}.
     */
    public Read<Object> yaml(Path realRoot, Path path) {
        Read<Object> r = read(realRoot, path, "yaml", (p, b) -> {
            Object tree = yaml.load(p, b);
            return tree == null ? NULL_DOCUMENT : tree;
        });
        return r.value() == NULL_DOCUMENT ? new Read<>(r.identity(), null) : r;
    }

    private static final Object NULL_DOCUMENT = new Object();

    /** What a file's identity finds on disk without reading the file, or null. */
    private interface Stored<T> {

        /** Whether it holds the file at some identity: a hint that the file is there. */
        boolean holds();

        Loaded<T> at(FileIdentity identity);
    }

    /** Turns the bytes read at {@code identity} into the value and its weight. */
    private interface Fresh<T> {

        Loaded<T> from(byte[] bytes, FileIdentity identity);
    }

    /**
     * The load protocol: stat; a value cached at that identity is returned; else one stored on disk at that identity;
     * else the bytes are read and the file stated again — a file rewritten mid-read is read again (at most
     * {@value #MAX_READ_ATTEMPTS} times), so a value never mixes two versions. A value that fails to load is never kept;
     * one loaded is kept in memory only when {@code hold}. A failure met once the file was stat'ed is thrown as a
     * {@link FailedRead} carrying that identity: the file may have changed since, and a view that recorded what it finds
     * then would pin the failure to a file it never read.
     */
    private <T> Read<T> load(Path realRoot, Path path, String form, Stored<T> stored, boolean hold, Fresh<T> fresh) {
        FileForm<Path> key = new FileForm<>(path, form);
        synchronized (locks.of(key)) {
            FileIdentity at = null; // what the attempt under way stat'ed before reading
            try {
                for (int attempt = 0; attempt < MAX_READ_ATTEMPTS; attempt++) {
                    at = null;
                    Slot slot = slot(key);
                    // a file kept in memory or on disk was there: stat it once, where a probe for absence costs a second
                    FileIdentity before = stat(path,
                            slot != null ? slot.identity().exists() : stored != null && stored.holds());
                    if (!before.exists()) {
                        drop(key);
                        return new Read<>(FileIdentity.ABSENT, null);
                    }
                    at = before;
                    if (slot != null && before.equals(slot.identity())) {
                        hits.incrementAndGet();
                        @SuppressWarnings("unchecked")
                        T cached = (T) slot.value();
                        return new Read<>(before, cached);
                    }
                    Loaded<T> loaded = stored == null ? null : stored.at(before);
                    if (loaded != null) {
                        return keep(key, before, loaded);
                    }
                    ContainedFile.Contents contents;
                    try {
                        contents = ContainedFile.read(realRoot, path);
                    } catch (NoSuchFileException | ContainedFile.Raced e) {
                        continue; // removed, or a link moved, between the stat and the read: judge and stat again
                    } catch (IOException e) {
                        throw FailedRead.unread(path, realRoot, e);
                    } catch (OutOfMemoryError e) {
                        throw PrintError.io(path, "file too large to read");
                    }
                    FileIdentity after = stat(path, true); // just read: there, most likely
                    if (!before.equals(after) || !before.equals(contents.identity())) {
                        continue; // rewritten mid-read, or the path led to another file than the one read
                    }
                    byte[] bytes = contents.bytes();
                    bytesRead.addAndGet(bytes.length);
                    parses.incrementAndGet();
                    Loaded<T> parsed;
                    try {
                        parsed = fresh.from(bytes, before);
                    } catch (OutOfMemoryError e) {
                        // YamlLoader refuses what this heap cannot parse; parses side by side can still exhaust it: the
                        // half-built tree is garbage now, so the call fails, not the JVM
                        throw YamlLoader.tooLargeToParse(path, bytes.length);
                    }
                    return hold ? keep(key, before, parsed) : new Read<>(before, parsed.value());
                }
                throw PrintError.keptChanging(path, MAX_READ_ATTEMPTS);
            } catch (PrintError e) {
                drop(key);
                throw FailedRead.at(e, at);
            } catch (RuntimeException e) {
                drop(key);
                throw e;
            }
        }
    }

    private <T> Read<T> keep(FileForm<Path> key, FileIdentity identity, Loaded<T> loaded) {
        if (loaded.value() == null) {
            drop(key);
        } else {
            hold(key, new Slot(identity, loaded.value()), loaded.weight());
        }
        return new Read<>(identity, loaded.value());
    }

    private Slot slot(FileForm<Path> key) {
        if (key.form().equals(TreeStore.MANIFEST_FORM)) {
            Pinned p = manifests.get(key);
            if (p == null && (p = takeAhead(key)) != null) {
                manifests.put(key, p);
                reserveManifests();
            }
            return p == null ? null : p.slot();
        }
        return cache.get(key);
    }

    private void hold(FileForm<Path> key, Slot slot, long weight) {
        if (key.form().equals(TreeStore.MANIFEST_FORM)) {
            manifests.put(key, new Pinned(slot, weight));
            reserveManifests();
        } else {
            cache.put(key, slot, weight);
        }
    }

    private void drop(FileForm<Path> key) {
        if (key.form().equals(TreeStore.MANIFEST_FORM)) {
            manifests.remove(key);
            reserveManifests();
        } else {
            cache.remove(key);
        }
    }

    /** Counts the kept manifests' weight, and that of the entries built from them, against the parse cache's bound. */
    private void reserveManifests() {
        synchronized (manifests) { // the last sum reserved is the sum of the manifests as they are now
            cache.reserve(manifests.values().stream().mapToLong(p -> p.weight() + builtWeight(p.slot().value())).sum());
        }
    }

    private static long builtWeight(Object manifest) {
        return manifest instanceof Manifest m ? m.builtWeight() : 0;
    }
}
