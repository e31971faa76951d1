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
 * every tool, completed a name and read a resource (src/startup/training.jsonl), not from one that only listed: the
 * first call of each tool then finds its classes in the cache. Asked of the JVM's class-loading log
 * ({@link #logOption}) once a session has made those calls ({@link #callEveryKind}): each class below is loaded by one
 * of them and by nothing a listing does, and is taken from the cache only if the recording made that call.
 */
final class TrainedCache {

    /** A class each of resolve_value, search_columns, check_sql and completion/complete loads. */
    private static final List<String> CALLED = List.of("dev.dbprint.mcp.search.ValueResolver$Resolution",
            "dev.dbprint.mcp.search.ColumnSearch$Walked", "dev.dbprint.mcp.sqlcheck.SqlReader",
            "dev.dbprint.mcp.resource.CompletionRequest");

    private TrainedCache() {
    }

    /** The JVM option that logs each class loaded, and from where, to {@code log}. */
    static String logOption(Path log) {
        return "-Xlog:class+load=info:file=" + log;
    }

    /** resolve_value, search_columns, check_sql and a completion on the sample print; each must answer. */
    static void callEveryKind(ServerProcess server) {
        tool(server, "resolve_value", args().put("table", "rental.customer").put("column", "country_code")
                .put("text", "Germany"));
        tool(server, "search_columns", args().put("text", "email"));
        tool(server, "check_sql", args().put("sql", "SELECT ride_id FROM rental.ride"));
        ObjectNode complete = args();
        complete.putObject("ref").put("type", "ref/resource").put("uri",
                "dbprint://{connection}/{table}/statistics{?page,version}");
        complete.putObject("argument").put("name", "table").put("value", "ri");
        JsonNode reply = server.request("completion/complete", complete);
        assertTrue(reply.path("result").path("completion").path("values").size() > 0, reply + server.stderr());
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

    private static void tool(ServerProcess server, String name, ObjectNode arguments) {
        JsonNode reply = server.request("tools/call", ServerProcess.JSON.createObjectNode().put("name", name)
                .set("arguments", arguments));
        assertFalse(reply.has("error") || reply.path("result").path("isError").asBoolean(), reply + server.stderr());
    }

    private static ObjectNode args() {
        return ServerProcess.JSON.createObjectNode();
    }
}
