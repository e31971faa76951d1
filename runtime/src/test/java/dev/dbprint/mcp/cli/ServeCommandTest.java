package dev.dbprint.mcp.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.net.InetAddress;
import java.net.ServerSocket;
import java.util.List;
import java.util.Optional;

import org.junit.jupiter.api.Test;

import dev.dbprint.mcp.config.ConfigError;
import dev.dbprint.mcp.protocol.ServerIdentity;

/**
 * The command line is refused before Quarkus boots, with one line saying what was wrong: each refusal here is one a
 * launcher turns into exit 1 (a {@link UsageError} with the usage text beside it; a plain {@link ConfigError} without).
 */
class ServeCommandTest {

    private static String usageError(String... args) {
        return assertThrows(UsageError.class, () -> ServeCommand.parse(args)).getMessage();
    }

    @Test
    void helpAndVersionAnswerBeforeAnythingElseIsChecked() {
        ServeCommand.Parsed help = ServeCommand.parse(new String[]{"--transport", "tcp", "--help"});
        assertEquals(Optional.of(ServeCommand.usage()), help.exitWith());
        assertEquals(List.of(), help.properties());
        assertTrue(ServeCommand.usage(false).contains("java -jar dbprint-mcp-" + ServerIdentity.version() + "-runner.jar"));
        assertEquals(Optional.of("dbprint-mcp " + ServerIdentity.version() + "\n"),
                ServeCommand.parse(new String[]{"-V"}).exitWith());
    }

    @Test
    void startedThroughTheLauncherTheUsageNamesTheCommandAndNoJar() {
        String usage = ServeCommand.usage(true);
        assertTrue(usage.startsWith("Usage: dbprint-mcp [CONN...] [--project P]"), usage);
        assertFalse(usage.contains("java -jar") || usage.contains("runner.jar"), usage);
        assertEquals(ServeCommand.usage(false).replaceFirst("\n {7}java -jar [^\n]*", ""), usage);
    }

    @Test
    void anUnknownOptionOrAMissingValueIsAUsageError() {
        assertEquals("unknown option --verbose", usageError("orders", "--verbose"));
        assertEquals("--project needs a value", usageError("--project"));
        assertEquals("--transport must be stdio or http, not 'tcp'", usageError("--transport=tcp"));
    }

    @Test
    void hostAndPortBelongToHttpWhichNeedsAPortInRange() {
        assertEquals("--host and --port apply only with --transport http", usageError("--port", "8080"));
        assertEquals("--transport http needs --port N", usageError("--transport", "http"));
        assertEquals("--port must be a TCP port number from 1 to 65535, or 0 for any free one, not '65536'",
                usageError("--transport", "http", "--port=65536"));
        assertEquals("--port must be a TCP port number from 1 to 65535, or 0 for any free one, not 'eighty'",
                usageError("--transport", "http", "--port", "eighty"));
    }

    @Test
    void aHostOffLoopbackIsRefusedAsConfigurationNotUsage() {
        ConfigError e = assertThrows(ConfigError.class,
                () -> ServeCommand.parse(new String[]{"--transport", "http", "--host", "0.0.0.0", "--port", "0"}));
        assertEquals(ConfigError.class, e.getClass());
        assertEquals("--host 0.0.0.0 is not a loopback address; the server binds only to 127.0.0.1, ::1 or localhost",
                e.getMessage());
    }

    @Test
    void aPortAlreadyBoundIsRefusedBeforeAnythingBoots() throws IOException {
        try (ServerSocket taken = new ServerSocket(0, 1, InetAddress.getByName("127.0.0.1"))) {
            int port = taken.getLocalPort();
            ConfigError e = assertThrows(ConfigError.class,
                    () -> ServeCommand.parse(new String[]{"--transport", "http", "--port", String.valueOf(port)}));
            assertEquals("port " + port + " on 127.0.0.1 is already in use; choose another with --port N, or --port 0 "
                    + "for any free port", e.getMessage());
        }
    }
}
