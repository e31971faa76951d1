package dev.dbprint.mcp.config;

import java.nio.file.Path;
import java.util.Map;

/**
 * One connection of {@code .dbprint.yaml} with {@code defaults} cascaded in: {@code settings} holds every key as the
 * connection sees it ({@code rules} and {@code redact} appended to the defaults' entries, every other key overriding).
 *
 * @param root the connection's print directory, {@code <project dir>/<output>/<name>}
 */
public record ConnectionConfig(String name, boolean auto, Path root, Map<String, Object> settings) {

    /** The {@code adapter} key as text, or null when the connection names none. */
    public String adapter() {
        Object adapter = settings.get("adapter");
        return adapter == null ? null : String.valueOf(adapter);
    }
}
