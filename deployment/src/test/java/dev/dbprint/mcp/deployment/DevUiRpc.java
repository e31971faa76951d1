package dev.dbprint.mcp.deployment;

import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.WebSocket;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionStage;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;

/**
 * Calls the Dev UI's JSON-RPC methods over its websocket, as the Dev UI pages do, and waits for each answer itself.
 * Quarkus's {@code DevUIJsonRPCTest} polls for the answer every 3 s, so nearly every call took 3 s where the answer
 * took milliseconds.
 */
final class DevUiRpc {

    private static final ObjectMapper JSON = new ObjectMapper();
    private static final AtomicInteger IDS = new AtomicInteger();

    private final String namespace;
    private final HttpClient http = HttpClient.newHttpClient();

    DevUiRpc(String namespace) {
        this.namespace = namespace;
    }

    JsonNode call(String method) throws Exception {
        return call(method, Map.of());
    }

    /** The {@code result.object} of the answer to {@code method} called with {@code params}. */
    JsonNode call(String method, Map<String, Object> params) throws Exception {
        int id = IDS.incrementAndGet();
        ObjectNode request = JSON.createObjectNode().put("jsonrpc", "2.0").put("id", id)
                .put("method", namespace + "_" + method);
        request.set("params", JSON.valueToTree(params));
        Answer answer = new Answer(id);
        URI uri = URI.create("ws://localhost:" + System.getProperty("quarkus.http.port") + "/q/dev-ui/json-rpc-ws");
        WebSocket socket = http.newWebSocketBuilder().buildAsync(uri, answer).get(30, TimeUnit.SECONDS);
        try {
            socket.sendText(JSON.writeValueAsString(request), true).get(30, TimeUnit.SECONDS);
            JsonNode reply = answer.reply.get(30, TimeUnit.SECONDS);
            JsonNode object = reply.path("result").path("object");
            if (object.isMissingNode()) {
                throw new AssertionError(method + " " + params + " answered with no result object: " + reply);
            }
            return object;
        } finally {
            socket.abort();
        }
    }

    /** Collects text frames into messages and completes with the one that answers {@code id}. */
    private static final class Answer implements WebSocket.Listener {

        final CompletableFuture<JsonNode> reply = new CompletableFuture<>();
        private final int id;
        private final StringBuilder message = new StringBuilder();

        Answer(int id) {
            this.id = id;
        }

        @Override
        public CompletionStage<?> onText(WebSocket socket, CharSequence data, boolean last) {
            message.append(data);
            if (last) {
                try {
                    JsonNode node = JSON.readTree(message.toString());
                    if (node.path("id").asInt(-1) == id) {
                        reply.complete(node);
                    }
                } catch (Exception e) {
                    reply.completeExceptionally(e);
                }
                message.setLength(0);
            }
            socket.request(1);
            return null;
        }

        @Override
        public void onError(WebSocket socket, Throwable error) {
            reply.completeExceptionally(error);
        }

        @Override
        public CompletionStage<?> onClose(WebSocket socket, int status, String reason) {
            reply.completeExceptionally(new IllegalStateException("closed before the answer: " + status + " " + reason));
            return null;
        }
    }
}
