package dev.dbprint.mcp.cli;

import java.io.IOException;
import java.net.BindException;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.net.ServerSocket;

import dev.dbprint.mcp.config.ConfigError;

/**
 * Whether {@code --port} can be bound, tried before Quarkus boots: a taken port then gets one line of ours and exit 1
 * instead of Quarkus's generic advice. The socket is closed at once; port 0 always passes (the OS picks at bind).
 */
final class PortCheck {

    private PortCheck() {
    }

    static void free(String host, int port) {
        if (port == 0) {
            return;
        }
        try (ServerSocket socket = new ServerSocket()) {
            socket.bind(new InetSocketAddress(InetAddress.getByName(host), port));
        } catch (BindException e) {
            throw new ConfigError("port " + port + " on " + host
                    + " is already in use; choose another with --port N, or --port 0 for any free port");
        } catch (IOException e) {
            throw new ConfigError("cannot listen on " + host + ":" + port + ": " + e.getMessage());
        }
    }
}
