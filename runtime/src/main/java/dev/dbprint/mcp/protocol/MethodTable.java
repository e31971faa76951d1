package dev.dbprint.mcp.protocol;

import java.util.function.BooleanSupplier;

import jakarta.inject.Inject;
import jakarta.inject.Singleton;

import org.jboss.logging.Logger;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.ObjectNode;

import dev.dbprint.mcp.error.ProtocolCatalog;
import dev.dbprint.mcp.error.ProtocolError;

/**
 * A well-formed request to its handler: a method its era does not answer is -32601, params that are not an object
 * -32602; a request withdrawn while it waited for a worker starts no work. Each {@link Method} has its case in a switch
 * the compiler checks is complete; a modern result gets its method's {@link CacheHint}; a fault is the error reply, and
 * nothing a handler throws stops the server.
 */
@Singleton
class MethodTable {

    private static final Logger LOG = Logger.getLogger(MethodTable.class);

    private final ToolReplies tools;
    private final ResourceReplies resources;
    private final ReadAhead readAhead;

    @Inject
    MethodTable(ToolReplies tools, ResourceReplies resources, ReadAhead readAhead) {
        this.tools = tools;
        this.resources = resources;
        this.readAhead = readAhead;
    }

    Reply answer(Message request, JsonNode id, Exchange exchange) {
        Method method = request.method();
        if (method == null || !exchange.era().answers(method)) {
            return Envelope.error(id, ProtocolCatalog.methodNotFound(request.name()));
        }
        JsonNode params = request.json().get("params");
        if (params != null && !params.isNull() && !params.isObject()) {
            return Envelope.error(id, ProtocolCatalog.paramsNotObject());
        }
        if (exchange.peer().cancelled(id)) {
            return Reply.NOTHING; // withdrawn while it waited for a worker: no work is started for it
        }
        ObjectNode p = params instanceof ObjectNode o ? o : JsonNodeFactory.instance.objectNode();
        // only a call that reads the print: the read-ahead gives way to those, not to the handshake that starts it
        boolean reads = method.readsPrint();
        if (reads) {
            readAhead.callBegan();
        }
        try {
            ObjectNode result = call(method, p, exchange.structuredResults(), () -> exchange.peer().cancelled(id));
            if (exchange.era() == Era.MODERN) {
                method.cacheHint().complete(result);
            }
            return Envelope.result(id, result);
        } catch (ProtocolError e) {
            return Envelope.error(id, e);
        } catch (RuntimeException | StackOverflowError | OutOfMemoryError e) {
            // an Error escaping here would end the worker with the request unanswered: the client would wait forever
            LOG.errorf(e, "%s failed", request.name());
            return Envelope.error(id, ProtocolCatalog.internal(e));
        } finally {
            if (reads) {
                readAhead.callEnded();
            }
        }
    }

    /**
     * Answers a method; {@code structured} says whether the revision has structured tool results, {@code cancelled}
     * whether the client has withdrawn the request since.
     */
    private ObjectNode call(Method method, ObjectNode params, boolean structured, BooleanSupplier cancelled) {
        return switch (method) {
            case INITIALIZE -> {
                ObjectNode reply = Handshake.initialize(params);
                readAhead.begin(); // once the request is known valid
                yield reply;
            }
            case DISCOVER -> Handshake.discover();
            case PING -> JsonNodeFactory.instance.objectNode();
            case TOOLS_LIST -> tools.list(params, structured);
            case TOOLS_CALL -> tools.call(params, structured, cancelled);
            case RESOURCES_LIST -> resources.list(params);
            case RESOURCES_READ -> resources.read(params);
            case TEMPLATES_LIST -> resources.templates(params);
            case COMPLETE -> resources.complete(params);
        };
    }
}
