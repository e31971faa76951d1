package dev.dbprint.mcp.config;

/**
 * A configuration fault that stops the server before it serves anything: exit 1 with this reason. It is one line, but
 * for the YAML parser's, which quotes the line at fault and marks its column on the line below.
 */
public class ConfigError extends RuntimeException {

    public ConfigError(String message) {
        super(message);
    }
}
