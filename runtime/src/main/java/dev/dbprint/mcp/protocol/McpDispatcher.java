package dev.dbprint.mcp.protocol;

import java.util.Optional;

import jakarta.annotation.PostConstruct;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.inject.Inject;

import org.jboss.logging.Logger;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.core.json.JsonWriteFeature;
import com.fasterxml.jackson.databind.DeserializationFeature;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.ObjectWriter;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.NullNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import com.fasterxml.jackson.databind.util.RawValue;

import dev.dbprint.mcp.error.ProtocolError;
import dev.dbprint.mcp.print.PrintWarmup;
import dev.dbprint.mcp.resource.ResourceService;
import dev.dbprint.mcp.tool.ToolInvoker;
import dev.dbprint.mcp.tool.ToolRegistry;
import dev.dbprint.mcp.tool.ToolResult;

/**
 * The JSON-RPC 2.0 envelope and method table shared by every transport. It knows nothing of prints: tools and resources
 * answer the methods; this class answers framing faults with the standard codes and never lets one stop the server.
 */
@ApplicationScoped
public class McpDispatcher {

    private static final Logger LOG = Logger.getLogger(McpDispatcher.class);

    @Inject
    ObjectMapper mapper;

    @Inject
    ToolRegistry tools;

    @Inject
    ToolInvoker invoker;

    @Inject
    ResourceService resources;

    @Inject
    PrintWarmup warmup;

    /** The writer of UTF-8 replies, made once: every reply of a busy server goes through it. */
    private ObjectWriter utf8;

    @PostConstruct
    void writers() {
        utf8 = utf8Writer(mapper);
    }

    /**
     * Whether answering a message may read print files, and so may take long: a batch, or a request for a tool or a
     * resource. Everything else is answered from memory, and a transport may answer it on its reading thread.
     */
    public static boolean readsPrint(JsonNode message) {
        return message.isArray() || Method.named(message.path("method").asText("")).map(Method::readsPrint).orElse(false);
    }

    /** A frame's text as one JSON value; anything else is a -32700 parse error. */
    public JsonNode parse(String text) {
        JsonNode message;
        try {
            message = mapper.reader().with(DeserializationFeature.FAIL_ON_TRAILING_TOKENS).readTree(text);
        } catch (JsonProcessingException e) {
            throw new ProtocolError(ProtocolError.PARSE_ERROR,
                    "Parse error: the message is not valid JSON (" + e.getOriginalMessage() + ")");
        }
        if (message == null || message.isMissingNode()) {
            throw new ProtocolError(ProtocolError.PARSE_ERROR, "Parse error: empty message");
        }
        return message;
    }

    /** The reply to a frame that failed before dispatch (not JSON, oversize): a JSON-RPC error with id null. */
    public String failure(ProtocolError e) {
        return write(error(NullNode.instance, e));
    }

    /** A modern reply and the HTTP status it goes out with. */
    public record Answer(JsonNode reply, int status) {
    }

    /**
     * A request of the stateless era: its {@code _meta} is checked (-32602, -32022, both HTTP 400), then it is served
     * under the revision it names with the modern method table (an unknown or removed method is -32601, HTTP 404).
     * Nothing of it outlives the request but its place among {@code peer}'s requests in flight, so a
     * {@code notifications/cancelled} from the same client withdraws it as it would a legacy request: the stdio
     * connection's peer there, a peer of its own over HTTP, where each request is an exchange of its own.
     */
    public Answer answerModern(JsonNode message, Peer peer) {
        String version = Era.MODERN.latest();
        JsonNode id = message.path("id");
        if (message.isObject() && RequestId.valid(id) && message.path("method").isTextual()) {
            try {
                version = ModernRequest.version(message.get("params"));
            } catch (ProtocolError e) {
                peer.finish(id); // a transport may have admitted it already; it is answered here, never served
                return new Answer(error(id, e), e.httpStatus());
            }
        }
        JsonNode reply = handleOne(message, new Exchange(Era.MODERN, version, peer));
        return new Answer(reply, status(reply));
    }

