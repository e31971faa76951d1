package dev.dbprint.mcp.protocol;

import java.io.IOException;
import java.io.InputStream;
import java.io.StringReader;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.util.Properties;

/** What the handshake says about the server: {@code serverInfo} and the {@code instructions} text (spec §2). */
public final class ServerIdentity {

    public static final String NAME = "dbprint";

    private static final String VERSION = version(read("dbprint/version.properties"));
    private static final String INSTRUCTIONS = read("dbprint/instructions.md").strip();

    private ServerIdentity() {
    }

    /** The project's own version, stamped into the runtime jar by the build. */
    public static String version() {
        return VERSION;
    }

    public static String instructions() {
        return INSTRUCTIONS;
    }

    private static String version(String properties) {
        Properties p = new Properties();
        try {
            p.load(new StringReader(properties));
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
        return p.getProperty("version");
    }

    static String read(String resource) {
        try (InputStream in = ServerIdentity.class.getClassLoader().getResourceAsStream(resource)) {
            if (in == null) {
                throw new IllegalStateException("missing resource " + resource);
            }
            return new String(in.readAllBytes(), StandardCharsets.UTF_8);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }
}
