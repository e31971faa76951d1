package dev.dbprint.mcp.protocol;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Collection;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import java.util.function.BooleanSupplier;

import org.junit.jupiter.api.Test;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;

import dev.dbprint.mcp.error.ProtocolError;
import dev.dbprint.mcp.paging.JsonLiteral;
import dev.dbprint.mcp.paging.Reply;
import dev.dbprint.mcp.resource.ResourceService;
import dev.dbprint.mcp.tool.ToolHarness;
import dev.dbprint.mcp.tool.call.ToolInvoker;
import dev.dbprint.mcp.tool.call.ToolMethods;
import dev.dbprint.mcp.tool.call.ToolRegistry;
import dev.dbprint.mcp.tool.call.ToolResult;

/**
 * The protocol in-process, no process spawned: real frames into a {@link Connection} of each carrier, the exact bytes,
 * status and headers out. The tool and the resources behind it are stand-ins (their own tests cover them); what is
 * checked here is the envelope, the era each frame is served under, the headers, the sessions and cancellation.
 */
class ConnectionTest {

    private static final String META = "\"_meta\":{\"io.modelcontextprotocol/protocolVersion\":\"2026-07-28\","
            + "\"io.modelcontextprotocol/clientCapabilities\":{}}";
    private static final String HANDSHAKE = "{\"jsonrpc\":\"2.0\",\"id\":1,\"method\":\"initialize\",\"params\":"
            + "{\"protocolVersion\":\"2025-06-18\",\"capabilities\":{},\"clientInfo\":{\"name\":\"t\",\"version\":\"1\"}}}";

    /** What the stand-in tool answers when asked for json: its object as the tools lay it out. */
    private static final String OBJECT = "{\n  \"tables\": [\n    \"a.b\"\n  ],\n  \"total\": 1\n}";

    /** What the stand-in tool sees and does. */
    private final List<String> calls = new ArrayList<>();
    /** What each tool call's {@code cancelled} said once the call had run. */
    private final List<Boolean> cancelledSeen = new ArrayList<>();
    private Runnable duringCall = () -> {
    };
    private int warmups;
    /** Calls the read-ahead was told are under way, less those it was told ended. */
    private int underway;
    /** Calls the read-ahead was told began. */
    private int began;

    private static final ObjectMapper MAPPER = new ServerObjectMapper().objectMapper();

    private final Endpoints endpoints = endpoints(new ToolRegistry(new ToolMethods(), MAPPER));

    /** The protocol's beans wired by hand as CDI wires them, with the tools of {@code registry}. */
    private Endpoints endpoints(ToolRegistry registry) {
        ToolInvoker invoker = new ToolInvoker() {

            @Override
            public ToolResult call(String name, ObjectNode arguments, BooleanSupplier cancelled) {
                calls.add(name + arguments);
                duringCall.run();
                cancelledSeen.add(cancelled.getAsBoolean());
                return "json".equals(arguments.path("format").asText())
                        ? ToolResult.object(new Reply(OBJECT, JsonLiteral.of(OBJECT)))
                        : ToolResult.ok("tables of " + name);
            }
        };
        ResourceService resources = new ResourceService() {

            @Override
            public ObjectNode list(Optional<String> cursor) {
                ObjectNode result = new ObjectMapper().createObjectNode();
                result.putArray("resources");
                return result;
            }

            @Override
            public ObjectNode read(String uri) {
                throw ProtocolError.invalidParams("no such resource");
            }

            @Override
            public ObjectNode templates() {
                ObjectNode result = new ObjectMapper().createObjectNode();
                result.putArray("resourceTemplates");
                return result;
            }

            @Override
            public ObjectNode complete(JsonNode params) {
                ObjectNode result = new ObjectMapper().createObjectNode();
                ObjectNode completion = result.putObject("completion");
                completion.putArray("values").add(params.path("argument").path("value").asText() + "op");
                completion.put("total", 1).put("hasMore", false);
                return result;
            }
        };
        ReadAhead readAhead = new ReadAhead(null, null) {

            @Override
            void begin() {
                warmups++;
            }

            @Override
            void callBegan() {
                began++;
                underway++;
            }

            @Override
            void callEnded() {
                underway--;
            }
        };
        MethodTable methods = new MethodTable(new ToolReplies(MAPPER, registry, invoker, readAhead),
                new ResourceReplies(resources), readAhead);
        Endpoints e = new Endpoints();
        e.codec = new JsonCodec(MAPPER);
        e.batch = new Batch(new Envelope(new Notifications(readAhead), methods));
        return e;
    }

    private static String text(Answer answer) {
        return answer.body() == null ? null : new String(answer.body(), StandardCharsets.UTF_8);
    }

    /** A frame's answer, served at once. */
    private static Answer send(Connection connection, String frame, Headers headers) {
        return connection.receive(frame, headers).answer();
    }

