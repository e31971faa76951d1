package dev.dbprint.mcp.deployment;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.net.InetAddress;
import java.net.ServerSocket;

/**
 * A free loopback port for a dev-mode test application. Not Quarkus's default 8080: on a shared machine a test then
 * talked to another build's dev-mode application.
 */
final class FreePort {

    private FreePort() {
    }

    /** A free port, set as the application's {@code quarkus.http.port}, which the tests' clients read too. */
    static int forTheApplication() {
        int port;
        try (ServerSocket socket = new ServerSocket(0, 1, InetAddress.getLoopbackAddress())) {
            port = socket.getLocalPort();
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
        System.setProperty("quarkus.http.port", Integer.toString(port));
        return port;
    }
}
