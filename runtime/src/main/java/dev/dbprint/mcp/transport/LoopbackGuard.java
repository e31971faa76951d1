package dev.dbprint.mcp.transport;

import java.util.List;
import java.util.Locale;

/**
 * The loopback rules of spec §6.2. At start-up only a loopback bind address is accepted; on every request the
 * {@code Host} must name a loopback address on the bound port (else 421) and an {@code Origin}, when sent, must be the
 * {@code http://} origin of one (else 403), so a web page that rebinds its own name to 127.0.0.1 cannot reach the server.
 */
public final class LoopbackGuard {

    public static final List<String> LOOPBACK_HOSTS = List.of("127.0.0.1", "::1", "localhost");

    private LoopbackGuard() {
    }

    public static boolean isLoopbackBind(String host) {
        return host != null && LOOPBACK_HOSTS.contains(host.toLowerCase(Locale.ROOT));
    }

    /** Host names compare case-insensitively (RFC 9110); the port must be the bound one, spelled out. */
    public static boolean hostAllowed(String host, int port) {
        if (host == null) {
            return false;
        }
        String h = host.toLowerCase(Locale.ROOT);
        return h.equals("127.0.0.1:" + port) || h.equals("localhost:" + port) || h.equals("[::1]:" + port);
    }

    /**
     * An origin-form target ({@code /mcp}) names no authority; an absolute-form one ({@code http://host:port/mcp}),
     * which a server must take in place of {@code Host} (RFC 9112 §3.2.2), must name a loopback one on the bound port.
     */
    public static boolean targetAllowed(String target, int port) {
        if (target == null || target.startsWith("/") || target.equals("*")) {
            return true;
        }
        String t = target.toLowerCase(Locale.ROOT);
        if (!t.startsWith("http://")) {
            return false;
        }
        int end = t.indexOf('/', "http://".length());
        return hostAllowed(t.substring("http://".length(), end < 0 ? t.length() : end), port);
    }

    public static boolean originAllowed(String origin, int port) {
        if (origin == null) {
            return true;
        }
        String o = origin.toLowerCase(Locale.ROOT);
        return o.startsWith("http://") && hostAllowed(o.substring("http://".length()), port);
    }
}