    private static Answer send(Connection connection, String frame) {
        return send(connection, frame, Headers.NONE);
    }

    /** Headers by name, case-insensitive, each line a value. */
    private static Headers headers(String... nameValue) {
        Map<String, List<String>> lines = new HashMap<>();
        for (int i = 0; i < nameValue.length; i += 2) {
            lines.computeIfAbsent(nameValue[i].toLowerCase(), k -> new ArrayList<>()).add(nameValue[i + 1]);
        }
        return name -> lines.getOrDefault(name.toLowerCase(), List.of());
    }

    /** The headers that route a modern request. */
    private static Headers routed(String method, String name) {
        return name == null
                ? headers("MCP-Protocol-Version", "2026-07-28", "Mcp-Method", method)
                : headers("MCP-Protocol-Version", "2026-07-28", "Mcp-Method", method, "Mcp-Name", name);
    }

    private static void assertAnswer(int status, String body, Answer answer) {
        assertEquals(body, text(answer));
        assertEquals(status, answer.status());
    }

    // ---------------------------------------------------------------- stdio, legacy

    @Test
    void stdioAnswersTheEnvelopeFaultsWithTheStandardCodes() {
        Connection stdio = endpoints.stdio();
        assertEquals("{\"jsonrpc\":\"2.0\",\"id\":null,\"error\":{\"code\":-32700,\"message\":\"Parse error: empty message\"}}",
                text(send(stdio, "")));
        assertTrue(text(send(stdio, "{\"jsonrpc\":")).startsWith(
                "{\"jsonrpc\":\"2.0\",\"id\":null,\"error\":{\"code\":-32700,\"message\":\"Parse error: the message is not valid JSON ("));
        assertEquals("{\"jsonrpc\":\"2.0\",\"id\":null,\"error\":{\"code\":-32700,\"message\":\"Parse error: the message is "
                + "not valid JSON (Unexpected close marker '}': no open Object to close)\"}}", text(send(stdio, "{} }")));
        assertEquals("{\"jsonrpc\":\"2.0\",\"id\":null,\"error\":{\"code\":-32600,"
                + "\"message\":\"Invalid Request: a JSON-RPC message must be an object\"}}", text(send(stdio, "5")));
        assertEquals("{\"jsonrpc\":\"2.0\",\"id\":null,\"error\":{\"code\":-32600,"
                + "\"message\":\"Invalid Request: an empty batch\"}}", text(send(stdio, "[]")));
        assertEquals("{\"jsonrpc\":\"2.0\",\"id\":null,\"error\":{\"code\":-32600,"
                + "\"message\":\"Invalid Request: id must be a string or an integer\"}}",
                text(send(stdio, "{\"jsonrpc\":\"2.0\",\"id\":1.5,\"method\":\"ping\"}")));
        assertEquals("{\"jsonrpc\":\"2.0\",\"id\":7,\"error\":{\"code\":-32600,"
                + "\"message\":\"Invalid Request: 'jsonrpc' must be \\\"2.0\\\"\"}}",
                text(send(stdio, "{\"jsonrpc\":\"1.0\",\"id\":7,\"method\":\"ping\"}")));
        assertEquals("{\"jsonrpc\":\"2.0\",\"id\":\"a\",\"error\":{\"code\":-32600,"
                + "\"message\":\"Invalid Request: 'method' must be a string\"}}",
                text(send(stdio, "{\"jsonrpc\":\"2.0\",\"id\":\"a\",\"method\":3}")));
        assertEquals(
                "{\"jsonrpc\":\"2.0\",\"id\":2,\"error\":{\"code\":-32601,\"message\":\"Method not found: prompts/list\"}}",
                text(send(stdio, "{\"jsonrpc\":\"2.0\",\"id\":2,\"method\":\"prompts/list\"}")));
        assertEquals("{\"jsonrpc\":\"2.0\",\"id\":3,\"error\":{\"code\":-32602,"
                + "\"message\":\"Invalid params: 'params' must be an object\"}}",
                text(send(stdio, "{\"jsonrpc\":\"2.0\",\"id\":3,\"method\":\"tools/list\",\"params\":[1]}")));
        assertEquals(
                "{\"jsonrpc\":\"2.0\",\"id\":4,\"error\":{\"code\":-32602,\"message\":\"Invalid params: 'name' must be a string\"}}",
                text(send(stdio, "{\"jsonrpc\":\"2.0\",\"id\":4,\"method\":\"tools/call\",\"params\":{}}")));
        assertEquals("{\"jsonrpc\":\"2.0\",\"id\":null,\"error\":{\"code\":-32600,"
                + "\"message\":\"Invalid Request: the frame is larger than 99 bytes\"}}", text(stdio.oversize(99)));
        // a response from the client and a notification are never answered
        assertNull(text(send(stdio, "{\"jsonrpc\":\"2.0\",\"id\":9,\"result\":{}}")));
        assertNull(text(send(stdio, "{\"jsonrpc\":\"2.0\",\"method\":\"notifications/progress\"}")));
    }