    /** The reply refusing a message before dispatch (a transport's own check), answering its id when it has one. */
    public JsonNode refusal(JsonNode message, ProtocolError e) {
        JsonNode id = message.path("id");
        return error(RequestId.valid(id) ? id : NullNode.instance, e);
    }

    /** The HTTP status of a modern reply: 404 for a method this era does not have, 400 for a malformed request. */
    private static int status(JsonNode reply) {
        return switch (reply == null ? 0 : reply.path("error").path("code").asInt()) {
            case ProtocolError.METHOD_NOT_FOUND -> 404;
            case ProtocolError.INVALID_REQUEST, ProtocolError.PARSE_ERROR -> 400;
            default -> 200;
        };
    }

    /** A parsed message or batch in, the reply out; null when nothing is to be sent. */
    public JsonNode handle(JsonNode message, Exchange exchange) {
        if (!message.isArray()) {
            return handleOne(message, exchange);
        }
        if (message.isEmpty()) {
            return error(NullNode.instance, ProtocolError.INVALID_REQUEST, "Invalid Request: an empty batch");
        }
        ArrayNode replies = mapper.createArrayNode();
        message.forEach(element -> {
            JsonNode reply = handleOne(element, exchange);
            if (reply != null) {
                replies.add(reply);
            }
        });
        return replies.isEmpty() ? null : replies;
    }

    /** Whether a message is an {@code initialize} request (the HTTP transport issues a session for it). */
    public static boolean isInitialize(JsonNode message) {
        return message.isObject() && "initialize".equals(message.path("method").asText(null)) && message.has("id");
    }

    public String write(JsonNode reply) {
        try {
            return mapper.writeValueAsString(reply);
        } catch (JsonProcessingException e) {
            throw new IllegalStateException(e);
        }
    }

    /** As {@link #write}, straight to UTF-8: no string is built for a reply only sent as bytes. */
    public byte[] writeBytes(JsonNode reply) {
        try {
            return utf8.writeValueAsBytes(reply);
        } catch (JsonProcessingException e) {
            throw new IllegalStateException(e);
        }
    }

    /**
     * The writer for UTF-8 replies: it spells a character outside the BMP as its four UTF-8 bytes, as {@link #write}
     * does, where Jackson's byte writer would otherwise escape each half of its surrogate pair.
     */
    public static ObjectWriter utf8Writer(ObjectMapper mapper) {
        return mapper.writer().with(JsonWriteFeature.COMBINE_UNICODE_SURROGATES_IN_UTF8);
    }

    private JsonNode handleOne(JsonNode message, Exchange exchange) {
        if (!message.isObject()) {
            return error(NullNode.instance, ProtocolError.INVALID_REQUEST,
                    "Invalid Request: a JSON-RPC message must be an object");
        }
        if (!message.has("id")) {
            notice(message, exchange);
            return null; // a notification (or a malformed one) is never answered
        }
        JsonNode id = message.get("id");
        if (!RequestId.valid(id)) {
            return message.has("result") || message.has("error")
                    ? null // a response from the client: nothing may be answered
                    : error(NullNode.instance, ProtocolError.INVALID_REQUEST,
                            "Invalid Request: id must be a string or an integer");
        }
        exchange.peer().admit(message);
        JsonNode reply = request(message, id, exchange);
        return exchange.peer().finish(id) ? null : reply;
    }

    /**
     * A notification: a cancellation cancels; notifications/initialized, which a client sends once it has the handshake's
     * reply, starts reading the print ahead (not before that reply, whose time it would share); any other is accepted.
     */
    private void notice(JsonNode message, Exchange exchange) {
        if (!"2.0".equals(message.path("jsonrpc").textValue())) {
            return;
        }
        String method = message.path("method").textValue();
        if ("notifications/cancelled".equals(method)) {
            exchange.peer().cancel(message.path("params").path("requestId"));
        } else if ("notifications/initialized".equals(method)) {
            warmup.begin();
        }
    }

