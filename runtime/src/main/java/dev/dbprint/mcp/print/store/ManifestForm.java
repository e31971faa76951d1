package dev.dbprint.mcp.print.store;

import java.io.ByteArrayOutputStream;
import java.io.DataOutputStream;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.BufferUnderflowException;
import java.nio.ByteBuffer;
import java.nio.file.Path;
import java.util.AbstractMap;
import java.util.AbstractSet;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Iterator;
import java.util.List;
import java.util.Map;
import java.util.NoSuchElementException;
import java.util.Set;
import java.util.concurrent.atomic.AtomicLong;
import java.util.concurrent.atomic.AtomicReferenceArray;
import java.util.function.IntFunction;

import dev.dbprint.mcp.print.index.TreeCodec;
import dev.dbprint.mcp.print.model.Artifact;
import dev.dbprint.mcp.print.model.Manifest;
import dev.dbprint.mcp.print.model.TableEntry;

/**
 * A manifest as the on-disk index keeps it: the table names and the few facts a first call needs of each, apart from
 * the entries themselves, so a fresh process gets the names at once and builds an entry only when a call looks it up.
 * A completion, check_sql's name resolution and resources/list's slots read the names; check_sql builds the entries of
 * the tables its statement names, a page of the listing those of its own tables. Decoding the whole tree of a manifest
 * of 7,003 tables (2.6 MB) was most of a fresh process's first completion.
 * <p>
 * Layout, big-endian: the entry count; the names in file order and the header (every top-level key but
 * {@code tables}), each as a length and a {@link TreeCodec} tree; a flags byte per entry ({@link #FOLLOWABLE},
 * {@link #ANNOTATOR}, as {@link Manifest#of(Path, Path, Object)} judged the entry); the code-point order as file
 * positions; each entry's length; then each entry's value as written, as a tree. Bytes that are not such a form decode
 * to null, and the manifest is parsed.
 */
final class ManifestForm implements PrintStore.Form<Manifest> {

    /** The entry is followable on its text. */
    private static final byte FOLLOWABLE = 1;
    /** The entry is followable on its text and declares relationships.annotations.yaml. */
    private static final byte ANNOTATOR = 2;

    /**
     * The heap an entry built and kept holds, per byte of its value in the form: measured on the 7,003-table print of
     * docs/performance.md, a built entry (its tree as written, its directory's and files' paths) holds about 4,100 bytes
     * for 348 bytes of form.
     */
    static final int ENTRY_HEAP_PER_BYTE = 12;

    private final Path root;

    /** The form of the manifests of connection root {@code root} (absolute, normalised): entries resolve under it. */
    ManifestForm(Path root) {
        this.root = root;
    }

    @Override
    public byte[] encode(Manifest manifest) {
        String[] names = manifest.tables().keySet().toArray(String[]::new);
        Positions position = new Positions(names);
        ByteArrayOutputStream bytes = new ByteArrayOutputStream(1 << 16);
        try (DataOutputStream out = new DataOutputStream(bytes)) {
            out.writeInt(names.length);
            TreeCodec.writeSized(out, Arrays.asList(names));
            TreeCodec.writeSized(out, manifest.header());
            for (String name : names) {
                TableEntry entry = manifest.tables().get(name);
                boolean followable = entry.followable();
                out.writeByte((followable ? FOLLOWABLE : 0)
                        | (followable && entry.declares(Artifact.RELATIONSHIPS_ANNOTATIONS) ? ANNOTATOR : 0));
            }
            for (String name : manifest.fqnOrder()) {
                out.writeInt(position.of(name));
            }
            List<byte[]> entries = new ArrayList<>(names.length);
            for (String name : names) {
                byte[] entry = TreeCodec.encode(manifest.written().get(name));
                out.writeInt(entry.length);
                entries.add(entry);
            }
            for (byte[] entry : entries) {
                out.write(entry);
            }
        } catch (IOException e) {
            throw new UncheckedIOException(e); // not thrown by a stream in memory
        }
        return bytes.toByteArray();
    }

