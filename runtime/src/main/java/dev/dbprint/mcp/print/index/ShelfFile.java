package dev.dbprint.mcp.print.index;

import java.io.ByteArrayOutputStream;
import java.io.DataOutputStream;
import java.io.EOFException;
import java.io.IOException;
import java.io.UTFDataFormatException;
import java.nio.ByteBuffer;
import java.nio.channels.FileChannel;
import java.nio.channels.FileLock;
import java.nio.charset.StandardCharsets;
import java.nio.file.AtomicMoveNotSupportedException;
import java.nio.file.Files;
import java.nio.file.InvalidPathException;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.nio.file.StandardOpenOption;
import java.util.ArrayList;
import java.util.HexFormat;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.atomic.AtomicLong;
import java.util.zip.CRC32C;

import org.jboss.logging.Logger;

import dev.dbprint.mcp.print.files.FileIdentity;
import dev.dbprint.mcp.text.Hash64;

/**
 * Trees of one connection root, in one file: {@code <directory>/<hash of the root>.v<format version>[.<part>].trees}
 * ({@link DiskTreeStore} keeps the manifest's in the part {@code manifest}, the rest in the file without a part). Builds
 * of two format versions serving one root from one directory each keep their own file, rather than each replacing the
 * other's at its next write ({@link IndexLeftovers} removes the other's once no process has used it for a week).
 * <p>
 * Layout: a header (magic, format version, the root's path), a table of entries (file path relative to the root, form,
 * identity token, offset, length, CRC-32C of the payload; for a tree derived from several files, a directory and a token
 * naming each of those files with its identity: {@link #token(Map)}), the table's own CRC-32C, then the payloads
 * ({@link TreeCodec}, or bytes a form's owner encodes itself: {@link #putBytes}, and every derived payload). A file
 * that is missing, truncated, of another version, of another root, or whose table fails its check is ignored whole; a
 * payload that fails its check or does not decode is ignored alone. Either way the tree is parsed again and written at
 * the next flush.
 * <p>
 * A file not owned by this process's user, or writable by anyone else, is ignored whole ({@link IndexDirectory}).
 * <p>
 * Writes go to a temporary file in the same directory, locked while it is written and moved over the old one in one
 * step, so a reader never sees a half-written file and two processes writing at once leave one complete file or the
 * other. Payloads are read from the file as loaded (the open channel keeps that version even once another process
 * replaces it), so a process holds the table in memory, not the trees.
 */
final class ShelfFile implements TreeStore.Shelf {

    private static final Logger LOG = Logger.getLogger(ShelfFile.class);
    private static final byte[] MAGIC = "DBPMCPT1".getBytes(StandardCharsets.US_ASCII);
    /**
     * Raised whenever the layout or anything a tree is built from changes, so a build never reads a file laid out or
     * built otherwise: it is part of the file's name, so another version's file is never read or replaced (and a file
     * whose header names another version is ignored, and replaced at the next write). What fails to read is kept too
     * (a table whose file fails by its content is kept named unreadable, since version 9): a build that reads more (a
     * newer {@code format_version} major, a loader limit raised) must raise it, or it would keep naming unreadable what
     * it can now read.
     */
    static final int VERSION = 9;
    private static final int MAX_ENTRIES = 4_000_000;
    private static final int MAX_PAYLOAD = 64 << 20;
    /** The block a table is read in (on 7,003 tables it takes 2.5 MB, on a small print a few KB). */
    private static final int TABLE_BLOCK = 1 << 16;
    static final String SUFFIX = ".trees";
    static final String TEMPORARY_PREFIX = ".trees-";
    static final String TEMPORARY_SUFFIX = ".tmp";

    /** Separates the files of a derived tree's token, and each from its identity: no path or identity holds it. */
    private static final char SOURCES = '\0';

    /** A kept tree: in memory until written ({@code payload}), then by place in {@code channel}. */
    private record Entry(String token, byte[] payload, FileChannel channel, long offset, int length, int crc) {
    }

    private final IndexDirectory directory;
    private final Path root;
    private final Path file;
    private final Runnable onAdded;
    private final ConcurrentHashMap<FileForm<String>, Entry> entries = new ConcurrentHashMap<>();
    private final Object writeLock = new Object();
    private volatile boolean loaded;
    /** The channel payloads are read from (the file as loaded or as last written), closed when replaced. */
    private FileChannel current;
    private volatile boolean dirty;
    /** Bytes of trees added and not yet written. */
    private final AtomicLong pending = new AtomicLong();