    @Test
    void stdioServesTheHandshakeRevisionsAndBatches() {
        Connection stdio = endpoints.stdio();
        String handshake = text(send(stdio, HANDSHAKE));
        assertTrue(handshake.startsWith("{\"jsonrpc\":\"2.0\",\"id\":1,\"result\":{\"protocolVersion\":\"2025-06-18\","
                + "\"capabilities\":{\"resources\":{\"subscribe\":false,\"listChanged\":false},\"tools\":{\"listChanged\":false},"
                + "\"completions\":{}},"
                + "\"serverInfo\":{\"name\":\"dbprint\",\"version\":\""), handshake);
        assertEquals(1, warmups, "initialize starts the read-ahead as it is answered");
        assertNull(text(send(stdio, "{\"jsonrpc\":\"2.0\",\"method\":\"notifications/initialized\"}")));
        assertEquals(2, warmups, "as does the handshake's end, for a client that skipped initialize (once a process)");
        assertEquals("{\"jsonrpc\":\"2.0\",\"id\":1,\"result\":{}}",
                text(send(stdio, "{\"jsonrpc\":\"2.0\",\"id\":1,\"method\":\"ping\"}")));
        Turn call = stdio.receive(
                "{\"jsonrpc\":\"2.0\",\"id\":2,\"method\":\"tools/call\",\"params\":{\"name\":\"list_tables\"}}",
                Headers.NONE);
        assertTrue(call.readsPrint());
        assertEquals(
                "{\"jsonrpc\":\"2.0\",\"id\":2,\"result\":{\"content\":[{\"type\":\"text\",\"text\":\"tables of list_tables\"}],"
                        + "\"isError\":false}}",
                text(call.answer()));
        assertEquals(List.of("list_tables{}"), calls);
        Turn batch = stdio.receive("[{\"jsonrpc\":\"2.0\",\"id\":1,\"method\":\"ping\"},{\"jsonrpc\":\"2.0\",\"method\":\"x\"},"
                + "{\"jsonrpc\":\"2.0\",\"id\":2,\"method\":\"nope\"}]", Headers.NONE);
        assertTrue(batch.readsPrint(), "a batch goes to a worker");
        assertEquals("[{\"jsonrpc\":\"2.0\",\"id\":1,\"result\":{}},{\"jsonrpc\":\"2.0\",\"id\":2,\"error\":"
                + "{\"code\":-32601,\"message\":\"Method not found: nope\"}}]", text(batch.answer()));
        assertFalse(stdio.receive("{\"jsonrpc\":\"2.0\",\"id\":3,\"method\":\"tools/list\"}", Headers.NONE).readsPrint());
    }

    /** The read-ahead is told a call is under way while its tool runs, and that it ended, whether it failed or not. */
    @Test
    void theReadAheadHearsOfEachCallUnderWayUntilItIsAnswered() {
        Connection stdio = endpoints.stdio();
        List<Integer> seen = new ArrayList<>();
        duringCall = () -> seen.add(underway);
        String call = "{\"jsonrpc\":\"2.0\",\"id\":2,\"method\":\"tools/call\",\"params\":{\"name\":\"list_tables\"}}";
        assertTrue(text(send(stdio, call)).contains("\"result\""));
        duringCall = () -> {
            seen.add(underway);
            throw new IllegalStateException("the tool failed");
        };
        assertTrue(text(send(stdio, call)).contains("\"error\""));
        assertEquals(List.of(1, 1), seen);
        assertEquals(0, underway, "each call's end was heard");
    }

    /** Only a call that reads the print is under way for the read-ahead: the handshake must not build the store. */
    @Test
    void aCallThatReadsNoPrintIsNotHeardAsUnderWay() {
        Connection stdio = endpoints.stdio();
        assertTrue(text(send(stdio, HANDSHAKE)).contains("\"result\""));
        assertTrue(text(send(stdio, "{\"jsonrpc\":\"2.0\",\"id\":2,\"method\":\"ping\"}")).contains("\"result\""));
        assertTrue(text(send(stdio, "{\"jsonrpc\":\"2.0\",\"id\":3,\"method\":\"tools/list\"}")).contains("\"result\""));
        assertEquals(0, began, "initialize, ping and tools/list read no print");
        send(stdio, "{\"jsonrpc\":\"2.0\",\"id\":4,\"method\":\"tools/call\",\"params\":{\"name\":\"list_tables\"}}");
        assertEquals(1, began, "a tool call reads the print");
        assertEquals(0, underway);
    }