    @Override
    public Manifest decode(Path path, byte[] bytes) {
        try {
            return read(path, ByteBuffer.wrap(bytes), bytes);
        } catch (BufferUnderflowException | IllegalArgumentException | ClassCastException | NullPointerException
                | ArrayStoreException e) {
            return null; // bytes of another form or damaged: not a tree of names and a header
        }
    }

    private Manifest read(Path path, ByteBuffer in, byte[] bytes) {
        int n = in.getInt();
        if (n < 0 || n > in.remaining() / 9) { // a flag, a position and a length at least per entry
            throw new IllegalArgumentException("bad count");
        }
        List<?> listed = (List<?>) TreeCodec.readSized(in, bytes);
        @SuppressWarnings("unchecked")
        Map<String, Object> header = (Map<String, Object>) TreeCodec.readSized(in, bytes);
        if (listed.size() != n) {
            throw new IllegalArgumentException("names do not match the count");
        }
        String[] names = listed.toArray(String[]::new);
        Positions position = new Positions(names);
        byte[] flags = new byte[n];
        in.get(flags);
        List<String> fqnOrder = new ArrayList<>(n);
        List<String> followableOrder = new ArrayList<>(n);
        boolean[] ordered = new boolean[n];
        for (int i = 0; i < n; i++) {
            int at = in.getInt();
            if (at < 0 || at >= n || ordered[at]) {
                throw new IllegalArgumentException("bad order");
            }
            ordered[at] = true;
            fqnOrder.add(names[at]);
            if ((flags[at] & FOLLOWABLE) != 0) {
                followableOrder.add(names[at]);
            }
        }
        int[] offsets = new int[n + 1];
        offsets[0] = in.position() + 4 * n;
        for (int i = 0; i < n; i++) {
            int length = in.getInt();
            if (length < 1 || length > bytes.length - offsets[i]) {
                throw new IllegalArgumentException("bad entry length");
            }
            offsets[i + 1] = offsets[i] + length;
        }
        if (offsets[n] != bytes.length) {
            throw new IllegalArgumentException("truncated or overlong");
        }
        List<String> annotators = new ArrayList<>();
        for (int i = 0; i < n; i++) {
            if ((flags[i] & ANNOTATOR) != 0) {
                annotators.add(names[i]);
            }
        }
        IntFunction<Object> written = i -> TreeCodec.decode(bytes, offsets[i], offsets[i + 1] - offsets[i]);
        AtomicReferenceArray<TableEntry> built = new AtomicReferenceArray<>(n);
        AtomicLong builtWeight = new AtomicLong();
        IntFunction<TableEntry> passing = i -> {
            TableEntry known = built.get(i);
            return known != null ? known : Manifest.entry(root, names[i], written.apply(i));
        };
        IntFunction<TableEntry> kept = i -> {
            TableEntry known = built.get(i);
            if (known == null) {
                if (built.compareAndSet(i, null, passing.apply(i))) {
                    builtWeight.addAndGet((long) ENTRY_HEAP_PER_BYTE * (offsets[i + 1] - offsets[i]));
                }
                known = built.get(i);
            }
            return known;
        };
        return Manifest.of(path, header, new Entries(names, position, kept, passing, builtWeight),
                new Named<>(names, position, written), List.copyOf(annotators), List.copyOf(fqnOrder),
                List.copyOf(followableOrder));
    }

    /**
     * Each name's position in file order, found through a table of positions hashed by name: no node or boxed position
     * per name, so a cached manifest of 7,003 tables adds no 14,000 small objects for each young collection to copy.
     * The name's hash is spread (multiplied by the golden ratio, top bits kept) before probing: names that differ only
     * in a numeric suffix have hashes close together, which, used as they are, fill long runs of neighbouring slots.
     */
    static final class Positions {

