package dev.dbprint.mcp.protocol;

import java.time.Duration;
import java.util.Optional;
import java.util.function.BooleanSupplier;

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

import dev.dbprint.mcp.error.ProtocolCatalog;
import dev.dbprint.mcp.error.ProtocolError;
import dev.dbprint.mcp.print.store.PrintWarmup;
import dev.dbprint.mcp.resource.ResourceService;
import dev.dbprint.mcp.tool.call.ToolInvoker;
import dev.dbprint.mcp.tool.call.ToolRegistry;
import dev.dbprint.mcp.tool.call.ToolResult;

/**
 * The JSON-RPC 2.0 envelope and method table shared by every transport, and where a transport gets its
 * {@link Connection}s. It knows nothing of prints: tools and resources answer the methods; this class answers framing
 * faults with the standard codes and never lets one stop the server.
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

    private static final Reply NOTHING = new Reply(null, 200);

    /** The writer of UTF-8 replies, made once: every reply of a busy server goes through it. */
    private ObjectWriter utf8;

    @PostConstruct
    void writers() {
        utf8 = utf8Writer(mapper);
    }

    /** A stdio connection: one client, both eras on one stream. */
    public Connection stdio() {
        return new Connection(this, Carrier.STDIO, null);
    }

    /** A legacy SSE stream: one client, the handshake revisions only. */
    public Connection sseStream() {
        return new Connection(this, Carrier.SSE, null);
    }

    /** The Streamable HTTP endpoint: at most {@code maxSessions} sessions, each gone after {@code idle} unused. */
    public Connection streamable(int maxSessions, Duration idle) {
        return new Connection(this, Carrier.STREAMABLE_HTTP, new Sessions(maxSessions, idle));
    }

    /** A frame's text as one JSON value; anything else is a -32700 parse error. */
    JsonNode parse(String text) {
        JsonNode message;
        try {
            message = mapper.reader().with(DeserializationFeature.FAIL_ON_TRAILING_TOKENS).readTree(text);
        } catch (JsonProcessingException e) {
            throw ProtocolCatalog.notJson(e.getOriginalMessage());
        }
        if (message == null || message.isMissingNode()) {
            throw ProtocolCatalog.emptyMessage();
        }
        return message;
    }

    /** A reply and the HTTP status it goes out with when it is a modern request's whole answer. */
    record Reply(JsonNode body, int status) {
    }

    /** The reply refusing a message before dispatch, answering its id when it has one. */
    Reply refusal(JsonNode message, ProtocolError e) {
        JsonNode id = message.path("id");
        return error(RequestId.valid(id) ? id : NullNode.instance, e);
    }

    /** A parsed message or batch in, the reply out; a null body when nothing is to be sent. */
    Reply handle(JsonNode message, Exchange exchange) {
        if (!message.isArray()) {
            return handleOne(message, exchange);
        }
        if (message.isEmpty()) {
            return error(NullNode.instance, ProtocolCatalog.emptyBatch());
        }
        ArrayNode replies = mapper.createArrayNode();
        message.forEach(element -> {
            JsonNode reply = handleOne(element, exchange).body();
            if (reply != null) {
                replies.add(reply);
            }
        });
        return new Reply(replies.isEmpty() ? null : replies, 200);
    }

    /** As {@link #writeBytes}, as a string. */
    String write(JsonNode reply) {
        try {
            return mapper.writeValueAsString(reply);
        } catch (JsonProcessingException e) {
            throw new IllegalStateException(e);
        }
    }

    /** A reply in UTF-8: no string is built for a reply only sent as bytes. */
    byte[] writeBytes(JsonNode reply) {
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

    private Reply handleOne(JsonNode message, Exchange exchange) {
        if (!message.isObject()) {
            return error(NullNode.instance, ProtocolCatalog.notAnObject());
        }
        if (!message.has("id")) {
            notice(message, exchange);
            return NOTHING; // a notification (or a malformed one) is never answered
        }
        JsonNode id = message.get("id");
        if (!RequestId.valid(id)) {
            return message.has("result") || message.has("error")
                    ? NOTHING // a response from the client: nothing may be answered
                    : error(NullNode.instance, ProtocolCatalog.badId());
        }
        Reply reply = request(message, id, exchange);
        return exchange.peer().finish(id) ? NOTHING : reply;
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
            readAhead();
        }
    }

    /** What every session's first calls need, read and loaded on threads of their own while the client moves on. */
    private void readAhead() {
        warmup.begin();
        NumberWarmup.begin();
    }

    private Reply request(JsonNode message, JsonNode id, Exchange exchange) {
        JsonNode method = message.get("method");
        if (method == null || !method.isTextual()) {
            if (message.has("result") || message.has("error")) {
                return NOTHING; // a response from the client: nothing may be answered
            }
            return error(id, ProtocolCatalog.methodNotString());
        }
        if (!message.path("jsonrpc").isTextual() || !"2.0".equals(message.path("jsonrpc").textValue())) {
            return error(id, ProtocolCatalog.badJsonrpc());
        }
        return answerRequest(method.asText(), id, message.get("params"), exchange);
    }

    private Reply answerRequest(String name, JsonNode id, JsonNode params, Exchange exchange) {
        Optional<Method> method = exchange.era().method(name);
        if (method.isEmpty()) {
            return error(id, ProtocolCatalog.methodNotFound(name));
        }
        if (params != null && !params.isNull() && !params.isObject()) {
            return error(id, ProtocolCatalog.paramsNotObject());
        }
        if (exchange.peer().cancelled(id)) {
            return NOTHING; // withdrawn while it waited for a worker: no work is started for it
        }
        ObjectNode p = params instanceof ObjectNode o ? o : mapper.createObjectNode();
        try {
            ObjectNode result = call(method.get(), p, exchange.structuredResults(),
                    () -> exchange.peer().cancelled(id));
            if (exchange.era() == Era.MODERN) {
                method.get().cacheHint().complete(result);
            }
            return new Reply(result(id, result), 200);
        } catch (ProtocolError e) {
            return error(id, e);
        } catch (RuntimeException | StackOverflowError | OutOfMemoryError e) {
            // an Error escaping here would end the worker with the request unanswered: the client would wait forever
            LOG.errorf(e, "%s failed", name);
            return error(id, ProtocolCatalog.internal(e));
        }
    }

    /**
     * Answers a method; {@code structured} says whether the revision has structured tool results, {@code cancelled}
     * whether the client has withdrawn the request since.
     */
    private ObjectNode call(Method method, ObjectNode params, boolean structured, BooleanSupplier cancelled) {
        return switch (method) {
            case INITIALIZE -> initialize(params);
            case DISCOVER -> discover();
            case PING -> mapper.createObjectNode();
            case TOOLS_LIST -> listTools(params, structured);
            case TOOLS_CALL -> callTool(params, structured, cancelled);
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
        RequestMeta.supportedVersions().forEach(result.putArray("supportedVersions")::add);
        capabilities(result);
        result.put("instructions", ServerIdentity.instructions());
        serverInfo(result.putObject("_meta").putObject(RequestMeta.SERVER_INFO_KEY));
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

    private ObjectNode listTools(ObjectNode params, boolean structured) {
        readAhead(); // a stateless client lists the tools first, with no notifications/initialized before
        if (params.has("cursor")) {
            // every tool fits the first page (§3.3), so no tools/list reply ever carries a cursor to pass back
            throw ProtocolCatalog.toolsCursor();
        }
        ObjectNode result = mapper.createObjectNode();
        ArrayNode list = result.putArray("tools");
        tools.all().forEach(t -> list.add(t.descriptor().listEntry(mapper, structured)));
        return result;
    }

    private ObjectNode listTemplates(ObjectNode params) {
        if (params.has("cursor")) {
            // every template fits the first page, so no reply ever carries a cursor to pass back
            throw ProtocolCatalog.templatesCursor();
        }
        return resources.templates();
    }

    /**
     * A tool's result: its text, and when the revision has them and the text is the tool's json object, the same object
     * as {@code structuredContent}; a fault, Markdown and YAML stay text alone.
     */
    private ObjectNode callTool(ObjectNode params, boolean structured, BooleanSupplier cancelled) {
        String name = requiredString(params, "name");
        JsonNode arguments = params.get("arguments");
        if (arguments != null && !arguments.isNull() && !arguments.isObject()) {
            throw ProtocolCatalog.argumentsNotObject();
        }
        ToolResult answer = invoker.call(name, arguments instanceof ObjectNode o ? o : mapper.createObjectNode(),
                cancelled);
        ObjectNode result = mapper.createObjectNode();
        ObjectNode content = result.putArray("content").addObject().put("type", "text");
        if (answer.json() != null) {
            content.putRawValue("text", new RawValue(answer.json()));
        } else {
            content.put("text", answer.text());
        }
        if (structured && answer.object()) {
            result.set("structuredContent", structuredContent(answer.text()));
        }
        result.put("isError", answer.isError());
        return result;
    }

    /** The object a json reply's text spells, parsed again: the text is what the tool produced, exactly. */
    private JsonNode structuredContent(String text) {
        try {
            return mapper.readTree(text);
        } catch (JsonProcessingException e) {
            throw new IllegalStateException("a tool's json reply does not parse", e);
        }
    }

    private static String requiredString(ObjectNode params, String key) {
        JsonNode v = params.get(key);
        if (v == null || !v.isTextual()) {
            throw ProtocolCatalog.notString(key);
        }
        return v.asText();
    }

    private static Optional<String> optionalString(ObjectNode params, String key) {
        JsonNode v = params.get(key);
        if (v == null || v.isNull()) {
            return Optional.empty();
        }
        if (!v.isTextual()) {
            throw ProtocolCatalog.notString(key);
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

    /** The error reply, with the HTTP status the error goes out with (the one source of a modern reply's status). */
    private Reply error(JsonNode id, ProtocolError e) {
        ObjectNode reply = mapper.createObjectNode();
        reply.put("jsonrpc", "2.0");
        reply.set("id", id);
        ObjectNode error = reply.putObject("error");
        error.put("code", e.code());
        error.put("message", e.getMessage());
        if (e.data() != null) {
            error.set("data", e.data());
        }
        return new Reply(reply, e.httpStatus());
    }
}