    @Test
    void completionIsAnsweredInBothErasAndReadsThePrint() {
        Connection stdio = endpoints.stdio();
        String params = "\"ref\":{\"type\":\"ref/resource\",\"uri\":\"dbprint://{connection}/manifest\"},"
                + "\"argument\":{\"name\":\"connection\",\"value\":\"sh\"}";
        Turn legacy = stdio.receive("{\"jsonrpc\":\"2.0\",\"id\":1,\"method\":\"completion/complete\",\"params\":{"
                + params + "}}", Headers.NONE);
        assertTrue(legacy.readsPrint(), "completion reads the manifest, so it runs on a worker");
        assertEquals("{\"jsonrpc\":\"2.0\",\"id\":1,\"result\":{\"completion\":{\"values\":[\"shop\"],\"total\":1,"
                + "\"hasMore\":false}}}", text(legacy.answer()));
        assertEquals("{\"jsonrpc\":\"2.0\",\"id\":2,\"result\":{\"completion\":{\"values\":[\"shop\"],\"total\":1,"
                + "\"hasMore\":false},\"resultType\":\"complete\"}}",
                text(send(stdio, "{\"jsonrpc\":\"2.0\",\"id\":2,\"method\":\"completion/complete\",\"params\":{"
                        + params + "," + META + "}}")));
    }

    /**
     * The registry (the tools' descriptors) is built on a thread of its own as the protocol's beans are, before any
     * tools/list or tools/call asks for it: a client that calls a tool at once no longer pays for reading the descriptors.
     */
    @Test
    void theToolsAreBuiltBeforeAnyFrameAsksForThem() throws InterruptedException {
        CountDownLatch built = new CountDownLatch(1);
        endpoints(new ToolRegistry(new ToolMethods(), MAPPER) {

            @Override
            public Collection<Tool> all() {
                built.countDown();
                return List.of();
            }
        });
        assertTrue(built.await(10, TimeUnit.SECONDS), "the registry was not asked for its tools");
    }

    // ---------------------------------------------------------------- structured tool results

    /** A tool's json result carries structuredContent, and tools/list its outputSchema, from revision 2025-06-18 on. */
    @Test
    void structuredResultsWhereTheRevisionHasThem() {
        Endpoints d = endpoints(new ToolRegistry(new ToolMethods(), MAPPER) {

            @Override
            public Collection<Tool> all() {
                return List.of(Tool.of("list_tables", List.of(), call -> null, MAPPER));
            }
        });
        String json = "{\"jsonrpc\":\"2.0\",\"id\":2,\"method\":\"tools/call\",\"params\":{\"name\":\"list_tables\","
                + "\"arguments\":{\"format\":\"json\"}";
        String md = "{\"jsonrpc\":\"2.0\",\"id\":3,\"method\":\"tools/call\",\"params\":{\"name\":\"list_tables\"";
        String list = "{\"jsonrpc\":\"2.0\",\"id\":4,\"method\":\"tools/list\",\"params\":{";
        String text = "{\"type\":\"text\",\"text\":\"{\\n  \\\"tables\\\": [\\n    \\\"a.b\\\"\\n  ],\\n  \\\"total\\\": 1\\n}\"}";
        // the text exactly as before, the same object beside it, compact
        Connection stdio = d.stdio();
        send(stdio, HANDSHAKE);
        assertEquals("{\"jsonrpc\":\"2.0\",\"id\":2,\"result\":{\"content\":[" + text + "],"
                + "\"structuredContent\":{\"tables\":[\"a.b\"],\"total\":1},\"isError\":false}}",
                text(send(stdio, json + "}}")));
        assertStructured(true, stdio, json + "}}", md + "}}", list + "}}");
        for (String older : List.of("2025-03-26", "2024-11-05")) {
            send(stdio, HANDSHAKE.replace("2025-06-18", older)); // a new handshake on the same connection agrees anew
            assertStructured(false, stdio, json + "}}", md + "}}", list + "}}");
            Connection sse = d.sseStream();
            send(sse, HANDSHAKE.replace("2025-06-18", older));
            assertStructured(false, sse, json + "}}", md + "}}", list + "}}");
            Connection http = d.streamable(10, Duration.ofMinutes(1));
            String session = send(http, HANDSHAKE.replace("2025-06-18", older), Headers.NONE).headers()
                    .get("Mcp-Session-Id");
            Headers in = headers("Mcp-Session-Id", session, "MCP-Protocol-Version", older);
            assertEquals(ToolHarness.parse("{\"content\":[" + text + "],\"isError\":false}"),
                    body(send(http, json + "}}", in)).get("result"));
        }
        send(stdio, HANDSHAKE.replace("2025-06-18", "2025-11-25"));
        assertStructured(true, stdio, json + "}}", md + "}}", list + "}}");
        assertStructured(true, d.stdio(), json + "}}", md + "}}", list + "}}"); // no handshake: the latest revision
        assertStructured(true, d.stdio(), json + "," + META + "}}", md + "," + META + "}}", list + META + "}}");
    }

