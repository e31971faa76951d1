package dev.dbprint.mcp.config;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertThrows;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The served set resolved while Quarkus boots is what {@link Connections} serves, for the file and names it was resolved
 * for and once only, and is then handed to what reads ahead of the first calls; its fault is the one resolving on the
 * spot would have thrown.
 */
class ServedSetAheadTest {

    @TempDir
    Path dir;

    private Path project(String yaml) throws IOException {
        return Files.writeString(dir.resolve(".dbprint.yaml"), yaml);
    }

    @Test
    void theSetResolvedAheadIsTakenOnceForItsFileAndNamesAndHandedOn() throws Exception {
        Path file = project("connections:\n  shop: {}\n  rental: {}\n");
        CompletableFuture<ServedSet> handed = new CompletableFuture<>();
        ServedSetAhead.begin(file, List.of("shop"), handed::complete);
        AtomicInteger resolved = new AtomicInteger();
        ServedSet set = ServedSetAhead.take(file, List.of("shop"), () -> {
            resolved.incrementAndGet();
            return null;
        });
        assertEquals(0, resolved.get());
        assertEquals(List.of("shop"), set.servedNames());
        assertSame(set, handed.get(10, TimeUnit.SECONDS));
        ServedSetAhead.take(file, List.of("shop"), () -> {
            resolved.incrementAndGet();
            return set;
        });
        assertEquals(1, resolved.get()); // resolved anew: nothing is left ahead
    }

    @Test
    void theSetResolvedNowIsTheOneTakenAndItsFaultIsThrownAtOnce() throws IOException {
        Path file = project("connections:\n  a: {}\n  b: {}\n  c: {}\n");
        ServedSet now = ServedSetAhead.now(file, List.of("b"));
        assertSame(now, ServedSetAhead.take(file, List.of("b"), () -> null));
        ConfigError e = assertThrows(ConfigError.class, () -> ServedSetAhead.now(file, List.of("bar")));
        assertEquals("connection 'bar' not in .dbprint.yaml. Configured: ['a', 'b', 'c']", e.getMessage());
    }

    @Test
    void otherNamesOrAnotherFileAreResolvedOnTheSpot() throws IOException {
        Path file = project("connections:\n  shop: {}\n  rental: {}\n");
        ServedSet onTheSpot = ServedSet.resolve(DbprintYaml.read(file), List.of("rental"));
        ServedSetAhead.begin(file, List.of("shop"), set -> {
        });
        assertSame(onTheSpot, ServedSetAhead.take(file, List.of("rental"), () -> onTheSpot));
        ServedSetAhead.begin(file, List.of("shop"), set -> {
        });
        assertSame(onTheSpot, ServedSetAhead.take(dir.resolve("other.yaml"), List.of("shop"), () -> onTheSpot));
    }

    @Test
    void aFaultAheadIsThrownWhereTheSetIsTaken() throws IOException {
        Path file = project("connections:\n  a: {}\n  b: {}\n  c: {}\n");
        ServedSetAhead.begin(file, List.of("a", "bar"), set -> {
        });
        ConfigError e = assertThrows(ConfigError.class, () -> ServedSetAhead.take(file, List.of("a", "bar"), () -> null));
        assertEquals("connection 'bar' not in .dbprint.yaml. Configured: ['a', 'b', 'c']", e.getMessage());
    }
}
