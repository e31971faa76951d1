package dev.dbprint.mcp.print.index;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.BufferedReader;
import java.io.InputStreamReader;
import java.nio.channels.FileChannel;
import java.nio.channels.FileLock;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.nio.file.attribute.FileTime;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.HexFormat;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import dev.dbprint.mcp.print.Fixtures;
import dev.dbprint.mcp.print.files.FileIdentity;
import dev.dbprint.mcp.text.Hash64;

/**
 * What the index directory holds for nothing is removed by the next process that uses it: temporary files of writes
 * that died, the files of roots that are gone or unused for a month, and another build's files of a served root unused
 * for a week. What is in use stays.
 */
class IndexLeftoversTest {

    @TempDir
    Path dir;

    private Path cache() {
        return dir.resolve("cache");
    }

    /** Writes the two index files of {@code root} (the manifest's and the rest's) and returns them. */
    private List<Path> indexed(Path root) throws Exception {
        Path manifest = Fixtures.write(root.resolve("manifest.yaml"), "tables: {}\n");
        Path table = Fixtures.write(root.resolve("t.yaml"), "v: 1\n");
        DiskTreeStore store = new DiskTreeStore(cache(), DiskTrees.ANY_AGE);
        store.shelf(root).put(manifest, TreeStore.MANIFEST_FORM, FileIdentity.of(manifest), Map.of("m", 1L));
        store.shelf(root).put(table, "form", FileIdentity.of(table), Map.of("v", 1L));
        store.flush();
        return List.of(cache().resolve(ShelfFile.name(root, "manifest")), cache().resolve(ShelfFile.name(root, "")));
    }

    /** A temporary file of a write killed before its move (no lock held) goes; one another process is writing stays. */
    @Test
    void aTemporaryFileNoProcessIsWritingIsRemoved() throws Exception {
        Path root = Files.createDirectories(dir.resolve("print"));
        indexed(root);
        Path abandoned = Files.write(cache().resolve(".trees-4711.tmp"), new byte[1 << 20]);
        Path written = Files.write(cache().resolve(".trees-4712.tmp"), new byte[16]);
        Path ownWrite = Files.write(cache().resolve(".trees-4713.tmp"), new byte[16]);
        Process writer = holdLock(written);
        try (FileChannel channel = FileChannel.open(ownWrite, StandardOpenOption.WRITE);
                FileLock lock = channel.lock()) {
            new DiskTreeStore(cache(), DiskTrees.ANY_AGE).shelf(root);
            assertFalse(Files.exists(abandoned), "left by a write that died");
            assertTrue(Files.exists(written), "locked by a live process");
            assertTrue(Files.exists(ownWrite), "locked by this process");
            assertTrue(lock.isValid());
        } finally {
            writer.getOutputStream().close();
            assertTrue(writer.waitFor(30, TimeUnit.SECONDS));
        }
        new DiskTreeStore(cache(), DiskTrees.ANY_AGE).shelf(root);
        assertFalse(Files.exists(written), "its writer gone, the next process removes it");
        assertFalse(Files.exists(ownWrite));
    }

    /**
     * Another JVM that locks {@code file} as a write does and holds the lock until its stdin closes: a process of its
     * own, since a lock is held by a process.
     */
    private Process holdLock(Path file) throws Exception {
        Path source = Files.writeString(dir.resolve("HoldLock.java"), """
                import java.nio.channels.FileChannel;
                import java.nio.file.Path;
                import java.nio.file.StandardOpenOption;

                public class HoldLock {
                    public static void main(String[] args) throws Exception {
                        try (FileChannel c = FileChannel.open(Path.of(args[0]), StandardOpenOption.WRITE);
                                var lock = c.lock()) {
                            System.out.println("locked");
                            System.out.flush();
                            System.in.read();
                        }
                    }
                }
                """);
        Process p = new ProcessBuilder(Path.of(System.getProperty("java.home"), "bin", "java").toString(),
                source.toString(), file.toString()).redirectError(ProcessBuilder.Redirect.INHERIT).start();
        BufferedReader out = new BufferedReader(new InputStreamReader(p.getInputStream(), StandardCharsets.UTF_8));
        assertEquals("locked", out.readLine());
        return p;
    }

