package dev.dbprint.mcp.config;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;

/** The parsed {@code .dbprint.yaml}: its location and its connections in name order. */
public record ProjectConfig(Path file, Map<String, ConnectionConfig> connections) {

    public List<String> names() {
        return new ArrayList<>(connections.keySet());
    }
}
