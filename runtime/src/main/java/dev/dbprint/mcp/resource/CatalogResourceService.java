package dev.dbprint.mcp.resource;

import java.util.Map;
import java.util.Optional;

import jakarta.enterprise.context.ApplicationScoped;
import jakarta.inject.Inject;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;

import dev.dbprint.mcp.config.Connections;
import dev.dbprint.mcp.paging.PagedReplies;
import dev.dbprint.mcp.print.store.PrintStore;
import dev.dbprint.mcp.reference.ReferenceDocuments;

/**
 * The resource methods (spec §3, §7.2) as the dispatcher calls them: the catalog, the reader, the templates and the
 * completion of their variables.
 */
@ApplicationScoped
public class CatalogResourceService implements ResourceService {

    private final ObjectMapper mapper;
    private final ResourceCatalog catalog;
    private final ResourceReader reader;
    private final TemplateCompletions completions;

    @Inject
    public CatalogResourceService(ObjectMapper mapper, PrintStore store, Connections connections,
            PagedReplies paging, ReferenceDocuments references) {
        this.mapper = mapper;
        this.catalog = new ResourceCatalog(store, connections, paging);
        this.reader = new ResourceReader(store, connections, references);
        this.completions = new TemplateCompletions(store, connections);
    }

    @Override
    public ObjectNode list(Optional<String> cursor) {
        return tree(catalog.list(cursor));
    }

    @Override
    public ObjectNode read(String uri) {
        return tree(reader.read(uri));
    }

    @Override
    public ObjectNode templates() {
        return tree(Templates.list());
    }

    @Override
    public ObjectNode complete(JsonNode params) {
        return tree(completions.complete(CompletionRequest.of(params)).result());
    }

    private ObjectNode tree(Map<String, Object> result) {
        return mapper.valueToTree(result);
    }
}
