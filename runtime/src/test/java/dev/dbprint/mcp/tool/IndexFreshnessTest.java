package dev.dbprint.mcp.tool;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.FileTime;
import java.time.Clock;
import java.time.Instant;
import java.time.ZoneOffset;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.stream.Stream;

import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import dev.dbprint.mcp.print.Fixtures;
import dev.dbprint.mcp.print.cache.CacheSizes;
import dev.dbprint.mcp.print.index.DiskTrees;
import dev.dbprint.mcp.print.index.TreeStore;
import dev.dbprint.mcp.print.store.PrintStore;

/**
 * Changes to a print that leave a file's device, inode, size and modification time as they were, made as a user makes
 * them: a process with the on-disk index answers each as a process without it does, and one process never answers from
 * two versions of a file at once.
 */
class IndexFreshnessTest {

    @TempDir
    Path dir;

    private Path project;
    private Path print;
    private Path index;

    @BeforeEach
    void copy() {
        project = Fixtures.copyResource("/fixtures/search", dir.resolve("project"));
        print = project.resolve("prints/arb");
        index = dir.resolve("index");
    }

    private static final String SEARCH = "{\"pattern\": \"*\"}";
    private static final String CONTEXT = "{\"table\": \"geo.customer\", \"purpose\": \"profile\", \"format\": \"json\"}";

    /** One call of each tool that reads the files changed below, as a fresh process makes them. */
    private static List<String> calls(ToolHarness h) {
        Clock clock = Clock.fixed(Instant.parse("2026-12-01T00:00:00Z"), ZoneOffset.UTC);
        List<String> out = new ArrayList<>();
        out.add(h.call(new ListTablesTool(h.store, h.paging, clock), "{\"detail\": true}").text());
        out.add(h.call(new GetManifestTool(h.store, h.paging), "{}").text());
        out.add(h.call(new SearchColumnsTool(h.store, h.paging, CacheSizes.defaultSearchCacheBytes()), SEARCH).text());
        out.add(h.call(new GetTableContextTool(h.store, h.paging), CONTEXT).text());
        return out.stream().map(t -> t.replaceAll("[A-Za-z0-9_-]{88}", "<cursor>")).toList();
    }

    /** A fresh process's replies with the on-disk index in {@link #index} (written at its end, as at shutdown). */
    private List<String> withIndex() {
        PrintStore store = new PrintStore(CacheSizes.defaultParseCacheBytes(), DiskTrees.at(index));
        List<String> replies = calls(new ToolHarness(store, project));
        store.flush();
        return replies;
    }

    private List<String> withoutIndex() {
        return calls(new ToolHarness(new PrintStore(CacheSizes.defaultParseCacheBytes(), TreeStore.NONE), project));
    }

    /** Replaces {@code from} by {@code to} (as long) in {@code file}, in place: same inode, same size. */
    private static void rewriteInPlace(Path file, String from, String to) throws IOException {
        assertEquals(from.length(), to.length());
        String text = Files.readString(file);
        assertTrue(text.contains(from), file + " holds " + from);
        Files.writeString(file, text.replace(from, to)); // truncates and writes the same file
    }

    /** {@code cp -p}, {@code rsync -a --inplace}, {@code touch -r}: the manifest rewritten, its mtime put back. */
    @Test
    void aRewriteInPlaceAtTheSameSizeWithItsModificationTimeRestored() throws Exception {
        Path manifest = print.resolve("manifest.yaml");
        Path notes = print.resolve("geo/customer/statistics.annotations.yaml");
        List<String> before = withIndex();
        assertEquals(withoutIndex(), before);
        assertEquals(2, DiskTrees.files(index).size(), "the index was written");

        Object inode = Files.getAttribute(manifest, "unix:ino");
        FileTime manifestTime = Files.getLastModifiedTime(manifest);
        FileTime notesTime = Files.getLastModifiedTime(notes);
        Thread.sleep(20); // past the file system's timestamp tick
        rewriteInPlace(manifest, "row_count: 120\n", "row_count: 130\n");
        rewriteInPlace(notes, "Active customer", "Lapsed customer");
        Files.setLastModifiedTime(manifest, manifestTime);
        Files.setLastModifiedTime(notes, notesTime);
        assertEquals(inode, Files.getAttribute(manifest, "unix:ino"));

        List<String> after = withoutIndex();
        assertNotEquals(before, after);
        assertEquals(after, withIndex(), "a fresh process with the index");
        assertEquals(after, withIndex(), "and the one after it");
        assertTrue(after.get(0).contains("130") && after.get(3).contains("Lapsed customer"), after.toString());
    }

