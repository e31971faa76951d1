package dev.dbprint.mcp.bench;

import java.io.IOException;
import java.lang.management.ManagementFactory;
import java.lang.management.MemoryMXBean;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

import dev.dbprint.mcp.print.PrintStore;
import dev.dbprint.mcp.print.PrintView;
import dev.dbprint.mcp.print.TreeStore;
import dev.dbprint.mcp.print.model.Artifact;
import dev.dbprint.mcp.print.model.TableEntry;

/**
 * How well the parse cache's weights estimate the heap its models hold: parses the statistics.yaml (or, with
 * {@code --form}, another kind of file) of the first {@code --tables} tables of a print into an
 * unbounded store, and prints the weight the store counted beside the heap that stayed in use after full GCs. A weight
 * far above the heap makes a bound hold less than it is set to; one below it lets the caches outgrow their share.
 * <p>
 * Arguments: {@code --root} a connection root [the 7,003-table print of {@link LargePrintBench}], {@code --connection}
 * [production], {@code --tables} [1500], {@code --form} statistics, search (the search cut of statistics.yaml), annotations, relationships or edge-annotations
 * [statistics]. Run with a heap large enough for every model
 * ({@code MAVEN_OPTS=-Xmx3g}).
 */
public final class ModelWeightBench {

    private ModelWeightBench() {
    }

    public static void main(String[] argv) throws IOException {
        Args args = new Args(argv);
        Path root = args.path("--root").orElse(RealPrintReplicator.projectRoot()
                .resolve("target/large-prints/7000-tables/prints/production"));
        String connection = args.string("--connection", "production");
        String form = args.string("--form", "statistics");
        Artifact artifact = switch (form) {
            case "annotations" -> Artifact.STATISTICS_ANNOTATIONS;
            case "relationships" -> Artifact.RELATIONSHIPS;
            case "edge-annotations" -> Artifact.RELATIONSHIPS_ANNOTATIONS;
            default -> Artifact.STATISTICS;
        };
        PrintStore store = new PrintStore(Long.MAX_VALUE / 4, TreeStore.NONE);
        List<TableEntry> tables = new ArrayList<>(store.view(connection, root).manifest().tables().values());
        int n = Math.min(args.integer("--tables", 1500), tables.size());
        long weightBefore = store.counters().weight();
        long heapBefore = usedAfterGc();
        long bytes = 0;
        int files = 0;
        for (TableEntry table : tables.subList(0, n)) {
            PrintView view = store.view(connection, root);
            boolean read = switch (form) {
                case "annotations" -> view.statisticsAnnotations(table).isPresent();
                case "relationships" -> view.relationships(table).isPresent();
                case "edge-annotations" -> view.relationshipsAnnotations(table).isPresent();
                case "search" -> view.searchStatistics(table).isPresent();
                default -> view.statistics(table).isPresent();
            };
            if (read) {
                bytes += Files.size(table.file(artifact).orElseThrow());
                files++;
            }
        }
        double weight = (store.counters().weight() - weightBefore) / 1e6;
        double heap = (usedAfterGc() - heapBefore) / 1e6;
        System.out.printf("%,d %s files (%.1f MB) of %,d tables: the store counted %.1f MB, the heap holds %.1f MB more"
                + " after full GCs; counted / held = %.2f%n", files, artifact.key(), bytes / 1e6, n, weight, heap,
                weight / heap);
    }

    private static long usedAfterGc() {
        MemoryMXBean memory = ManagementFactory.getMemoryMXBean();
        for (int i = 0; i < 4; i++) {
            System.gc();
        }
        return memory.getHeapMemoryUsage().getUsed();
    }
}
