package dev.dbprint.mcp.bench;

import java.nio.file.Path;
import java.util.List;
import java.util.Optional;

/** {@code --name value} (or {@code --name=value}) command-line arguments of the bench mains. */
public final class Args {

    private final List<String> args;

    public Args(String[] args) {
        this.args = List.of(args);
    }

    public Optional<String> optional(String name) {
        for (int i = 0; i < args.size(); i++) {
            if (args.get(i).equals(name)) {
                return i + 1 < args.size() ? Optional.of(args.get(i + 1)) : Optional.empty();
            }
            if (args.get(i).startsWith(name + "=")) {
                // one word: a value that starts with a dash (JVM options) is not taken for the next name
                return Optional.of(args.get(i).substring(name.length() + 1));
            }
        }
        return Optional.empty();
    }

    public String string(String name, String fallback) {
        return optional(name).orElse(fallback);
    }

    public int integer(String name, int fallback) {
        return optional(name).map(Integer::parseInt).orElse(fallback);
    }

    public Optional<Path> path(String name) {
        return optional(name).map(Path::of);
    }
}