    /** The shelf of {@code root} named with {@code part} (empty for none), one of several files of one root. */
    ShelfFile(IndexDirectory directory, Path root, String part, Runnable onAdded) {
        this.directory = directory;
        this.root = root;
        this.file = directory.path().resolve(name(root, part));
        this.onAdded = onAdded;
    }

    /**
     * The file's name: 16 hex digits of a hash of the root's path ({@link Hash64}, no digest of the security providers',
     * which a first read of the index would set up), {@code .v} and the format version, then {@code .part} unless the
     * part is empty. Two roots whose names met would each find the other's root in the header and read nothing of it.
     */
    static String name(Path root, String part) {
        return name(root, part, VERSION);
    }

    /** The name a build of format {@code version} gives the file of {@code root} with {@code part}. */
    static String name(Path root, String part, int version) {
        return stem(root, version) + (part.isEmpty() ? "" : "." + part) + SUFFIX;
    }

    /** Whether {@code file} is named as this build names the files of {@code root}, whatever its part. */
    static boolean namedFor(Path file, Path root) {
        return file.getFileName().toString().startsWith(stem(root, VERSION) + ".");
    }

    private static String stem(Path root, int version) {
        return HexFormat.of().toHexDigits(Hash64.of(root.toString())) + ".v" + version;
    }

    Path file() {
        return file;
    }

    /** Bytes of trees added and not yet written: they are held in memory until then. */
    long pending() {
        return pending.get();
    }

    @Override
    public Object get(Path path, String form, FileIdentity identity) {
        FileForm<String> key = new FileForm<>(relative(path), form);
        Entry e = entry(key, identity.token());
        try {
            return e == null ? null : TreeCodec.decode(payload(e));
        } catch (IOException | IllegalArgumentException ex) {
            entries.remove(key, e);
            return null;
        }
    }

    /** As the shelf's, the token compared in place ({@link #token(Map)}). */
    @Override
    public byte[] derived(Path key, String form, Map<Path, FileIdentity> from) {
        load();
        FileForm<String> k = new FileForm<>(relative(key), form);
        Entry e = entries.get(k);
        return e != null && derivedFrom(e.token(), from) ? payloadOrDrop(k, e) : null;
    }

    @Override
    public byte[] bytes(Path path, String form, FileIdentity identity) {
        FileForm<String> key = new FileForm<>(relative(path), form);
        return payloadOrDrop(key, entry(key, identity.token()));
    }

    /** The bytes of {@code e}, kept under {@code key}, or null (and the entry dropped) when there is none that checks. */
    private byte[] payloadOrDrop(FileForm<String> key, Entry e) {
        if (e == null) {
            return null;
        }
        try {
            return payload(e);
        } catch (IOException ex) {
            entries.remove(key, e);
            return null;
        }
    }

    private Entry entry(FileForm<String> key, String token) {
        load();
        Entry e = entries.get(key);
        return e == null || !e.token().equals(token) ? null : e;
    }

    @Override
    public void prepare() {
        load();
    }

    @Override
    public boolean holds(Path path, String form) {
        load();
        return entries.containsKey(new FileForm<>(relative(path), form));
    }

    @Override
    public void put(Path path, String form, FileIdentity identity, Object tree) {
        keep(path, form, identity.token(), TreeCodec.encode(tree));
    }

    @Override
    public void putBytes(Path path, String form, FileIdentity identity, byte[] bytes) {
        keep(path, form, identity.token(), bytes);
    }

    /** As the shelf's, kept under {@link #token(Map) token(from)}; whether the identities are racy is the caller's. */
    @Override
    public void putDerived(Path key, String form, Map<Path, FileIdentity> from, byte[] bytes) {
        keep(key, form, token(from), bytes);
    }

    /** Keeps {@code payload}, in the caller's own encoding, for {@code path} in {@code form} under {@code token}. */
    private void keep(Path path, String form, String token, byte[] payload) {
        entries.put(new FileForm<>(relative(path), form), new Entry(token, payload, null, 0, payload.length,
                crc(payload, 0, payload.length)));
        dirty = true;
        pending.addAndGet(payload.length);
        onAdded.run();
    }

