package dev.dbprint.mcp.config;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Optional;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import dev.dbprint.mcp.error.DetailedFault;

/** Every row of the spec §5.1 table, and the §5.2 / §8.2 connection fault strings. */
class ServedSetTest {

    @TempDir
    Path dir;

    private ProjectConfig project(String yaml) throws IOException {
        return DbprintYaml.read(Files.writeString(dir.resolve(".dbprint.yaml"), yaml));
    }

    private ServedSet serve(String yaml, String... conns) throws IOException {
        return ServedSet.resolve(project(yaml), List.of(conns));
    }

    private static String fault(Connections connections, Optional<String> requested) {
        return assertThrows(DetailedFault.class, () -> connections.resolve(requested)).getMessage();
    }

    // §5.1 row 1: a single connection is served and is the default
    @Test
    void singleConnectionIsServedAndDefault() throws IOException {
        ServedSet set = serve("connections:\n  shop:\n    adapter: postgres\n");
        assertEquals(List.of("shop"), set.servedNames());
        assertEquals(Optional.of("shop"), set.defaultName());
        assertEquals(dir.resolve("prints").resolve("shop"), set.served().get("shop").root());
    }

    @Test
    void singleConnectionIsServedEvenWithAutoFalse() throws IOException {
        ServedSet set = serve("connections:\n  shop:\n    auto: false\n");
        assertEquals(List.of("shop"), set.servedNames());
        assertEquals(Optional.of("shop"), set.defaultName());
    }

    // §5.1 row 2: auto on exactly one of >= 2
    @Test
    void autoOnExactlyOneOfSeveralServesThatOneAsDefault() throws IOException {
        ServedSet set = serve("connections:\n  a: {}\n  b:\n    auto: true\n  c:\n    auto: false\n");
        assertEquals(List.of("b"), set.servedNames());
        assertEquals(Optional.of("b"), set.defaultName());
    }

    // §5.1 row 3: auto on >= 2 serves all of them and has no default
    @Test
    void autoOnSeveralServesThemAllWithNoDefault() throws IOException {
        ServedSet set = serve("connections:\n  c:\n    auto: true\n  b: {}\n  a:\n    auto: true\n");
        assertEquals(List.of("a", "c"), set.servedNames());
        assertEquals(Optional.empty(), set.defaultName());
        Connections connections = new Connections(set);
        assertEquals("no default connection; pass connection explicitly. Configured: ['a', 'c']",
                fault(connections, Optional.empty()));
        assertEquals("c", connections.resolve(Optional.of("c")).name());
    }

    @Test
    void noDefaultFaultIsTheSpecSentence() throws IOException {
        Connections connections = new Connections(
                serve("connections:\n  a: {auto: true}\n  b: {auto: true}\n  c: {auto: true}\n"));
        assertEquals("no default connection; pass connection explicitly. Configured: ['a', 'b', 'c']",
                fault(connections, Optional.empty()));
    }

    // §5.1 row 4: a named CONN is served and is the default, whatever auto says
    @Test
    void namedConnectionIsServedAndDefault() throws IOException {
        ServedSet set = serve("connections:\n  a: {}\n  b: {}\n  c:\n    auto: true\n", "a");
        assertEquals(List.of("a"), set.servedNames());
        assertEquals(Optional.of("a"), set.defaultName());
    }

    @Test
    void severalNamedConnectionsAreServedWithNoDefault() throws IOException {
        ServedSet set = serve("connections:\n  a: {}\n  b: {}\n  c: {}\n", "c", "a", "c");
        assertEquals(List.of("a", "c"), set.servedNames());
        assertEquals(Optional.empty(), set.defaultName());
    }

    // §5.1 row 5: no auto with >= 2 is refused at start-up, listing the valid names
    @Test
    void noAutoWithSeveralIsRefusedListingTheNames() {
        ConfigError e = assertThrows(ConfigError.class,
                () -> serve("connections:\n  beta: {}\n  alpha:\n    auto: false\n"));
        assertTrue(e.getMessage().contains("Valid names: ['alpha', 'beta']"), e.getMessage());
        assertTrue(e.getMessage().contains("e.g. 'dbprint-mcp alpha'"), e.getMessage());
        assertTrue(e.getMessage().contains("auto: true"), e.getMessage());
    }

    @Test
    void unknownNamedConnectionIsRefused() {
        ConfigError e = assertThrows(ConfigError.class,
                () -> serve("connections:\n  a: {}\n  b: {}\n  c: {}\n", "a", "bar"));
        assertEquals("connection 'bar' not in .dbprint.yaml. Configured: ['a', 'b', 'c']", e.getMessage());
    }

    // §5.2 / §8.2 faults for a connection argument
    @Test
    void unconfiguredConnectionArgument() throws IOException {
        Connections connections = new Connections(serve("connections:\n  a: {}\n  b: {}\n  c: {}\n", "a"));
        assertEquals("connection 'bar' not in .dbprint.yaml. Configured: ['a', 'b', 'c']",
                fault(connections, Optional.of("bar")));
    }

    @Test
    void configuredButUnservedConnectionArgument() throws IOException {
        Connections connections = new Connections(
                serve("connections:\n  arboretum:\n    auto: true\n  staging: {}\n"));
        assertEquals("connection 'staging' is configured but not served by this instance. Served: ['arboretum']. "
                + "Restart the server naming it to serve it.", fault(connections, Optional.of("staging")));
        assertThrows(DetailedFault.class, () -> connections.named("staging"));
    }

    @Test
    void servedConnectionArgumentAndDefaultResolve() throws IOException {
        Connections connections = new Connections(serve("connections:\n  arboretum:\n    auto: true\n  staging: {}\n"));
        ServedConnection arboretum = connections.resolve(Optional.of("arboretum"));
        assertEquals("arboretum", arboretum.name());
        assertSame(arboretum, connections.resolve(Optional.empty()));
    }

    @Test
    void connectionNamesAreCaseSensitive() throws IOException {
        Connections connections = new Connections(serve("connections:\n  shop: {}\n"));
        assertEquals("connection 'Shop' not in .dbprint.yaml. Configured: ['shop']",
                fault(connections, Optional.of("Shop")));
    }
}
