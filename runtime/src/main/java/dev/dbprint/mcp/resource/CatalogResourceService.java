package dev.dbprint.mcp.resource;

import java.util.Optional;

import jakarta.enterprise.context.ApplicationScoped;
import jakarta.inject.Inject;

import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;

import dev.dbprint.mcp.protocol.ProtocolError;

/** Resource enumeration and reads (spec §3). */
@ApplicationScoped
public class CatalogResourceService implements ResourceService {

    @Inject
    ObjectMapper mapper;

    @Override
    public ObjectNode list(Optional<String> cursor) {
        ObjectNode result = mapper.createObjectNode();
        ArrayNode list = result.putArray("resources");
        list.addObject().put("uri", "dbprint:///reference/spec").put("name", "reference/spec")
                .put("description", "The print format specification, whole.").put("mimeType", "text/markdown");
        list.addObject().put("uri", "dbprint:///reference/assertions").put("name", "reference/assertions")
                .put("description", "The assertion DSL specification, whole.").put("mimeType", "text/markdown");
        return result;
    }

    @Override
    public ObjectNode read(String uri) {
        throw ProtocolError.invalidParams("URI '" + uri + "' does not match the dbprint:// scheme.");
    }

    @Override
    public ObjectNode templates() {
        ObjectNode result = mapper.createObjectNode();
        result.putArray("resourceTemplates");
        return result;
    }
}
