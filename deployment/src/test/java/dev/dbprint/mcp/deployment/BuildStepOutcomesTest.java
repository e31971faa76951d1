package dev.dbprint.mcp.deployment;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

import jakarta.inject.Inject;

import org.eclipse.microprofile.config.ConfigProvider;
import org.jboss.shrinkwrap.api.asset.StringAsset;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;

import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;

import dev.dbprint.example.EchoTool;
import dev.dbprint.mcp.shutdown.HttpDrain;
import dev.dbprint.mcp.tool.call.ToolInvoker;
import dev.dbprint.mcp.tool.call.ToolMethods;
import dev.dbprint.mcp.tool.call.ToolRegistry;
import io.quarkus.arc.Arc;
import io.quarkus.builder.BuildChainBuilder;
import io.quarkus.builder.BuildContext;
import io.quarkus.builder.BuildStep;
import io.quarkus.deployment.builditem.FeatureBuildItem;
import io.quarkus.deployment.builditem.GeneratedResourceBuildItem;
import io.quarkus.deployment.builditem.ModuleOpenBuildItem;
import io.quarkus.deployment.builditem.nativeimage.NativeImageResourceDirectoryBuildItem;
import io.quarkus.deployment.builditem.nativeimage.ReflectiveClassBuildItem;
import io.quarkus.test.QuarkusUnitTest;

/**
 * What the build steps produce, in one application with a tool of its own: the tools registered with their
 * descriptors, fold rules and generated invokers, the beans kept, the run-time default, and the build items a packaged
 * jar or a native image is made from (captured by a build step of the test, which the application reads back as a
 * resource). The stdio steps are the ITs' to prove: a test JVM's stdin is its test runner's.
 */
public class BuildStepOutcomesTest {

    static final Path PROJECT = PrintFixture.create();
    /** The build items the capturing step saw, one {@code kind value} per line. */
    static final String CAPTURED = "dbprint-test/build-items.txt";
    static final String ECHO_DESCRIPTOR = """
            {
              "name": "echo_format",
              "title": "Echo",
              "description": "Says which format it was given.",
              "inputSchema": {
                "type": "object",
                "additionalProperties": false,
                "properties": {"format": {"type": "string", "enum": ["md", "json"]}},
                "required": ["format"]
              }
            }
            """;

    /** A record of the test's own, under the extension's package: registered for reflection like the runtime's. */
    public record Probe(String name) {
    }

    @RegisterExtension
    static final QuarkusUnitTest APP = new QuarkusUnitTest()
            .withApplicationRoot(jar -> jar.addClasses(EchoTool.class, Probe.class, PrintFixture.class)
                    .addAsResource(new StringAsset(ECHO_DESCRIPTOR), "dbprint/tools/" + EchoTool.NAME + ".json"))
            .overrideConfigKey("dbprint.project", PROJECT.toString())
            .overrideConfigKey("dbprint.transport", "http")
            .overrideConfigKey("quarkus.http.test-port", "0")
            .addBuildChainCustomizer(BuildStepOutcomesTest::capture);

    /** A build step that writes down the build items a JVM test run otherwise never shows. */
    static void capture(BuildChainBuilder chain) {
        chain.addBuildStep(new BuildStep() {

            @Override
            public void execute(BuildContext context) {
                StringBuilder out = new StringBuilder();
                context.consumeMulti(FeatureBuildItem.class).forEach(f -> line(out, "feature", f.getName()));
                context.consumeMulti(ModuleOpenBuildItem.class).forEach(o -> line(out, "open",
                        o.openedModuleName() + " to " + o.openingModuleName() + ": " + o.packageNames()));
                context.consumeMulti(NativeImageResourceDirectoryBuildItem.class)
                        .forEach(d -> line(out, "resources", d.getPath()));
                for (ReflectiveClassBuildItem r : context.consumeMulti(ReflectiveClassBuildItem.class)) {
                    // the extension's own registration (config mappings of ours are registered by Quarkus too)
                    if ("dbprint records serialised by Jackson".equals(r.getReason())) {
                        line(out, "reflective", String.join(",", r.getClassNames()) + " constructors="
                                + r.isConstructors() + " methods=" + r.isMethods() + " fields=" + r.isFields());
                    }
                }
                context.produce(new GeneratedResourceBuildItem(CAPTURED, out.toString().getBytes(StandardCharsets.UTF_8)));
            }
        }).consumes(FeatureBuildItem.class).consumes(ModuleOpenBuildItem.class)
                .consumes(NativeImageResourceDirectoryBuildItem.class).consumes(ReflectiveClassBuildItem.class)
                .produces(GeneratedResourceBuildItem.class).build();
    }