        private final String[] names;
        /** Position + 1 in the slot a name hashes to or probes on to; 0 in an empty slot. At most half full. */
        private final int[] slots;
        /** 32 less the table's bits: the hash's top bits pick the home slot. */
        private final int shift;

        Positions(String[] names) {
            this.names = names;
            this.slots = new int[Integer.highestOneBit(Math.max(1, names.length) * 2 - 1) << 1];
            this.shift = 32 - Integer.numberOfTrailingZeros(slots.length);
            for (int i = 0; i < names.length; i++) {
                int s = slot(names[i]);
                if (slots[s] != 0) {
                    throw new IllegalArgumentException("a name twice");
                }
                slots[s] = i + 1;
            }
        }

        /** The position of {@code key}, or -1 when it is no name. */
        int of(Object key) {
            return key instanceof String name ? slots[slot(name)] - 1 : -1;
        }

        /** How many slots past its home slot a look-up of {@code name} steps before it ends. */
        int probes(String name) {
            return (slot(name) - home(name)) & (slots.length - 1);
        }

        private int home(String name) {
            return (name.hashCode() * 0x9E3779B9) >>> shift;
        }

        /** The slot holding {@code name}, or the empty one where it would go. */
        private int slot(String name) {
            int mask = slots.length - 1;
            int s = home(name);
            while (slots[s] != 0 && !names[slots[s] - 1].equals(name)) {
                s = (s + 1) & mask;
            }
            return s;
        }
    }

    /**
     * The entries by name, in file order, each value found by its position when looked up: a map that holds the names,
     * not the values.
     */
    private static class Named<V> extends AbstractMap<String, V> {

        final String[] names;
        final Positions position;
        private final IntFunction<V> value;

        Named(String[] names, Positions position, IntFunction<V> value) {
            this.names = names;
            this.position = position;
            this.value = value;
        }

        @Override
        public V get(Object key) {
            int at = position.of(key);
            return at < 0 ? null : value.apply(at);
        }

        @Override
        public boolean containsKey(Object key) {
            return position.of(key) >= 0;
        }

        @Override
        public int size() {
            return names.length;
        }

        @Override
        public Set<String> keySet() {
            return new InOrder<>(names.length, i -> names[i]) {

                @Override
                public boolean contains(Object o) {
                    return position.of(o) >= 0;
                }
            };
        }

        @Override
        public Set<Map.Entry<String, V>> entrySet() {
            return new InOrder<>(names.length, i -> new SimpleImmutableEntry<>(names[i], value.apply(i)));
        }
    }

    /** The entries by name, each kept once built; {@link #unkept()} builds without keeping. */
    private static final class Entries extends Named<TableEntry> implements Manifest.BuiltOnLookup {

        private final IntFunction<TableEntry> passing;
        private final AtomicLong builtWeight;

        Entries(String[] names, Positions position, IntFunction<TableEntry> kept,
                IntFunction<TableEntry> passing, AtomicLong builtWeight) {
            super(names, position, kept);
            this.passing = passing;
            this.builtWeight = builtWeight;
        }

        @Override
        public Map<String, TableEntry> unkept() {
            return new Named<>(names, position, passing);
        }

        @Override
        public long keptWeight() {
            return builtWeight.get();
        }
    }

    /** A read-only set of {@code size} items, the i-th made as it is reached. */
    private static class InOrder<T> extends AbstractSet<T> {

        private final int size;
        private final IntFunction<T> item;

        InOrder(int size, IntFunction<T> item) {
            this.size = size;
            this.item = item;
        }

        @Override
        public Iterator<T> iterator() {
            return new Iterator<>() {

                private int next;

                @Override
                public boolean hasNext() {
                    return next < size;
                }

                @Override
                public T next() {
                    if (next >= size) {
                        throw new NoSuchElementException();
                    }
                    return item.apply(next++);
                }
            };
        }

        @Override
        public int size() {
            return size;
        }
    }
}
