package dev.dbprint.mcp.print.store;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import dev.dbprint.mcp.print.Fixtures;
import dev.dbprint.mcp.print.cache.CacheSizes;
import dev.dbprint.mcp.print.files.FileIdentity;
import dev.dbprint.mcp.print.index.DiskTrees;
import dev.dbprint.mcp.print.index.TreeStore;
import dev.dbprint.mcp.tool.SearchColumnsTool;
import dev.dbprint.mcp.tool.ToolHarness;

/**
 * A file the store's cache or on-disk index holds was there, so the store stats it as present (one system call), where
 * a file it knows nothing of is first probed for absence (a miss then costs no exception).
 */
class StatHintTest {

    @TempDir
    Path tmp;

    /** A store that notes, for every stat, whether it expected the file to be there. */
    private static final class Noting extends PrintStore {

        final List<Boolean> expected = Collections.synchronizedList(new ArrayList<>());
        /** The stats of each path, in order: a search stats on several threads. */
        final Map<Path, List<Boolean>> byPath = new ConcurrentHashMap<>();

        Noting(TreeStore trees) {
            super(1 << 20, trees);
        }

        /** Over {@code trees}, every stamp and identity settled at once, however recently its file was written. */
        Noting(TreeStore trees, long racyNanos) {
            super(trees, racyNanos);
        }

        @Override
        protected FileIdentity stat(Path path, boolean likelyPresent) {
            expected.add(likelyPresent);
            byPath.computeIfAbsent(path, p -> Collections.synchronizedList(new ArrayList<>())).add(likelyPresent);
            return super.stat(path, likelyPresent);
        }
    }

    private static Object model(PrintStore store, Path root, Path file) {
        return store.model(root, root, file, "form", store.yamlLoader()::load, (p, tree) -> tree).value();
    }

    @Test
    void whatTheCacheOrTheIndexHoldsIsStatedAsPresentAndNothingElse() throws Exception {
        Path root = Files.createDirectories(tmp.toRealPath().resolve("root"));
        Path file = Fixtures.write(root.resolve("a.yaml"), "v: 1\n");
        Path cache = tmp.resolve("cache");

        Noting first = new Noting(DiskTrees.at(cache));
        assertEquals(Map.of("v", 1L), model(first, root, file));
        assertEquals(List.of(false, true), first.expected, "unknown: probed, then stated again once read");
        first.expected.clear();
        model(first, root, file);
        assertEquals(List.of(true), first.expected, "kept in memory");
        first.flush();

        Noting later = new Noting(DiskTrees.at(cache));
        assertEquals(Map.of("v", 1L), model(later, root, file));
        assertEquals(List.of(true), later.expected, "kept on disk by an earlier process: no probe, and no read");

        later.expected.clear();
        assertNull(model(later, root, root.resolve("absent.yaml")));
        assertEquals(List.of(false), later.expected, "known nowhere: probed");
    }

    /**
     * A search over the index stats each table's statistics.yaml, which the manifest declares, as present, where a
     * probe for absence first cost a second system call per table.
     */
    @Test
    void aSearchOverTheIndexStatsADeclaredStatisticsFileAsPresent() {
        Path project = Fixtures.copyResource("/fixtures/search", tmp.resolve("project"));
        Path cache = tmp.resolve("cache");
        Noting first = new Noting(DiskTrees.at(cache));
        String reply = search(first, project);
        first.flush();

        Noting later = new Noting(DiskTrees.at(cache));
        assertEquals(reply, search(later, project));
        Path visit = project.resolve("prints/arb/geo/visit/statistics.yaml").toAbsolutePath().normalize();
        assertEquals(List.of(true), later.byPath.get(visit), "one stat, of a file the manifest declares");
    }

    /**
     * A statistics.annotations.yaml that a table's entry does not declare is stat'ed once, as present, where the walk
     * that wrote the index found it, as the print's search texts say (one system call, where a probe for absence first
     * cost two). One made since is read, and a link put in its place refused, as with no index.
     */
    @Test
    void aSearchOverTheIndexStatsAnUndeclaredAnnotationFileAsTheIndexFoundIt() throws Exception {
        Path project = Fixtures.copyResource("/fixtures/search", tmp.resolve("project"));
        Path table = project.resolve("prints/arb/geo").toAbsolutePath().normalize();
        Path summaryNotes = Files.writeString(table.resolve("v_summary/statistics.annotations.yaml"),
                "format_version: 1\ncolumns:\n  region:\n    note: Sales region.\n");
        Path cache = tmp.resolve("cache");
        Noting first = new Noting(DiskTrees.at(cache), Long.MIN_VALUE);
        String reply = search(first, project);
        first.flush();

        Noting later = new Noting(DiskTrees.at(cache), Long.MIN_VALUE);
        assertEquals(reply, search(later, project));
        assertEquals(List.of(true), later.byPath.get(summaryNotes), "there when the index was written: one stat");

        Path visitNotes = Files.writeString(table.resolve("visit/statistics.annotations.yaml"),
                "format_version: 1\ncolumns:\n  channel:\n    note: Where the zebra sleeps.\n");
        String made = search(new Noting(DiskTrees.at(cache), Long.MIN_VALUE), project);
        assertEquals(search(new PrintStore(1 << 20, TreeStore.NONE), project), made);
        assertTrue(made.contains("zebra sleeps"), "made since: read\n" + made);

        Path outside = Files.writeString(tmp.resolve("notes.yaml"), Files.readString(visitNotes));
        Files.delete(visitNotes);
        Files.createSymbolicLink(visitNotes, outside);
        String linked = search(new Noting(DiskTrees.at(cache), Long.MIN_VALUE), project);
        assertEquals(search(new PrintStore(1 << 20, TreeStore.NONE), project), linked);
        assertTrue(linked.contains("geo.visit"), "a link outside the root: named unreadable\n" + linked);
    }

    private static String search(PrintStore store, Path project) {
        ToolHarness h = new ToolHarness(store, project);
        return h.call(new SearchColumnsTool(store, h.paging, CacheSizes.defaultSearchCacheBytes()),
                "{\"text\": \"zebra\"}").text();
    }
}
