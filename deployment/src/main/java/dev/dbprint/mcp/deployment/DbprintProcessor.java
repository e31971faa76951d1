package dev.dbprint.mcp.deployment;

import java.lang.constant.ClassDesc;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.TreeMap;

import jakarta.inject.Singleton;

import org.jboss.jandex.AnnotationInstance;
import org.jboss.jandex.AnnotationValue;
import org.jboss.jandex.ClassInfo;
import org.jboss.jandex.DotName;
import org.jboss.jandex.MethodInfo;

import dev.dbprint.mcp.tool.call.McpTool;
import dev.dbprint.mcp.tool.call.ToolMethods;
import dev.dbprint.mcp.tool.call.ToolRecorder;
import dev.dbprint.mcp.transport.TransportRecorder;
import io.quarkus.arc.deployment.BeanContainerBuildItem;
import io.quarkus.arc.deployment.BeanDiscoveryFinishedBuildItem;
import io.quarkus.arc.deployment.InvokerFactoryBuildItem;
import io.quarkus.arc.deployment.SyntheticBeanBuildItem;
import io.quarkus.arc.deployment.UnremovableBeanBuildItem;
import io.quarkus.arc.deployment.ValidationPhaseBuildItem.ValidationErrorBuildItem;
import io.quarkus.deployment.annotations.BuildProducer;
import io.quarkus.deployment.annotations.BuildStep;
import io.quarkus.deployment.annotations.Consume;
import io.quarkus.deployment.annotations.ExecutionTime;
import io.quarkus.deployment.annotations.Produce;
import io.quarkus.deployment.annotations.Record;
import io.quarkus.deployment.builditem.CombinedIndexBuildItem;
import io.quarkus.deployment.builditem.FeatureBuildItem;
import io.quarkus.deployment.builditem.IndexDependencyBuildItem;
import io.quarkus.deployment.builditem.ModuleOpenBuildItem;
import io.quarkus.deployment.builditem.RunTimeConfigurationDefaultBuildItem;
import io.quarkus.deployment.builditem.ShutdownListenerBuildItem;
import io.quarkus.deployment.builditem.nativeimage.NativeImageResourceDirectoryBuildItem;
import io.quarkus.deployment.builditem.nativeimage.ReflectiveClassBuildItem;
import io.quarkus.deployment.logging.LoggingSetupBuildItem;
import io.quarkus.deployment.pkg.steps.NativeOrNativeSourcesBuild;
import io.quarkus.deployment.recording.RecorderContext;
import io.quarkus.runtime.RuntimeValue;
import io.quarkus.vertx.core.deployment.VertxOptionsConsumerBuildItem;

/**
 * Build steps of the dbprint extension: keeps the server's beans, finds and checks every {@code @McpTool} method of a
 * bean and generates its invoker for the runtime registry, and declares what a native image needs.
 */
class DbprintProcessor {

    private static final String FEATURE = "dbprint-mcp";
    private static final String PACKAGE = "dev.dbprint.mcp.";
    /**
     * The module named as the one a package is opened to. The runtime's classes are in no named module, and the packaged
     * jar's manifest ({@code Add-Opens}) opens to every unnamed module whatever is named; the build item only wants a
     * name, and takes one it cannot find for an unnamed module.
     */
    private static final String MODULE = "dev.dbprint.mcp";
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
    UnremovableBeanBuildItem serverBeans() {
        // the server's beans are found in the runtime jar's index like an application's; none is removed as unused,
        // since transports and the Dev UI reach some only at run time
        return new UnremovableBeanBuildItem(bean -> bean.getBeanClass().toString().startsWith(PACKAGE));
    }

    @BuildStep
    UnremovableBeanBuildItem toolBeans() {
        return new UnremovableBeanBuildItem(new UnremovableBeanBuildItem.BeanClassAnnotationExclusion(MCP_TOOL));
    }

    /**
     * HTTP/1.1 only. The loopback guard (§6.2) reads {@code Host}, which HTTP/2 replaces with {@code :authority}: over
     * HTTP/2 every request would be refused 421. Streamable HTTP needs nothing HTTP/2 adds, and a client that offers an
     * {@code h2c} upgrade (as Java's default {@code HttpClient} and {@code curl --http2} do) is answered in HTTP/1.1.
     */
    @BuildStep
    RunTimeConfigurationDefaultBuildItem http1Only() {
        return new RunTimeConfigurationDefaultBuildItem("quarkus.http.http2", "false");
    }

    /**
     * {@code sun.nio.fs} opened to the packaged application ({@code Add-Opens} in its manifest): the print store reads a
     * directory's ctime from the JDK's unix attributes, where the public named view builds a map per stat
     * ({@code UnixStat}). Without it the store still answers, through that view: so under {@code @QuarkusTest}, where
     * this opening does not reach the application's class loader (checked), and wherever else it is not open.
     */
    @BuildStep
    ModuleOpenBuildItem openUnixAttributes() {
        return new ModuleOpenBuildItem("java.base", MODULE, "sun.nio.fs");
    }

