package dev.dbprint.mcp.it;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.io.OutputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.UUID;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;

/**
 * A sample print made hostile, served over stdio with a 256 MB heap: an alias bomb, a 50 MB statistics file, YAML
 * nested 20,000 deep, invalid UTF-8, and manifest entries whose path climbs out with {@code ..}, is absolute, runs
 * through a symlink out of the connection root, or declares a directory where a file belongs. A secret planted outside
 * the root must appear in no reply; every resource URI of every table (pages followed) and every advertised tool on
 * every table must be answered with a well-formed reply, the broken files with the spec's -32603 parse error, and the
 * process must stay up without running out of memory.
 */
class HostilePrintIT {

    @Test
    void hostileFilesDegradeCleanlyAndNothingOutsideTheRootIsServed(@TempDir Path dir) throws IOException {
        String secret = "SECRET-" + UUID.randomUUID();
        Path project = SamplePrint.copyTo(dir.resolve("project"));
        Path root = SamplePrint.root(project);
        Path outside = Files.createDirectories(dir.resolve("outside"));
        for (String f : List.of("ddl.sql", "statistics.yaml", "relationships.yaml", "description.md")) {
            Files.writeString(outside.resolve(f), "# " + secret + "\ntable: " + secret + "\n");
        }
        Files.writeString(project.resolve("prints/" + secret + ".yaml"), secret);

        String bomb = "a: &a [\"lol\",\"lol\",\"lol\",\"lol\",\"lol\",\"lol\",\"lol\",\"lol\",\"lol\"]\n";
        for (char c = 'b'; c <= 'k'; c++) {
            bomb += c + ": &" + c + " [*" + (char) (c - 1) + ",*" + (char) (c - 1) + ",*" + (char) (c - 1) + ",*"
                    + (char) (c - 1) + ",*" + (char) (c - 1) + ",*" + (char) (c - 1) + ",*" + (char) (c - 1) + ",*"
                    + (char) (c - 1) + ",*" + (char) (c - 1) + "]\n";
        }
        Files.writeString(root.resolve("rental/bike/statistics.yaml"), bomb);
        writeHuge(root.resolve("rental/customer/statistics.yaml"), 50L * 1024 * 1024);
        Files.writeString(root.resolve("rental/ride/statistics.yaml"), "columns: " + "[".repeat(20_000));
        byte[] utf8 = Files.readAllBytes(root.resolve("rental/station/statistics.yaml"));
        utf8[40] = (byte) 0xff;
        utf8[41] = (byte) 0xfe;
        Files.write(root.resolve("rental/station/statistics.yaml"), utf8);

        Files.createDirectories(root.resolve("evil/dir/statistics.yaml"));
        Files.createSymbolicLink(root.resolve("evil/link"), outside);
        Files.writeString(root.resolve("manifest.yaml"), Files.readString(root.resolve("manifest.yaml"))
                + entry("evil.dotdot", "../../../outside") + entry("evil.absolute", outside.toString())
                + entry("evil.link", "evil/link") + entry("evil.dir", "evil/dir"));

        List<String> tables = SamplePrint.tables(project);
        try (ServerProcess server = ServerProcess.start(FuzzIT.HEAP, project)) {
            server.initialize("2025-11-25");
            List<JsonNode> replies = new ArrayList<>();
            replies.add(server.request("resources/list", null));
            for (String table : tables) {
                for (String artifact : FrameFuzzer.ARTIFACTS) {
                    for (String uri : List.of("dbprint://shop/" + table + "/" + artifact,
                            "dbprint://shop/" + table.replace('.', '/') + "/" + artifact)) {
                        replies.addAll(readAllPages(server, uri));
                    }
                }
            }
            for (String artifact : FrameFuzzer.CONNECTION_ARTIFACTS) {
                replies.addAll(readAllPages(server, "dbprint://shop/" + artifact));
            }
            for (JsonNode tool : server.request("tools/list", null).path("result").path("tools")) {
                for (String table : tables) {
                    ObjectNode params = ServerProcess.JSON.createObjectNode().put("name", tool.get("name").asText());
                    params.set("arguments", ToolArguments.forTable(tool, table, "SECRET"));
                    replies.add(server.request("tools/call", params));
                    if (!tool.path("inputSchema").path("properties").has("table")) {
                        break; // a tool without a table argument answers the same for every table
                    }
                }
            }

            for (JsonNode reply : replies) {
                String text = reply.toString();
                assertEquals(null, FuzzIT.messageProblem(text), FuzzIT.abbreviate(text));
                assertFalse(text.contains(secret), "a byte from outside the connection root was served: "
                        + FuzzIT.abbreviate(text));
            }
            for (String line : server.stdoutLines()) {
                assertFalse(line.contains(secret), "stdout carried the secret: " + FuzzIT.abbreviate(line));
            }
            for (String broken : List.of("rental.bike", "rental.customer", "rental.ride", "rental.station")) {
                JsonNode r = server.request("resources/read",
                        ServerProcess.JSON.createObjectNode().put("uri", "dbprint://shop/" + broken + "/statistics"));
                if (broken.equals("rental.customer") && r.has("result")) {
                    continue; // 50 MB of valid YAML may be served, a page at a time
                }
                assertEquals(-32603, r.path("error").path("code").asInt(), broken + ": " + FuzzIT.abbreviate(r.toString()));
                assertTrue(r.path("error").path("message").asText().contains("statistics.yaml"), r.toString());
            }
            for (String evil : List.of("evil.dotdot", "evil.absolute", "evil.link", "evil.dir")) {
                JsonNode r = server.request("resources/read",
                        ServerProcess.JSON.createObjectNode().put("uri", "dbprint://shop/" + evil + "/ddl"));
                assertTrue(r.has("error"), evil + " was served: " + FuzzIT.abbreviate(r.toString()));
            }
            assertTrue(server.isAlive(), server.stderr());
            assertFalse(server.stderr().contains("OutOfMemoryError"), server.stderr());
            assertEquals("dbprint", server.request("initialize", ServerProcess.JSON.createObjectNode()
                    .put("protocolVersion", "2025-11-25")).path("result").path("serverInfo").path("name").asText());
        }
    }

