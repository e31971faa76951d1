package dev.dbprint.mcp.it;

import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.net.InetSocketAddress;
import java.net.ServerSocket;
import java.net.Socket;

import org.junit.jupiter.api.Test;

/** The probe the tests use to show that nothing listens on a port. */
class ServerProcessTest {

    // a probe whose ephemeral port was the port probed connected to itself while nothing listened; a readiness wait
    // built on it took a server still starting for a listening one
    @Test
    void aSocketConnectedToItselfWithNothingListeningIsNoListener() throws Exception {
        int port = ServerProcess.freePort();
        try (Socket s = new Socket()) {
            s.setReuseAddress(true);
            s.bind(new InetSocketAddress("127.0.0.1", port));
            s.connect(new InetSocketAddress("127.0.0.1", port), 1_000);
            assertTrue(s.isConnected(), "TCP lets a socket connect to its own port with nothing listening");
            assertTrue(ServerProcess.toItself(s));
        }
        assertFalse(ServerProcess.accepts("127.0.0.1", port), "nothing listens there");
    }

    @Test
    void aRealListenerIsOne() throws Exception {
        try (ServerSocket listener = new ServerSocket(0, 50, java.net.InetAddress.getLoopbackAddress());
                Socket s = new Socket()) {
            s.connect(new InetSocketAddress("127.0.0.1", listener.getLocalPort()), 1_000);
            assertFalse(ServerProcess.toItself(s));
            assertTrue(ServerProcess.accepts("127.0.0.1", listener.getLocalPort()));
        }
    }
}
