package dev.dbprint.mcp.bench;

import java.io.IOException;
import java.lang.management.ManagementFactory;
import java.lang.management.MemoryMXBean;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Optional;
import java.util.function.BiFunction;

import dev.dbprint.mcp.print.index.TreeStore;
import dev.dbprint.mcp.print.model.Artifact;
import dev.dbprint.mcp.print.model.TableEntry;
import dev.dbprint.mcp.print.store.PrintStore;
import dev.dbprint.mcp.print.store.PrintView;

/**
 * How well the parse cache's weights estimate the heap its models hold: parses one kind of file ({@code --form}) of the
 * first {@code --tables} tables of a print into an unbounded store, and prints the weight the store counted beside the
 * heap that stayed in use after full GCs. A weight far above the heap makes a bound hold less than it is set to; one
 * below it lets the caches outgrow their share.
 * <p>
 * Arguments: {@code --root} a connection root [the 7,003-table print of {@link LargePrintBench}], {@code --connection}
 * [production], {@code --tables} [1500], {@code --form} one of {@link Form}, spelled in lower case with dashes
 * [statistics]. Run with a heap large enough for every model ({@code MAVEN_OPTS=-Xmx3g}).
 */
public final class ModelWeightBench {

    /** A kind of file, and the read that parses it into its model. */
    private enum Form {

        STATISTICS(Artifact.STATISTICS, PrintView::statistics),
        /** The search cut of statistics.yaml. */
        SEARCH(Artifact.STATISTICS, PrintView::searchStatistics), ANNOTATIONS(Artifact.STATISTICS_ANNOTATIONS,
                PrintView::statisticsAnnotations), RELATIONSHIPS(Artifact.RELATIONSHIPS,
                        PrintView::relationships), EDGE_ANNOTATIONS(Artifact.RELATIONSHIPS_ANNOTATIONS,
                                PrintView::relationshipsAnnotations);

        final Artifact artifact;
        final BiFunction<PrintView, TableEntry, Optional<?>> read;

        Form(Artifact artifact, BiFunction<PrintView, TableEntry, Optional<?>> read) {
            this.artifact = artifact;
            this.read = read;
        }
    }

    private ModelWeightBench() {
    }

    public static void main(String[] argv) throws IOException {
        Args args = new Args(argv);
        Path root = args.path("--root").orElse(RealPrintReplicator.projectRoot()
                .resolve("target/large-prints/7000-tables/prints/production"));
        String connection = args.string("--connection", "production");
        Form form = Form.valueOf(args.string("--form", "statistics").toUpperCase(Locale.ROOT).replace('-', '_'));
        PrintStore store = new PrintStore(Long.MAX_VALUE / 4, TreeStore.NONE);
        List<TableEntry> tables = new ArrayList<>(store.view(connection, root).manifest().tables().values());
        int n = Math.min(args.integer("--tables", 1500), tables.size());
        long weightBefore = store.counters().weight();
        long heapBefore = usedAfterGc();
        long bytes = 0;
        int files = 0;
        for (TableEntry table : tables.subList(0, n)) {
            if (form.read.apply(store.view(connection, root), table).isPresent()) {
                bytes += Files.size(table.file(form.artifact).orElseThrow());
                files++;
            }
        }
        double weight = (store.counters().weight() - weightBefore) / 1e6;
        double heap = (usedAfterGc() - heapBefore) / 1e6;
        System.out.printf("%,d %s files (%.1f MB, %s) of %,d tables: the store counted %.1f MB, the heap holds %.1f MB"
                + " more after full GCs; counted / held = %.2f%n", files, form.artifact.key(), bytes / 1e6,
                form.name().toLowerCase(Locale.ROOT), n, weight, heap, weight / heap);
    }

    private static long usedAfterGc() {
        MemoryMXBean memory = ManagementFactory.getMemoryMXBean();
        for (int i = 0; i < 4; i++) {
            System.gc();
        }
        return memory.getHeapMemoryUsage().getUsed();
    }
}
