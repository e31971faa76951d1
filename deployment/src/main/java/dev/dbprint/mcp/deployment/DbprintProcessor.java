package dev.dbprint.mcp.deployment;

import java.util.ArrayList;
import java.util.List;

import org.jboss.jandex.AnnotationInstance;
import org.jboss.jandex.AnnotationTarget;
import org.jboss.jandex.ClassInfo;
import org.jboss.jandex.DotName;
import org.jboss.jandex.MethodInfo;

import dev.dbprint.mcp.config.Connections;
import dev.dbprint.mcp.print.PrintStore;
import dev.dbprint.mcp.protocol.McpDispatcher;
import dev.dbprint.mcp.reference.ReferenceDocuments;
import dev.dbprint.mcp.reply.PagedReplies;
import dev.dbprint.mcp.resource.CatalogResourceService;
import dev.dbprint.mcp.tool.McpTool;
import dev.dbprint.mcp.tool.ToolInvoker;
import dev.dbprint.mcp.tool.ToolRecorder;
import dev.dbprint.mcp.tool.ToolRegistry;
import dev.dbprint.mcp.transport.AcceptQueueFlush;
import dev.dbprint.mcp.transport.HttpDrain;
import dev.dbprint.mcp.transport.HttpTransport;
import dev.dbprint.mcp.transport.InFlightRequests;
import dev.dbprint.mcp.transport.ServerLifecycle;
import dev.dbprint.mcp.transport.StdioTransport;
import dev.dbprint.mcp.transport.TransportRecorder;
import io.quarkus.arc.deployment.AdditionalBeanBuildItem;
import io.quarkus.deployment.annotations.BuildProducer;
import io.quarkus.deployment.annotations.BuildStep;
import io.quarkus.deployment.annotations.ExecutionTime;
import io.quarkus.deployment.annotations.Record;
import io.quarkus.deployment.builditem.CombinedIndexBuildItem;
import io.quarkus.deployment.builditem.FeatureBuildItem;
import io.quarkus.deployment.builditem.IndexDependencyBuildItem;
import io.quarkus.deployment.builditem.ShutdownListenerBuildItem;
import io.quarkus.deployment.builditem.nativeimage.NativeImageResourceDirectoryBuildItem;
import io.quarkus.deployment.builditem.nativeimage.ReflectiveClassBuildItem;
import io.quarkus.deployment.builditem.nativeimage.ReflectiveMethodBuildItem;

/**
 * Build steps of the dbprint extension: registers the server's beans, finds every {@code @McpTool} method in the
 * application index and records them for the runtime registry, and declares what a native image needs.
 */
class DbprintProcessor {

    private static final String FEATURE = "dbprint-mcp";
    private static final String PACKAGE = "dev.dbprint.mcp.";
    private static final DotName MCP_TOOL = DotName.createSimple(McpTool.class.getName());

    @BuildStep
    FeatureBuildItem feature() {
        return new FeatureBuildItem(FEATURE);
    }

    @BuildStep
    IndexDependencyBuildItem indexRuntime() {
        // the runtime module's own tool beans are discovered from the index like an application's
        return new IndexDependencyBuildItem("dev.dbprint", "dbprint-mcp");
    }

    @BuildStep
    AdditionalBeanBuildItem beans() {
        return AdditionalBeanBuildItem.builder().setUnremovable().addBeanClasses(PagedReplies.class)
                .addBeanClasses(Connections.class, McpDispatcher.class, ToolRegistry.class, ToolInvoker.class,
                        CatalogResourceService.class, PrintStore.class, ReferenceDocuments.class,
                        StdioTransport.class, HttpTransport.class, InFlightRequests.class, AcceptQueueFlush.class,
                        HttpDrain.class, ServerLifecycle.class)
                .build();
    }

    @BuildStep
    @Record(ExecutionTime.RUNTIME_INIT)
    ShutdownListenerBuildItem drainHttpAtShutdown(TransportRecorder recorder) {
        return new ShutdownListenerBuildItem(recorder.drainHttpFirst());
    }

    @BuildStep
    ToolMethodsBuildItem tools(CombinedIndexBuildItem index, BuildProducer<AdditionalBeanBuildItem> beans,
            BuildProducer<ReflectiveMethodBuildItem> reflective, BuildProducer<ReflectiveClassBuildItem> reflectiveClasses) {
        List<String> bindings = new ArrayList<>();
        for (AnnotationInstance tool : index.getIndex().getAnnotations(MCP_TOOL)) {
            if (tool.target().kind() != AnnotationTarget.Kind.METHOD) {
                continue;
            }
            MethodInfo method = tool.target().asMethod();
            String owner = method.declaringClass().name().toString();
            bindings.add(owner + "#" + method.name());
            beans.produce(AdditionalBeanBuildItem.unremovableOf(owner));
            reflective.produce(new ReflectiveMethodBuildItem("dbprint tool " + tool.value().asString(), method));
            // ToolRegistry loads the declaring class by name and reads @McpTool off the method
            reflectiveClasses.produce(ReflectiveClassBuildItem.builder(owner).reason("dbprint tool class").build());
        }
        bindings.sort(null);
        return new ToolMethodsBuildItem(bindings);
    }

    @BuildStep
    @Record(ExecutionTime.STATIC_INIT)
    void registerTools(ToolMethodsBuildItem tools, ToolRecorder recorder) {
        recorder.register(tools.bindings());
    }

    @BuildStep
    NativeImageResourceDirectoryBuildItem nativeResources() {
        return new NativeImageResourceDirectoryBuildItem("dbprint");
    }

    /**
     * What Jackson reaches by reflection in a native image. The server's JSON is built as trees and plain maps/lists
     * (no reflection), and YAML is read with snakeyaml's SafeConstructor into maps/lists/scalars (none either); what
     * remains is a record of ours handed to {@code writeValueAsString}/{@code convertValue}, whose accessors Jackson
     * finds reflectively. Every record under {@code dev.dbprint.mcp} is registered, so a new one cannot be forgotten.
     */
    @BuildStep
    void nativeReflection(CombinedIndexBuildItem index, BuildProducer<ReflectiveClassBuildItem> reflective) {
        List<String> records = new ArrayList<>();
        for (ClassInfo type : index.getIndex().getKnownClasses()) {
            String name = type.name().toString();
            if (name.startsWith(PACKAGE) && type.isRecord()) {
                records.add(name);
            }
        }
        if (!records.isEmpty()) {
            records.sort(null);
            reflective.produce(ReflectiveClassBuildItem.builder(records.toArray(String[]::new))
                    .reason("dbprint records serialised by Jackson").constructors().methods().fields().build());
        }
    }
}
