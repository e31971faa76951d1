package dev.dbprint.mcp.it;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.FileTime;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.atomic.AtomicInteger;

import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.TestInstance;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import org.junit.jupiter.params.provider.ValueSource;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;

/**
 * Resources end to end (spec §3, §7.2, §8.1) through the packaged jar, the same reads over stdio and over Streamable
 * HTTP, each server on a project of its own written here so a test can rewrite its files.
 */
@TestInstance(TestInstance.Lifecycle.PER_CLASS)
class ResourcesIT {

    static final String MODERN = "2026-07-28";
    static final String DDL = "-- Größe ☕ 𝄞\r\nCREATE TABLE s.orders (\r\n  id integer,\r\n  customer_id integer\r\n);\r\n";

    final List<AutoCloseable> open = new ArrayList<>();
    final List<Path> projects = new ArrayList<>();
    Client stdio;
    Client http;

    interface Client {

        /** The whole reply frame of one request. */
        JsonNode request(String method, JsonNode params);

        /** The whole reply frame of one request of the stateless era (2026-07-28), outside any session. */
        JsonNode modern(String method);

        Path project();
    }

    @BeforeAll
    void start() throws IOException {
        Path stdioProject = project(Files.createTempDirectory("dbprint-res-stdio"));
        projects.add(stdioProject);
        ServerProcess s = ServerProcess.start(stdioProject);
        open.add(s);
        s.initialize("2025-06-18");
        stdio = new Client() {

            @Override
            public JsonNode request(String method, JsonNode params) {
                return s.request(method, params);
            }

            @Override
            public JsonNode modern(String method) {
                return s.request(method, modernParams());
            }

            @Override
            public Path project() {
                return stdioProject;
            }
        };
        Path httpProject = project(Files.createTempDirectory("dbprint-res-http"));
        projects.add(httpProject);
        ServerProcess h = ServerProcess.start(httpProject, "--transport", "http", "--port", "0");
        open.add(h);
        int port = h.awaitListening();
        http = new HttpSession(port, httpProject);
    }

    @AfterAll
    void stop() throws Exception {
        for (AutoCloseable c : open) {
            c.close();
        }
        for (Path p : projects) {
            try (var walk = Files.walk(p)) {
                for (Path f : walk.sorted(java.util.Comparator.reverseOrder()).toList()) {
                    Files.delete(f);
                }
            }
        }
    }

    Client client(String transport) {
        return transport.equals("stdio") ? stdio : http;
    }

    static Path project(Path dir) {
        write(dir, ".dbprint.yaml", "connections:\n  shop:\n    adapter: postgres\n");
        write(dir, "prints/shop/manifest.yaml", """
                format_version: 1
                connection: shop
                tables:
                  s.orders:
                    type: table
                    path: s/orders
                    artifacts:
                      ddl: ddl.sql
                      statistics: statistics.yaml
                      relationships: relationships.yaml
                """);
        write(dir, "prints/shop/reading.md", guide(""));
        write(dir, "prints/shop/s/orders/ddl.sql", DDL);
        write(dir, "prints/shop/s/orders/statistics.yaml", "format_version: 1\ntable: s.orders  # as written\n");
        write(dir, "prints/shop/s/orders/relationships.yaml", """
                format_version: 1
                table: s.orders
                refers_to:
                - column: [customer_id]
                  target_table: s.customers
                  target_column: [id]
                  detection: inferred
                referenced_by: []
                """);
        write(dir, "prints/shop/s/orders/relationships.annotations.yaml", """
                format_version: 1
                refers_to:
                - column: [customer_id]
                  target_table: s.customers
                  target_column: [id]
                  verdict: rejected
                """);
        return dir;
    }

    /** A reading guide long enough to be read in several pages. */
    static String guide(String tail) {
        StringBuilder sb = new StringBuilder();
        for (int i = 0; i < 2000; i++) {
            sb.append("Zeile ").append(i).append(": \"größe\" ☕\r\n");
        }
        return sb.append(tail).toString();
    }

