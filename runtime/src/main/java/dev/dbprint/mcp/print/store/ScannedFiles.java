package dev.dbprint.mcp.print.store;

import java.io.ByteArrayInputStream;
import java.io.FilterInputStream;
import java.io.IOException;
import java.io.InputStream;
import java.nio.ByteBuffer;
import java.nio.channels.Channels;
import java.nio.channels.SeekableByteChannel;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.atomic.AtomicLong;
import java.util.function.Function;

import dev.dbprint.mcp.error.PrintError;
import dev.dbprint.mcp.print.cache.ScanCache;
import dev.dbprint.mcp.print.cache.Weighed;
import dev.dbprint.mcp.print.files.ContainedFile;
import dev.dbprint.mcp.print.files.FileIdentity;

/**
 * Files served in pieces rather than held: each is scanned once per identity, into a small result kept in a
 * {@link ScanCache} (where its pages begin), and afterwards read one piece at a time by a positional read. Both reads
 * stat the file before and after: a scan whose read saw a rewrite is done again, and a piece read across one, or from
 * a file no longer at the identity scanned, is refused, so a piece is always of the version its scan described. A file
 * up to {@link #READ_WHOLE_BYTES} is held for the moment of its scan only; a larger one is streamed through it.
 */
final class ScannedFiles {

    private final Function<Path, FileIdentity> stat;
    private final AtomicLong bytesRead;
    private final int maxAttempts;
    /** Files up to this size are read whole, then scanned ({@link #readThenScan}); larger ones are streamed. */
    static final long READ_WHOLE_BYTES = 1 << 20;

    private final ScanCache kept = new ScanCache(ScanCache.MAX_WEIGHT);
    private final StripedLocks locks;

    /**
     * @param stat the store's stat, counted as its own are
     * @param bytesRead counts the bytes read, with the store's
     * @param maxAttempts how many scans a file rewritten during each gets before it is reported as changing
     * @param lockStripes scans of one file in one form run one at a time, the others taking the kept result
     */
    ScannedFiles(Function<Path, FileIdentity> stat, AtomicLong bytesRead, int maxAttempts, int lockStripes) {
        this.stat = stat;
        this.bytesRead = bytesRead;
        this.maxAttempts = maxAttempts;
        this.locks = new StripedLocks(lockStripes);
    }

    <T extends Weighed> Read<T> scan(Path realRoot, Path path, String form, Scan<T> scan) {
        synchronized (locks.of(List.of(path, form))) {
            return scanAlone(realRoot, path, form, scan);
        }
    }

    /** As the store's loads, a failure met once the file was stat'ed is thrown as a {@link FailedRead} at that identity. */
    private <T extends Weighed> Read<T> scanAlone(Path realRoot, Path path, String form, Scan<T> scan) {
        FileIdentity at = null; // what the attempt under way stat'ed before reading
        try {
            for (int attempt = 0; attempt < maxAttempts; attempt++) {
                at = null;
                FileIdentity before = stat.apply(path);
                if (!before.exists()) {
                    return new Read<>(FileIdentity.ABSENT, null);
                }
                at = before;
                @SuppressWarnings("unchecked")
                T value = (T) kept.get(path, form, before);
                if (value != null) {
                    return new Read<>(before, value);
                }
                try {
                    value = before.size() <= READ_WHOLE_BYTES
                            ? readThenScan(realRoot, path, before, scan)
                            : scanAsRead(realRoot, path, before, scan);
                } catch (NoSuchFileException | ContainedFile.Raced e) {
                    continue; // removed, or a link moved, between the stat and the read: judge and stat again
                } catch (IOException e) {
                    throw FailedRead.unread(path, realRoot, e);
                }
                if (value != null) {
                    kept.put(path, form, before, value);
                    return new Read<>(before, value);
                }
            }
            throw PrintError.keptChanging(path, maxAttempts);
        } catch (PrintError e) {
            throw FailedRead.at(e, at);
        }
    }

    /**
     * Reads the file whole between two stats and scans the bytes after: a rewrite must then fall within the read to
     * send the file round again, not within the scan, which on a busy server can take longer than a writer takes
     * between two atomic rewrites (every scan then saw one, and every read failed). Null when the file changed.
     */
    private <T extends Weighed> T readThenScan(Path realRoot, Path path, FileIdentity before, Scan<T> scan)
            throws IOException {
        ContainedFile.Contents contents = ContainedFile.read(realRoot, path);
        if (!before.equals(contents.identity()) || !before.equals(stat.apply(path))) {
            return null;
        }
        bytesRead.addAndGet(contents.bytes().length);
        return scan.scan(new ByteArrayInputStream(contents.bytes()));
    }

    /** Scans the file as it is streamed, never holding it; null when it changed during the scan. */
    private <T extends Weighed> T scanAsRead(Path realRoot, Path path, FileIdentity before, Scan<T> scan)
            throws IOException {
        FileIdentity opened;
        T value;
        // the file opened is the one judged to lie under the root (no link followed at the open)
        try (ContainedFile.Opened file = ContainedFile.open(realRoot, path);
                InputStream in = new Counted(Channels.newInputStream(file.channel()))) {
            opened = file.identity();
            value = scan.scan(in);
        }
        return before.equals(opened) && before.equals(stat.apply(path)) ? value : null;
    }

    Optional<byte[]> range(Path realRoot, Path path, FileIdentity at, long from, int length) {
        if (!stat.apply(path).equals(at)) {
            return Optional.empty();
        }
        ByteBuffer bytes = ByteBuffer.allocate(length);
        try (ContainedFile.Opened file = ContainedFile.open(realRoot, path)) {
            if (!file.identity().equals(at)) {
                return Optional.empty();
            }
            SeekableByteChannel channel = file.channel().position(from);
            while (bytes.hasRemaining()) {
                if (channel.read(bytes) < 0) {
                    return Optional.empty();
                }
            }
        } catch (NoSuchFileException | ContainedFile.Raced e) {
            return Optional.empty();
        } catch (ContainedFile.Outside e) {
            throw PrintError.outsideRoot(path, realRoot);
        } catch (IOException e) {
            throw PrintError.io(path, "cannot read: " + e.getMessage());
        } finally {
            bytesRead.addAndGet(bytes.position());
        }
        return stat.apply(path).equals(at) ? Optional.of(bytes.array()) : Optional.empty();
    }

    void clear() {
        kept.clear();
    }

    /** A file's stream that counts what it hands out. */
    private final class Counted extends FilterInputStream {

        Counted(InputStream in) {
            super(in);
        }

        @Override
        public int read() throws IOException {
            int b = super.read();
            if (b >= 0) {
                bytesRead.incrementAndGet();
            }
            return b;
        }

        @Override
        public int read(byte[] b, int off, int len) throws IOException {
            int n = super.read(b, off, len);
            if (n > 0) {
                bytesRead.addAndGet(n);
            }
            return n;
        }
    }
}
