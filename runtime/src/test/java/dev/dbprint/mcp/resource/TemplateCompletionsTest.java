package dev.dbprint.mcp.resource;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.Optional;

import org.junit.jupiter.api.Test;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.ObjectMapper;

import dev.dbprint.mcp.config.Connections;
import dev.dbprint.mcp.config.DbprintYaml;
import dev.dbprint.mcp.config.ProjectLocator;
import dev.dbprint.mcp.config.ServedSet;
import dev.dbprint.mcp.error.ProtocolError;
import dev.dbprint.mcp.print.store.PrintStore;

/**
 * completion/complete over the resource fixture's print, from the request's params to the values: which candidates each
 * template variable offers, the connection the context fills in, and every request refused with its detail.
 */
class TemplateCompletionsTest extends ResourceFixtureTest {

    private static final ObjectMapper JSON = new ObjectMapper();
    private static final String STATISTICS = "dbprint://{connection}/{table}/statistics{?page,version}";
    private static final String MANIFEST = "dbprint://{connection}/manifest{?page,version}";
    private static final String REFERENCE = "dbprint:///reference/{document}{?page,version}";

    private static Map<String, Object> params(String json) {
        try {
            return JSON.readValue(json, Map.class);
        } catch (JsonProcessingException e) {
            throw new IllegalArgumentException(e);
        }
    }

    private static String request(String template, String variable, String typed, String context) {
        return "{\"ref\": {\"type\": \"ref/resource\", \"uri\": \"" + template + "\"}, \"argument\": {\"name\": \""
                + variable + "\", \"value\": \"" + typed + "\"}" + (context == null ? "" : ", \"context\": " + context)
                + "}";
    }

    private static Completion complete(TemplateCompletions completions, String json) {
        return completions.complete(CompletionRequest.of(JSON.valueToTree(params(json))));
    }

    private Completion complete(String template, String variable, String typed, String context) {
        return complete(f.completions, request(template, variable, typed, context));
    }

    private ProtocolError refused(String json) {
        ProtocolError e = assertThrows(ProtocolError.class, () -> complete(f.completions, json));
        assertEquals(ProtocolError.INVALID_PARAMS, e.code());
        return e;
    }

    @Test
    void connectionOffersTheServedConnectionsNotTheMerelyConfigured() {
        assertEquals(List.of("alpha", "beta", "reference"), complete(MANIFEST, "connection", "", null).values());
        assertEquals(List.of("alpha", "beta"), complete(STATISTICS, "connection", "A", null).values());
        assertEquals(List.of("beta"), complete(STATISTICS, "connection", "ta", null).values());
        assertEquals(List.of(), complete(MANIFEST, "connection", "gam", null).values(), "gamma is not served");
    }

    @Test
    void tableOffersTheFollowableTablesOfTheConnectionTheContextFills() {
        Completion all = complete(STATISTICS, "table", "", "{\"arguments\": {\"connection\": \"alpha\"}}");
        // s.bad_entry, s.nopath, s.escape and s.sneaky cannot be followed: resources/list lists nothing of them
        assertEquals(List.of("s.customers", "s.gone", "s.orders", "s.v"), all.values());
        assertEquals(4, all.total());
        Completion o = complete(STATISTICS, "table", "O", "{\"arguments\": {\"connection\": \"alpha\"}}");
        assertEquals(List.of("s.customers", "s.gone", "s.orders"), o.values());
        assertEquals(List.of("s.orders"),
                complete(STATISTICS, "table", "S.OR", "{\"arguments\": {\"connection\": \"alpha\"}}").values());
    }

    @Test
    void aTableOfTheContextsConnectionOnly() {
        assertEquals(Completion.NONE,
                complete(STATISTICS, "table", "", "{\"arguments\": {\"connection\": \"reference\"}}"));
    }

    @Test
    void aManifestThatCannotBeReadOffersNoTable() {
        assertEquals(Completion.NONE, complete(STATISTICS, "table", "", "{\"arguments\": {\"connection\": \"beta\"}}"));
        f.delete("prints/alpha/manifest.yaml");
        assertEquals(Completion.NONE, complete(STATISTICS, "table", "", "{\"arguments\": {\"connection\": \"alpha\"}}"));
    }

