package dev.dbprint.mcp.cli;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;

import dev.dbprint.mcp.config.ConfigError;
import dev.dbprint.mcp.config.DbprintConfig.Transport;
import dev.dbprint.mcp.config.ProjectLocator;
import dev.dbprint.mcp.config.ServedSetAhead;
import dev.dbprint.mcp.git.GitAddress;
import dev.dbprint.mcp.git.GitCheckouts;
import dev.dbprint.mcp.print.store.PrintStore;
import dev.dbprint.mcp.protocol.ServerIdentity;
import dev.dbprint.mcp.transport.LoopbackGuard;

/**
 * {@code dbprint-mcp [CONN...] [--project P] [--transport stdio|http] [--host H] [--port N]}: the flags become
 * configuration before Quarkus boots, so a bad flag, a non-loopback host or an unresolvable connection set exits 1
 * before anything binds or serves. System properties and environment variables set the same keys the Quarkus way.
 */
public final class ServeCommand {

    /**
     * Set to {@code true} by the {@code dbprint-mcp} launcher script. A copy started through it (an installed one is)
     * runs by that name and may run on a Java only the script finds, so its usage offers no {@code java -jar} line.
     */
    static final String LAUNCHER_PROPERTY = "dbprint-mcp.launcher";

    /** The usage; {@code %s} is the {@code java -jar} line, or nothing. */
    private static final String USAGE = """
            Usage: dbprint-mcp [CONN...] [--project P] [--transport stdio|http] [--host H] [--port N]
            %s
            Serve the committed prints of a dbprint project over MCP, read-only, with no database connection.

              CONN              connection(s) to serve; omitted: the sole connection, or those with auto: true
              --project P       a directory whose direct child is .dbprint.yaml, or that file (default: walk
                                up from the working directory); or a git address: a URL, user@host:path or a
                                bare repository, then #REF, #REF:SUBPATH or #:SUBPATH if wanted
              --transport T     stdio (default: an MCP client speaks on stdin/stdout) or http
              --host H          HTTP bind address, loopback only: 127.0.0.1 (default), ::1 or localhost
              --port N          HTTP port, required with --transport http; 0 picks a free one
              --version         print the version and exit
              --help            show this text and exit

            Exit codes: 0 clean shutdown (or after --help, --version), 1 bad arguments (with this text on stderr),
            unresolved connections, a non-loopback host or a port in use.
            """;

    /** The {@code --help} text of this run: through the launcher, or by {@code java -jar}. */
    public static String usage() {
        return usage(Boolean.getBoolean(LAUNCHER_PROPERTY));
    }

    /** The {@code --help} text, naming the launcher and, unless started through it, the jar the build produces. */
    static String usage(boolean launcher) {
        return USAGE.formatted(launcher
                ? ""
                : "       java -jar dbprint-mcp-" + ServerIdentity.version() + "-runner.jar [the same arguments]\n");
    }

    /** The outcome of parsing: the system properties to set, or a text to print on stdout before exiting 0. */
    public record Parsed(List<String[]> properties, Optional<String> exitWith) {
    }

    private ServeCommand() {
    }

