package dev.dbprint.mcp.tool;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Path;
import java.util.Optional;

import org.junit.jupiter.api.Test;

import dev.dbprint.mcp.error.ErrorCatalog;
import dev.dbprint.mcp.error.ProtocolError;
import dev.dbprint.mcp.paging.JsonText;
import dev.dbprint.mcp.reference.ReferenceDocuments;
import dev.dbprint.mcp.resource.ResourceReader;
import dev.dbprint.mcp.tool.call.ToolResult;

/**
 * A PostgreSQL print keying its tables {@code database.schema.table} (dbprint 0.9 on), asked for by the two-part name
 * an agent sees in SQL: every tool taking a table, and resources/read, answer "not found" naming the one table the
 * name matches by its last parts, or, where several match, with §8's sentences alone. check_sql maps such a name
 * itself. Fixture: {@code src/test/resources/threepart}.
 */
class ThreePartNamesTest {

    private static final Path PROJECT = Path.of("src/test/resources/threepart").toAbsolutePath();
    private static final String HINT = "table 'seedbank.accession' not found in connection 'garden'. Call list_tables"
            + " with connection 'garden' for valid names. One table matches it by its last parts:"
            + " 'arboretum.seedbank.accession'; pass that full name.";

    private final ToolHarness h = new ToolHarness(PROJECT);

    private String fault(Object tool, String args) {
        ToolResult r = h.call(tool, args);
        assertTrue(r.isError(), r.text());
        return r.text();
    }

    private String ok(Object tool, String args) {
        ToolResult r = h.call(tool, args);
        assertFalse(r.isError(), r.text());
        return r.text();
    }

    /** get_diff's {@code total}: the events its filter kept. */
    private Object kept(GetDiffTool tool, String table) {
        return PrintProject.json(h.call(tool, "{\"table\": \"" + table + "\"}")).get("total");
    }

    @Test
    void theHintKeepsSection8sSentencesWholeAndAddsOne() {
        assertTrue(HINT.startsWith(ErrorCatalog.tableNotFound("seedbank.accession", "garden") + " "));
    }

    @Test
    void getTableContext() {
        GetTableContextTool tool = new GetTableContextTool(h.store, h.paging);
        assertTrue(ok(tool, "{\"table\": \"arboretum.seedbank.accession\"}").contains("accession_id"));
        assertEquals(HINT, fault(tool, "{\"table\": \"seedbank.accession\"}"));
        assertEquals(HINT.replace("'seedbank.accession' not", "'accession' not"), fault(tool, "{\"table\": \"accession\"}"),
                "one part is last parts too");
        assertEquals(ErrorCatalog.tableNotFound("seedbank.collector", "garden"),
                fault(tool, "{\"table\": \"seedbank.collector\"}"), "two tables end so: no guess");
        assertEquals(ErrorCatalog.tableNotFound("seedbank.nothing", "garden"),
                fault(tool, "{\"table\": \"seedbank.nothing\"}"));
    }

    @Test
    void resolveValue() {
        ResolveValueTool tool = new ResolveValueTool(h.store, h.paging);
        assertTrue(ok(tool, "{\"table\": \"arboretum.seedbank.accession\", \"column\": \"collector_id\", \"text\": \"7\"}")
                .contains("\"count\""));
        assertEquals(HINT, fault(tool, "{\"table\": \"seedbank.accession\", \"column\": \"collector_id\", \"text\": \"7\"}"));
    }

    @Test
    void getDiff() {
        GetDiffTool tool = new GetDiffTool(h.store, h.paging);
        assertEquals(JsonText.parse("1"), kept(tool, "arboretum.seedbank.accession"));
        assertEquals(HINT, fault(tool, "{\"table\": \"seedbank.accession\"}"),
                "a short name no event carries is not a filter that keeps nothing");
        assertEquals(JsonText.parse("0"), kept(tool, "seedbank.collector"),
                "several tables end so: the filter keeps nothing, as §4.5 has it");
        assertEquals(JsonText.parse("0"), kept(tool, "arboretum.seedbank.collector"),
                "a table the print holds with no change");
    }

    @Test
    void checkSqlMapsTheShortNameItself() {
        CheckSqlTool tool = h.checkSql("2026-11-28T00:00:00Z");
        String mapped = ok(tool, "{\"sql\": \"SELECT accession_id FROM seedbank.accession\", \"format\": \"json\"}");
        assertFalse(mapped.contains("unknown_table"), mapped);
        assertTrue(ok(tool, "{\"sql\": \"SELECT 1 FROM seedbank.nothing\", \"format\": \"json\"}")
                .contains("unknown_table"));
    }

    @Test
    void resourcesRead() {
        ResourceReader reader = new ResourceReader(h.store, h.connections, new ReferenceDocuments(Optional.empty()));
        assertFalse(reader.read("dbprint://garden/arboretum.seedbank.accession/ddl").isEmpty());
        ProtocolError e = assertThrows(ProtocolError.class, () -> reader.read("dbprint://garden/seedbank.accession/ddl"));
        assertEquals(ProtocolError.INVALID_PARAMS, e.code());
        assertEquals(HINT, e.getMessage());
    }
}
