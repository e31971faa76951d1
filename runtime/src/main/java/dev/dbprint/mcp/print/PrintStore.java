package dev.dbprint.mcp.print;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.atomic.AtomicLong;

import jakarta.enterprise.context.ApplicationScoped;

import dev.dbprint.mcp.config.ServedConnection;

/**
 * The one place print files are read from disk (server spec §7.1).
 * <p>
 * Each file is cached per form it is read in (raw bytes, a YAML tree, a typed model) together with the
 * {@link FileIdentity} it was read at. Every access stats the file again and reloads on any difference; a file that fails
 * to load is never kept, so a corrected file is read on the next call. A load stats, reads the bytes, and stats again:
 * when the two identities differ the file was rewritten mid-read and the load is retried (at most
 * {@value #MAX_READ_ATTEMPTS} times), so a reader never sees a mix of two versions.
 * <p>
 * Thread-safe: loads of one file in one form are serialised; different files load concurrently.
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

    /** What a read found: the identity it was read at ({@link FileIdentity#ABSENT} and a null value when absent). */
    public record Read<T>(FileIdentity identity, T value) {

        public boolean present() {
            return identity.exists();
        }
    }

    private record Key(Path path, String form) {
    }

    private static final class Slot {

        FileIdentity identity;
        Object value;
    }

    private final ConcurrentHashMap<Key, Slot> slots = new ConcurrentHashMap<>();
    private final AtomicLong parses = new AtomicLong();
    private final AtomicLong hits = new AtomicLong();
    private final AtomicLong identityChecks = new AtomicLong();
    private final YamlLoader yaml = new YamlLoader();

    public PrintStore() {
    }

    /** A per-call view over a served connection's print; see {@link PrintView}. */
    public PrintView view(ServedConnection connection) {
        return view(connection.name(), connection.root());
    }

    /** A per-call view over one connection's print, named and rooted; see {@link PrintView}. */
    public PrintView view(String connectionName, Path connectionRoot) {
        return new PrintView(this, connectionName, connectionRoot);
    }

    public YamlLoader yamlLoader() {
        return yaml;
    }

    public StoreCounters counters() {
        int cached = 0;
        for (Slot slot : slots.values()) {
            synchronized (slot) {
                if (slot.value != null) {
                    cached++;
                }
            }
        }
        return new StoreCounters(parses.get(), hits.get(), identityChecks.get(), cached);
    }

    /** Drops every cached entry (counters keep counting). */
    public void clear() {
        slots.clear();
    }

    /** Stats {@code path} (counted as an identity check). */
    public FileIdentity identity(Path path) {
        identityChecks.incrementAndGet();
        try {
            return FileIdentity.of(path);
        } catch (IOException e) {
            throw PrintError.io(path, "cannot stat: " + e.getMessage());
        }
    }

    /**
     * Reads {@code path} in the named {@code form}, through the cache.
     *
     * @param path absolute, normalised path
     * @param form names what {@code loader} produces; two forms of one file are cached apart
     */
    public <T> Read<T> read(Path path, String form, Loader<T> loader) {
        Slot slot = slots.computeIfAbsent(new Key(path, form), k -> new Slot());
        synchronized (slot) {
            for (int attempt = 0; attempt < MAX_READ_ATTEMPTS; attempt++) {
                FileIdentity before = identity(path);
                if (!before.exists()) {
                    evict(slot);
                    return new Read<>(FileIdentity.ABSENT, null);
                }
                if (before.equals(slot.identity) && slot.value != null) {
                    hits.incrementAndGet();
                    @SuppressWarnings("unchecked")
                    T cached = (T) slot.value;
                    return new Read<>(before, cached);
                }
                byte[] bytes;
                try {
                    bytes = Files.readAllBytes(path);
                } catch (NoSuchFileException e) {
                    continue; // removed between the stat and the read: stat again
                } catch (IOException e) {
                    evict(slot);
                    throw PrintError.io(path, "cannot read: " + e.getMessage());
                } catch (OutOfMemoryError e) {
                    evict(slot);
                    throw PrintError.io(path, "file too large to read");
                }
                FileIdentity after = identity(path);
                if (!before.equals(after)) {
                    continue; // rewritten mid-read
                }
                parses.incrementAndGet();
                T value;
                try {
                    value = loader.load(path, bytes);
                } catch (RuntimeException e) {
                    evict(slot);
                    throw e;
                } catch (OutOfMemoryError e) {
                    // a file within the code-point limit can still parse to more than the heap holds (a 50 MB
                    // statistics.yaml under -Xmx256m): the half-built tree is garbage now, so the call fails, not the JVM
                    evict(slot);
                    throw PrintError.io(path, "file too large to parse in this server's memory (" + bytes.length
                            + " bytes)");
                }
                if (value == null) {
                    evict(slot);
                } else {
                    slot.identity = before;
                    slot.value = value;
                }
                return new Read<>(before, value);
            }
            evict(slot);
            throw PrintError.io(path, "the file kept changing while it was read (" + MAX_READ_ATTEMPTS + " attempts)");
        }
    }

    /** Raw bytes of {@code path}; the array is shared, callers must not modify it. */
    public Read<byte[]> bytes(Path path) {
        return read(path, "bytes", (p, b) -> b);
    }

    /** The plain YAML tree of {@code path} (see {@link YamlLoader}); an empty document is {@code null}. */
    public Read<Object> yaml(Path path) {
        Read<Object> r = read(path, "yaml", (p, b) -> {
            Object tree = yaml.load(p, b);
            return tree == null ? NULL_DOCUMENT : tree;
        });
        return r.value() == NULL_DOCUMENT ? new Read<>(r.identity(), null) : r;
    }

    private static final Object NULL_DOCUMENT = new Object();

    private static void evict(Slot slot) {
        slot.identity = null;
        slot.value = null;
    }
}