    private static void assertStructured(boolean structured, Connection connection, String json, String md,
            String list) {
        JsonNode result = body(send(connection, json)).get("result");
        assertEquals(structured, result.has("structuredContent"), result::toString);
        if (structured) {
            assertEquals(ToolHarness.parse(OBJECT), result.get("structuredContent"));
            assertEquals(ToolHarness.parse(OBJECT), ToolHarness.parse(result.path("content").path(0).path("text").asText()));
        }
        assertFalse(body(send(connection, md)).get("result").has("structuredContent"), "a text reply stays text");
        assertEquals(structured, body(send(connection, list)).get("result").path("tools").path(0).has("outputSchema"));
    }

    private static JsonNode body(Answer answer) {
        return ToolHarness.parse(text(answer));
    }

    /**
     * A reply holding a lone surrogate (a client's {@code "\\ud800"} echoed back) is valid UTF-8 on every carrier, but
     * not the same bytes: written straight, the surrogate is a JSON escape; on the legacy SSE stream, whose replies were
     * always written as text, it is a question mark.
     */
    @Test
    void aLoneSurrogateIsAnEscapeInBytesAndAQuestionMarkOnSse() {
        String frame = "{\"jsonrpc\":\"2.0\",\"id\":1,\"method\":\"tools/call\",\"params\":{\"name\":\"\\ud800\"}}";
        assertEquals("{\"jsonrpc\":\"2.0\",\"id\":1,\"result\":{\"content\":[{\"type\":\"text\",\"text\":"
                + "\"tables of \\uD800\"}],\"isError\":false}}", text(send(endpoints.stdio(), frame)));
        assertEquals("{\"jsonrpc\":\"2.0\",\"id\":1,\"result\":{\"content\":[{\"type\":\"text\",\"text\":"
                + "\"tables of ?\"}],\"isError\":false}}", text(send(endpoints.sseStream(), frame)));
    }

    // ---------------------------------------------------------------- stdio, 2026-07-28

    @Test
    void stdioServesALineNamingItsRevisionAsModern() {
        Connection stdio = endpoints.stdio();
        assertEquals("{\"jsonrpc\":\"2.0\",\"id\":1,\"result\":{\"tools\":[],\"resultType\":\"complete\",\"ttlMs\":3600000,"
                + "\"cacheScope\":\"public\"}}",
                text(send(stdio, "{\"jsonrpc\":\"2.0\",\"id\":1,\"method\":\"tools/list\",\"params\":{" + META + "}}")));
        assertEquals("{\"jsonrpc\":\"2.0\",\"id\":2,\"result\":{\"content\":[{\"type\":\"text\",\"text\":\"tables of t\"}],"
                + "\"isError\":false,\"resultType\":\"complete\"}}",
                text(send(stdio,
                        "{\"jsonrpc\":\"2.0\",\"id\":2,\"method\":\"tools/call\",\"params\":{\"name\":\"t\"," + META + "}}")));
        assertEquals("{\"jsonrpc\":\"2.0\",\"id\":3,\"result\":{\"resources\":[],\"resultType\":\"complete\",\"ttlMs\":0,"
                + "\"cacheScope\":\"private\"}}",
                text(send(stdio, "{\"jsonrpc\":\"2.0\",\"id\":3,\"method\":\"resources/list\",\"params\":{" + META + "}}")));
        assertEquals("{\"jsonrpc\":\"2.0\",\"id\":4,\"error\":{\"code\":-32602,\"message\":\"no such resource\","
                + "\"data\":{\"uri\":\"dbprint://x\"}}}",
                text(send(stdio,
                        "{\"jsonrpc\":\"2.0\",\"id\":4,\"method\":\"resources/read\",\"params\":{\"uri\":\"dbprint://x\","
                                + META + "}}")));
        // ping is legacy only: a line naming 2026-07-28 does not have it
        assertEquals("{\"jsonrpc\":\"2.0\",\"id\":5,\"error\":{\"code\":-32601,\"message\":\"Method not found: ping\"}}",
                text(send(stdio, "{\"jsonrpc\":\"2.0\",\"id\":5,\"method\":\"ping\",\"params\":{" + META + "}}")));
        // server/discover is modern by its name alone, so it must carry _meta
        assertEquals("{\"jsonrpc\":\"2.0\",\"id\":6,\"error\":{\"code\":-32602,\"message\":\"Invalid params: a request must "
                + "carry params._meta with 'io.modelcontextprotocol/protocolVersion' and "
                + "'io.modelcontextprotocol/clientCapabilities'\"}}",
                text(send(stdio, "{\"jsonrpc\":\"2.0\",\"id\":6,\"method\":\"server/discover\"}")));
        String discover = text(
                send(stdio, "{\"jsonrpc\":\"2.0\",\"id\":7,\"method\":\"server/discover\",\"params\":{" + META + "}}"));
        assertTrue(discover.startsWith("{\"jsonrpc\":\"2.0\",\"id\":7,\"result\":{\"supportedVersions\":[\"2026-07-28\","
                + "\"2025-11-25\",\"2025-06-18\",\"2025-03-26\",\"2024-11-05\"],"), discover);
        assertTrue(discover.endsWith("\"resultType\":\"complete\",\"ttlMs\":3600000,\"cacheScope\":\"public\"}}"), discover);
        assertEquals("{\"jsonrpc\":\"2.0\",\"id\":8,\"error\":{\"code\":-32022,\"message\":\"Unsupported protocol version: "
                + "2025-06-18. Supported: [2026-07-28] per request, [2025-11-25, 2025-06-18, 2025-03-26, 2024-11-05] through "
                + "initialize\",\"data\":{\"supported\":[\"2026-07-28\",\"2025-11-25\",\"2025-06-18\",\"2025-03-26\","
                + "\"2024-11-05\"],\"requested\":\"2025-06-18\"}}}",
                text(send(stdio, "{\"jsonrpc\":\"2.0\",\"id\":8,\"method\":\"tools/list\",\"params\":{\"_meta\":{"
                        + "\"io.modelcontextprotocol/protocolVersion\":\"2025-06-18\","
                        + "\"io.modelcontextprotocol/clientCapabilities\":{}}}}")));
        assertEquals("{\"jsonrpc\":\"2.0\",\"id\":9,\"error\":{\"code\":-32602,\"message\":\"Invalid params: params._meta must "
                + "carry 'io.modelcontextprotocol/clientCapabilities' as an object\"}}",
                text(send(stdio, "{\"jsonrpc\":\"2.0\",\"id\":9,\"method\":\"tools/list\",\"params\":{\"_meta\":{"
                        + "\"io.modelcontextprotocol/protocolVersion\":\"2026-07-28\"}}}")));
    }

