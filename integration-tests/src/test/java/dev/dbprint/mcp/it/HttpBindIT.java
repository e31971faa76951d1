package dev.dbprint.mcp.it;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;

import java.io.IOException;
import java.net.InetAddress;
import java.net.ServerSocket;
import java.net.Socket;

import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.api.Test;

/** {@code --host ::1} binds the IPv6 loopback only (spec §6.2). Skipped where the machine has no IPv6 loopback. */
class HttpBindIT {

    @Test
    void ipv6LoopbackBindServesOnlyThere() throws IOException {
        Assumptions.assumeTrue(ipv6LoopbackAvailable(), "no IPv6 loopback on this machine");
        try (ServerProcess server = ServerProcess.start(ServerProcess.fixture("it-project"), "--transport", "http",
                "--host", "::1", "--port", "0")) {
            int port = server.awaitListening();
            try (Socket s = new Socket("::1", port)) {
                s.getOutputStream()
                        .write(("POST /mcp HTTP/1.1\r\nHost: [::1]:" + port + "\r\nContent-Type: application/json\r\n"
                                + "Content-Length: 2\r\nConnection: close\r\n\r\n{}").getBytes());
                String status = new String(s.getInputStream().readAllBytes()).split("\r\n")[0];
                assertEquals("HTTP/1.1 400 Bad Request", status, "a request without a session reached the server");
            }
            assertFalse(ServerProcess.accepts("127.0.0.1", port), "bound to ::1, the server must not listen on 127.0.0.1");
            server.terminate();
            assertEquals(0, server.waitForExit(), server.stderr());
        }
    }

    private static boolean ipv6LoopbackAvailable() {
        try (ServerSocket s = new ServerSocket(0, 1, InetAddress.getByName("::1"))) {
            return true;
        } catch (IOException e) {
            return false;
        }
    }
}
