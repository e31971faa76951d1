package dev.dbprint.mcp.tool.call;

import java.util.ArrayList;
import java.util.Collection;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;

import jakarta.enterprise.context.ApplicationScoped;
import jakarta.inject.Inject;

import com.fasterxml.jackson.databind.ObjectMapper;

/** The tools this server offers, in name order: each descriptor with the bean method that answers it. */
@ApplicationScoped
public class ToolRegistry {

    /** What answers a checked call: a tool's {@code @McpTool} method, however it is reached. */
    @FunctionalInterface
    public interface Body {

        ToolResult answer(ToolCall call) throws Exception;
    }

    /** A tool's descriptor, its body, and the properties it folds to lower case. */
    public record Tool(ToolDescriptor descriptor, Body body, Set<String> foldCase) {

        /** The tool {@code name}, described by its descriptor file. */
        public static Tool of(String name, Collection<String> foldCase, Body body, ObjectMapper mapper) {
            return new Tool(ToolDescriptor.load(name, mapper), body, Set.copyOf(foldCase));
        }

        public String name() {
            return descriptor.name();
        }
    }

    private final Map<String, Tool> tools = new TreeMap<>();

    @Inject
    public ToolRegistry(ToolMethods methods, ObjectMapper mapper) {
        // the deployment module refused duplicate names and malformed methods at build time
        for (ToolMethods.Method m : methods.all()) {
            tools.put(m.name(), Tool.of(m.name(), m.foldCase(), call -> (ToolResult) m.invoker().invoke(null,
                    new Object[]{call}), mapper));
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
