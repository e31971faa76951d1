package dev.dbprint.mcp.tool;

import java.util.List;

import io.quarkus.runtime.annotations.Recorder;

/** Hands the tool methods the deployment module found at build time to the runtime registry. */
@Recorder
public class ToolRecorder {

    public void register(List<String> bindings) {
        ToolBindings.set(bindings);
    }
}
