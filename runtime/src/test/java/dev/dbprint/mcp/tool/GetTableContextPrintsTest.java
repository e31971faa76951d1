package dev.dbprint.mcp.tool;

import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

import org.junit.jupiter.api.Test;

import com.fasterxml.jackson.databind.JsonNode;

import dev.dbprint.mcp.SharedFolder;
import dev.dbprint.mcp.paging.Pager;
import dev.dbprint.mcp.print.model.TableEntry;
import dev.dbprint.mcp.print.store.PrintStore;
import dev.dbprint.mcp.tool.call.ToolResult;

/**
 * Renders every table of a real print in all six purpose × format combinations, following every cursor: no call fails
 * and no page passes 20,000 characters. The bundled sample always runs; the shared production print when present.
 */
class GetTableContextPrintsTest {

    @Test
    void everyTableOfTheSampleEveryCombination() throws Exception {
        everyTableEveryCombination(Path.of("../src/sample"));
    }

    @Test
    void everyTableOfTheProductionPrintEveryCombination() throws Exception {
        everyTableEveryCombination(SharedFolder.require("prints/production"));
    }

    private static void everyTableEveryCombination(Path project) throws Exception {
        assertTrue(Files.isRegularFile(project.resolve(".dbprint.yaml")), "no print at " + project);
        ToolHarness h = new ToolHarness(project);
        GetTableContextTool tool = new GetTableContextTool(h.store, h.paging);
        var conn = h.connections.resolve(java.util.Optional.empty());
        List<String> tables = new ArrayList<>();
        for (TableEntry e : new PrintStore().view(conn).manifest().tables().values()) {
            tables.add(e.fqn());
        }
        assertFalse(tables.isEmpty());
        for (String table : tables) {
            for (String purpose : List.of("profile", "query")) {
                for (String format : List.of("md", "json", "yaml")) {
                    String args = "{\"table\":\"" + table + "\",\"purpose\":\"" + purpose + "\",\"format\":\"" + format
                            + "\"";
                    String cursor = null;
                    int pages = 0;
                    do {
                        ToolResult r = h.call(tool, args + (cursor == null ? "" : ",\"cursor\":\"" + cursor + "\"") + "}");
                        String what = table + " " + purpose + " " + format + " page " + pages;
                        assertFalse(r.isError(), what + ": " + r.text());
                        assertTrue(r.text().length() <= Pager.MAX_CHARS, what + " is " + r.text().length());
                        cursor = GetTableContextFixtureTest.nextCursor(r.text(), format);
                        pages++;
                    } while (cursor != null && pages < 1000);
                }
            }
        }
    }

    static JsonNode json(String text) throws Exception {
        return ToolHarness.MAPPER.readTree(text);
    }
}