    /** The key of a file under the root: its path's text past the root's, which costs no new path per lookup. */
    private String relative(Path path) {
        String text = path.toString();
        int start = pastRoot(text);
        return start >= 0 ? text.substring(start) : root.relativize(path).toString();
    }

    /** Where the text of a path under the root goes on past the root and its slash, or -1 when it is not so written. */
    private int pastRoot(String text) {
        String under = root.toString();
        boolean below = text.length() > under.length() + 1 && text.startsWith(under)
                && text.charAt(under.length()) == '/';
        return below ? under.length() + 1 : -1;
    }

    /**
     * How much of a payload one read asks for: the channel reads a heap buffer through a direct one of the same size,
     * which for the payload kept beside a print's manifest (4.3 MB on 7,003 tables) a first call allocated, zeroed and
     * faulted in whole before copying it out; a small one stays cached with the thread.
     */
    private static final int READ_CHUNK = 64 << 10;

    private static byte[] payload(Entry e) throws IOException {
        if (e.payload() != null) {
            return e.payload();
        }
        byte[] bytes = new byte[e.length()];
        for (int done = 0; done < bytes.length;) {
            int n = e.channel().read(ByteBuffer.wrap(bytes, done, Math.min(READ_CHUNK, bytes.length - done)),
                    e.offset() + done);
            if (n < 0) {
                throw new IOException("truncated");
            }
            done += n;
        }
        if (crc(bytes, 0, bytes.length) != e.crc()) {
            throw new IOException("payload fails its check");
        }
        return bytes;
    }

    /** Reads the table of the file as it is now, once; any fault leaves the shelf empty. */
    private void load() {
        if (loaded) {
            return;
        }
        synchronized (writeLock) {
            if (loaded) {
                return;
            }
            try {
                readTable();
            } catch (IOException | RuntimeException e) {
                LOG.debugf("ignoring the index file %s: %s", file, e);
                entries.clear();
                closeQuietly(current);
                current = null;
            }
            loaded = true;
        }
    }

    private void readTable() throws IOException {
        if (!Files.isRegularFile(file)) {
            return;
        }
        FileChannel channel = FileChannel.open(file, StandardOpenOption.READ);
        current = channel;
        // checked once open: in a directory that passed the same check, no one else can put another file in its place
        String why = directory.distrust(file);
        if (why != null) {
            LOG.warnf("Ignoring the index file %s: %s; it is replaced at the next write", file, why);
            throw new IOException(why);
        }
        IndexLeftovers.markUsed(file, Files.getLastModifiedTime(file));
        TableBytes in = new TableBytes(channel, TABLE_BLOCK);
        if (readVersion(in) != VERSION) {
            throw new IOException("not a tree file of this version");
        }
        String header = in.readUTF();
        if (!header.equals(root.toString())) {
            throw new IOException("the file belongs to another root");
        }
        int count = in.readInt();
        if (count < 0 || count > MAX_ENTRIES) {
            throw new IOException("bad entry count");
        }
        in.startCheck();
        List<FileForm<String>> keys = new ArrayList<>(count);
        List<Entry> read = new ArrayList<>(count);
        long payloadBytes = 0;
        // each entry read and placed by a method of its own, which C1 compiles after a few hundred entries: this
        // method runs once, so its loops stay interpreted to the end
        for (int i = 0; i < count; i++) {
            payloadBytes += readEntry(in, channel, payloadBytes, keys, read);
        }
        int tableCrc = in.check();
        if (tableCrc != in.readInt()) {
            throw new IOException("the entry table fails its check");
        }
        long payloadStart = in.position();
        if (payloadStart + payloadBytes != channel.size()) {
            throw new IOException("truncated or overlong");
        }
        for (int i = 0; i < count; i++) {
            place(keys.get(i), read.get(i), payloadStart);
        }
    }

    /**
     * Reads one entry of the table into {@code keys} and {@code entries}, its offset from the start of the payloads,
     * which must be {@code offset}; its payload's length.
     */
    private static int readEntry(TableBytes in, FileChannel channel, long offset, List<FileForm<String>> keys,
            List<Entry> entries) throws IOException {
        String name = in.readUTF();
        String form = in.readUTF();
        if (!keys.isEmpty() && form.equals(keys.get(keys.size() - 1).form())) {
            form = keys.get(keys.size() - 1).form(); // a few forms, one instance each while they run on
        }
        String token = in.readUTF();
        long at = in.readLong();
        int length = in.readInt();
        int crc = in.readInt();
        if (at != offset || length < 0 || length > MAX_PAYLOAD) {
            throw new IOException("bad entry");
        }
        keys.add(new FileForm<>(name, form));
        entries.add(new Entry(token, null, channel, at, length, crc));
        return length;
    }