    private static void line(StringBuilder out, String kind, String value) {
        out.append(kind).append(' ').append(value).append('\n');
    }

    /** The captured values of one kind, in the order the step saw them. */
    private static List<String> captured(String kind) throws IOException {
        try (InputStream in = Thread.currentThread().getContextClassLoader().getResourceAsStream(CAPTURED)) {
            List<String> values = new ArrayList<>();
            new String(in.readAllBytes(), StandardCharsets.UTF_8).lines().filter(l -> l.startsWith(kind + " "))
                    .forEach(l -> values.add(l.substring(kind.length() + 1)));
            return values;
        }
    }

    @Inject
    ToolRegistry registry;

    @Inject
    ToolMethods methods;

    @Inject
    ToolInvoker invoker;

    @Inject
    ObjectMapper mapper;

    @Test
    void everyToolIsRegisteredInNameOrderWithItsFoldRule() {
        // the server's eight, found in the runtime jar's index, and the application's own
        assertEquals(List.of("check_sql", EchoTool.NAME, "get_diff", "get_manifest", "get_reference", "get_table_context",
                "list_tables", "resolve_value", "search_columns"), registry.names());
        assertEquals(registry.names(), methods.all().stream().map(ToolMethods.Method::name).toList());
        assertEquals(List.of("format"), methods.all().stream().filter(m -> m.name().equals(EchoTool.NAME)).findFirst()
                .orElseThrow().foldCase());
        assertEquals(List.of("format", "purpose"), methods.all().stream()
                .filter(m -> m.name().equals("get_table_context")).findFirst().orElseThrow().foldCase());
        assertEquals(List.of(), methods.all().stream().filter(m -> m.name().equals("list_tables")).findFirst()
                .orElseThrow().foldCase());
    }

    @Test
    void theApplicationsToolCarriesItsDescriptorAndIsCalledThroughItsGeneratedInvoker() throws Exception {
        ToolRegistry.Tool echo = registry.get(EchoTool.NAME);
        ObjectNode descriptor = (ObjectNode) mapper.readTree(ECHO_DESCRIPTOR);
        assertEquals(descriptor.get("inputSchema"), echo.descriptor().inputSchema());
        assertEquals("Says which format it was given.", echo.descriptor().description());
        // folded to lower case before the enum check, then answered by the bean nothing injects
        assertEquals("format json", invoker.call(EchoTool.NAME, (ObjectNode) mapper.readTree("{\"format\": \"JSON\"}"))
                .text());
    }

    @Test
    void theServersOwnToolsAnswerThroughTheirInvokers() throws Exception {
        String tables = invoker.call("list_tables", mapper.createObjectNode()).text();
        assertTrue(tables.contains("rental.bike") && tables.contains("rental.station"), tables);
    }

    @Test
    void aServerBeanReachedOnlyAtRunTimeIsKept() {
        // nothing injects the drain: the shutdown listener looks it up when the server stops
        assertTrue(Arc.container().instance(HttpDrain.class).isAvailable());
    }

    @Test
    void httpIsHttp1OnlyByDefault() {
        assertFalse(ConfigProvider.getConfig().getValue("quarkus.http.http2", Boolean.class));
    }

    @Test
    void thePackagedAndNativeBuildItemsAreProduced() throws IOException {
        assertTrue(captured("feature").contains("dbprint-mcp"), captured("feature").toString());
        assertTrue(captured("open").contains("java.base to dev.dbprint.mcp: [sun.nio.fs]"),
                captured("open").toString());
        assertTrue(captured("resources").contains("dbprint"), captured("resources").toString());
        List<String> reflective = captured("reflective");
        assertEquals(1, reflective.size(), reflective.toString());
        String[] namesAndFlags = reflective.get(0).split(" ", 2);
        List<String> records = List.of(namesAndFlags[0].split(","));
        assertTrue(records.contains(Probe.class.getName()), records.toString());
        assertTrue(records.contains(ToolMethods.Method.class.getName()), records.toString());
        assertFalse(records.contains(ToolRegistry.class.getName()), "a class that is no record: " + records);
        assertEquals(records.stream().sorted().toList(), records);
        assertEquals("constructors=true methods=true fields=true", namesAndFlags[1]);
    }
}
