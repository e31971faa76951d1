package dev.dbprint.mcp.config;

import java.io.IOException;
import java.io.InputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.stream.Collectors;

import org.yaml.snakeyaml.LoaderOptions;
import org.yaml.snakeyaml.Yaml;
import org.yaml.snakeyaml.constructor.SafeConstructor;
import org.yaml.snakeyaml.error.YAMLException;

import dev.dbprint.mcp.error.ErrorCatalog;

/**
 * Reads {@code .dbprint.yaml}: {@code connections} (required), {@code defaults} cascaded into each connection, and the
 * {@code output} directory (default {@code prints}). Unknown keys are ignored, as the Python tool ignores them.
 */
public final class DbprintYaml {

    private static final List<String> APPENDED_KEYS = List.of("rules", "redact");
    private static final List<String> CONNECTION_ONLY_KEYS = List.of("adapter", "auto", "assertions");

    private DbprintYaml() {
    }

    public static ProjectConfig read(Path file) {
        Object doc;
        LoaderOptions options = new LoaderOptions();
        options.setMaxAliasesForCollections(50);
        options.setAllowDuplicateKeys(false);
        try (InputStream in = Files.newInputStream(file)) {
            doc = new Yaml(new SafeConstructor(options)).load(in);
        } catch (IOException e) {
            throw new ConfigError(file + ": cannot be read: " + e.getMessage());
        } catch (YAMLException e) {
            throw new ConfigError(ErrorCatalog.yamlParseError(file, keepingLines(e.getMessage())));
        }
        if (!(doc instanceof Map<?, ?> top)) {
            throw new ConfigError(file + ": the top level must be a mapping with a 'connections' key");
        }
        Map<String, Object> defaults = mapping(top.get("defaults"), file, "defaults");
        Object connections = top.get("connections");
        if (!(connections instanceof Map<?, ?> named) || named.isEmpty()) {
            throw new ConfigError(file + ": 'connections' must be a mapping naming at least one connection");
        }
        Path projectDir = file.toAbsolutePath().getParent();
        Map<String, ConnectionConfig> result = new TreeMap<>();
        for (Map.Entry<?, ?> e : named.entrySet()) {
            String name = String.valueOf(e.getKey());
            if (name.isEmpty()) {
                throw new ConfigError(file + ": a connection name must not be empty");
            }
            Map<String, Object> own = mapping(e.getValue(), file, "connections." + name);
            Map<String, Object> settings = cascade(defaults, own);
            Object output = settings.getOrDefault("output", "prints");
            if (!(output instanceof String dir) || dir.isBlank()) {
                throw new ConfigError(file + ": connections." + name + ".output must be a directory path");
            }
            Path root = projectDir.resolve(dir).resolve(name).normalize();
            result.put(name, new ConnectionConfig(name, Boolean.TRUE.equals(own.get("auto")), root, settings));
        }
        return new ProjectConfig(file.toAbsolutePath(), result);
    }

    private static Map<String, Object> cascade(Map<String, Object> defaults, Map<String, Object> own) {
        Map<String, Object> settings = new LinkedHashMap<>();
        defaults.forEach((k, v) -> {
            if (!CONNECTION_ONLY_KEYS.contains(k)) {
                settings.put(k, v);
            }
        });
        own.forEach((k, v) -> {
            if (APPENDED_KEYS.contains(k) && settings.get(k) instanceof List<?> inherited && v instanceof List<?> added) {
                List<Object> both = new ArrayList<>(inherited);
                both.addAll(added);
                settings.put(k, both);
            } else {
                settings.put(k, v);
            }
        });
        return settings;
    }

    private static Map<String, Object> mapping(Object value, Path file, String where) {
        if (value == null) {
            return Map.of();
        }
        if (!(value instanceof Map<?, ?> map)) {
            throw new ConfigError(file + ": '" + where + "' must be a mapping");
        }
        Map<String, Object> out = new LinkedHashMap<>();
        map.forEach((k, v) -> out.put(String.valueOf(k), v));
        return out;
    }

    /**
     * The parser's message with its lines kept: it quotes the offending line and puts a {@code ^} under the column on
     * the next, which joined into one line points at nothing. Only trailing blanks go.
     */
    private static String keepingLines(String message) {
        return message == null ? "" : message.lines().map(String::stripTrailing).collect(Collectors.joining("\n")).strip();
    }
}