    /** Keeps {@code e}, read with an offset from {@code payloadStart}, unless this process kept one there first. */
    private void place(FileForm<String> key, Entry e, long payloadStart) {
        entries.putIfAbsent(key,
                new Entry(e.token(), null, e.channel(), payloadStart + e.offset(), e.length(), e.crc()));
    }

    /** The format version after the magic, or -1 when the magic is not this index's. */
    private static int readVersion(TableBytes in) throws IOException {
        return in.startsWith(MAGIC) ? in.readInt() : -1;
    }

    /** The root an index file of any version names in its header, or null when it is no index file. */
    static Path rootOf(Path file) throws IOException {
        try (FileChannel channel = FileChannel.open(file, StandardOpenOption.READ)) {
            TableBytes in = new TableBytes(channel, 4096);
            return readVersion(in) < 0 ? null : Path.of(in.readUTF());
        } catch (EOFException | UTFDataFormatException | InvalidPathException e) {
            return null;
        }
    }

    /**
     * Writes every entry whose file still has its identity (or was added by this process), replacing the file in one
     * step. A fault leaves the old file as it was.
     */
    void flush() {
        if (!dirty) {
            return;
        }
        synchronized (writeLock) {
            if (!dirty) {
                return;
            }
            dirty = false;
            load();
            try {
                write();
            } catch (IOException | RuntimeException e) {
                LOG.debugf("could not write the index file %s: %s", file, e);
            }
        }
    }

    private void write() throws IOException {
        List<Map.Entry<FileForm<String>, Entry>> kept = new ArrayList<>();
        for (Map.Entry<FileForm<String>, Entry> e : entries.entrySet()) {
            // an entry read from the old file is carried over only while its file is unchanged
            if (e.getValue().payload() != null || unchanged(e.getKey(), e.getValue())) {
                kept.add(e);
            }
        }
        directory.create();
        Path temporary = Files.createTempFile(directory.path(), TEMPORARY_PREFIX, TEMPORARY_SUFFIX);
        boolean moved = false;
        FileChannel out = FileChannel.open(temporary, StandardOpenOption.WRITE, StandardOpenOption.READ);
        try {
            // held until the move: a temporary file whose lock another process can take was abandoned (IndexLeftovers)
            FileLock writing = out.tryLock();
            if (writing == null) {
                throw new IOException("the temporary file is being removed");
            }
            // the table is made from the lengths alone and the payloads copied after it one at a time, so a flush
            // holds one tree's bytes, never the whole index
            ByteArrayOutputStream table = new ByteArrayOutputStream();
            DataOutputStream t = new DataOutputStream(table);
            List<FileForm<String>> keys = new ArrayList<>(kept.size());
            List<Entry> placed = new ArrayList<>(kept.size());
            long offset = 0;
            for (Map.Entry<FileForm<String>, Entry> e : kept) {
                Entry v = e.getValue();
                t.writeUTF(e.getKey().file());
                t.writeUTF(e.getKey().form());
                t.writeUTF(v.token());
                t.writeLong(offset);
                t.writeInt(v.length());
                t.writeInt(v.crc());
                keys.add(e.getKey());
                placed.add(new Entry(v.token(), null, out, offset, v.length(), v.crc()));
                offset += v.length();
            }
            byte[] tableBytes = table.toByteArray();
            CRC32C check = new CRC32C();
            check.update(tableBytes, 0, tableBytes.length);
            ByteArrayOutputStream head = new ByteArrayOutputStream();
            DataOutputStream h = new DataOutputStream(head);
            h.write(MAGIC);
            h.writeInt(VERSION);
            h.writeUTF(root.toString());
            h.writeInt(kept.size());
            h.write(tableBytes);
            h.writeInt((int) check.getValue());
            writeFully(out, ByteBuffer.wrap(head.toByteArray()));
            long payloadStart = head.size();
            for (int i = 0; i < kept.size(); i++) {
                Entry v = kept.get(i).getValue();
                byte[] payload;
                try {
                    payload = payload(v);
                } catch (IOException ex) {
                    // the old file's bytes no longer check: zeros in their place fail the entry's check on every read,
                    // so that tree is parsed again
                    payload = new byte[v.length()];
                    placed.set(i, null);
                }
                writeFully(out, ByteBuffer.wrap(payload));
            }
            try {
                Files.move(temporary, file, StandardCopyOption.ATOMIC_MOVE, StandardCopyOption.REPLACE_EXISTING);
            } catch (AtomicMoveNotSupportedException e) {
                Files.move(temporary, file, StandardCopyOption.REPLACE_EXISTING);
            }
            moved = true;
            writing.release();
            // the channel stays open on what was written (the same file, renamed), whoever replaces it later
            for (int i = 0; i < keys.size(); i++) {
                Entry p = placed.get(i);
                Entry now = entries.get(keys.get(i));
                if (p != null && now != null && now.token().equals(p.token())) {
                    entries.replace(keys.get(i), now, new Entry(p.token(), null, out, payloadStart + p.offset(),
                            p.length(), p.crc()));
                }
            }
            // what was added meanwhile is still in memory (a trigger for the next flush, so an estimate will do)
            pending.set(entries.values().stream().filter(e -> e.payload() != null).mapToLong(Entry::length).sum());
            FileChannel previous = current;
            current = out;
            if (previous != null) {
                previous.close(); // a read still under way on it fails its check and parses instead
            }
        } finally {
            if (!moved) {
                out.close();
                Files.deleteIfExists(temporary);
            }
        }
    }