    @Test
    void theTablesFollowTheManifestOnDiskAtEachCall() {
        String alpha = "{\"arguments\": {\"connection\": \"alpha\"}}";
        assertEquals(List.of("s.orders"), complete(STATISTICS, "table", "ord", alpha).values());
        f.write("prints/alpha/manifest.yaml", """
                format_version: 1
                connection: alpha
                tables:
                  s.order_lines:
                    type: table
                    path: s/order_lines
                    artifacts:
                      ddl: ddl.sql
                """);
        assertEquals(List.of("s.order_lines"), complete(STATISTICS, "table", "ord", alpha).values());
    }

    @Test
    void otherFilledVariablesAreIgnored() {
        assertEquals(List.of("s.v"), complete(STATISTICS, "table", "v",
                "{\"arguments\": {\"connection\": \"alpha\", \"table\": \"s.orders\", \"page\": \"2\"}}").values());
    }

    @Test
    void documentOffersTheTwoReferenceDocuments() {
        assertEquals(List.of("spec", "assertions"), complete(REFERENCE, "document", "", null).values());
        assertEquals(List.of("assertions"), complete(REFERENCE, "document", "ASS", null).values());
        assertEquals(List.of(), complete(REFERENCE, "document", "guide", null).values(), "the guide is no resource");
    }

    @Test
    void pageAndVersionOfferNothing() {
        assertEquals(Completion.NONE, complete(STATISTICS, "page", "", null));
        assertEquals(Completion.NONE, complete(REFERENCE, "version", "1", null));
    }

    @Test
    void everyListedTemplateIsCompleted() {
        for (String template : Templates.uriTemplates()) {
            Completion c = complete(template, template.startsWith(DbprintUri.REFERENCE) ? "document" : "connection", "",
                    null);
            assertTrue(c.total() > 0, template);
        }
    }

    @Test
    void withNoConnectionFilledTheDefaultConnectionIsUsed() {
        Path project = dir.resolve("single");
        f.write("single/.dbprint.yaml", "connections:\n  solo:\n    adapter: postgres\n");
        f.write("single/prints/solo/manifest.yaml", """
                format_version: 1
                connection: solo
                tables:
                  public.a:
                    type: table
                    path: public/a
                    artifacts:
                      ddl: ddl.sql
                """);
        Connections solo = new Connections(ServedSet.resolve(
                DbprintYaml.read(ProjectLocator.locate(Optional.of(project.toString()), Path.of(""))), List.of()));
        TemplateCompletions completions = new TemplateCompletions(new PrintStore(), solo);
        assertEquals(List.of("public.a"), complete(completions, request(STATISTICS, "table", "", null)).values());
        assertEquals(List.of("public.a"), complete(completions, request(STATISTICS, "table", "", "{}")).values());
        assertEquals(List.of("public.a"),
                complete(completions, request(STATISTICS, "table", "", "{\"arguments\": null}")).values());
    }

    @Test
    void withNoConnectionFilledAndNoDefaultTheTableCannotBeCompleted() {
        assertEquals("no default connection, so the tables to complete depend on the connection: complete connection "
                + "first and pass it in context.arguments. Served: ['alpha', 'beta', 'reference']",
                refused(request(STATISTICS, "table", "", null)).getMessage());
    }

    @Test
    void anUnservedOrUnknownConnectionIsRefusedAsAResourceReadRefusesIt() {
        assertEquals("connection 'gamma' is configured but not served by this instance. Served: ['alpha', 'beta', "
                + "'reference']. Restart the server naming it to serve it.",
                refused(request(STATISTICS, "table", "", "{\"arguments\": {\"connection\": \"gamma\"}}")).getMessage());
        assertEquals("connection 'nope' not in .dbprint.yaml. Configured: ['alpha', 'beta', 'gamma', 'reference']",
                refused(request(STATISTICS, "table", "", "{\"arguments\": {\"connection\": \"nope\"}}")).getMessage());
    }

