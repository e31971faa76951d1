package dev.dbprint.mcp.tool.call;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;

import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import dev.dbprint.mcp.error.DetailedFault;
import dev.dbprint.mcp.tool.ToolHarness;

/** What the invoker makes of a tool body's outcome: an answer, a fault with its detail, or a bug kept from the wire. */
class ToolInvokerTest {

    /** Test-only bodies behind the get_manifest descriptor. */
    public static class Bodies {

        private final RuntimeException failure;

        Bodies(RuntimeException failure) {
            this.failure = failure;
        }

        @McpTool("get_manifest")
        public ToolResult call(ToolCall call) {
            if (failure != null) {
                throw failure;
            }
            return ToolResult.ok("served " + call.connection().name());
        }
    }

    @TempDir
    Path project;

    ToolHarness harness;

    @BeforeEach
    void project() throws IOException {
        Files.writeString(project.resolve(".dbprint.yaml"), "connections:\n  shop:\n    adapter: postgres\n");
        harness = new ToolHarness(project);
    }

    @Test
    void answersWithTheResolvedConnection() {
        ToolResult result = harness.call(new Bodies(null), "{}");
        assertFalse(result.isError());
        assertEquals("served shop", result.text());
    }

    @Test
    void aToolFaultCarriesItsDetailVerbatim() {
        ToolResult result = harness
                .call(new Bodies(new DetailedFault("no diff available at /x. Run dbprint diff or dbprint generate first.")),
                        "{}");
        assertTrue(result.isError());
        assertEquals("no diff available at /x. Run dbprint diff or dbprint generate first.", result.text());
    }

    @Test
    void anEscapingExceptionIsAnIsErrorResultNamingTheTool() {
        ToolResult result = harness.call(new Bodies(new IllegalStateException("boom")), "{}");
        assertTrue(result.isError());
        assertTrue(result.text().startsWith("internal error in get_manifest: IllegalStateException: boom"), result.text());
    }

    @Test
    void connectionFaultsComeBeforeTheBody() {
        ToolResult result = harness.call(new Bodies(new IllegalStateException("never reached")), "{\"connection\":\"bar\"}");
        assertTrue(result.isError());
        assertEquals("connection 'bar' not in .dbprint.yaml. Configured: ['shop']", result.text());
    }
}
