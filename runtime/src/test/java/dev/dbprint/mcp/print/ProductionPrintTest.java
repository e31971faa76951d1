package dev.dbprint.mcp.print;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.stream.Stream;

import org.junit.jupiter.api.Test;

import dev.dbprint.mcp.print.model.Artifact;
import dev.dbprint.mcp.print.model.Manifest;
import dev.dbprint.mcp.print.model.Statistics;
import dev.dbprint.mcp.print.model.TableEntry;

/** Reads every file of the real example print, when this machine has it. */
class ProductionPrintTest {

    static final Path PROJECT = Path.of("/work/shared/prints/production");
    static final Path ROOT = PROJECT.resolve("prints/production");

    @Test
    void everyYamlFileParses() throws Exception {
        assumeTrue(Files.isDirectory(ROOT), "example print not present");
        PrintStore store = new PrintStore();
        List<Path> files;
        try (Stream<Path> s = Files.walk(PROJECT)) {
            files = s.filter(Files::isRegularFile).toList();
        }
        for (Path f : files) {
            if (f.toString().endsWith(".yaml")) {
                store.yaml(f.toAbsolutePath());
            } else {
                store.bytes(f.toAbsolutePath());
            }
        }
        assertEquals(files.size(), store.counters().filesCached());
    }

    @Test
    void everyArtifactReadsThroughTheModel() throws Exception {
        assumeTrue(Files.isDirectory(ROOT), "example print not present");
        PrintStore store = new PrintStore();
        PrintView v = store.view("production", ROOT);
        Manifest m = v.manifest();
        assertEquals(10, m.tables().size());
        assertTrue(v.manifestAnnotations().orElseThrow().hasNotes());
        assertFalse(v.requireDiff().changes().isEmpty());
        assertTrue(Files.readString(v.readingPath()).startsWith("# Reading"));
        for (TableEntry t : m.tables().values()) {
            assertTrue(t.followable(), t.fqn());
            Statistics s = v.statistics(t).orElseThrow();
            assertEquals(t.fqn(), s.table());
            assertEquals(t.columns().intValue(), s.columns().size(), t.fqn());
            assertTrue(v.ddl(t).isPresent());
            v.relationships(t);
            v.description(t);
            v.statisticsAnnotations(t);
            v.relationshipsAnnotations(t);
            for (Artifact a : Artifact.values()) {
                assertEquals(t.declares(a), v.exists(t, a), t.fqn() + " " + a);
            }
        }
        String digest = v.digest();
        PrintView again = store.view("production", ROOT);
        again.manifest();
        assertFalse(digest.equals(again.digest()), "a view that read less has another digest");
    }
}