    @Test
    void aTemplateTheServerDoesNotListIsRefusedListingThem() {
        String detail = refused(request("dbprint://{connection}/{table}/statistics", "table", "", null)).getMessage();
        assertTrue(detail.startsWith("resource template 'dbprint://{connection}/{table}/statistics' is not one this "
                + "server lists. Templates: ['dbprint:///reference/{document}{?page,version}', "
                + "'dbprint://{connection}/manifest{?page,version}', "), detail);
        for (String template : Templates.uriTemplates()) {
            assertTrue(detail.contains("'" + template + "'"), template);
        }
    }

    @Test
    void aVariableTheTemplateDoesNotHaveIsRefusedListingItsOwn() {
        assertEquals("resource template 'dbprint://{connection}/manifest{?page,version}' has no variable 'table'. "
                + "Variables: ['connection', 'page', 'version']", refused(request(MANIFEST, "table", "", null)).getMessage());
        assertEquals("resource template 'dbprint:///reference/{document}{?page,version}' has no variable "
                + "'connection'. Variables: ['document', 'page', 'version']",
                refused(request(REFERENCE, "connection", "", null)).getMessage());
    }

    @Test
    void aPromptReferenceIsRefusedSinceThereAreNoPrompts() {
        assertEquals("prompt 'code_review' not found: this server has no prompts. completion/complete completes the "
                + "variables of the resource templates: pass a ref of type 'ref/resource' whose uri is a uriTemplate "
                + "resources/templates/list returns.",
                refused("{\"ref\": {\"type\": \"ref/prompt\", \"name\": \"code_review\"}, "
                        + "\"argument\": {\"name\": \"language\", \"value\": \"py\"}}").getMessage());
    }

    @Test
    void malformedParamsAreRefusedNamingTheField() {
        String argument = "\"argument\": {\"name\": \"connection\", \"value\": \"\"}";
        String ref = "\"ref\": {\"type\": \"ref/resource\", \"uri\": \"" + MANIFEST + "\"}";
        Map<String, String> cases = Map.ofEntries(
                Map.entry("{" + argument + "}", "Invalid params: 'ref' must be an object"),
                Map.entry("{\"ref\": \"x\", " + argument + "}", "Invalid params: 'ref' must be an object"),
                Map.entry("{\"ref\": {\"uri\": \"" + MANIFEST + "\"}, " + argument + "}",
                        "Invalid params: 'ref.type' must be a string"),
                Map.entry("{\"ref\": {\"type\": \"ref/tool\"}, " + argument + "}",
                        "ref.type 'ref/tool' must be one of ['ref/prompt', 'ref/resource']."),
                Map.entry("{\"ref\": {\"type\": \"ref/resource\", \"uri\": 7}, " + argument + "}",
                        "Invalid params: 'ref.uri' must be a string"),
                Map.entry("{" + ref + "}", "Invalid params: 'argument' must be an object"),
                Map.entry("{" + ref + ", \"argument\": {\"value\": \"\"}}",
                        "Invalid params: 'argument.name' must be a string"),
                Map.entry("{" + ref + ", \"argument\": {\"name\": \"connection\"}}",
                        "Invalid params: 'argument.value' must be a string"),
                Map.entry("{" + ref + ", \"argument\": {\"name\": \"connection\", \"value\": null}}",
                        "Invalid params: 'argument.value' must be a string"),
                Map.entry("{" + ref + ", " + argument + ", \"context\": []}",
                        "Invalid params: 'context' must be an object"),
                Map.entry("{" + ref + ", " + argument + ", \"context\": {\"arguments\": \"alpha\"}}",
                        "Invalid params: 'context.arguments' must be an object"),
                Map.entry("{" + ref + ", " + argument + ", \"context\": {\"arguments\": {\"connection\": 1}}}",
                        "Invalid params: context.arguments 'connection' must be a string"));
        cases.forEach((json, detail) -> assertEquals(detail, refused(json).getMessage(), json));
    }

    @Test
    void aNullContextIsNoneFilled() {
        assertEquals(List.of("alpha"),
                complete(f.completions, request(MANIFEST, "connection", "al", "null")).values());
    }
}
