package dev.dbprint.mcp.deployment;

import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assertions.fail;

import jakarta.enterprise.context.ApplicationScoped;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;

import dev.dbprint.mcp.tool.McpTool;
import dev.dbprint.mcp.tool.ToolCall;
import dev.dbprint.mcp.tool.ToolResult;
import io.quarkus.test.QuarkusUnitTest;

/** A second method answering a tool's name, and a method the server cannot call, each fail the build, named. */
public class ToolBuildErrorsTest {

    /** Answers list_tables, which the server's own ListTablesTool answers already. */
    @ApplicationScoped
    public static class Twin {

        @McpTool("list_tables")
        public ToolResult call(ToolCall call) {
            return ToolResult.ok("twin");
        }
    }

    /** Returns a string, not a ToolResult. */
    @ApplicationScoped
    public static class Malformed {

        @McpTool("get_manifest")
        public String call(ToolCall call) {
            return "malformed";
        }
    }

    @RegisterExtension
    static final QuarkusUnitTest APP = new QuarkusUnitTest()
            .withApplicationRoot(jar -> jar.addClasses(Twin.class, Malformed.class))
            .assertException(ToolBuildErrorsTest::namesBothProblems);

    private static void namesBothProblems(Throwable failure) {
        String all = messages(failure, new StringBuilder()).toString();
        assertTrue(all.contains("two @McpTool methods answer 'list_tables'"), all);
        assertTrue(all.contains(Twin.class.getName() + "#call"), all);
        assertTrue(all.contains("(@McpTool(\"get_manifest\")) must return ToolResult"), all);
    }

    private static StringBuilder messages(Throwable t, StringBuilder out) {
        out.append(t).append('\n');
        for (Throwable s : t.getSuppressed()) {
            messages(s, out);
        }
        return t.getCause() == null || t.getCause() == t ? out : messages(t.getCause(), out);
    }

    @Test
    void theBuildFails() {
        fail("the build should have failed");
    }
}
