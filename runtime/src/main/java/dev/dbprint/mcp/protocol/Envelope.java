package dev.dbprint.mcp.protocol;

import jakarta.inject.Inject;
import jakarta.inject.Singleton;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.NullNode;
import com.fasterxml.jackson.databind.node.ObjectNode;

import dev.dbprint.mcp.error.ProtocolCatalog;
import dev.dbprint.mcp.error.ProtocolError;

/**
 * The JSON-RPC 2.0 envelope of one message: what kind it is (a request, a notification, a response from the client, or
 * none), whether its id, version and method are well formed (else the standard -32600 codes), and the shape of every
 * reply. A request goes to the {@link MethodTable}, a notification to {@link Notifications}; a request its client
 * cancelled meanwhile is not answered.
 */
@Singleton
class Envelope {

    private final Notifications notifications;
    private final MethodTable methods;

    @Inject
    Envelope(Notifications notifications, MethodTable methods) {
        this.notifications = notifications;
        this.methods = methods;
    }

    /** One message (not a batch) in, its reply out; {@link Reply#NOTHING} when nothing is to be sent. */
    Reply serve(Message message, Exchange exchange) {
        JsonNode json = message.json();
        if (!json.isObject()) {
            return error(NullNode.instance, ProtocolCatalog.notAnObject());
        }
        if (!json.has("id")) {
            notifications.receive(message, exchange);
            return Reply.NOTHING; // a notification (or a malformed one) is never answered
        }
        JsonNode id = message.id();
        if (!RequestId.valid(id)) {
            return json.has("result") || json.has("error")
                    ? Reply.NOTHING // a response from the client: nothing may be answered
                    : error(NullNode.instance, ProtocolCatalog.badId());
        }
        Reply reply = request(message, id, exchange);
        return exchange.peer().finish(id) ? Reply.NOTHING : reply;
    }

    private Reply request(Message message, JsonNode id, Exchange exchange) {
        if (message.name() == null) {
            if (message.isResponse()) {
                return Reply.NOTHING; // a response from the client: nothing may be answered
            }
            return error(id, ProtocolCatalog.methodNotString());
        }
        if (!message.isJsonRpc2()) {
            return error(id, ProtocolCatalog.badJsonrpc());
        }
        return methods.answer(message, id, exchange);
    }

    /** The reply refusing a message before dispatch, answering its id when it has one. */
    static Reply refusal(JsonNode message, ProtocolError e) {
        JsonNode id = message.path("id");
        return error(RequestId.valid(id) ? id : NullNode.instance, e);
    }

    static Reply result(JsonNode id, ObjectNode result) {
        ObjectNode reply = JsonNodeFactory.instance.objectNode();
        reply.put("jsonrpc", "2.0");
        reply.set("id", id);
        reply.set("result", result);
        return new Reply(reply, 200);
    }

    /** The error reply, with the HTTP status the error goes out with (the one source of a modern reply's status). */
    static Reply error(JsonNode id, ProtocolError e) {
        ObjectNode reply = JsonNodeFactory.instance.objectNode();
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