    /** Page 1 and, when it reports more, every later page with its version. */
    private static List<JsonNode> readAllPages(ServerProcess server, String uri) {
        List<JsonNode> pages = new ArrayList<>();
        JsonNode first = server.request("resources/read", ServerProcess.JSON.createObjectNode().put("uri", uri));
        pages.add(first);
        JsonNode meta = first.path("result").path("contents").path(0).path("_meta");
        for (int page = 2; page <= Math.min(meta.path("pages").asInt(1), 50); page++) {
            pages.add(server.request("resources/read", ServerProcess.JSON.createObjectNode().put("uri",
                    uri + "?page=" + page + "&version=" + meta.path("version").asText())));
        }
        return pages;
    }

    private static String entry(String fqn, String path) {
        return "  " + fqn + ":\n    type: table\n    path: '" + path.replace("'", "''") + "'\n    artifacts:\n"
                + "      ddl: ddl.sql\n      statistics: statistics.yaml\n      relationships: relationships.yaml\n"
                + "      description: description.md\n    columns: 1\n    row_count: 1\n";
    }

    /** A valid statistics document of about {@code bytes}: one column with a very long value list. */
    static void writeHuge(Path file, long bytes) throws IOException {
        try (OutputStream out = Files.newOutputStream(file)) {
            out.write("format_version: 1\ntable: rental.customer\ntype: table\nrow_count: 1\ncolumns:\n  status:\n"
                    .getBytes(StandardCharsets.UTF_8));
            out.write("    sql_type: text\n    classification: categorical\n    values:\n".getBytes(StandardCharsets.UTF_8));
            long written = 0;
            for (int i = 0; written < bytes; i++) {
                byte[] item = ("    - value: v" + i + "\n      count: 1\n").getBytes(StandardCharsets.UTF_8);
                out.write(item);
                written += item.length;
            }
        }
    }
}
