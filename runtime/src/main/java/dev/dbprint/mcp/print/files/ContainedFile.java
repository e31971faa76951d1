package dev.dbprint.mcp.print.files;

import static java.nio.file.LinkOption.NOFOLLOW_LINKS;
import static java.nio.file.StandardOpenOption.READ;

import java.io.Closeable;
import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.channels.SeekableByteChannel;
import java.nio.file.DirectoryStream;
import java.nio.file.FileSystemException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.SecureDirectoryStream;
import java.nio.file.attribute.BasicFileAttributeView;
import java.nio.file.attribute.BasicFileAttributes;
import java.util.Arrays;
import java.util.Set;

/**
 * Reads a print file so that its bytes come from the file judged to lie inside the connection root (format spec §2.5,
 * server spec §3.3), even while a local writer moves links under it. A path is opened from the root one component at a
 * time, none of them followed if it is a link ({@link SecureDirectoryStream}: {@code openat} with {@code O_NOFOLLOW}).
 * A normalised path under the root is first opened as written; any other path, and one whose open as written meets a
 * link or fails, is judged by its real path (links resolved), and that real path is opened. Whatever the links point
 * at by the time of the open, what is opened is an entry of a directory under the root; a component that turned into a
 * link since it was judged fails the open as {@link Raced}, and the caller judges again.
 * <p>
 * The root itself is taken to be the real path the caller resolved: it is opened by that path, links followed. Moving
 * the root, or putting a link in its place, takes write access to its parent, outside the print this class guards.
 * <p>
 * Where the platform has no {@link SecureDirectoryStream}, the last component is opened without following a link and the
 * real path is judged again after the read: a narrower check, the best that platform allows.
 */
public final class ContainedFile {

    /** The bytes read, and the identity of the file they came from, taken after the read. */
    public record Contents(byte[] bytes, FileIdentity identity) {
    }

    /** The path's real path lies outside the root. */
    public static final class Outside extends IOException {

        private static final long serialVersionUID = 1L;

        Outside(Path path) {
            super(path + " resolves outside the connection root");
        }
    }

    /** A component judged a plain directory or file was a link when it was opened: judge again. */
    public static final class Raced extends IOException {

        private static final long serialVersionUID = 1L;

        Raced(Path path) {
            super(path + " turned into a symbolic link while it was opened");
        }
    }

    private ContainedFile() {
    }

    /**
     * Reads {@code path} whole if it really lies under {@code realRoot}.
     *
     * @param realRoot the connection root's real path
     * @param path absolute, normalised
     * @throws Outside when its real path is not under the root
     * @throws Raced when a component changed into a link between the judgement and the open
     * @throws java.nio.file.NoSuchFileException when it is gone
     */
    public static Contents read(Path realRoot, Path path) throws IOException {
        return read(realRoot, path, ContainedFile::judge);
    }

    /** As {@link #read(Path, Path)}, judging with {@code judge} ({@link #open(Path, Path, Judge)}). */
    static Contents read(Path realRoot, Path path, Judge judge) throws IOException {
        Opened opened = open(realRoot, path, judge);
        try (SeekableByteChannel channel = opened.channel()) {
            return new Contents(readAll(channel), opened.identity());
        }
    }

    /**
     * A file opened by {@link #open}: the channel (the caller closes it) and the identity of the path opened, taken once
     * the file was open.
     */
    public record Opened(SeekableByteChannel channel, FileIdentity identity) implements Closeable {

        @Override
        public void close() throws IOException {
            channel.close();
        }
    }

    /**
     * Opens {@code path} for reading if it really lies under {@code realRoot}, with the same judgement and no-follow open
     * as {@link #read}, for a reader that takes the file in pieces.
     */
    public static Opened open(Path realRoot, Path path) throws IOException {
        return open(realRoot, path, ContainedFile::judge);
    }

    /** How a path is judged by its real path: {@link #judge}, but for a test that sees when it is asked. */
    interface Judge {

        Path real(Path realRoot, Path path) throws IOException;
    }