    @BuildStep
    @Record(ExecutionTime.RUNTIME_INIT)
    ShutdownListenerBuildItem drainHttpAtShutdown(TransportRecorder recorder) {
        return new ShutdownListenerBuildItem(recorder.drainHttpFirst());
    }

    /**
     * Under stdio, serving starts as soon as the beans are: a static-init step right after ArC's container, before the
     * run-time configuration, logging, Vert.x (which stdio never uses) and the rest of the boot, which go on once the
     * first frames are answered and the client is quiet ({@code ServerLifecycle.serveStdioEarly}). The server's configuration is read at static init ({@code DbprintConfig} is static-init safe): the
     * CLI sets it as system properties before Quarkus starts, which static init reads as run time does. Log records of
     * that time wait in Quarkus's delayed handler until logging is set up.
     */
    @BuildStep(onlyIfNot = NativeOrNativeSourcesBuild.class)
    @Record(ExecutionTime.STATIC_INIT)
    @Consume(BeanContainerBuildItem.class)
    void serveStdioAtStaticInit(TransportRecorder recorder) {
        recorder.serveStdioEarly();
    }

    /**
     * A native image runs static init while it is built, so there serving starts at run-time init, once logging is
     * ready (the run-time configuration always is, by then); declaring a Vert.x options consumer, without producing
     * one, orders it before Vert.x's creation.
     */
    @BuildStep(onlyIf = NativeOrNativeSourcesBuild.class)
    @Record(ExecutionTime.RUNTIME_INIT)
    @Consume(LoggingSetupBuildItem.class)
    @Produce(VertxOptionsConsumerBuildItem.class)
    void serveStdioAtRuntimeInitOfANativeImage(TransportRecorder recorder) {
        recorder.serveStdioEarly();
    }

    /**
     * Every {@code @McpTool} method of a bean, checked (see {@link ToolMethodCheck}) and given an invoker generated at
     * build time; a malformed method, one on a class that is no bean, or two methods answering one name fail the build.
     */
    @BuildStep
    void tools(BeanDiscoveryFinishedBuildItem discovery, CombinedIndexBuildItem index, InvokerFactoryBuildItem invokers,
            BuildProducer<ToolMethodBuildItem> tools, BuildProducer<ValidationErrorBuildItem> errors) {
        Map<String, MethodInfo> byName = new TreeMap<>();
        Set<DotName> beanClasses = new HashSet<>();
        discovery.beanStream().classBeans().forEach(bean -> {
            ClassInfo beanClass = bean.getTarget().get().asClass();
            beanClasses.add(beanClass.name());
            for (MethodInfo method : beanClass.methods()) {
                AnnotationInstance tool = method.annotation(MCP_TOOL);
                if (tool == null) {
                    continue;
                }
                String name = tool.value().asString();
                Optional<String> problem = ToolMethodCheck.problem(method, name);
                MethodInfo twin = byName.putIfAbsent(name, method);
                if (problem.isEmpty() && twin != null) {
                    problem = Optional.of("two @McpTool methods answer '" + name + "': " + twin.declaringClass().name()
                            + "#" + twin.name() + " and " + method.declaringClass().name() + "#" + method.name());
                }
                if (problem.isPresent()) {
                    errors.produce(new ValidationErrorBuildItem(new IllegalStateException(problem.get())));
                    continue;
                }
                AnnotationValue foldCase = tool.value("foldCase");
                tools.produce(new ToolMethodBuildItem(name,
                        foldCase == null ? List.of() : List.of(foldCase.asStringArray()),
                        invokers.createInvoker(bean, method).withInstanceLookup().build()));
            }
        });
        // a tool on a class that is no bean (or inherited from one) would be left out of the server without a word
        for (AnnotationInstance tool : index.getIndex().getAnnotations(MCP_TOOL)) {
            MethodInfo method = tool.target().asMethod();
            if (!beanClasses.contains(method.declaringClass().name())) {
                errors.produce(new ValidationErrorBuildItem(
                        new IllegalStateException(ToolMethodCheck.notOnABean(method, tool.value().asString()))));
            }
        }
    }

    @BuildStep
    @Record(ExecutionTime.STATIC_INIT)
    SyntheticBeanBuildItem toolMethods(List<ToolMethodBuildItem> tools, ToolRecorder recorder, RecorderContext context) {
        RuntimeValue<ToolMethods> methods = recorder.methods();
        tools.stream().sorted(Comparator.comparing(ToolMethodBuildItem::name)).forEach(tool -> recorder.add(methods,
                tool.name(), tool.foldCase(), context.newInstance(binaryName(tool.invoker().getClassDesc()))));
        return SyntheticBeanBuildItem.configure(ToolMethods.class).scope(Singleton.class).unremovable()
                .runtimeValue(methods).done();
    }

    /** A class's binary name from its descriptor ({@code Ldev/x/Y;} is {@code dev.x.Y}). */
    private static String binaryName(ClassDesc type) {
        String descriptor = type.descriptorString();
        return descriptor.substring(1, descriptor.length() - 1).replace('/', '.');
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
