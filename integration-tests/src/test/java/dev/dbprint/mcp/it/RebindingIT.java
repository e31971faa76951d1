package dev.dbprint.mcp.it;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.net.InetAddress;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * DNS rebinding and cross-origin requests (spec §6.2), as one matrix: every Host spelling (loopback, foreign, missing,
 * IPv6, wrong port, upper case, trailing dot) crossed with every Origin spelling (absent, loopback, foreign, wrong
 * scheme or port, IPv6, upper case, trailing dot) on each route ({@code POST /mcp}, {@code GET /sse},
 * {@code POST /messages/}). A foreign Host is 421 whatever the Origin; a loopback Host with a foreign Origin is 403; the
 * rest reach the route. Also: a bind to anything but 127.0.0.1, ::1 or localhost exits 1 and listens nowhere.
 */
class RebindingIT extends ServedOverHttp {

    /** A route and the status it answers a request that passes the guard. */
    private record Route(String method, String path, String body, int served) {
    }

    private static final List<Route> ROUTES = List.of(new Route("POST", "/mcp", HttpIT.INITIALIZE, 200),
            new Route("GET", "/sse", null, 200), new Route("POST", "/messages/?session_id=0000", HttpIT.PING, 404),
            new Route("DELETE", "/mcp", null, 400));

    private int other() {
        return port == 65535 ? port - 1 : port + 1;
    }

    /**
     * Host header values (null: none sent) and the status a request carrying one gets when its Origin is acceptable: the
     * route's own for a loopback Host, 421 for any other. A Host that is not even an RFC 3986 authority (an unbracketed
     * IPv6 address, a port followed by more name) or that is missing never reaches the loopback rule: the HTTP layer refuses
     * it with 400 first.
     */
    private Map<String, Integer> hosts() {
        Map<String, Integer> h = new LinkedHashMap<>();
        for (String ok : List.of("127.0.0.1:" + port, "localhost:" + port, "[::1]:" + port, "LOCALHOST:" + port,
                "LocalHost:" + port)) {
            h.put(ok, 0);
        }
        for (String bad : List.of("evil.example:" + port, "evil.example", "localhost", "127.0.0.1", "[::1]",
                "localhost.:" + port, "127.0.0.1.:" + port, "LOCALHOST.:" + port, "localhost:" + other(),
                "127.0.0.1:" + other(), "[::1]:" + other(), "[0:0:0:0:0:0:0:1]:" + port,
                "[::ffff:127.0.0.1]:" + port, "127.0.0.2:" + port, "0.0.0.0:" + port, "localhost:0" + port,
                "evil.localhost:" + port, "")) {
            h.put(bad, 421);
        }
        h.put(null, 400); // HTTP/1.1 requires a Host (RFC 9112 §3.2)
        h.put("::1:" + port, 400);
        h.put("localhost:" + port + ".evil.example", 400);
        return h;
    }

    /** Origin header values (null: none sent) and whether §6.2 admits them. */
    private Map<String, Boolean> origins() {
        Map<String, Boolean> o = new LinkedHashMap<>();
        o.put(null, true);
        for (String ok : List.of("http://localhost:" + port, "http://127.0.0.1:" + port, "http://[::1]:" + port,
                "HTTP://LOCALHOST:" + port)) {
            o.put(ok, true);
        }
        for (String bad : List.of("http://evil.example", "http://evil.example:" + port, "https://localhost:" + port,
                "null", "", "http://localhost.:" + port, "http://localhost:" + other(), "http://localhost",
                "http://[::1]", "http://[0:0:0:0:0:0:0:1]:" + port, "http://127.0.0.1.:" + port,
                "http://localhost:" + port + "/", "file://", "http://evil.localhost:" + port, "ws://localhost:" + port)) {
            o.put(bad, false);
        }
        return o;
    }

    @Test
    void everyHostOriginAndRouteCombinationGetsTheSpecStatus() {
        List<String> wrong = new ArrayList<>();
        int checked = 0;
        for (Route route : ROUTES) {
            for (Map.Entry<String, Integer> host : hosts().entrySet()) {
                for (Map.Entry<String, Boolean> origin : origins().entrySet()) {
                    int expected = host.getValue() != 0 ? host.getValue() : !origin.getValue() ? 403 : route.served();
                    Map<String, String> headers = origin.getKey() == null ? Map.of() : Map.of("Origin", origin.getKey());
                    int status = RawHttp.status(port, route.method(), route.path(), host.getKey(), headers, route.body());
                    checked++;
                    if (status != expected) {
                        wrong.add(route.method() + " " + route.path() + " Host=" + host.getKey() + " Origin="
                                + origin.getKey() + ": " + status + ", expected " + expected);
                    }
                }
            }
        }
        assertEquals(List.of(), wrong.subList(0, Math.min(30, wrong.size())),
                wrong.size() + " of " + checked + " combinations");
        assertTrue(server.isAlive());
    }

    @Test
    void refusedRequestsIssueNoSessionAndDoNotReachTheDispatcher() {
        RawHttp.Response r = RawHttp.post(port, "/mcp", "evil.example:" + port, Map.of(), HttpIT.INITIALIZE);
        assertEquals(421, r.status());
        assertEquals(null, r.header("Mcp-Session-Id"));
        assertFalse(r.body().contains("serverInfo"), r.body());
        RawHttp.Response o = RawHttp.post(port, "/mcp", "localhost:" + port, Map.of("Origin", "http://evil.example"),
                HttpIT.INITIALIZE);
        assertEquals(403, o.status());
        assertEquals(null, o.header("Mcp-Session-Id"));
        assertFalse(o.body().contains("serverInfo"), o.body());
    }

    /** Any bind address but the loopback ones exits 1 before listening (spec §6.2). */
    @ParameterizedTest
    @ValueSource(strings = {"::", "0", "127.0.0.2", "::ffff:127.0.0.1", "localhost.", "[::1]", "10.0.0.1", "",
            "HOSTNAME"})
    void nonLoopbackBindExitsOneAndListensNowhere(String host) throws IOException {
        String bind = host.equals("HOSTNAME") ? InetAddress.getLocalHost().getHostName() : host;
        int p = ServerProcess.freePort();
        try (ServerProcess refused = ServerProcess.start(ServerProcess.fixture("it-project"), "--transport", "http",
                "--host", bind, "--port", Integer.toString(p))) {
            refused.closeStdin();
            assertEquals(1, refused.waitForExit(), "--host '" + bind + "'; stderr:\n" + refused.stderr());
            assertTrue(refused.stderr().contains("dbprint-mcp: "), refused.stderr());
            assertEquals(List.of(), refused.stdoutLines());
            assertFalse(ServerProcess.accepts("127.0.0.1", p),
                    "something listens on " + p + " after --host '" + bind + "' was refused");
        }
    }
}
