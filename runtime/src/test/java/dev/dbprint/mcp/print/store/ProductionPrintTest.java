package dev.dbprint.mcp.print.store;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Optional;
import java.util.stream.Stream;

import org.junit.jupiter.api.Test;

import dev.dbprint.mcp.SharedFolder;
import dev.dbprint.mcp.print.model.Artifact;
import dev.dbprint.mcp.print.model.Manifest;
import dev.dbprint.mcp.print.model.Statistics;
import dev.dbprint.mcp.print.model.TableEntry;

/** Reads every file of the real example print, when this machine has it ({@code ../shared/prints/production}). */
class ProductionPrintTest {

    static final String PROJECT = "prints/production";
    static final String ROOT = PROJECT + "/prints/production";

    @Test
    void everyYamlFileParses() throws Exception {
        Path project = SharedFolder.require(PROJECT);
        PrintStore store = new PrintStore();
        List<Path> files;
        try (Stream<Path> s = Files.walk(project)) {
            files = s.filter(Files::isRegularFile).toList();
        }
        for (Path f : files) {
            if (f.toString().endsWith(".yaml")) {
                store.yaml(project.toRealPath(), f.toAbsolutePath());
            } else {
                store.bytes(project.toRealPath(), f.toAbsolutePath());
            }
        }
        assertEquals(files.size(), store.counters().filesCached());
    }

    @Test
    void everyArtifactReadsThroughTheModel() throws Exception {
        Path root = SharedFolder.require(ROOT);
        PrintStore store = new PrintStore();
        PrintView v = store.view("production", root);
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
            assertEquals(onDisk(s.path()), s.path(), t.fqn());
            assertEquals(text(t, Artifact.DDL), v.ddl(t), t.fqn());
            assertEquals(text(t, Artifact.DESCRIPTION), v.description(t), t.fqn());
            assertEquals(file(t, Artifact.RELATIONSHIPS), v.relationships(t).map(r -> r.path()), t.fqn());
            v.relationships(t).ifPresent(r -> assertEquals(t.fqn(), r.table()));
            assertEquals(file(t, Artifact.STATISTICS_ANNOTATIONS), v.statisticsAnnotations(t).map(a -> a.path()));
            assertEquals(file(t, Artifact.RELATIONSHIPS_ANNOTATIONS), v.relationshipsAnnotations(t).map(a -> a.path()));
            for (Artifact a : Artifact.values()) {
                assertEquals(t.declares(a), v.exists(t, a), t.fqn() + " " + a);
            }
        }
        String digest = v.digest();
        PrintView again = store.view("production", root);
        again.manifest();
        assertFalse(digest.equals(again.digest()), "a view that read less has another digest");
    }

    /** The artifact's file when it is on disk, as the model should name it. */
    private static Optional<Path> file(TableEntry t, Artifact a) {
        return t.file(a).filter(Files::isRegularFile);
    }

    private static Optional<String> text(TableEntry t, Artifact a) throws IOException {
        Optional<Path> f = file(t, a);
        return f.isPresent() ? Optional.of(Files.readString(f.get())) : Optional.empty();
    }

    private static Path onDisk(Path p) {
        assertTrue(Files.isRegularFile(p), p + " is not a file");
        return p;
    }
}