    // ---------------------------------------------------------------- cancellation

    @Test
    void aCancellationReadBeforeAWorkerTakesTheCallWithdrawsItUnstarted() {
        Connection stdio = endpoints.stdio();
        Turn call = stdio.receive("{\"jsonrpc\":\"2.0\",\"id\":\"c\",\"method\":\"tools/call\",\"params\":{\"name\":\"t\"}}",
                Headers.NONE);
        assertNull(text(
                send(stdio, "{\"jsonrpc\":\"2.0\",\"method\":\"notifications/cancelled\",\"params\":{\"requestId\":\"c\"}}")));
        assertNull(call.answer().body());
        assertEquals(List.of(), calls, "no work is started for a withdrawn call");
        // the id is free again: the same id later is a new request, answered
        assertEquals("{\"jsonrpc\":\"2.0\",\"id\":\"c\",\"result\":{}}",
                text(send(stdio, "{\"jsonrpc\":\"2.0\",\"id\":\"c\",\"method\":\"ping\"}")));
    }

    @Test
    void aCancellationOfACallInFlightWithdrawsItsAnswerInEitherEra() {
        Connection stdio = endpoints.stdio();
        duringCall = () -> send(stdio,
                "{\"jsonrpc\":\"2.0\",\"method\":\"notifications/cancelled\",\"params\":{\"requestId\":1}}");
        assertNull(send(stdio, "{\"jsonrpc\":\"2.0\",\"id\":1,\"method\":\"tools/call\",\"params\":{\"name\":\"t\"}}").body());
        assertNull(send(stdio, "{\"jsonrpc\":\"2.0\",\"id\":1,\"method\":\"tools/call\",\"params\":{\"name\":\"t\"," + META
                + "}}").body(), "a modern line on stdio is the connection's request too");
        assertEquals(2, calls.size(), "both calls ran; neither answer is sent");
        assertEquals(List.of(true, true), cancelledSeen, "each call could see that it was cancelled");
        // another client's cancellation does not reach this one's request
        Connection other = endpoints.stdio();
        duringCall = () -> send(other,
                "{\"jsonrpc\":\"2.0\",\"method\":\"notifications/cancelled\",\"params\":{\"requestId\":1}}");
        assertTrue(text(send(stdio, "{\"jsonrpc\":\"2.0\",\"id\":1,\"method\":\"tools/call\",\"params\":{\"name\":\"t\"}}"))
                .contains("\"result\""));
    }

    // ---------------------------------------------------------------- Streamable HTTP, 2026-07-28

