package dev.dbprint.mcp.print;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertThrows;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.TimeUnit;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import dev.dbprint.mcp.config.Connections;
import dev.dbprint.mcp.config.DbprintYaml;
import dev.dbprint.mcp.config.ServedConnection;
import dev.dbprint.mcp.config.ServedSet;

class PrintWarmupTest {

    @TempDir
    Path dir;

    private Connections connections(String... manifests) throws IOException {
        StringBuilder yaml = new StringBuilder("connections:\n");
        for (int i = 0; i < manifests.length; i++) {
            yaml.append("  c").append(i).append(":\n    auto: true\n");
            Path manifest = dir.resolve("prints/c" + i + "/manifest.yaml");
            Files.createDirectories(manifest.getParent());
            Files.writeString(manifest, manifests[i]);
        }
        Path file = dir.resolve(".dbprint.yaml");
        Files.writeString(file, yaml);
        return new Connections(ServedSet.resolve(DbprintYaml.read(file), List.of()));
    }

    private static final String MANIFEST = """
            format_version: 1
            tables:
              s.a: {type: table, path: s/a, artifacts: {ddl: ddl.sql}}
            """;

    @Test
    void everyServedManifestIsReadOnceAheadAndTheFirstCallFindsItKept() throws Exception {
        Connections connections = connections(MANIFEST, MANIFEST);
        PrintStore store = new PrintStore();
        PrintWarmup warmup = new PrintWarmup(store, connections);

        warmup.begin().get(30, TimeUnit.SECONDS);

        assertEquals(2, store.counters().parses(), "one parse per served manifest");
        for (ServedConnection c : connections.set().served().values()) {
            assertEquals(List.of("s.a"), List.copyOf(store.view(c).index().tables().keySet()));
        }
        assertEquals(2, store.counters().parses(), "the calls found both manifests kept");
    }

    @Test
    void aLaterHandshakeGetsTheSameReadAndReadsNothingAgain() throws Exception {
        PrintStore store = new PrintStore();
        PrintWarmup warmup = new PrintWarmup(store, connections(MANIFEST));

        var first = warmup.begin();
        first.get(30, TimeUnit.SECONDS);
        long identityChecks = store.counters().identityChecks();

        assertSame(first, warmup.begin());
        assertEquals(identityChecks, store.counters().identityChecks(), "the second handshake touched no file");
    }

    @Test
    void aBrokenManifestIsLeftToTheCallThatNeedsIt() throws Exception {
        Connections connections = connections("tables:\n  s.x: [unclosed\n", MANIFEST);
        PrintStore store = new PrintStore();

        new PrintWarmup(store, connections).begin().get(30, TimeUnit.SECONDS);

        ServedConnection broken = connections.named("c0");
        assertThrows(PrintError.class, () -> store.view(broken).index(), "the call still reports the broken file");
        assertEquals(List.of("s.a"), List.copyOf(store.view(connections.named("c1")).index().tables().keySet()),
                "the other connection was read ahead all the same");
    }
}
