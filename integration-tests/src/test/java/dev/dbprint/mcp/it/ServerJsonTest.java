package dev.dbprint.mcp.it;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

import org.junit.jupiter.api.Test;

import com.fasterxml.jackson.databind.JsonNode;

/**
 * {@code server.json} at the repository's root, the entry a maintainer publishes to the official MCP Registry, against
 * what the registry's schema (server.schema.json of 2025-09-29 and 2025-12-11) requires of it, and in step with the
 * project: its version is the build's, its image is tagged with it and carries the same server name as a label.
 */
class ServerJsonTest {

    private static final Path FILE = Path.of("../server.json").toAbsolutePath().normalize();
    /** The top-level fields the schema defines; it refuses others. */
    private static final Set<String> FIELDS = Set.of("$schema", "name", "title", "description", "repository", "version",
            "websiteUrl", "icons", "packages", "remotes", "_meta");
    private static final Pattern VARIABLE = Pattern.compile("\\{([^}]+)}");

    @Test
    void holdsWhatTheRegistrysSchemaRequires() throws IOException {
        JsonNode server = read();
        assertTrue(server.path("$schema").asText()
                .matches("https://static\\.modelcontextprotocol\\.io/schemas/\\d{4}-\\d{2}-\\d{2}/server\\.schema\\.json"),
                server.path("$schema").asText());
        server.fieldNames().forEachRemaining(f -> assertTrue(FIELDS.contains(f), "not a server.json field: " + f));
        String name = server.path("name").asText();
        assertTrue(name.matches("[a-zA-Z0-9.-]+/[a-zA-Z0-9._-]+") && name.length() <= 200, name);
        int description = server.path("description").asText().length();
        assertTrue(description >= 1 && description <= 100, "description of " + description + " characters");
        assertTrue(server.path("repository").path("url").isTextual() && server.path("repository").path("source").isTextual(),
                server.path("repository").toString());
        assertTrue(server.path("packages").size() > 0, "no package");
        for (JsonNode pkg : server.path("packages")) {
            for (String field : List.of("registryType", "identifier")) {
                assertTrue(pkg.path(field).isTextual(), field + " missing in " + pkg);
            }
            JsonNode transport = pkg.path("transport");
            assertTrue(Set.of("stdio", "streamable-http", "sse").contains(transport.path("type").asText()), pkg.toString());
            assertEquals(!transport.path("type").asText().equals("stdio"), transport.path("url").isTextual(),
                    "an HTTP transport names its url, stdio none: " + transport);
            for (String list : List.of("runtimeArguments", "packageArguments")) {
                pkg.path(list).forEach(ServerJsonTest::assertArgument);
            }
        }
    }

    @Test
    void offersStdioAndStreamableHttp() throws IOException {
        List<String> transports = new ArrayList<>();
        read().path("packages").forEach(p -> transports.add(p.path("transport").path("type").asText()));
        assertEquals(List.of("stdio", "streamable-http"), transports);
    }

    /** A version bump without server.json would list the previous release under the new version's name, or not at all. */
    @Test
    void isVersionedWithTheProject() throws IOException {
        JsonNode server = read();
        String version = ServerProcess.projectVersion();
        assertEquals(version, server.path("version").asText(), FILE.toString());
        for (JsonNode pkg : server.path("packages")) {
            // the registry reads an image's version from its tag, and refuses a separate version field beside it
            assertTrue(pkg.path("identifier").asText().endsWith(":" + version), pkg.toString());
            assertFalse(pkg.has("version"), pkg.toString());
        }
    }

    /** The registry accepts an image only when its label names the server that lists it. */
    @Test
    void theImageIsLabelledWithTheServersName() throws IOException {
        assertEquals(read().path("name").asText(),
                ContainerRecipe.read().labels().get("io.modelcontextprotocol.server.name"), ContainerRecipe.FILE.toString());
    }

    private static void assertArgument(JsonNode argument) {
        String type = argument.path("type").asText();
        assertTrue(type.equals("named")
                ? argument.path("name").isTextual()
                : type.equals("positional") && (argument.has("valueHint") || argument.has("value")), argument.toString());
        Matcher used = VARIABLE.matcher(argument.path("value").asText());
        while (used.find()) {
            assertTrue(argument.path("variables").has(used.group(1)), "undeclared {" + used.group(1) + "} in " + argument);
        }
    }

    private static JsonNode read() throws IOException {
        return ServerProcess.JSON.readTree(FILE.toFile());
    }
}