    /**
     * {@code rm -rf} the print, then a changed tarball of it extracted with normalised mtimes ({@code tar --mtime}): a
     * file system that hands the freed inode numbers out again (ext4 does, at once) gives the new files the old files'
     * device, inode, size and mtime.
     */
    @Test
    void aPrintDeletedAndExtractedAgainWithNormalisedModificationTimes() throws Exception {
        FileTime normalised = FileTime.from(Instant.parse("2026-01-01T00:00:00Z"));
        normaliseTimes(normalised);
        Path manifest = print.resolve("manifest.yaml");
        Object inode = Files.getAttribute(manifest, "unix:ino");
        List<String> before = withIndex();

        Path tarball = Fixtures.copyDirectory(print, dir.resolve("changed"));
        rewriteInPlace(tarball.resolve("manifest.yaml"), "row_count: 120\n", "row_count: 130\n");
        rewriteInPlace(tarball.resolve("geo/customer/statistics.yaml"), "  country:\n", "  kountry:\n");
        Thread.sleep(20);
        deleteRecursively(print);
        Fixtures.copyDirectory(tarball, print);
        normaliseTimes(normalised);

        List<String> after = withoutIndex();
        assertNotEquals(before, after);
        assertEquals(after, withIndex(), "a fresh process with the index (manifest inode reused: "
                + inode.equals(Files.getAttribute(manifest, "unix:ino")) + ")");
    }

    private static void deleteRecursively(Path top) throws IOException {
        try (Stream<Path> files = Files.walk(top)) {
            for (Path f : files.sorted(Comparator.reverseOrder()).toList()) {
                Files.delete(f);
            }
        }
    }

    private void normaliseTimes(FileTime time) throws IOException {
        try (Stream<Path> files = Files.walk(print)) {
            for (Path f : (Iterable<Path>) files::iterator) {
                Files.setLastModifiedTime(f, time);
            }
        }
    }

    /**
     * A column renamed in statistics.yaml in place, its mtime put back: search_columns (whose tree the index keeps) and
     * get_table_context (which reads the whole file) name the same column, in the process that searched before the
     * rename and in a fresh one.
     */
    @Test
    void oneProcessNeverNamesARenamedColumnByItsOldAndItsNewName() throws Exception {
        PrintStore store = new PrintStore(CacheSizes.defaultParseCacheBytes(), DiskTrees.at(index));
        ToolHarness h = new ToolHarness(store, project);
        assertTrue(calls(h).get(2).contains("\"column\": \"country\""));
        store.flush();

        Path stats = print.resolve("geo/customer/statistics.yaml");
        FileTime time = Files.getLastModifiedTime(stats);
        Thread.sleep(20);
        rewriteInPlace(stats, "  country:\n", "  kountry:\n");
        Files.setLastModifiedTime(stats, time);

        List<String> same = calls(h);
        List<String> fresh = withIndex();
        for (List<String> replies : List.of(same, fresh)) {
            String search = replies.get(2);
            String context = replies.get(3);
            assertTrue(search.contains("\"column\": \"kountry\"") && context.contains("kountry"), search);
            assertFalse(search.contains("\"column\": \"country\""), search);
        }
        assertEquals(withoutIndex(), fresh);
    }
}