    /**
     * Two builds serve one root from one directory, each naming the root's file its own way (another naming, another
     * format version, or the name before the version was part of it): this build's start leaves the file the other
     * build uses (its next start would parse the root again, and write the file back); once no process has used it for
     * a week, it goes.
     */
    @Test
    void aFileOfARootInUseUnderAnotherBuildsNameGoesOnceThatBuildLeftItUnusedForAWeek() throws Exception {
        Path served = Files.createDirectories(dir.resolve("served"));
        List<Path> files = indexed(served);
        List<Path> others = new ArrayList<>();
        for (String name : List.of("00c0ffee00c0ffee.trees", ShelfFile.name(served, "", ShelfFile.VERSION - 1),
                HexFormat.of().toHexDigits(Hash64.of(served.toString())) + ".trees")) {
            others.add(Files.copy(files.get(1), cache().resolve(name)));
        }
        new DiskTreeStore(cache(), DiskTrees.ANY_AGE).shelf(served);
        for (Path other : others) {
            assertTrue(Files.exists(other), "just written by the other build: " + other);
        }
        Instant now = Instant.now();
        for (Path other : others) {
            Files.setLastModifiedTime(other,
                    FileTime.from(now.minus(IndexLeftovers.UNUSED_BY_ANOTHER_BUILD).plus(Duration.ofHours(1))));
        }
        new DiskTreeStore(cache(), DiskTrees.ANY_AGE).shelf(served);
        for (Path other : others) {
            assertTrue(Files.exists(other), "used by the other build within the week: " + other);
            Files.setLastModifiedTime(other,
                    FileTime.from(now.minus(IndexLeftovers.UNUSED_BY_ANOTHER_BUILD).minus(Duration.ofHours(1))));
        }
        new DiskTreeStore(cache(), DiskTrees.ANY_AGE).shelf(served);
        for (Path other : others) {
            assertFalse(Files.exists(other), "unused for a week under a name this build does not read: " + other);
        }
        for (Path f : files) {
            assertTrue(Files.exists(f), f.toString());
        }
    }

    @Test
    void theFilesOfARootThatIsGoneOrUnusedForAMonthAreRemoved() throws Exception {
        Path kept = Files.createDirectories(dir.resolve("kept"));
        Path gone = Files.createDirectories(dir.resolve("gone"));
        Path stale = Files.createDirectories(dir.resolve("stale"));
        Path recent = Files.createDirectories(dir.resolve("recent"));
        Path served = Files.createDirectories(dir.resolve("served"));
        List<Path> keptFiles = indexed(kept);
        List<Path> goneFiles = indexed(gone);
        List<Path> staleFiles = indexed(stale);
        List<Path> recentFiles = indexed(recent);
        List<Path> servedFiles = indexed(served);
        for (Path f : List.of(gone.resolve("t.yaml"), gone.resolve("manifest.yaml"))) {
            Files.delete(f);
        }
        Files.delete(gone);
        Instant now = Instant.now();
        for (Path f : staleFiles) {
            Files.setLastModifiedTime(f, FileTime.from(now.minus(IndexLeftovers.UNUSED).minus(Duration.ofHours(1))));
        }
        for (Path f : recentFiles) {
            Files.setLastModifiedTime(f, FileTime.from(now.minus(IndexLeftovers.UNUSED).plus(Duration.ofHours(1))));
        }
        for (Path f : servedFiles) {
            Files.setLastModifiedTime(f, FileTime.from(now.minus(Duration.ofDays(400))));
        }
        Path garbage = Files.writeString(cache().resolve("0123456789abcdef.trees"), "not an index file");

        DiskTreeStore store = new DiskTreeStore(cache(), DiskTrees.ANY_AGE);
        TreeStore.Shelf shelf = store.shelf(served);
        for (Path f : goneFiles) {
            assertFalse(Files.exists(f), "the root is gone: " + f);
        }
        for (Path f : staleFiles) {
            assertFalse(Files.exists(f), "unused for longer than " + IndexLeftovers.UNUSED + ": " + f);
        }
        for (Path f : keptFiles) {
            assertTrue(Files.exists(f), f.toString());
        }
        for (Path f : recentFiles) {
            assertTrue(Files.exists(f), "used within the month: " + f);
        }
        assertTrue(Files.exists(garbage), "no root to tell, and recent: left for the age rule");

        // the root this process serves: its files are in use, and reading them marks them used
        shelf.prepare();
        for (Path f : servedFiles) {
            assertTrue(Files.exists(f), f.toString());
        }
        assertTrue(Files.getLastModifiedTime(servedFiles.get(1)).toInstant().isAfter(now.minus(Duration.ofMinutes(1))),
                "marked used as it was read");
    }
}