    static void write(Path dir, String relative, String text) {
        try {
            Path file = dir.resolve(relative);
            Files.createDirectories(file.getParent());
            Files.writeString(file, text, StandardCharsets.UTF_8);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    /** The {@code _meta} a 2026-07-28 request carries: the revision and the client's capabilities. */
    static ObjectNode modernParams() {
        ObjectNode params = ServerProcess.JSON.createObjectNode();
        ObjectNode meta = params.putObject("_meta").put("io.modelcontextprotocol/protocolVersion", MODERN);
        meta.putObject("io.modelcontextprotocol/clientCapabilities");
        return params;
    }

    static JsonNode read(Client c, String uri) {
        return c.request("resources/read", ServerProcess.JSON.createObjectNode().put("uri", uri));
    }

    static JsonNode content(Client c, String uri) {
        JsonNode reply = read(c, uri);
        assertFalse(reply.has("error"), reply.toString());
        JsonNode contents = reply.path("result").path("contents");
        assertEquals(1, contents.size(), reply.toString());
        return contents.get(0);
    }

    static void assertError(JsonNode reply, int code, String message) {
        assertEquals(code, reply.path("error").path("code").asInt(), reply.toString());
        assertEquals(message, reply.path("error").path("message").asText(), reply.toString());
    }

    @ParameterizedTest
    @ValueSource(strings = {"stdio", "http"})
    void listEnumeratesInOrder(String transport) {
        JsonNode result = client(transport).request("resources/list", null).path("result");
        List<String> uris = new ArrayList<>();
        result.path("resources").forEach(r -> uris.add(r.path("uri").asText()));
        assertEquals(List.of("dbprint:///reference/spec", "dbprint:///reference/assertions", "dbprint://shop/manifest",
                "dbprint://shop/diff", "dbprint://shop/reading", "dbprint://shop/s.orders/ddl",
                "dbprint://shop/s.orders/statistics", "dbprint://shop/s.orders/relationships",
                "dbprint://shop/s.orders/relationships_annotations"), uris);
        assertFalse(result.has("nextCursor"));
        JsonNode first = result.path("resources").get(5);
        assertEquals("application/sql", first.path("mimeType").asText());
        assertEquals("shop/s.orders/ddl", first.path("name").asText());
        assertTrue(first.path("description").asText().contains("get_table_context"));
    }

    @ParameterizedTest
    @CsvSource({"stdio,2025-06-18", "stdio," + MODERN, "http,2025-06-18", "http," + MODERN})
    void eachListedFileIsDatedByItsModificationTime(String transport, String era) throws IOException {
        Client c = client(transport);
        Path ddl = c.project().resolve("prints/shop/s/orders/ddl.sql");
        Files.setLastModifiedTime(ddl, FileTime.from(Instant.parse("2026-03-01T09:30:00.1234567Z")));
        JsonNode reply = era.equals(MODERN) ? c.modern("resources/list") : c.request("resources/list", null);
        Map<String, JsonNode> byUri = new LinkedHashMap<>();
        reply.path("result").path("resources").forEach(r -> byUri.put(r.path("uri").asText(), r));
        assertEquals(ServerProcess.JSON.readTree("{\"lastModified\":\"2026-03-01T09:30:00.123456700Z\"}"),
                byUri.get("dbprint://shop/s.orders/ddl").get("annotations"), reply.toString());
        Path manifest = c.project().resolve("prints/shop/manifest.yaml");
        assertEquals(Files.getLastModifiedTime(manifest).toInstant().toString(),
                byUri.get("dbprint://shop/manifest").path("annotations").path("lastModified").asText());
        // the reference documents are no print file, and no diff.yaml was written
        for (String undated : List.of("dbprint:///reference/spec", "dbprint:///reference/assertions",
                "dbprint://shop/diff")) {
            assertFalse(byUri.get(undated).has("annotations"), undated);
        }
    }

    @ParameterizedTest
    @ValueSource(strings = {"stdio", "http"})
    void templatesCoverEveryPattern(String transport) {
        JsonNode t = client(transport).request("resources/templates/list", null).path("result").path("resourceTemplates");
        assertEquals(11, t.size());
        assertEquals("dbprint:///reference/{document}{?page,version}", t.get(0).path("uriTemplate").asText());
        assertEquals("dbprint://{connection}/{table}/statistics{?page,version}", t.get(6).path("uriTemplate").asText());
    }

    @ParameterizedTest
    @ValueSource(strings = {"stdio", "http"})
    void readsAreByteForByteAndFiltered(String transport) throws IOException {
        Client c = client(transport);
        JsonNode ddl = content(c, "dbprint://shop/s.orders/ddl");
        assertEquals(DDL, ddl.path("text").asText());
        assertEquals("application/sql", ddl.path("mimeType").asText());
        assertEquals(1, ddl.path("_meta").path("pages").asInt());
        assertEquals(Files.readString(c.project().resolve("prints/shop/s/orders/statistics.yaml")),
                content(c, "dbprint://shop/s/orders/statistics").path("text").asText());
        assertEquals("format_version: 1\ntable: s.orders\nrefers_to: []\nreferenced_by: []\n",
                content(c, "dbprint://shop/s.orders/relationships").path("text").asText());
        assertTrue(content(c, "dbprint:///reference/spec").path("text").asText().startsWith("#"));
    }

    @ParameterizedTest
    @ValueSource(strings = {"stdio", "http"})
    void aMultiPageReadConcatenatesAndARewriteStalesTheLaterPages(String transport) {
        Client c = client(transport);
        write(c.project(), "prints/shop/reading.md", guide(transport));
        JsonNode first = content(c, "dbprint://shop/reading");
        int pages = first.path("_meta").path("pages").asInt();
        String version = first.path("_meta").path("version").asText();
        assertTrue(pages > 1);
        StringBuilder whole = new StringBuilder(first.path("text").asText());
        for (int p = 2; p <= pages; p++) {
            whole.append(content(c, "dbprint://shop/reading?page=" + p + "&version=" + version).path("text").asText());
        }
        assertEquals(guide(transport), whole.toString());
        write(c.project(), "prints/shop/reading.md", guide(transport + " rewritten"));
        String page2 = "dbprint://shop/reading?page=2&version=" + version;
        assertError(read(c, page2), -32602, "'" + page2 + "': the file changed on disk since that version was read."
                + " Read page 1 again for its current version.");
    }

    @ParameterizedTest
    @ValueSource(strings = {"stdio", "http"})
    void errorsAreJsonRpcErrorsWithTheirDetail(String transport) {
        Client c = client(transport);
        assertError(read(c, "foo"), -32602, "URI 'foo' does not match the dbprint:// scheme.");
        assertError(read(c, "dbprint://shop/nope/ddl"), -32602,
                "table 'nope' not found in connection 'shop'. Call list_tables with connection 'shop' for valid names.");
        assertError(read(c, "dbprint://shop/s.orders/description"), -32602,
                "description.md is optional and not authored for table 's.orders'.");
        assertError(read(c, "dbprint://shop/diff"), -32603, "no diff available at "
                + c.project().resolve("prints/shop/diff.yaml").toAbsolutePath().normalize()
                + ". Run dbprint diff or dbprint generate first.");
        assertError(read(c, "dbprint://other/manifest"), -32602,
                "connection 'other' not in .dbprint.yaml. Configured: ['shop']");
        assertError(c.request("resources/list", ServerProcess.JSON.createObjectNode().put("cursor", "x")), -32602,
                "cursor 'x' is not one this server issued. Pass back a reply's `nextCursor` unchanged, or call again"
                        + " without `cursor` for the first page.");
        // the server keeps serving after every fault (§8.3)
        assertEquals(DDL, content(c, "dbprint://shop/s.orders/ddl").path("text").asText());
    }

    /** A Streamable HTTP session on the server's /mcp endpoint. */
    static final class HttpSession implements Client {

        private final HttpClient client = HttpClient.newBuilder().version(HttpClient.Version.HTTP_1_1)
                .connectTimeout(Duration.ofSeconds(5)).build();
        private final int port;
        private final Path project;
        private final AtomicInteger ids = new AtomicInteger();
        private final String session;

        HttpSession(int port, Path project) {
            this.port = port;
            this.project = project;
            ObjectNode params = ServerProcess.JSON.createObjectNode().put("protocolVersion", "2025-06-18");
            params.putObject("capabilities");
            params.putObject("clientInfo").put("name", "resources-it").put("version", "0");
            HttpResponse<String> init = post(ServerProcess.message(ids.incrementAndGet(), "initialize", params), null);
            session = init.headers().firstValue("Mcp-Session-Id").orElseThrow();
        }

        @Override
        public JsonNode request(String method, JsonNode params) {
            HttpResponse<String> r = post(ServerProcess.message(ids.incrementAndGet(), method, params), session);
            assertEquals(200, r.statusCode(), r.body());
            return ServerProcess.parse(r.body());
        }

        @Override
        public JsonNode modern(String method) {
            HttpResponse<String> r = post(ServerProcess.message(ids.incrementAndGet(), method, modernParams()), null,
                    "MCP-Protocol-Version", MODERN, "Mcp-Method", method);
            assertEquals(200, r.statusCode(), r.body());
            assertTrue(r.headers().firstValue("Mcp-Session-Id").isEmpty(), "no session is minted");
            return ServerProcess.parse(r.body());
        }

        @Override
        public Path project() {
            return project;
        }

        private HttpResponse<String> post(JsonNode frame, String sessionId, String... headers) {
            HttpRequest.Builder b = HttpRequest.newBuilder(URI.create("http://127.0.0.1:" + port + "/mcp"))
                    .timeout(Duration.ofSeconds(15)).header("Content-Type", "application/json")
                    .header("Accept", "application/json, text/event-stream")
                    .POST(HttpRequest.BodyPublishers.ofString(ServerProcess.write(frame)));
            if (sessionId != null) {
                b.header("Mcp-Session-Id", sessionId);
            }
            if (headers.length > 0) {
                b.headers(headers);
            }
            try {
                return client.send(b.build(), HttpResponse.BodyHandlers.ofString());
            } catch (IOException e) {
                throw new UncheckedIOException(e);
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                throw new IllegalStateException(e);
            }
        }
    }
}