    public static Parsed parse(String[] args) {
        List<String> conns = new ArrayList<>();
        String project = null;
        String transport = null;
        String host = null;
        String port = null;
        for (int i = 0; i < args.length; i++) {
            String arg = args[i];
            String name = arg.contains("=") && arg.startsWith("--") ? arg.substring(0, arg.indexOf('=')) : arg;
            String inline = arg.contains("=") && arg.startsWith("--") ? arg.substring(arg.indexOf('=') + 1) : null;
            switch (name) {
                case "--help", "-h" -> {
                    return new Parsed(List.of(), Optional.of(usage()));
                }
                case "--version", "-V" -> {
                    return new Parsed(List.of(), Optional.of("dbprint-mcp " + ServerIdentity.version() + "\n"));
                }
                case "--project", "--transport", "--host", "--port" -> {
                    String value = inline;
                    if (value == null) {
                        if (i + 1 >= args.length) {
                            throw new UsageError(name + " needs a value");
                        }
                        value = args[++i];
                    }
                    switch (name) {
                        case "--project" -> project = value;
                        case "--transport" -> transport = value;
                        case "--host" -> host = value;
                        default -> port = value;
                    }
                }
                case "--read-only" -> {
                    // the only mode there is
                }
                default -> {
                    if (arg.startsWith("-")) {
                        throw new UsageError("unknown option " + arg);
                    }
                    conns.add(arg);
                }
            }
        }
        String spelled = transport != null ? transport : setting("dbprint.transport", "stdio");
        Transport chosen = Transport.named(spelled)
                .orElseThrow(() -> new UsageError("--transport must be stdio or http, not '" + spelled + "'"));
        List<String[]> props = new ArrayList<>();
        props.add(new String[]{"dbprint.transport", chosen.wireName()});
        if (System.getProperty("quarkus.profile") == null && System.getenv("QUARKUS_PROFILE") == null) {
            props.add(new String[]{"quarkus.profile", chosen.wireName()});
        }
        if (chosen == Transport.HTTP) {
            host = host != null ? host : setting("quarkus.http.host", "127.0.0.1");
            if (!LoopbackGuard.isLoopbackBind(host)) {
                throw new ConfigError("--host " + host
                        + " is not a loopback address; the server binds only to 127.0.0.1, ::1 or localhost");
            }
            port = port != null ? port : setting("quarkus.http.port", null);
            if (port == null) {
                throw new UsageError("--transport http needs --port N");
            }
            int n;
            try {
                n = Integer.parseInt(port);
                if (n < 0 || n > 65535) {
                    throw new NumberFormatException();
                }
            } catch (NumberFormatException e) {
                throw new UsageError("--port must be a TCP port number from 1 to 65535, or 0 for any free one, not '"
                        + port + "'");
            }
            PortCheck.free(host, n);
            props.add(new String[]{"quarkus.http.host", host});
            props.add(new String[]{"quarkus.http.port", port});
        } else if (host != null || port != null) {
            throw new UsageError("--host and --port apply only with --transport http");
        }
        Optional<String> projectSetting = Optional.ofNullable(project != null ? project : setting("dbprint.project", null))
                .map(ServeCommand::fetchedIfGit);
        Path file = ProjectLocator.locate(projectSetting, Path.of(""));
        props.add(new String[]{"dbprint.project", file.toString()});
        if (conns.isEmpty()) {
            String fromConfig = setting("dbprint.connections", null);
            if (fromConfig != null && !fromConfig.isBlank()) {
                conns.addAll(List.of(fromConfig.split("\\s*,\\s*")));
            }
        }
        if (chosen == Transport.HTTP) {
            ServedSetAhead.now(file, conns); // fails here, before anything binds, with the §5.1 reason
        } else {
            // nothing binds under stdio: resolved while Quarkus boots, checked before serving; then the served
            // manifests are read, so a first call finds them parsed, and listed once (ListTablesWarmup)
            ServedSetAhead.begin(file, conns,
                    set -> set.served().values().forEach(c -> PrintStore.readManifestAhead(c.root())
                            .ifPresent(store -> ListTablesWarmup.run(store, c))));
        }
        if (!conns.isEmpty()) {
            props.add(new String[]{"dbprint.connections", String.join(",", conns)});
        }
        return new Parsed(props, Optional.empty());
    }

    /** A git address's checkout in the user's cache, fetched as its ref asks; any other value as it is. */
    private static String fetchedIfGit(String project) {
        return GitAddress.parse(project, Path.of("")).map(a -> GitCheckouts.ofUser().checkout(a).toString())
                .orElse(project);
    }

    /** A key as a system property or its environment-variable spelling, the two sources a launcher can set. */
    private static String setting(String key, String fallback) {
        String value = System.getProperty(key);
        if (value == null) {
            value = System.getenv(key.toUpperCase().replaceAll("[^A-Z0-9]", "_"));
        }
        return value != null ? value : fallback;
    }
}
