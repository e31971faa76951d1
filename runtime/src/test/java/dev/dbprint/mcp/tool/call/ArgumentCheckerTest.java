package dev.dbprint.mcp.tool.call;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.Set;

import org.junit.jupiter.api.Test;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;

import dev.dbprint.mcp.error.DetailedFault;

/** Spec §8.2 argument faults, checked against the real descriptors the server advertises. */
class ArgumentCheckerTest {

    private static final ObjectMapper MAPPER = new ObjectMapper();
    private static final Set<String> TABLE_CONTEXT_FOLDS = Set.of("format", "purpose");

    private static ObjectNode args(String json) {
        try {
            return (ObjectNode) MAPPER.readTree(json);
        } catch (JsonProcessingException e) {
            throw new IllegalArgumentException(json, e);
        }
    }

    private static ObjectNode check(String tool, String json, Set<String> foldCase) {
        return ArgumentChecker.check(ToolDescriptor.load(tool, MAPPER), args(json), foldCase);
    }

    private static String fault(String tool, String json, Set<String> foldCase) {
        return assertThrows(DetailedFault.class, () -> check(tool, json, foldCase)).getMessage();
    }

    private static String fault(String tool, String json) {
        return fault(tool, json, Set.of());
    }

    @Test
    void undeclaredKeyNamesTheAcceptedOnesSortedWithoutCursor() {
        assertEquals("list_tables takes no argument 'schema'. Accepted: ['connection', 'detail', 'pattern'].",
                fault("list_tables", "{\"schema\": \"public\"}"));
    }

    @Test
    void undeclaredKeyIsReportedBeforeAMissingRequiredOne() {
        assertEquals("get_reference takes no argument 'doc'. Accepted: ['document', 'section'].",
                fault("get_reference", "{\"doc\": \"spec\"}"));
    }

    @Test
    void missingRequiredKey() {
        assertEquals("get_table_context requires 'table'.", fault("get_table_context", "{}", TABLE_CONTEXT_FOLDS));
        assertEquals("get_reference requires 'document'.", fault("get_reference", "{\"section\": \"2.5\"}"));
    }

    @Test
    void missingRequiredKeysAreReportedInDeclaredOrder() {
        assertEquals("resolve_value requires 'table'.", fault("resolve_value", "{}"));
        assertEquals("resolve_value requires 'column'.", fault("resolve_value", "{\"table\": \"t\"}"));
        assertEquals("resolve_value requires 'text'.", fault("resolve_value", "{\"table\": \"t\", \"column\": \"c\"}"));
    }

    @Test
    void numberWhereAStringIsDeclared() {
        assertEquals("pattern 7 must be of type string.", fault("list_tables", "{\"pattern\": 7}"));
    }

    @Test
    void valuesAreQuotedAsPythonPrintsThem() {
        assertEquals("pattern None must be of type string.", fault("list_tables", "{\"pattern\": null}"));
        assertEquals("pattern True must be of type string.", fault("list_tables", "{\"pattern\": true}"));
        assertEquals("pattern ['a', 1] must be of type string.", fault("list_tables", "{\"pattern\": [\"a\", 1]}"));
        assertEquals("pattern {'k': False} must be of type string.", fault("list_tables", "{\"pattern\": {\"k\": false}}"));
        assertEquals("pattern 1.5 must be of type string.", fault("list_tables", "{\"pattern\": 1.5}"));
    }

    @Test
    void stringWhereABooleanIsDeclared() {
        assertEquals("detail 'true' must be of type boolean.", fault("list_tables", "{\"detail\": \"true\"}"));
        assertEquals("include_stats 1 must be of type boolean.",
                fault("get_table_context", "{\"table\": \"t\", \"include_stats\": 1}", TABLE_CONTEXT_FOLDS));
    }

    @Test
    void nonStringToAnEnumIsATypeFaultNotAnEnumFault() {
        assertEquals("format 7 must be of type string.",
                fault("get_table_context", "{\"table\": \"t\", \"format\": 7}", TABLE_CONTEXT_FOLDS));
        assertEquals("document False must be of type string.", fault("get_reference", "{\"document\": false}"));
    }

    @Test
    void emptyStringWhereMinLengthIsOne() {
        assertEquals("table '' must be a non-empty string.",
                fault("get_table_context", "{\"table\": \"\"}", TABLE_CONTEXT_FOLDS));
        assertEquals("pattern '' must be a non-empty string.", fault("list_tables", "{\"pattern\": \"\"}"));
    }