    private boolean unchanged(FileForm<String> key, Entry e) {
        try {
            if (e.token().indexOf(SOURCES) < 0) {
                return FileIdentity.of(root.resolve(key.file())).token().equals(e.token());
            }
            String[] sources = e.token().split(String.valueOf(SOURCES), -1);
            for (int i = 0; i + 1 < sources.length; i += 2) {
                if (!FileIdentity.of(root.resolve(sources[i])).token().equals(sources[i + 1])) {
                    return false;
                }
            }
            return true;
        } catch (IOException | InvalidPathException ex) {
            return false;
        }
    }

    /** Whether {@code token} is {@link #token(Map) token(from)}, read without spelling it. */
    private boolean derivedFrom(String token, Map<Path, FileIdentity> from) {
        int at = 0;
        for (Map.Entry<Path, FileIdentity> source : from.entrySet()) {
            int file = token.indexOf(SOURCES, at);
            if (file < 0 || !relativeIs(source.getKey(), token, at, file)) {
                return false;
            }
            int identity = token.indexOf(SOURCES, file + 1);
            if (identity < 0 || !source.getValue().spelledBy(token, file + 1, identity)) {
                return false;
            }
            at = identity + 1;
        }
        return at == token.length();
    }

    /** Whether the characters of {@code text} from {@code from} to {@code to} are {@link #relative relative(path)}. */
    private boolean relativeIs(Path path, String text, int from, int to) {
        String full = path.toString();
        int start = pastRoot(full);
        if (start >= 0) {
            return full.length() - start == to - from && full.regionMatches(start, text, from, to - from);
        }
        return relative(path).equals(text.substring(from, to));
    }

    /**
     * The token of a tree derived from the files of {@code from}: each file's path under the root and its identity's
     * token, in order, so that a rewrite can tell whether every one of them is as it was.
     */
    private String token(Map<Path, FileIdentity> from) {
        StringBuilder sb = new StringBuilder();
        for (Map.Entry<Path, FileIdentity> source : from.entrySet()) {
            sb.append(relative(source.getKey())).append(SOURCES).append(source.getValue().token()).append(SOURCES);
        }
        return sb.toString();
    }

    private static void closeQuietly(FileChannel channel) {
        try {
            if (channel != null) {
                channel.close();
            }
        } catch (IOException e) {
            // nothing was written through it
        }
    }

    private static void writeFully(FileChannel out, ByteBuffer b) throws IOException {
        while (b.hasRemaining()) {
            out.write(b);
        }
    }

    private static int crc(byte[] b, int from, int length) {
        CRC32C c = new CRC32C();
        c.update(b, from, length);
        return (int) c.getValue();
    }
}
