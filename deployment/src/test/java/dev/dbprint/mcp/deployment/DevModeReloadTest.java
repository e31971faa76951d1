package dev.dbprint.mcp.deployment;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.ByteArrayOutputStream;
import java.io.OutputStream;
import java.io.PrintStream;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.net.http.WebSocket;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.logging.LogRecord;

import org.jboss.shrinkwrap.api.asset.StringAsset;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;

import io.quarkus.test.QuarkusDevModeTest;

/**
 * A dev-mode live reload, as {@code quarkus:dev} runs it: an edit to {@code application.properties}, then the call that
 * triggers the restart. The call is answered once the restarted server is up, without the shutdown waiting out its
 * bound for the call itself or for a Dev UI page's open websocket, and the ready line names the port still served.
 */
public class DevModeReloadTest {

    static final Path PROJECT = PrintFixture.create();
    static final int PORT = FreePort.forTheApplication();
    /** What the server prints on stderr (the ready line), kept beside the console. */
    static final ByteArrayOutputStream STDERR = new ByteArrayOutputStream();

    static {
        PrintStream console = System.err;
        System.setErr(new PrintStream(new OutputStream() {

            @Override
            public void write(int b) {
                console.write(b);
                STDERR.write(b);
            }

            @Override
            public void write(byte[] b, int off, int len) {
                console.write(b, off, len);
                STDERR.write(b, off, len);
            }
        }, true, StandardCharsets.UTF_8));
    }

    @RegisterExtension
    static final QuarkusDevModeTest APP = new QuarkusDevModeTest()
            .withApplicationRoot(jar -> jar.addClasses(PrintFixture.class, FreePort.class, DevModeServer.class)
                    .addAsResource(new StringAsset("dbprint.project=" + PROJECT + "\n"
                            + "dbprint.transport=http\n"
                            + "quarkus.http.host=127.0.0.1\n"
                            + "quarkus.banner.enabled=false\n"
                            + "quarkus.shutdown.timeout=10s\n"), "application.properties"))
            .setLogRecordPredicate(r -> r.getLoggerName().startsWith("dev.dbprint"));

    private final HttpClient client = HttpClient.newBuilder().version(HttpClient.Version.HTTP_1_1).build();

    @Test
    void aReloadAnswersItsTriggeringCallWithoutWaitingOutTheShutdownBound() throws Exception {
        assertEquals(200, initialize().statusCode());
        WebSocket devUi = client.newWebSocketBuilder()
                .buildAsync(URI.create("ws://127.0.0.1:" + PORT + "/q/dev-ui/json-rpc-ws"), new WebSocket.Listener() {
                }).get(30, TimeUnit.SECONDS);

        APP.modifyResourceFile("application.properties", text -> text + "# edited while dev mode runs\n");
        long start = System.nanoTime();
        HttpResponse<String> reply = initialize();
        Duration took = Duration.ofNanos(System.nanoTime() - start);
        devUi.abort();

        assertEquals(200, reply.statusCode(), reply.body());
        List<String> drainWarnings = APP.getLogRecords().stream().map(LogRecord::getMessage)
                .filter(m -> m.contains("still in flight")).toList();
        assertEquals(List.of(), drainWarnings);
        // the restart itself takes a few seconds on a loaded machine; the shutdown's bound alone was 10
        assertTrue(took.compareTo(Duration.ofSeconds(10)) < 0, "the triggering call took " + took);

        List<String> readyLines = STDERR.toString(StandardCharsets.UTF_8).lines()
                .filter(l -> l.contains(" over HTTP at ")).toList();
        assertEquals(2, readyLines.size(), readyLines.toString());
        assertTrue(readyLines.get(1).contains("http://127.0.0.1:" + PORT + "/mcp "), readyLines.get(1));
    }

    private HttpResponse<String> initialize() throws Exception {
        HttpRequest request = HttpRequest.newBuilder(URI.create("http://127.0.0.1:" + PORT + "/mcp"))
                .header("Content-Type", "application/json").header("Accept", "application/json, text/event-stream")
                .timeout(Duration.ofSeconds(60))
                .POST(HttpRequest.BodyPublishers.ofString("{\"jsonrpc\":\"2.0\",\"id\":1,\"method\":\"initialize\","
                        + "\"params\":{\"protocolVersion\":\"2025-06-18\",\"capabilities\":{},"
                        + "\"clientInfo\":{\"name\":\"reload-test\",\"version\":\"1\"}}}"))
                .build();
        return client.send(request, HttpResponse.BodyHandlers.ofString());
    }
}