    /**
     * As {@link #open(Path, Path)}, judging with {@code judge}. A path that lies under the root as written is first opened
     * as written, a component at a time with no link followed: when that succeeds, no component is a link, so the path
     * is its own real path and the judgement, a real-path resolution that reads every component of the path as a link
     * (a search of a large print opens thousands of files), would have said the same. A link on the way, or any other
     * failure of that open, sends the path to the judgement and the open of its real path, as any other path, so its
     * error is the one that open gives; so is a path not normalised.
     */
    static Opened open(Path realRoot, Path path, Judge judge) throws IOException {
        // no "..": opened as written, a ".." would climb out of the root
        boolean written = path.startsWith(realRoot) && !path.equals(realRoot) && path.normalize().equals(path);
        Path real = written ? path : judge.real(realRoot, path);
        try (DirectoryStream<Path> top = Files.newDirectoryStream(realRoot)) {
            if (top instanceof SecureDirectoryStream<Path> dir) {
                if (written) {
                    try {
                        SeekableByteChannel channel = openBelow(dir, realRoot, path);
                        return new Opened(channel, identity(channel, path));
                    } catch (IOException e) {
                        // a link as written: where it leads decides; any other failure, the real path's open says
                        real = judge.real(realRoot, path);
                    }
                }
                SeekableByteChannel channel = openBelow(dir, realRoot, real);
                return new Opened(channel, identity(channel, real));
            }
        }
        return openJudgedAgain(realRoot, path, written ? judge.real(realRoot, path) : real);
    }

    /**
     * The open where the platform has no {@link SecureDirectoryStream}: the last component is not followed, and
     * {@code path} must still judge to {@code real} once the file is open.
     */
    static Opened openJudgedAgain(Path realRoot, Path path, Path real) throws IOException {
        SeekableByteChannel channel = Files.newByteChannel(real, Set.of(READ, NOFOLLOW_LINKS));
        if (!judge(realRoot, path).equals(real)) {
            channel.close();
            throw new Raced(real);
        }
        return new Opened(channel, identity(channel, real));
    }

    private static FileIdentity identity(SeekableByteChannel channel, Path real) throws IOException {
        try {
            return FileIdentity.of(real, true); // just opened: one stat, not a probe for absence first
        } catch (IOException | RuntimeException e) {
            channel.close();
            throw e;
        }
    }

    /** The real path of {@code path}, when it lies under {@code realRoot}. */
    static Path judge(Path realRoot, Path path) throws IOException {
        Path real = path.toRealPath();
        if (!real.startsWith(realRoot) || real.equals(realRoot)) {
            throw new Outside(path);
        }
        return real;
    }

    /** Opens {@code real} (a real path under the root {@code dir} was opened at) a component at a time, links refused. */
    static SeekableByteChannel openBelow(SecureDirectoryStream<Path> root, Path realRoot, Path real) throws IOException {
        Path relative = realRoot.relativize(real);
        SecureDirectoryStream<Path> dir = root;
        try {
            for (int i = 0; i < relative.getNameCount() - 1; i++) {
                Path name = relative.getName(i);
                SecureDirectoryStream<Path> child;
                try {
                    child = dir.newDirectoryStream(name, NOFOLLOW_LINKS);
                } catch (FileSystemException e) {
                    throw raced(dir, name, real, e);
                }
                if (dir != root) {
                    dir.close();
                }
                dir = child;
            }
            Path name = relative.getFileName();
            BasicFileAttributes attributes = dir.getFileAttributeView(name, BasicFileAttributeView.class,
                    NOFOLLOW_LINKS).readAttributes();
            if (attributes.isSymbolicLink()) {
                throw new Raced(real);
            }
            if (!attributes.isRegularFile()) {
                // a directory fails on read anyway; a FIFO would block the reading thread
                throw new FileSystemException(real.toString(), null, "not a regular file");
            }
            return open(dir, name, real);
        } finally {
            if (dir != root) {
                dir.close();
            }
        }
    }

    private static SeekableByteChannel open(SecureDirectoryStream<Path> dir, Path name, Path real) throws IOException {
        try {
            return dir.newByteChannel(name, Set.of(READ, NOFOLLOW_LINKS));
        } catch (FileSystemException e) {
            throw raced(dir, name, real, e);
        }
    }

    /** A failed no-follow open: {@link Raced} when the entry is a link now (ELOOP), else the failure itself. */
    private static IOException raced(SecureDirectoryStream<Path> dir, Path name, Path real, FileSystemException e) {
        try {
            if (dir.getFileAttributeView(name, BasicFileAttributeView.class, NOFOLLOW_LINKS).readAttributes()
                    .isSymbolicLink()) {
                return new Raced(real);
            }
        } catch (IOException gone) {
            // removed since: the open's own failure says so
        }
        return e;
    }

    /** The channel's bytes, up to the size it had when opened (a file that changes meanwhile fails its identity check). */
    private static byte[] readAll(SeekableByteChannel channel) throws IOException {
        long size = channel.size();
        if (size > Integer.MAX_VALUE - 8) {
            throw new OutOfMemoryError("Required array size too large");
        }
        ByteBuffer buffer = ByteBuffer.allocate((int) size);
        while (buffer.hasRemaining() && channel.read(buffer) >= 0) {
            // reads until full or at end of file
        }
        return buffer.hasRemaining() ? Arrays.copyOf(buffer.array(), buffer.position()) : buffer.array();
    }
}
