package dev.dbprint.mcp.tool;

import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.file.Path;
import java.util.Optional;

import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import com.fasterxml.jackson.databind.node.ObjectNode;

import dev.dbprint.mcp.paging.Pager;
import dev.dbprint.mcp.print.Fixtures;
import dev.dbprint.mcp.reference.ReferenceDocuments;
import dev.dbprint.mcp.tool.call.ToolResult;

/**
 * An error that echoes what the caller sent stays within the bound of §4.8 however long the value: the echo is
 * shortened visibly, its length stated, one argument at a time, over the fixture print {@code fixtures/search}.
 */
class LongEchoTest {

    private static final int LONG = 30_000;
    private static final String SHORTENED = "... (" + LONG + " characters)";

    @TempDir
    Path dir;
    ToolHarness harness;
    GetTableContextTool context;

    @BeforeEach
    void setUp() {
        Fixtures.copyResource("/fixtures/search", dir);
        harness = new ToolHarness(dir);
        context = new GetTableContextTool(harness.store, harness.paging);
    }

    /** A value of {@link #LONG} characters that starts with {@code head}. */
    private static String longValue(String head) {
        return head + "x".repeat(LONG - head.length());
    }

    private static String args(String... keysAndValues) {
        ObjectNode args = ToolHarness.MAPPER.createObjectNode();
        for (int i = 0; i < keysAndValues.length; i += 2) {
            args.put(keysAndValues[i], keysAndValues[i + 1]);
        }
        return args.toString();
    }

    /** The fault {@code bean} answers, checked to be bounded, shortened visibly and to open with {@code opening}. */
    private void assertShortened(Object bean, String args, String opening) {
        assertShortened(bean, args, opening, "xxx'" + SHORTENED);
    }

    private void assertShortened(Object bean, String args, String opening, String cut) {
        ToolResult r = harness.call(bean, args);
        assertTrue(r.isError(), r.text());
        assertTrue(r.text().length() <= Pager.MAX_CHARS, "a " + r.text().length() + "-character error");
        assertTrue(r.text().startsWith(opening + "xxxx"), r.text().substring(0, 80));
        assertTrue(r.text().contains(cut), r.text().substring(r.text().length() - 300));
    }

    @Test
    void anUnknownTable() {
        assertShortened(context, args("table", longValue("geo.")), "table 'geo.");
    }

    @Test
    void anUnknownConnection() {
        assertShortened(context, args("table", "geo.customer", "connection", longValue("arb")), "connection 'arb");
    }

    @Test
    void anUnknownColumn() {
        assertShortened(new ResolveValueTool(harness.store, harness.paging),
                args("table", "geo.customer", "column", longValue("c"), "text", "de"), "column 'c");
    }

    @Test
    void anUnknownPart() {
        assertShortened(new ResolveValueTool(harness.store, harness.paging),
                args("table", "geo.customer", "column", "country", "part", longValue("."), "text", "de"), "part '.");
    }

    @Test
    void anUnknownSection() {
        GetReferenceTool reference = new GetReferenceTool(new ReferenceDocuments(Optional.empty()), harness.paging);
        assertShortened(reference, args("document", "spec", "section", longValue("9.")), "section '9.");
    }

    @Test
    void anUndeclaredArgumentName() {
        assertShortened(context, args("table", "geo.customer", longValue("sch"), "x"),
                "get_table_context takes no argument 'sch");
    }

    @Test
    void aValueOutsideTheEnum() {
        assertShortened(context, args("table", "geo.customer", "format", longValue("ym")), "format 'ym");
    }

    @Test
    void aValueOfTheWrongType() {
        String args = "{\"table\": \"geo.customer\", \"include_stats\": \"" + longValue("tr") + "\"}";
        // the value's spelling, quotes included, is what is cut here
        assertShortened(context, args, "include_stats 'tr", "xxx... (" + (LONG + 2) + " characters) must be");
    }

    /** The names a detail lists come from the print: 2,000 columns spell 32,000 characters, cut visibly. */
    @Test
    void theColumnsOfAWideTable() throws IOException {
        Path project = dir.resolve("wide");
        Fixtures.copyDirectory(Path.of("../src/sample"), project);
        WideTable.write(project.resolve("prints/shop"), 2_000);
        ToolHarness wide = new ToolHarness(project);
        ToolResult r = wide.call(new ResolveValueTool(wide.store, wide.paging),
                args("table", "rental.wide", "column", "nope", "text", "x"));
        assertTrue(r.isError(), r.text());
        assertTrue(r.text().length() <= Pager.MAX_CHARS, "a " + r.text().length() + "-character error");
        assertTrue(r.text().startsWith("column 'nope' not found in table 'rental.wide'. Columns: attribute_000, "),
                r.text().substring(0, 120));
        assertTrue(r.text().endsWith(", ... (2000 in all)."), r.text().substring(r.text().length() - 80));
    }

    @Test
    void aCursorNoReplyIssued() {
        assertShortened(context, args("table", "geo.customer", "cursor", longValue("c")), "cursor 'c");
    }
}
