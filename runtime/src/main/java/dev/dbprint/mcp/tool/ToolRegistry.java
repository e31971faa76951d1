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
    }

    private final Map<String, Tool> tools = new TreeMap<>();

    @Inject
    public ToolRegistry(ObjectMapper mapper) {
        ClassLoader loader = Thread.currentThread().getContextClassLoader();
        for (String binding : ToolBindings.get()) {
            String[] parts = binding.split("#", 2);
            try {
                Class<?> type = Class.forName(parts[0], true, loader);
                Method method = type.getMethod(parts[1], ToolCall.class);
                McpTool marker = method.getAnnotation(McpTool.class);
                Object bean = Arc.container().instance(type).get();
                ToolDescriptor descriptor = ToolDescriptor.load(marker.value(), mapper);
                tools.put(marker.value(), new Tool(descriptor, bean, method, Set.of(marker.foldCase())));
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
