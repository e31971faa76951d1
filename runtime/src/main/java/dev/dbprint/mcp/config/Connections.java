package dev.dbprint.mcp.config;

import java.nio.file.Path;
import java.util.List;
import java.util.Optional;

import jakarta.enterprise.context.ApplicationScoped;
import jakarta.inject.Inject;

import dev.dbprint.mcp.error.DetailedFault;
import dev.dbprint.mcp.error.ErrorCatalog;

/**
 * The connections this instance serves, resolved once from configuration, and the §5.2 rules that turn a tool's
 * {@code connection} argument (or a URI authority) into one of them.
 */
@ApplicationScoped
public class Connections {

    private final ServedSet set;

    @Inject
    public Connections(DbprintConfig config) {
        this(resolve(ProjectLocator.locate(config.project(), Path.of("")), config.connections().orElse(List.of())));
    }

    private static ServedSet resolve(Path file, List<String> names) {
        return ServedSetAhead.take(file, names, () -> ServedSet.resolve(DbprintYaml.read(file), names));
    }

    public Connections(ServedSet set) {
        this.set = set;
    }

    public ServedSet set() {
        return set;
    }

    /** The connection a call names, or the default when it names none. */
    public ServedConnection resolve(Optional<String> requested) {
        if (requested.isEmpty()) {
            return set.defaultName().map(set.served()::get)
                    .orElseThrow(() -> new DetailedFault(ErrorCatalog.noDefaultConnection(set.servedNames())));
        }
        return named(requested.get());
    }

    public ServedConnection named(String name) {
        ServedConnection served = set.served().get(name);
        if (served != null) {
            return served;
        }
        if (set.project().connections().containsKey(name)) {
            throw new DetailedFault(ErrorCatalog.connectionNotServed(name, set.servedNames()));
        }
        throw new DetailedFault(ErrorCatalog.connectionNotConfigured(name, set.project().names()));
    }
}
