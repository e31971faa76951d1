package dev.dbprint.mcp.protocol;

import jakarta.inject.Inject;
import jakarta.inject.Singleton;

import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.ObjectNode;

import dev.dbprint.mcp.error.ProtocolCatalog;
import dev.dbprint.mcp.error.ProtocolError;
import dev.dbprint.mcp.resource.ResourceService;

/**
 * The resource methods' params read and handed to the {@link ResourceService}: {@code resources/list}'s cursor,
 * {@code resources/read}'s URI (named in a refusal's {@code data}, both eras), {@code resources/templates/list}, which
 * has no second page, and {@code completion/complete}.
 */
@Singleton
class ResourceReplies {

    private final ResourceService resources;

    @Inject
    ResourceReplies(ResourceService resources) {
        this.resources = resources;
    }

    ObjectNode list(ObjectNode params) {
        return resources.list(Params.optionalString(params, "cursor"));
    }

    /** A resource read; an invalid-params fault names the URI asked for in its {@code data}. */
    ObjectNode read(ObjectNode params) {
        String uri = Params.requiredString(params, "uri");
        try {
            return resources.read(uri);
        } catch (ProtocolError e) {
            if (e.code() != ProtocolError.INVALID_PARAMS || e.data() != null) {
                throw e;
            }
            throw new ProtocolError(e.code(), e.getMessage(), JsonNodeFactory.instance.objectNode().put("uri", uri),
                    e.httpStatus());
        }
    }

    ObjectNode templates(ObjectNode params) {
        if (params.has("cursor")) {
            // every template fits the first page, so no reply ever carries a cursor to pass back
            throw ProtocolCatalog.templatesCursor();
        }
        return resources.templates();
    }

    ObjectNode complete(ObjectNode params) {
        return resources.complete(params);
    }
}
