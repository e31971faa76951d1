package dev.dbprint.mcp.tool.call;

import java.util.List;

import jakarta.enterprise.invoke.Invoker;

import io.quarkus.runtime.RuntimeValue;
import io.quarkus.runtime.annotations.Recorder;

/** Builds, from what the deployment module found at build time, the {@link ToolMethods} bean the registry reads. */
@Recorder
public class ToolRecorder {

    public RuntimeValue<ToolMethods> methods() {
        return new RuntimeValue<>(new ToolMethods());
    }

    /** @param invoker the instance of the invoker class ArC generated for the tool's method */
    @SuppressWarnings("unchecked")
    public void add(RuntimeValue<ToolMethods> methods, String name, List<String> foldCase, RuntimeValue<?> invoker) {
        methods.getValue()
                .add(new ToolMethods.Method(name, List.copyOf(foldCase), (Invoker<Object, Object>) invoker.getValue()));
    }
}
