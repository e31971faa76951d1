package dev.dbprint.mcp.cli;

import dev.dbprint.mcp.config.ConfigError;

/**
 * A command line that does not parse (an unknown option, a missing or malformed value): exit 1 with the reason and the
 * usage on stderr. A line that parses but names something that cannot be served stays a plain {@link ConfigError}.
 */
final class UsageError extends ConfigError {

    UsageError(String message) {
        super(message);
    }
}
