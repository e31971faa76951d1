package dev.dbprint.mcp.interop;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

import io.modelcontextprotocol.client.McpClient;
import io.modelcontextprotocol.client.McpSyncClient;
import io.modelcontextprotocol.client.transport.HttpClientStreamableHttpTransport;
import io.modelcontextprotocol.client.transport.ServerParameters;
import io.modelcontextprotocol.client.transport.StdioClientTransport;
import io.modelcontextprotocol.json.McpJsonDefaults;
import io.modelcontextprotocol.json.McpJsonMapper;
import io.modelcontextprotocol.json.schema.JsonSchemaValidator;
import io.modelcontextprotocol.json.schema.jackson3.DefaultJsonSchemaValidator;
import io.modelcontextprotocol.spec.McpClientTransport;
import io.modelcontextprotocol.spec.McpSchema.CallToolRequest;
import io.modelcontextprotocol.spec.McpSchema.CallToolResult;
import io.modelcontextprotocol.spec.McpSchema.CompleteRequest;
import io.modelcontextprotocol.spec.McpSchema.CompleteRequest.CompleteArgument;
import io.modelcontextprotocol.spec.McpSchema.CompleteRequest.CompleteContext;
import io.modelcontextprotocol.spec.McpSchema.CompleteResult;
import io.modelcontextprotocol.spec.McpSchema.InitializeResult;
import io.modelcontextprotocol.spec.McpSchema.ReadResourceRequest;
import io.modelcontextprotocol.spec.McpSchema.ReadResourceResult;
import io.modelcontextprotocol.spec.McpSchema.Resource;
import io.modelcontextprotocol.spec.McpSchema.ResourceReference;
import io.modelcontextprotocol.spec.McpSchema.TextContent;
import io.modelcontextprotocol.spec.McpSchema.TextResourceContents;
import io.modelcontextprotocol.spec.McpSchema.Tool;

/**
 * The packaged server driven by an independent client, the official Java MCP SDK: its own framing, session handling and
 * JSON binding must accept every reply we send, over stdio and over Streamable HTTP. The server under test is the runner
 * jar (failsafe property {@code runner.jar}) serving the bundled sample project ({@code sample.project}). The client
 * validates structured tool results against the declared output schemas, as this SDK does when asked to.
 */
class OfficialJavaSdkIT {

    private static final Duration TIMEOUT = Duration.ofSeconds(20);
    private static final McpJsonMapper JSON = McpJsonDefaults.getMapper();
    private static final List<String> TOOLS = List.of("check_sql", "get_diff", "get_manifest", "get_reference",
            "get_table_context", "list_tables", "resolve_value", "search_columns");
    private static final List<String> SAMPLE_TABLES = List.of("rental.bike", "rental.customer", "rental.ride",
            "rental.station", "rental.station_daily_usage", "rental.tariff");

