package dev.dbprint.mcp.print.store;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import dev.dbprint.mcp.print.Fixtures;
import dev.dbprint.mcp.print.index.DiskTrees;
import dev.dbprint.mcp.print.model.Statistics;
import dev.dbprint.mcp.print.model.TableEntry;

/**
 * The on-disk index keeps statistics.yaml whole for a small print, so a later process reads a table's statistics
 * without parsing the file; a print of more tables keeps only what search reads, and a later process parses it again.
 */
class WholeStatisticsTest {

    @TempDir
    Path dir;

    private static final String TABLE = "geo.customer";

    /** The parses of a fresh process's first read of {@link #TABLE}'s statistics, after an earlier process read them. */
    private long parsesOfALaterProcess(Path print) {
        Path index = dir.resolve("index");
        PrintStore earlier = new PrintStore(1 << 24, DiskTrees.at(index));
        Statistics first = statistics(earlier, print);
        earlier.flush();

        PrintStore later = new PrintStore(1 << 24, DiskTrees.at(index));
        PrintView view = later.view("arb", print);
        view.index(); // the manifest, from the index as well
        long before = later.counters().parses();
        Statistics again = statistics(later, print);
        assertEquals(first.raw(), again.raw(), "the same tree, parsed or decoded");
        return later.counters().parses() - before;
    }

    private static Statistics statistics(PrintStore store, Path print) {
        PrintView view = store.view("arb", print);
        TableEntry table = view.requireTable(TABLE);
        return view.statistics(table).orElseThrow();
    }

    @Test
    void aSmallPrintsStatisticsAreDecodedByALaterProcess() {
        Path print = Fixtures.copyResource("/fixtures/search", dir.resolve("project")).resolve("prints/arb");
        assertEquals(0, parsesOfALaterProcess(print));
    }

    @Test
    void aLargerPrintsStatisticsAreParsedAgain() throws IOException {
        Path print = Fixtures.copyResource("/fixtures/search", dir.resolve("project")).resolve("prints/arb");
        Path manifest = print.resolve("manifest.yaml");
        StringBuilder more = new StringBuilder(Files.readString(manifest));
        for (int i = 0; i < PrintView.WHOLE_STATISTICS_TABLES; i++) {
            // entries that no read here follows: only their number counts
            more.append("  geo.more_").append(i).append(":\n    type: table\n    path: geo/more_").append(i)
                    .append("\n    artifacts:\n      ddl: ddl.sql\n    columns: 1\n")
                    .append("    profiled_at: '2026-03-01T10:00:00Z'\n    row_count: 1\n");
        }
        Files.writeString(manifest, more);
        assertEquals(1, parsesOfALaterProcess(print));
    }
}