    @Test
    void aModernPostMustRepeatItsBodyInItsHeaders() {
        Connection http = endpoints.streamable(10, Duration.ofMinutes(1));
        String call = "{\"jsonrpc\":\"2.0\",\"id\":1,\"method\":\"tools/call\",\"params\":{\"name\":\"list_tables\"," + META
                + "}}";
        assertAnswer(400, "{\"jsonrpc\":\"2.0\",\"id\":1,\"error\":{\"code\":-32020,\"message\":\"Header mismatch: the "
                + "MCP-Protocol-Version header is missing; it must repeat '2026-07-28'\"}}", send(http, call, Headers.NONE));
        assertAnswer(400, "{\"jsonrpc\":\"2.0\",\"id\":1,\"error\":{\"code\":-32020,\"message\":\"Header mismatch: the "
                + "Mcp-Method header is missing; it must repeat 'tools/call'\"}}",
                send(http, call, headers("MCP-Protocol-Version", " 2026-07-28 ")));
        assertAnswer(400, "{\"jsonrpc\":\"2.0\",\"id\":1,\"error\":{\"code\":-32020,\"message\":\"Header mismatch: Mcp-Name is "
                + "'list_columns' but the body says 'list_tables'\"}}", send(http, call, routed("tools/call", "list_columns")));
        assertAnswer(400, "{\"jsonrpc\":\"2.0\",\"id\":1,\"error\":{\"code\":-32020,\"message\":\"Header mismatch: the "
                + "Mcp-Method header is sent on 2 lines; send it once\"}}",
                send(http, call, headers("MCP-Protocol-Version", "2026-07-28", "Mcp-Method", "tools/call", "Mcp-Method",
                        "tools/call", "Mcp-Name", "list_tables")));
        Answer served = send(http, call, routed("tools/call", "list_tables"));
        assertAnswer(200, "{\"jsonrpc\":\"2.0\",\"id\":1,\"result\":{\"content\":[{\"type\":\"text\",\"text\":\"tables of "
                + "list_tables\"}],\"isError\":false,\"resultType\":\"complete\"}}", served);
        assertEquals("application/json", served.contentType());
        assertEquals(Map.of(), served.headers(), "no session is minted for a modern request");
    }

    @Test
    void aModernPostGoesOutWithItsErrorsStatus() {
        Connection http = endpoints.streamable(10, Duration.ofMinutes(1));
        assertAnswer(404, "{\"jsonrpc\":\"2.0\",\"id\":1,\"error\":{\"code\":-32601,\"message\":\"Method not found: ping\"}}",
                send(http, "{\"jsonrpc\":\"2.0\",\"id\":1,\"method\":\"ping\",\"params\":{" + META + "}}",
                        routed("ping", null)));
        assertAnswer(400,
                "{\"jsonrpc\":\"2.0\",\"id\":2,\"error\":{\"code\":-32600,\"message\":\"Invalid Request: 'jsonrpc' must "
                        + "be \\\"2.0\\\"\"}}",
                send(http, "{\"jsonrpc\":\"1\",\"id\":2,\"method\":\"tools/list\",\"params\":{" + META + "}}",
                        routed("tools/list", null)));
        assertAnswer(200, "{\"jsonrpc\":\"2.0\",\"id\":3,\"error\":{\"code\":-32602,\"message\":\"tools/list issued no cursor: "
                + "all tools fit its first page. Call it without `cursor`.\"}}",
                send(http,
                        "{\"jsonrpc\":\"2.0\",\"id\":3,\"method\":\"tools/list\",\"params\":{\"cursor\":\"x\"," + META + "}}",
                        routed("tools/list", null)));
        assertAnswer(400, "{\"jsonrpc\":\"2.0\",\"id\":4,\"error\":{\"code\":-32602,\"message\":\"Invalid params: params._meta "
                + "must carry 'io.modelcontextprotocol/protocolVersion' as a string\"}}",
                send(http, "{\"jsonrpc\":\"2.0\",\"id\":4,\"method\":\"tools/list\",\"params\":{\"_meta\":{}}}",
                        headers("Mcp-Method", "tools/list")));
        assertAnswer(400,
                "{\"jsonrpc\":\"2.0\",\"id\":null,\"error\":{\"code\":-32700,\"message\":\"Parse error: empty message\"}}",
                send(http, "", Headers.NONE));
        Answer notMessage = send(http, "{\"jsonrpc\":\"2.0\",\"id\":5}", Headers.NONE);
        assertAnswer(400, "Bad Request: not a JSON-RPC request, notification or response", notMessage);
        assertEquals("text/plain; charset=utf-8", notMessage.contentType());
        Answer notification = send(http, "{\"jsonrpc\":\"2.0\",\"method\":\"notifications/initialized\"}",
                headers("Mcp-Method", "notifications/initialized"));
        assertAnswer(202, null, notification);
        assertNull(notification.contentType());
    }

    // ---------------------------------------------------------------- Streamable HTTP, sessions