    private JsonNode request(JsonNode message, JsonNode id, Exchange exchange) {
        JsonNode method = message.get("method");
        if (method == null || !method.isTextual()) {
            if (message.has("result") || message.has("error")) {
                return null; // a response from the client: nothing may be answered
            }
            return error(id, ProtocolError.INVALID_REQUEST, "Invalid Request: 'method' must be a string");
        }
        if (!message.path("jsonrpc").isTextual() || !"2.0".equals(message.path("jsonrpc").textValue())) {
            return error(id, ProtocolError.INVALID_REQUEST, "Invalid Request: 'jsonrpc' must be \"2.0\"");
        }
        return answerRequest(method.asText(), id, message.get("params"), exchange);
    }

    private JsonNode answerRequest(String name, JsonNode id, JsonNode params, Exchange exchange) {
        Optional<Method> method = exchange.era().method(name);
        if (method.isEmpty()) {
            return error(id, ProtocolError.METHOD_NOT_FOUND, "Method not found: " + name);
        }
        if (params != null && !params.isNull() && !params.isObject()) {
            return error(id, ProtocolError.INVALID_PARAMS, "Invalid params: 'params' must be an object");
        }
        if (exchange.peer().cancelled(id)) {
            return null; // withdrawn while it waited for a worker: no work is started for it
        }
        ObjectNode p = params instanceof ObjectNode o ? o : mapper.createObjectNode();
        try {
            ObjectNode result = call(method.get(), p);
            if (exchange.era() == Era.MODERN) {
                CacheHints.complete(name, result);
            }
            return result(id, result);
        } catch (ProtocolError e) {
            return error(id, e);
        } catch (RuntimeException | StackOverflowError | OutOfMemoryError e) {
            // an Error escaping here would end the worker with the request unanswered: the client would wait forever
            LOG.errorf(e, "%s failed", name);
            return error(id, ProtocolError.INTERNAL_ERROR, "Internal error: " + e);
        }
    }

    private ObjectNode call(Method method, ObjectNode params) {
        return switch (method) {
            case INITIALIZE -> initialize(params);
            case DISCOVER -> discover();
            case PING -> mapper.createObjectNode();
            case TOOLS_LIST -> listTools(params);
            case TOOLS_CALL -> callTool(params);
            case RESOURCES_LIST -> resources.list(optionalString(params, "cursor"));
            case RESOURCES_READ -> read(requiredString(params, "uri"));
            case TEMPLATES_LIST -> listTemplates(params);
            case COMPLETE -> resources.complete(params);
        };
    }

    private ObjectNode initialize(ObjectNode params) {
        String asked = params.path("protocolVersion").asText("");
        ObjectNode result = mapper.createObjectNode();
        result.put("protocolVersion", Era.LEGACY.agree(asked));
        capabilities(result);
        serverInfo(result.putObject("serverInfo"));
        result.put("instructions", ServerIdentity.instructions());
        return result;
    }

    /** What {@code initialize} says, the stateless way: the server's identity rides in the result's {@code _meta}. */
    private ObjectNode discover() {
        ObjectNode result = mapper.createObjectNode();
        ModernRequest.supportedVersions().forEach(result.putArray("supportedVersions")::add);
        capabilities(result);
        result.put("instructions", ServerIdentity.instructions());
        serverInfo(result.putObject("_meta").putObject(ModernRequest.SERVER_INFO_KEY));
        return result;
    }

    /**
     * The same capabilities in both eras (spec §7.2): no subscriptions, no list changes, no prompts; completion of the
     * resource templates' variables ({@code completions}, an empty object in MCP's schema).
     */
    private static void capabilities(ObjectNode result) {
        ObjectNode capabilities = result.putObject("capabilities");
        ObjectNode resourceCaps = capabilities.putObject("resources");
        resourceCaps.put("subscribe", false);
        resourceCaps.put("listChanged", false);
        capabilities.putObject("tools").put("listChanged", false);
        capabilities.putObject("completions");
    }

