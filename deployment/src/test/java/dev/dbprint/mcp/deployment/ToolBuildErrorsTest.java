package dev.dbprint.mcp.deployment;

import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assertions.fail;

import java.util.List;

import jakarta.enterprise.context.ApplicationScoped;

import org.jboss.shrinkwrap.api.asset.StringAsset;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;

import dev.dbprint.mcp.tool.ListTablesTool;
import dev.dbprint.mcp.tool.call.McpTool;
import dev.dbprint.mcp.tool.call.ToolCall;
import dev.dbprint.mcp.tool.call.ToolResult;
import io.quarkus.test.QuarkusUnitTest;

/**
 * Every refusal of the {@code tools} build step, in one application that holds one of each: the build fails naming
 * every problem, each as its own error, so one boot covers them all. Each malformed method answers a name of its own,
 * so that no refusal hides behind another.
 */
public class ToolBuildErrorsTest {

    /** Answers list_tables, which the server's own ListTablesTool answers already. */
    @ApplicationScoped
    public static class Twin {

        @McpTool("list_tables")
        public ToolResult call(ToolCall call) {
            return ToolResult.ok("twin");
        }
    }

    /** With {@link SecondTwin}: two application beans answering one name, which has a descriptor. */
    @ApplicationScoped
    public static class FirstTwin {

        @McpTool("app_twin")
        public ToolResult call(ToolCall call) {
            return ToolResult.ok("first");
        }
    }

    @ApplicationScoped
    public static class SecondTwin {

        @McpTool("app_twin")
        public ToolResult answer(ToolCall call) {
            return ToolResult.ok("second");
        }
    }

    @ApplicationScoped
    public static class NotPublic {

        @McpTool("not_public")
        ToolResult call(ToolCall call) {
            return ToolResult.ok("hidden");
        }
    }

    @ApplicationScoped
    public static class Static {

        @McpTool("static_tool")
        public static ToolResult call(ToolCall call) {
            return ToolResult.ok("static");
        }
    }

    @ApplicationScoped
    public static class NoParameter {

        @McpTool("no_parameter")
        public ToolResult call() {
            return ToolResult.ok("none");
        }
    }

    @ApplicationScoped
    public static class TwoParameters {

        @McpTool("two_parameters")
        public ToolResult call(ToolCall call, ToolCall again) {
            return ToolResult.ok("two");
        }
    }

    @ApplicationScoped
    public static class WrongParameter {

        @McpTool("wrong_parameter")
        public ToolResult call(String arguments) {
            return ToolResult.ok(arguments);
        }
    }

    /** Returns a string, not a ToolResult. */
    @ApplicationScoped
    public static class WrongReturn {

        @McpTool("wrong_return")
        public String call(ToolCall call) {
            return "malformed";
        }
    }

    /** Well formed, for a tool no descriptor file describes. */
    @ApplicationScoped
    public static class NoDescriptor {

        @McpTool("no_descriptor")
        public ToolResult call(ToolCall call) {
            return ToolResult.ok("undescribed");
        }
    }

    /** Well formed and described, on a class with no bean scope: the server would never see it. */
    public static class NotABean {

        @McpTool("not_a_bean")
        public ToolResult call(ToolCall call) {
            return ToolResult.ok("unseen");
        }
    }

    @RegisterExtension
    static final QuarkusUnitTest APP = new QuarkusUnitTest()
            .withApplicationRoot(jar -> jar
                    .addClasses(Twin.class, FirstTwin.class, SecondTwin.class, NotPublic.class, Static.class,
                            NoParameter.class, TwoParameters.class, WrongParameter.class, WrongReturn.class,
                            NoDescriptor.class, NotABean.class)
                    .addAsResource(new StringAsset(descriptor("app_twin")), "dbprint/tools/app_twin.json")
                    .addAsResource(new StringAsset(descriptor("not_a_bean")), "dbprint/tools/not_a_bean.json"))
            .assertException(ToolBuildErrorsTest::namesEveryProblem);

    static String descriptor(String name) {
        return "{\"name\": \"" + name + "\", \"description\": \"a test tool\", \"inputSchema\": {\"type\": \"object\","
                + " \"additionalProperties\": false, \"properties\": {}}}";
    }

    private static void namesEveryProblem(Throwable failure) {
        String all = messages(failure, new StringBuilder()).toString();
        List<String> expected = List.of(
                at(NotPublic.class, "call", "not_public") + " must be a public instance method",
                at(Static.class, "call", "static_tool") + " must be a public instance method",
                at(NoParameter.class, "call", "no_parameter") + " must take exactly one ToolCall",
                at(TwoParameters.class, "call", "two_parameters") + " must take exactly one ToolCall",
                at(WrongParameter.class, "call", "wrong_parameter") + " must take exactly one ToolCall",
                at(WrongReturn.class, "call", "wrong_return") + " must return ToolResult",
                at(NoDescriptor.class, "call", "no_descriptor") + " has no descriptor dbprint/tools/no_descriptor.json",
                at(NotABean.class, "call", "not_a_bean") + " is declared by a class that is not a bean: the server calls"
                        + " only methods a bean class declares itself; give the class a bean scope such as"
                        + " @ApplicationScoped");
        for (String problem : expected) {
            assertTrue(all.contains(problem), "missing: " + problem + "\nin: " + all);
        }
        // the twins in whichever order the beans were found
        assertTrue(all.contains("two @McpTool methods answer 'list_tables': "), all);
        assertTrue(all.contains(Twin.class.getName() + "#call"), all);
        assertTrue(all.contains(ListTablesTool.class.getName() + "#call"), all);
        assertTrue(all.contains("two @McpTool methods answer 'app_twin': "), all);
        assertTrue(all.contains(FirstTwin.class.getName() + "#call"), all);
        assertTrue(all.contains(SecondTwin.class.getName() + "#answer"), all);
    }

    private static String at(Class<?> type, String method, String tool) {
        return type.getName() + "#" + method + " (@McpTool(\"" + tool + "\"))";
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
