package dev.dbprint.mcp.it;

import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;

/**
 * Whether a start-up cache (a JDK 25 AOT cache, a class-data-sharing archive) was recorded from a session that called
 * every tool, paged a reply, completed a name and read a resource (src/startup/training.jsonl), not from one that only listed: the
 * first call of each tool then finds its classes in the cache. Asked of the JVM's class-loading log
 * ({@link #logOption}) once a session has made those calls ({@link #callEveryKind}) over an index an earlier session
 * filled: each class below is loaded by one of them and by nothing a listing does, and is taken from the cache only if
 * the recording made that call, and read the print both ways, from the index and afresh.
 */
final class TrainedCache {

    /**
     * A class each of resolve_value, search_columns, check_sql and completion/complete loads; then what a manifest
     * decoded from the index, a table's timeline and a value's nearest spellings load; then what a cursor's minting and
     * opening load ({@link #callPaged}) and no reply of one page does.
     */
    private static final List<String> CALLED = List.of("dev.dbprint.mcp.search.ValueResolver$Resolution",
            "dev.dbprint.mcp.search.ColumnSearch$Walked", "dev.dbprint.mcp.sqlcheck.SqlReader",
            "dev.dbprint.mcp.resource.CompletionRequest", "dev.dbprint.mcp.print.store.ManifestForm$Named",
            "dev.dbprint.mcp.print.model.Statistics$Timeline", "dev.dbprint.mcp.search.ValueResolver$Scored",
            "java.util.Base64$Encoder", "java.util.Base64$Decoder");

    private TrainedCache() {
    }

    /** The JVM option that logs each class loaded, and from where, to {@code log}. */
    static String logOption(Path log) {
        return "-Xlog:class+load=info:file=" + log;
    }

    /**
     * list_tables, get_table_context of a table with a timeline, resolve_value of a stored value and of a near miss,
     * search_columns, check_sql and a completion on the sample print; each must answer.
     */
    static void callEveryKind(ServerProcess server) {
        tool(server, "list_tables", args());
        tool(server, "get_table_context", args().put("table", "rental.customer"));
        tool(server, "resolve_value", args().put("table", "rental.customer").put("column", "country_code")
                .put("text", "Germany"));
        tool(server, "resolve_value", args().put("table", "rental.bike").put("column", "status").put("text", "retird"));
        tool(server, "search_columns", args().put("text", "email"));
        tool(server, "check_sql", args().put("sql", "SELECT ride_id FROM rental.ride"));
        ObjectNode complete = args();
        complete.putObject("ref").put("type", "ref/resource").put("uri",
                "dbprint://{connection}/{table}/statistics{?page,version}");
        complete.putObject("argument").put("name", "table").put("value", "ri");
        JsonNode reply = server.request("completion/complete", complete);
        assertTrue(reply.path("result").path("completion").path("values").size() > 0, reply + server.stderr());
    }

    /**
     * get_table_context of the sample's largest table in json, a reply of more than one page, then its second page:
     * the process mints its first cursor and opens it. Kept apart from {@link #callEveryKind}, whose one-page replies
     * set up no security provider.
     */
    static void callPaged(ServerProcess server) {
        ObjectNode arguments = args().put("table", "rental.ride").put("format", "json");
        String cursor = tool(server, "get_table_context", arguments).path("structuredContent").path("next_cursor")
                .asText("");
        assertFalse(cursor.isEmpty(), "the first page names no next_cursor: " + server.stderr());
        tool(server, "get_table_context", arguments.put("cursor", cursor));
    }

    /** Every class of {@link #CALLED} was loaded from the cache. */
    static void assertLoadedFromCache(Path log) throws IOException {
        List<String> lines = Files.readAllLines(log);
        for (String name : CALLED) {
            assertTrue(lines.stream().anyMatch(l -> l.contains(" " + name + " source: shared objects file")),
                    name + " was not taken from the start-up cache: the recording made no call that loads it; see "
                            + log);
        }
    }

    private static JsonNode tool(ServerProcess server, String name, ObjectNode arguments) {
        JsonNode reply = server.request("tools/call", ServerProcess.JSON.createObjectNode().put("name", name)
                .set("arguments", arguments));
        assertFalse(reply.has("error") || reply.path("result").path("isError").asBoolean(), reply + server.stderr());
        return reply.path("result");
    }

    private static ObjectNode args() {
        return ServerProcess.JSON.createObjectNode();
    }
}
