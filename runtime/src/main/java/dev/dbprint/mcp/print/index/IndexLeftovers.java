package dev.dbprint.mcp.print.index;

import java.io.IOException;
import java.nio.channels.FileChannel;
import java.nio.channels.FileLock;
import java.nio.channels.OverlappingFileLockException;
import java.nio.file.DirectoryStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.nio.file.attribute.FileTime;
import java.time.Duration;
import java.time.Instant;
import java.util.Set;

import org.jboss.logging.Logger;

/**
 * Removes what the index directory holds for nothing, once per process as it starts using the directory:
 * <ul>
 * <li>a temporary file no process is writing: a write holds a lock on its temporary file until the file is moved into
 * place, so one whose lock can be taken was left by a process that died mid-write ({@code kill -9});</li>
 * <li>the files of a connection root that no longer exists as a directory, or that no process has used for
 * {@link #UNUSED} (a process that reads a root's file marks it used, at most once a day: {@link #markUsed});</li>
 * <li>a file of a root this process serves, under another name than this build gives the root's files, that no process
 * has used for {@link #UNUSED_BY_ANOTHER_BUILD}: an index file names its root in its header, and a root's files are read
 * under one name only, so such a file is another build's (one of another format version, which is part of the name,
 * or of an earlier naming).</li>
 * </ul>
 * A file removed by mistake (a root on a disk not mounted just now) costs only the parses that rebuild it.
 */
final class IndexLeftovers {

    private static final Logger LOG = Logger.getLogger(IndexLeftovers.class);
    /** How long a root's files are kept without any process using them. */
    static final Duration UNUSED = Duration.ofDays(30);
    /**
     * How long a served root's file under another build's name is kept without use: that build may be serving the root
     * from this directory too, and renews the mark as it reads the file; removed at once, its next start would parse the
     * root again and write the file back, for this build's next start to remove.
     */
    static final Duration UNUSED_BY_ANOTHER_BUILD = Duration.ofDays(7);
    /** How stale a file's use mark may be before a process that uses it renews it. */
    private static final Duration MARK_EVERY = Duration.ofDays(1);

    private IndexLeftovers() {
    }

    /** Tidies {@code directory}, sparing the files of {@code rootsInUse}; any fault leaves a file as it is. */
    static void tidy(Path directory, Set<Path> rootsInUse) {
        Instant now = Instant.now();
        Instant unusedSince = now.minus(UNUSED);
        Instant unusedByAnotherBuildSince = now.minus(UNUSED_BY_ANOTHER_BUILD);
        try (DirectoryStream<Path> files = Files.newDirectoryStream(directory)) {
            for (Path file : files) {
                String name = file.getFileName().toString();
                try {
                    if (name.startsWith(ShelfFile.TEMPORARY_PREFIX) && name.endsWith(ShelfFile.TEMPORARY_SUFFIX)) {
                        removeIfAbandoned(file);
                    } else if (name.endsWith(ShelfFile.SUFFIX) && unwanted(file, rootsInUse, unusedSince,
                            unusedByAnotherBuildSince)) {
                        Files.deleteIfExists(file);
                    }
                } catch (IOException | RuntimeException e) {
                    LOG.debugf("left %s in the index directory: %s", file, e);
                }
            }
        } catch (IOException e) {
            LOG.debugf("cannot tidy the index directory %s: %s", directory, e);
        }
    }

    /** Deletes a temporary file unless a writer holds its lock (this process's own writers included). */
    private static void removeIfAbandoned(Path file) throws IOException {
        try (FileChannel channel = FileChannel.open(file, StandardOpenOption.WRITE)) {
            FileLock lock = channel.tryLock();
            if (lock != null) {
                Files.deleteIfExists(file);
            }
        } catch (OverlappingFileLockException e) {
            // written by another store of this very process (tests): kept; closing this channel may drop that lock at
            // the system's level, which at worst lets another process remove the file and costs that one write
        }
    }

    /** Whether a root's file is for a root that is gone, or unused for too long. */
    private static boolean unwanted(Path file, Set<Path> rootsInUse, Instant unusedSince,
            Instant unusedByAnotherBuildSince) throws IOException {
        Path root = ShelfFile.rootOf(file);
        if (root != null && rootsInUse.contains(root)) {
            // in use under the name this build gives it; under another, by another build, if any still uses it
            return !ShelfFile.namedFor(file, root) && unusedSince(file, unusedByAnotherBuildSince);
        }
        return (root != null && !Files.isDirectory(root)) || unusedSince(file, unusedSince);
    }

    /** Whether no process has marked {@code file} used since {@code since}. */
    private static boolean unusedSince(Path file, Instant since) throws IOException {
        return Files.getLastModifiedTime(file).toInstant().isBefore(since);
    }

    /** Marks {@code file} used now, unless it was marked within a day: what {@link #tidy} spares. */
    static void markUsed(Path file, FileTime modified) {
        Instant now = Instant.now();
        if (modified.toInstant().isBefore(now.minus(MARK_EVERY))) {
            try {
                Files.setLastModifiedTime(file, FileTime.from(now));
            } catch (IOException e) {
                // unmarked, it is removed in a month and rebuilt when used
            }
        }
    }
}