    @Test
    @Timeout(45)
    @SuppressWarnings("unchecked")
    void stdioSessionListsAndCallsToolsReadsResourcesAndCompletesATemplate() throws IOException {
        ServerParameters server = ServerParameters.builder(RunnerJar.java())
                .args("-jar", RunnerJar.jar().toString(), "--project", RunnerJar.sampleProject().toString()).build();
        try (McpSyncClient client = client(new StdioClientTransport(server, JSON))) {
            InitializeResult init = client.initialize();
            assertEquals("dbprint", init.serverInfo().name());
            assertTrue(init.protocolVersion().compareTo("2025-06-18") >= 0, "a revision with structured results");

            List<Tool> tools = client.listTools().tools();
            assertEquals(TOOLS, tools.stream().map(Tool::name).sorted().toList());
            for (Tool tool : tools) {
                assertEquals(Boolean.TRUE, tool.annotations().readOnlyHint(), tool.name());
            }

            assertEquals(List.of("get_diff", "get_manifest", "list_tables", "resolve_value", "search_columns"),
                    tools.stream().filter(t -> t.outputSchema() != null).map(Tool::name).sorted().toList());
            CallToolResult listed = call(client, "list_tables", Map.of());
            Map<String, Object> tables = json(text(listed));
            assertEquals(SAMPLE_TABLES, tables.get("tables"));
            assertEquals(6, tables.get("total"));
            assertEquals(List.of("rental.maintenance_event"), tables.get("failed_tables"));
            // the client validated the structured result against the schema tools/list declared, and let it through
            assertEquals(tables, listed.structuredContent());
            assertEquals(List.of(tables), validated);
            // a fault of a tool declaring a schema: isError and text alone, which the client hands back unvalidated
            CallToolResult fault = client.callTool(new CallToolRequest("resolve_value",
                    Map.of("table", "rental.nope", "column", "x", "text", "y")));
            assertEquals(Boolean.TRUE, fault.isError());
            assertNull(fault.structuredContent());
            assertTrue(text(fault).startsWith("table 'rental.nope' not found"), fault::toString);

            CallToolResult checkedResult = call(client, "check_sql", Map.of("format", "json", "sql",
                    "SELECT model FROM rental.bike WHERE status = 'In_Service';\nSELECT label FROM rental.station"));
            Map<String, Object> checked = json(text(checkedResult));
            // a json reply of a tool that takes format: its object rides along, undeclared, so nothing validates it
            assertEquals(checked, checkedResult.structuredContent());
            assertEquals(1, validated.size());
            assertEquals("postgres", checked.get("dialect"));
            List<Map<String, Object>> results = (List<Map<String, Object>>) checked.get("results");
            // the server judges freshness by its own clock: the sample's tables turn stale as the days pass
            List<Map<String, Object>> first = timeless((List<Map<String, Object>>) results.get(0).get("findings"));
            assertEquals(List.of("value_not_stored"), first.stream().map(f -> f.get("kind")).toList());
            assertEquals("Write 'in_service'.", first.get(0).get("fix"));
            assertEquals(List.of(), timeless((List<Map<String, Object>>) results.get(1).get("findings")));

            CallToolResult markdown = call(client, "get_table_context", Map.of("table", "rental.ride", "purpose", "query"));
            assertNull(markdown.structuredContent(), "Markdown is text alone");
            String context = text(markdown);
            assertTrue(context.startsWith("# rental.ride\n"), context);
            assertTrue(context.contains("Scope: 9214 rows scanned of 184220"), context);
            assertTrue(context.contains("CREATE TABLE rental.ride ("), context);

            List<String> uris = client.listResources().resources().stream().map(Resource::uri).toList();
            assertTrue(uris.contains("dbprint://shop/manifest"), uris.toString());
            ReadResourceResult manifest = client.readResource(new ReadResourceRequest("dbprint://shop/manifest"));
            assertEquals(1, manifest.contents().size());
            TextResourceContents contents = assertInstanceOf(TextResourceContents.class, manifest.contents().get(0));
            assertEquals("dbprint://shop/manifest", contents.uri());
            assertEquals("application/yaml", contents.mimeType());
            assertEquals(
                    Files.readString(RunnerJar.sampleProject().resolve("prints/shop/manifest.yaml"), StandardCharsets.UTF_8),
                    contents.text());

            assertTrue(init.capabilities().completions() != null, "the completions capability");
            CompleteResult completed = client.completeCompletion(new CompleteRequest(
                    new ResourceReference("dbprint://{connection}/{table}/statistics{?page,version}"),
                    new CompleteArgument("table", "Ri"), new CompleteContext(Map.of("connection", "shop"))));
            // rental.ride begins with "ri" (case ignored) and comes first; rental.tariff holds it further in
            assertEquals(List.of("rental.ride", "rental.tariff"), completed.completion().values());
            assertEquals(2, completed.completion().total());
            assertEquals(Boolean.FALSE, completed.completion().hasMore());
        }
    }

    @Test
    @Timeout(45)
    void streamableHttpSessionCallsATool() throws Exception {
        RunnerJar.overHttp(url -> {
            HttpClientStreamableHttpTransport transport = HttpClientStreamableHttpTransport.builder(url)
                    .endpoint("/mcp").jsonMapper(JSON).build();
            try (McpSyncClient client = client(transport)) {
                assertEquals("dbprint", client.initialize().serverInfo().name());
                CallToolResult listed = call(client, "list_tables", Map.of("pattern", "rental.ride"));
                Map<String, Object> tables = json(text(listed));
                assertEquals(List.of("rental.ride"), tables.get("tables"));
                assertEquals(tables, listed.structuredContent());
                assertEquals(List.of(tables), validated);
            }
        });
    }

    /** The findings that do not depend on the day the test runs. */
    private static List<Map<String, Object>> timeless(List<Map<String, Object>> findings) {
        return findings.stream().filter(f -> !"stale_statistics".equals(f.get("kind"))).toList();
    }

    /** Each structured result the client validated, in order, provided it passed. */
    private final List<Object> validated = new ArrayList<>();

    /**
     * A client that validates every structured result against the outputSchema tools/list declared for its tool (off by
     * default in this SDK), through its own validator, which records what it passed.
     */
    private McpSyncClient client(McpClientTransport transport) {
        JsonSchemaValidator sdk = new DefaultJsonSchemaValidator();
        JsonSchemaValidator recording = (schema, structuredContent) -> {
            JsonSchemaValidator.ValidationResponse response = sdk.validate(schema, structuredContent);
            if (response.valid()) {
                validated.add(structuredContent);
            }
            return response;
        };
        return McpClient.sync(transport).requestTimeout(TIMEOUT).initializationTimeout(TIMEOUT)
                .jsonSchemaValidator(recording).enableCallToolSchemaCaching(true).build();
    }

    private static CallToolResult call(McpSyncClient client, String tool, Map<String, Object> arguments) {
        CallToolResult result = client.callTool(new CallToolRequest(tool, arguments));
        assertFalse(Boolean.TRUE.equals(result.isError()), () -> tool + " failed: " + result.content());
        return result;
    }

    /** The one text block of a successful tool reply. */
    private static String text(CallToolResult result) {
        assertEquals(1, result.content().size(), result.content()::toString);
        return assertInstanceOf(TextContent.class, result.content().get(0)).text();
    }

    @SuppressWarnings("unchecked")
    private static Map<String, Object> json(String text) throws IOException {
        Map<String, Object> reply = JSON.readValue(text, Map.class);
        assertNull(reply.get("next_cursor"), "a single page was expected: " + text);
        return reply;
    }
}
