package dev.dbprint.mcp.resource;

import java.util.Map;
import java.util.Optional;

import jakarta.enterprise.context.ApplicationScoped;
import jakarta.inject.Inject;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.JsonNodeFactory;
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

    private final ResourceCatalog catalog;
    private final ResourceReader reader;
    private final TemplateCompletions completions;

    @Inject
    public CatalogResourceService(PrintStore store, Connections connections, PagedReplies paging,
            ReferenceDocuments references) {
        this.catalog = new ResourceCatalog(store, connections, paging);
        this.reader = new ResourceReader(store, connections, references);
        this.completions = new TemplateCompletions(store, connections);
    }

    @Override
    public ObjectNode list(Optional<String> cursor) {
        return result(catalog.list(cursor));
    }

    @Override
    public ObjectNode read(String uri) {
        return result(reader.read(uri));
    }

    @Override
    public ObjectNode templates() {
        return result(Templates.list());
    }

    @Override
    public ObjectNode complete(JsonNode params) {
        return result(completions.complete(CompletionRequest.of(params)).result());
    }

    /**
     * The result object, each member's value written as it is (maps, lists, strings, numbers) straight into the reply's
     * bytes when the reply is sent, with the same bytes a tree of it gives: a tree of a resources/list page's entries,
     * made only to be written, was a tenth of what the page allocated.
     */
    private static ObjectNode result(Map<String, Object> result) {
        ObjectNode node = JsonNodeFactory.instance.objectNode();
        result.forEach(node::putPOJO);
        return node;
    }
}
