package dev.dbprint.mcp.config;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Optional;

import dev.dbprint.mcp.error.ErrorCatalog;
import dev.dbprint.mcp.text.PyRepr;

/**
 * The served connections and the default for tool calls, resolved once at start-up from {@code .dbprint.yaml} and the
 * {@code CONN} arguments exactly as the table of spec §5.1 says.
 */
public record ServedSet(ProjectConfig project, Map<String, ServedConnection> served, Optional<String> defaultName) {

    public static ServedSet resolve(ProjectConfig project, List<String> requested) {
        List<String> configured = project.names();
        List<String> chosen;
        Optional<String> defaultName;
        if (!requested.isEmpty()) {
            chosen = new ArrayList<>(new LinkedHashSet<>(requested));
            for (String name : chosen) {
                if (!project.connections().containsKey(name)) {
                    throw new ConfigError(ErrorCatalog.connectionNotConfigured(name, configured));
                }
            }
            defaultName = chosen.size() == 1 ? Optional.of(chosen.get(0)) : Optional.empty();
        } else if (configured.size() == 1) {
            chosen = configured;
            defaultName = Optional.of(configured.get(0));
        } else {
            chosen = configured.stream().filter(n -> project.connections().get(n).auto()).toList();
            if (chosen.isEmpty()) {
                throw new ConfigError(configured.size() + " connections are configured in " + project.file()
                        + " and none sets auto: true, so there is nothing to serve by default. Name the ones to serve, e.g. 'dbprint-mcp "
                        + configured.get(0) + "'. Valid names: " + PyRepr.repr(configured));
            }
            defaultName = chosen.size() == 1 ? Optional.of(chosen.get(0)) : Optional.empty();
        }
        Map<String, ServedConnection> served = new LinkedHashMap<>();
        chosen.stream().sorted().forEach(name -> {
            ConnectionConfig c = project.connections().get(name);
            served.put(name, new ServedConnection(name, c.root(), c));
        });
        return new ServedSet(project, served, defaultName);
    }

    public List<String> servedNames() {
        return new ArrayList<>(served.keySet());
    }
}
