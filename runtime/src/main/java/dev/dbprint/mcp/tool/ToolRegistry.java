package dev.dbprint.mcp.tool;

import java.lang.reflect.Method;
import java.util.ArrayList;
import java.util.Collection;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;

import jakarta.enterprise.context.ApplicationScoped;
import jakarta.inject.Inject;

import com.fasterxml.jackson.databind.ObjectMapper;

import io.quarkus.arc.Arc;

/** The tools this server offers, in name order: each descriptor with the bean method that answers it. */
@ApplicationScoped
public class ToolRegistry {

    /** A tool's descriptor, its body, and the properties it folds to lower case. */
    public record Tool(ToolDescriptor descriptor, Object bean, Method method, Set<String> foldCase) {

        /** The tool {@code bean}'s {@code @McpTool} method answers, described by its descriptor file. */
        public static Tool of(Object bean, Method method, ObjectMapper mapper) {
            McpTool marker = method.getAnnotation(McpTool.class);
            return new Tool(ToolDescriptor.load(marker.value(), mapper), bean, method, Set.of(marker.foldCase()));
        }

        /** The tool {@code bean} answers through its one {@code @McpTool} method (in-process harnesses, benchmark). */
        public static Tool of(Object bean, ObjectMapper mapper) {
            for (Method m : bean.getClass().getMethods()) {
                if (m.isAnnotationPresent(McpTool.class)) {
                    return of(bean, m, mapper);
                }
            }
            throw new IllegalArgumentException(bean.getClass() + " has no @McpTool method");
        }

        public String name() {
            return descriptor.name();
        }
    }

    private final Map<String, Tool> tools = new TreeMap<>();

    @Inject
    public ToolRegistry(ObjectMapper mapper) {
        ClassLoader loader = Thread.currentThread().getContextClassLoader();
        for (String binding : ToolBindings.get()) {
            String[] parts = binding.split("#", 2);
            try {
                Class<?> type = Class.forName(parts[0], true, loader);
                Tool tool = Tool.of(Arc.container().instance(type).get(), type.getMethod(parts[1], ToolCall.class), mapper);
                Tool twin = tools.put(tool.name(), tool);
                if (twin != null) {
                    throw new IllegalStateException("two @McpTool methods answer '" + tool.name() + "': "
                            + twin.method() + " and " + tool.method());
                }
            } catch (ReflectiveOperationException e) {
                throw new IllegalStateException("cannot bind tool " + binding, e);
            }
        }
    }

    public Tool get(String name) {
        return tools.get(name);
    }

    public Collection<Tool> all() {
        return tools.values();
    }

    public List<String> names() {
        return new ArrayList<>(tools.keySet());
    }
}