    private static void serverInfo(ObjectNode info) {
        info.put("name", ServerIdentity.NAME);
        info.put("version", ServerIdentity.version());
    }

    /** A resource read; an invalid-params fault names the URI asked for in its {@code data} (both eras). */
    private ObjectNode read(String uri) {
        try {
            return resources.read(uri);
        } catch (ProtocolError e) {
            if (e.code() != ProtocolError.INVALID_PARAMS || e.data() != null) {
                throw e;
            }
            throw new ProtocolError(e.code(), e.getMessage(), mapper.createObjectNode().put("uri", uri), e.httpStatus());
        }
    }

    private ObjectNode listTools(ObjectNode params) {
        warmup.begin(); // a stateless client lists the tools first, with no notifications/initialized before
        if (params.has("cursor")) {
            // every tool fits the first page (§3.3), so no tools/list reply ever carries a cursor to pass back
            throw ProtocolError.invalidParams(
                    "tools/list issued no cursor: all tools fit its first page. Call it without `cursor`.");
        }
        ObjectNode result = mapper.createObjectNode();
        ArrayNode list = result.putArray("tools");
        tools.all().forEach(t -> list.add(t.descriptor().listEntry(mapper)));
        return result;
    }

    private ObjectNode listTemplates(ObjectNode params) {
        if (params.has("cursor")) {
            // every template fits the first page, so no reply ever carries a cursor to pass back
            throw ProtocolError.invalidParams("resources/templates/list issued no cursor: all templates fit its first "
                    + "page. Call it without `cursor`.");
        }
        return resources.templates();
    }

    private ObjectNode callTool(ObjectNode params) {
        String name = requiredString(params, "name");
        JsonNode arguments = params.get("arguments");
        if (arguments != null && !arguments.isNull() && !arguments.isObject()) {
            throw ProtocolError.invalidParams("Invalid params: 'arguments' must be an object");
        }
        ToolResult answer = invoker.call(name,
                arguments instanceof ObjectNode o ? o : mapper.createObjectNode());
        ObjectNode result = mapper.createObjectNode();
        ObjectNode content = result.putArray("content").addObject().put("type", "text");
        if (answer.json() != null) {
            content.putRawValue("text", new RawValue(answer.json()));
        } else {
            content.put("text", answer.text());
        }
        result.put("isError", answer.isError());
        return result;
    }

    private static String requiredString(ObjectNode params, String key) {
        JsonNode v = params.get(key);
        if (v == null || !v.isTextual()) {
            throw ProtocolError.invalidParams("Invalid params: '" + key + "' must be a string");
        }
        return v.asText();
    }

    private static Optional<String> optionalString(ObjectNode params, String key) {
        JsonNode v = params.get(key);
        if (v == null || v.isNull()) {
            return Optional.empty();
        }
        if (!v.isTextual()) {
            throw ProtocolError.invalidParams("Invalid params: '" + key + "' must be a string");
        }
        return Optional.of(v.asText());
    }

    private ObjectNode result(JsonNode id, ObjectNode result) {
        ObjectNode reply = mapper.createObjectNode();
        reply.put("jsonrpc", "2.0");
        reply.set("id", id);
        reply.set("result", result);
        return reply;
    }

    private ObjectNode error(JsonNode id, int code, String message) {
        ObjectNode reply = mapper.createObjectNode();
        reply.put("jsonrpc", "2.0");
        reply.set("id", id);
        ObjectNode error = reply.putObject("error");
        error.put("code", code);
        error.put("message", message);
        return reply;
    }

    private ObjectNode error(JsonNode id, ProtocolError e) {
        ObjectNode reply = error(id, e.code(), e.getMessage());
        if (e.data() != null) {
            ((ObjectNode) reply.get("error")).set("data", e.data());
        }
        return reply;
    }
}
