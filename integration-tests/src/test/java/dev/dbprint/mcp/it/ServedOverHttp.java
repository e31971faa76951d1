package dev.dbprint.mcp.it;

import java.net.http.HttpClient;
import java.util.List;

import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.TestInstance;

/**
 * A test class whose tests all speak to one server, started for the class, that serves the it-project over loopback
 * HTTP on the port it bound ({@code --port 0}), with a client of its own.
 */
@TestInstance(TestInstance.Lifecycle.PER_CLASS)
abstract class ServedOverHttp {

    int port;
    ServerProcess server;
    HttpClient http;

    @BeforeAll
    void start() {
        server = ServerProcess.startHttp(List.of(), ServerProcess.fixture("it-project"));
        port = server.awaitListening();
        http = McpHttp.client();
    }

    @AfterAll
    void stop() {
        server.close();
    }
}