    @Test
    void aHandshakeMintsASessionWhichLaterPostsCarry() {
        Connection http = endpoints.streamable(1, Duration.ofMinutes(1));
        Answer handshake = send(http, HANDSHAKE, Headers.NONE);
        assertEquals(200, handshake.status());
        String session = handshake.headers().get("Mcp-Session-Id");
        assertEquals(32, session.length());
        Headers in = headers("Mcp-Session-Id", session, "MCP-Protocol-Version", "2025-06-18");
        Answer list = send(http, "{\"jsonrpc\":\"2.0\",\"id\":2,\"method\":\"server/discover\"}", in);
        assertAnswer(200, "{\"jsonrpc\":\"2.0\",\"id\":2,\"error\":{\"code\":-32601,\"message\":\"Method not found: "
                + "server/discover\"}}", list);
        assertEquals(Map.of("Mcp-Session-Id", session), list.headers());
        assertAnswer(202, null, send(http, "{\"jsonrpc\":\"2.0\",\"method\":\"notifications/initialized\"}", in));
        assertAnswer(400,
                "{\"jsonrpc\":\"2.0\",\"id\":3,\"error\":{\"code\":-32020,\"message\":\"Header mismatch: params._meta "
                        + "names '2026-07-28', a request served on its own with its headers checked, but it came with Mcp-Session-Id, "
                        + "where only the handshake revisions are served\"}}",
                send(http, "{\"jsonrpc\":\"2.0\",\"id\":3,\"method\":\"tools/list\",\"params\":{" + META + "}}", in));
        assertAnswer(400, "Bad Request: unsupported MCP-Protocol-Version '2099-01-01'. Supported: [2025-11-25, 2025-06-18, "
                + "2025-03-26, 2024-11-05]",
                send(http, "{\"jsonrpc\":\"2.0\",\"id\":4,\"method\":\"ping\"}",
                        headers("Mcp-Session-Id", session, "MCP-Protocol-Version", "2099-01-01")));
        Answer full = send(http, HANDSHAKE, Headers.NONE);
        assertAnswer(503, "Service Unavailable: 1 sessions are open, the most this server keeps. End one with DELETE /mcp, "
                + "or retry once an idle one has expired.", full);
        assertEquals(Map.of("Retry-After", "60"), full.headers());
        assertAnswer(400, "Bad Request: missing Mcp-Session-Id header; send initialize first",
                send(http, "[{\"jsonrpc\":\"2.0\",\"id\":5,\"method\":\"ping\"}]", Headers.NONE));
        assertAnswer(400, "Bad Request: missing Mcp-Session-Id header", http.end(Headers.NONE));
        assertAnswer(200, null, http.end(in));
        assertAnswer(404, "Not Found: unknown, ended or expired session " + session, http.end(in));
        assertAnswer(404, "Not Found: unknown, ended or expired session " + session,
                send(http, "{\"jsonrpc\":\"2.0\",\"id\":6,\"method\":\"ping\"}", in));
    }

    @Test
    void aSessionsCancellationWithdrawsItsOwnRequestsOnly() {
        Connection http = endpoints.streamable(10, Duration.ofMinutes(1));
        Headers mine = headers("Mcp-Session-Id", send(http, HANDSHAKE, Headers.NONE).headers().get("Mcp-Session-Id"));
        Headers theirs = headers("Mcp-Session-Id", send(http, HANDSHAKE, Headers.NONE).headers().get("Mcp-Session-Id"));
        String cancel = "{\"jsonrpc\":\"2.0\",\"method\":\"notifications/cancelled\",\"params\":{\"requestId\":1}}";
        String call = "{\"jsonrpc\":\"2.0\",\"id\":1,\"method\":\"tools/call\",\"params\":{\"name\":\"t\"}}";
        Turn turn = http.receive(call, mine);
        assertAnswer(202, null, send(http, cancel, theirs));
        assertEquals(200, turn.answer().status());
        turn = http.receive(call, mine);
        assertAnswer(202, null, send(http, cancel, mine));
        assertAnswer(202, null, turn.answer());
    }

    // ---------------------------------------------------------------- legacy SSE

    @Test
    void anSseStreamServesHandshakeRevisionsOnly() {
        Connection sse = endpoints.sseStream();
        Turn refused = sse.receive("[{\"jsonrpc\":\"2.0\",\"id\":1,\"method\":\"ping\"},{\"jsonrpc\":\"2.0\",\"id\":2,"
                + "\"method\":\"tools/list\",\"params\":{" + META + "}}]", Headers.NONE);
        assertFalse(refused.admitted());
        assertAnswer(400, "{\"jsonrpc\":\"2.0\",\"id\":null,\"error\":{\"code\":-32020,\"message\":\"Header mismatch: "
                + "params._meta names '2026-07-28', a request served on its own with its headers checked, but it came on the "
                + "legacy SSE transport, where only the handshake revisions are served\"}}", refused.answer());
        Turn ping = sse.receive("{\"jsonrpc\":\"2.0\",\"id\":1,\"method\":\"ping\"}", Headers.NONE);
        assertTrue(ping.admitted());
        assertArrayEquals("{\"jsonrpc\":\"2.0\",\"id\":1,\"result\":{}}".getBytes(StandardCharsets.UTF_8),
                ping.answer().body());
    }
}
