package dev.dbprint.mcp.print.store;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.function.BiFunction;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import dev.dbprint.mcp.print.Fixtures;
import dev.dbprint.mcp.print.index.DiskTrees;
import dev.dbprint.mcp.print.model.TableEntry;

/**
 * The on-disk index keeps statistics.yaml and relationships.yaml whole for a small print, so a later process reads a
 * table's statistics and relationships without parsing the files; a print of more tables keeps only what search reads,
 * and a later process parses them again.
 */
class WholeTableFilesTest {

    @TempDir
    Path dir;

    /** A table's statistics or relationships, as their raw tree. */
    private static final BiFunction<PrintView, TableEntry, Object> STATISTICS = (view, table) -> view.statistics(table)
            .orElseThrow().raw();
    private static final BiFunction<PrintView, TableEntry, Object> RELATIONSHIPS = (view, table) -> view
            .relationships(table).orElseThrow().raw();

    /** The parses of a fresh process's first {@code read} of {@code fqn}, after an earlier process read it. */
    private long parsesOfALaterProcess(Path print, String fqn, BiFunction<PrintView, TableEntry, Object> read) {
        Path index = dir.resolve("index");
        PrintStore earlier = new PrintStore(1 << 24, DiskTrees.at(index));
        Object first = read(earlier, print, fqn, read);
        earlier.flush();

        PrintStore later = new PrintStore(1 << 24, DiskTrees.at(index));
        PrintView view = later.view("arb", print);
        view.index(); // the manifest, from the index as well
        long before = later.counters().parses();
        assertEquals(first, read(later, print, fqn, read), "the same tree, parsed or decoded");
        return later.counters().parses() - before;
    }

    private static Object read(PrintStore store, Path print, String fqn, BiFunction<PrintView, TableEntry, Object> read) {
        PrintView view = store.view("arb", print);
        return read.apply(view, view.requireTable(fqn));
    }

    private Path searchPrint() {
        return Fixtures.copyResource("/fixtures/search", dir.resolve("project")).resolve("prints/arb");
    }

    /** Makes {@code print}'s manifest, whose tables come last, declare more tables than the index keeps whole. */
    private static Path larger(Path print) throws IOException {
        Path manifest = print.resolve("manifest.yaml");
        StringBuilder more = new StringBuilder(Files.readString(manifest));
        for (int i = 0; i < PrintView.WHOLE_TABLE_FILES; i++) {
            // entries that no read here follows: only their number counts
            more.append("  geo.more_").append(i).append(":\n    type: table\n    path: geo/more_").append(i)
                    .append("\n    artifacts:\n      ddl: ddl.sql\n    columns: 1\n")
                    .append("    profiled_at: '2026-03-01T10:00:00Z'\n    row_count: 1\n");
        }
        Files.writeString(manifest, more);
        return print;
    }

    @Test
    void aSmallPrintsStatisticsAreDecodedByALaterProcess() {
        assertEquals(0, parsesOfALaterProcess(searchPrint(), "geo.customer", STATISTICS));
    }

    @Test
    void aLargerPrintsStatisticsAreParsedAgain() throws IOException {
        assertEquals(1, parsesOfALaterProcess(larger(searchPrint()), "geo.customer", STATISTICS));
    }

    @Test
    void aSmallPrintsRelationshipsAreDecodedByALaterProcess() {
        assertEquals(0, parsesOfALaterProcess(Fixtures.copy("basic", dir.resolve("basic")), "shop.orders", RELATIONSHIPS));
    }

    @Test
    void aLargerPrintsRelationshipsAreParsedAgain() throws IOException {
        Path print = larger(Fixtures.copy("basic", dir.resolve("basic")));
        assertEquals(1, parsesOfALaterProcess(print, "shop.orders", RELATIONSHIPS));
    }
}