    @Test
    void emptyStringIsAcceptedWhereNoMinLengthIsDeclared() {
        // search_columns' classification declares no minLength: '' reaches the tool, which answers it
        assertEquals("", check("search_columns", "{\"classification\": \"\"}", Set.of()).get("classification").asText());
    }

    @Test
    void valueOutsideAnEnum() {
        assertEquals("format 'yml' must be one of ['md', 'json', 'yaml'].",
                fault("get_table_context", "{\"table\": \"t\", \"format\": \"yml\"}", TABLE_CONTEXT_FOLDS));
        assertEquals("document 'readme' must be one of ['assertions', 'guide', 'spec'].",
                fault("get_reference", "{\"document\": \"readme\"}"));
        assertEquals("purpose 'explain' must be one of ['profile', 'query'].",
                fault("get_table_context", "{\"table\": \"t\", \"purpose\": \"explain\"}", TABLE_CONTEXT_FOLDS));
    }

    @Test
    void foldedPropertiesAcceptAnyCaseAndArriveLowerCased() {
        ObjectNode checked = check("get_table_context",
                "{\"table\": \"Sales.Orders\", \"format\": \"MD\", \"purpose\": \"QUERY\"}",
                TABLE_CONTEXT_FOLDS);
        assertEquals("md", checked.get("format").asText());
        assertEquals("query", checked.get("purpose").asText());
        assertEquals("Sales.Orders", checked.get("table").asText(), "only the named properties fold");
        assertEquals("json", check("get_table_context", "{\"table\": \"t\", \"format\": \"Json\"}", TABLE_CONTEXT_FOLDS)
                .get("format").asText());
    }

    @Test
    void foldingDoesNotTouchTheCallersArguments() {
        ObjectNode given = args("{\"table\": \"t\", \"format\": \"YAML\"}");
        ArgumentChecker.check(ToolDescriptor.load("get_table_context", MAPPER), given, TABLE_CONTEXT_FOLDS);
        assertEquals("YAML", given.get("format").asText());
        assertFalse(given.has("purpose"), "defaults go into the checked copy only");
    }

    @Test
    void getReferenceDocumentDoesNotFold() {
        assertEquals("document 'SPEC' must be one of ['assertions', 'guide', 'spec'].",
                fault("get_reference", "{\"document\": \"SPEC\"}"));
        assertEquals("spec", check("get_reference", "{\"document\": \"spec\"}", Set.of()).get("document").asText());
    }

    @Test
    void declaredDefaultsAreFilledAndNothingElseIs() {
        ObjectNode checked = check("get_table_context", "{\"table\": \"t\"}", TABLE_CONTEXT_FOLDS);
        assertEquals("profile", checked.get("purpose").asText());
        assertEquals("md", checked.get("format").asText());
        for (String flag : new String[]{"include_stats", "include_relationships", "include_description",
                "include_annotations"}) {
            assertTrue(checked.get(flag).isBoolean() && checked.get(flag).asBoolean(), flag);
        }
        assertFalse(checked.has("connection"), "connection has no default; the invoker resolves it (§5.2)");
        assertFalse(checked.has("cursor"));

        ObjectNode listed = check("list_tables", "{}", Set.of());
        assertTrue(listed.get("detail").isBoolean());
        assertFalse(listed.get("detail").asBoolean());
        assertFalse(listed.has("pattern"));
    }

    @Test
    void givenValuesWinOverDefaults() {
        ObjectNode checked = check("get_table_context", "{\"table\": \"t\", \"include_stats\": false, \"format\": \"yaml\"}",
                TABLE_CONTEXT_FOLDS);
        assertFalse(checked.get("include_stats").asBoolean());
        assertEquals("yaml", checked.get("format").asText());
    }

    @Test
    void cursorIsAcceptedThoughNotListedAsAnArgument() {
        assertEquals("abc", check("list_tables", "{\"cursor\": \"abc\"}", Set.of()).get("cursor").asText());
        assertEquals("cursor '' must be a non-empty string.", fault("list_tables", "{\"cursor\": \"\"}"));
    }

    @Test
    void quotesInAValueAreSpelledAsPythonReprDoes() {
        assertEquals("document \"it's\" must be one of ['assertions', 'guide', 'spec'].",
                fault("get_reference", "{\"document\": \"it's\"}"));
        assertEquals("list_tables takes no argument 'a\\nb'. Accepted: ['connection', 'detail', 'pattern'].",
                fault("list_tables", "{\"a\\nb\": 1}"));
    }
}
