package dev.dbprint.mcp.config;

/** A configuration fault that stops the server before it serves anything: exit 1 with this one-line reason. */
public class ConfigError extends RuntimeException {

    public ConfigError(String message) {
        super(message);
    }
}
