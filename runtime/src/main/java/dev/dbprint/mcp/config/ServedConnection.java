package dev.dbprint.mcp.config;

import java.nio.file.Path;

/** A connection this server instance serves: its name and the directory its print lives in. */
public record ServedConnection(String name, Path root, ConnectionConfig config) {
}
