package dev.dbprint.mcp.resource;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.util.Map;
import java.util.Optional;

import org.junit.jupiter.api.Test;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.core.json.JsonWriteFeature;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.ObjectWriter;
import com.fasterxml.jackson.databind.node.ObjectNode;

import dev.dbprint.mcp.paging.PagedReplies;
import dev.dbprint.mcp.reference.ReferenceDocuments;

/**
 * The resource methods' results as the protocol writes them into a reply: the members hold what the catalog, reader
 * and completions made, written into the reply's bytes as they are, byte for byte what a tree of them gave.
 */
class CatalogResourceServiceTest extends ResourceFixtureTest {

    private static final ObjectMapper MAPPER = new ObjectMapper();
    /** As the server's codec writes a reply: UTF-8, a character outside the BMP as its four bytes. */
    private static final ObjectWriter UTF8 = MAPPER.writer().with(JsonWriteFeature.COMBINE_UNICODE_SURROGATES_IN_UTF8);

    private CatalogResourceService service() {
        return new CatalogResourceService(f.store, f.connections, new PagedReplies(),
                new ReferenceDocuments(Optional.empty()));
    }

    private static byte[] bytes(Object value) throws JsonProcessingException {
        return UTF8.writeValueAsBytes(value);
    }

    /** The result written as the server writes it, against the tree of what the method's own class returned. */
    private static void assertWrittenAsTree(Map<String, Object> made, ObjectNode result) throws IOException {
        assertArrayEquals(bytes(MAPPER.valueToTree(made)), bytes(result));
        assertEquals(MAPPER.valueToTree(made), MAPPER.readTree(bytes(result)));
    }

    @Test
    void aListingPageIsWrittenIntoTheReplyAsTheCatalogMadeItWithNoTreeOfItsEntries() throws Exception {
        ObjectNode result = service().list(Optional.empty());
        JsonNode resources = result.get("resources");
        assertTrue(resources.isPojo(), "the page's entries as a tree: " + resources.getNodeType());
        assertWrittenAsTree(f.catalog.list(Optional.empty()), result);
    }

    @Test
    void aReadTemplatesAndACompletionAreWrittenByteForByteAsTheirTrees() throws Exception {
        CatalogResourceService service = service();
        // the ddl holds CRLF line ends, non-ASCII text and a character outside the BMP
        String uri = "dbprint://alpha/s.orders/ddl";
        ObjectNode read = service.read(uri);
        assertTrue(new String(bytes(read), StandardCharsets.UTF_8).contains("café ☕, 𝄞\\r\\n"));
        assertWrittenAsTree(f.reader.read(uri), read);
        assertWrittenAsTree(Templates.list(), service.templates());
        JsonNode params = MAPPER
                .readTree("{\"ref\":{\"type\":\"ref/resource\",\"uri\":\"dbprint://{connection}/manifest{?page,version}\"},"
                        + "\"argument\":{\"name\":\"connection\",\"value\":\"a\"}}");
        ObjectNode completion = service.complete(params);
        assertWrittenAsTree(f.completions.complete(CompletionRequest.of(params)).result(), completion);
        assertEquals("alpha", MAPPER.readTree(bytes(completion)).path("completion").path("values").path(0).asText());
    }
}
