package dev.dbprint.mcp.resource;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.Optional;

import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import dev.dbprint.mcp.config.Connections;
import dev.dbprint.mcp.config.DbprintYaml;
import dev.dbprint.mcp.config.ProjectLocator;
import dev.dbprint.mcp.config.ServedSet;
import dev.dbprint.mcp.error.ProtocolError;
import dev.dbprint.mcp.paging.PagedReplies;
import dev.dbprint.mcp.print.Fixtures;
import dev.dbprint.mcp.print.store.PrintStore;
import dev.dbprint.mcp.reference.ReferenceDocuments;

/**
 * A connection whose name needs escapes in a URI (spec §3.1): listed in the RFC 3986 spelling, and every URI listed
 * reads back; percent-encoding is decoded before anything is matched.
 */
class EscapedUriTest {

    @TempDir
    Path dir;

    ResourceReader reader;
    ResourceCatalog catalog;

    @BeforeEach
    void setUp() {
        Fixtures.write(dir.resolve(".dbprint.yaml"), "connections:\n  'my conn/ü%':\n    adapter: postgres\n");
        Path root = dir.resolve("prints/my conn/ü%");
        Fixtures.write(root.resolve("manifest.yaml"), "format_version: 1\ntables:\n  s.t:\n    type: table\n"
                + "    path: s/t\n    artifacts:\n      ddl: ddl.sql\n");
        Fixtures.write(root.resolve("s/t/ddl.sql"), "CREATE TABLE s.t ();\n");
        Fixtures.write(root.resolve("diff.yaml"), "format_version: 1\nchanges: []\n");
        Fixtures.write(root.resolve("reading.md"), "# Reading\n");
        Connections connections = new Connections(ServedSet.resolve(
                DbprintYaml.read(ProjectLocator.locate(Optional.of(dir.toString()), Path.of(""))), List.of()));
        PrintStore store = new PrintStore();
        reader = new ResourceReader(store, connections, new ReferenceDocuments(Optional.empty()));
        catalog = new ResourceCatalog(store, connections, new PagedReplies());
    }

    @SuppressWarnings("unchecked")
    private List<String> listed() {
        return ((List<Map<String, Object>>) catalog.list(Optional.empty()).get("resources")).stream()
                .map(e -> (String) e.get("uri")).filter(u -> !u.startsWith(DbprintUri.REFERENCE)).toList();
    }

    @SuppressWarnings("unchecked")
    private String text(String uri) {
        return (String) ((List<Map<String, Object>>) reader.read(uri).get("contents")).get(0).get("text");
    }

    @Test
    void aNameNeedingEscapesIsListedInTheRfcSpellingAndEveryListedUriReads() {
        List<String> uris = listed();
        assertEquals(List.of("dbprint://my%20conn%2F%C3%BC%25/manifest", "dbprint://my%20conn%2F%C3%BC%25/diff",
                "dbprint://my%20conn%2F%C3%BC%25/reading", "dbprint://my%20conn%2F%C3%BC%25/s.t/ddl"), uris);
        for (String uri : uris) {
            reader.read(uri);
        }
        assertEquals("CREATE TABLE s.t ();\n", text("dbprint://my%20conn%2F%C3%BC%25/s.t/ddl"));
    }

    @Test
    void percentEncodingIsDecodedBeforeMatchingAnywhereInTheUri() {
        assertEquals("CREATE TABLE s.t ();\n", text("dbprint://my%20conn%2f%c3%bc%25/s%2Et/dd%6C"));
        assertEquals("# Reading\n", text("dbprint://my%20conn%2F%C3%BC%25/reading?%70age=1"));
    }

    @Test
    void aBrokenEscapeIsAMalformedUri() {
        for (String uri : List.of("dbprint://my%2/manifest", "dbprint://my%zzconn/manifest", "dbprint://%C3/manifest",
                "dbprint://my conn/manifest")) {
            ProtocolError e = assertThrows(ProtocolError.class, () -> reader.read(uri), uri);
            assertEquals(-32602, e.code());
            assertEquals("URI '" + uri + "' does not match the dbprint:// scheme.", e.getMessage());
        }
    }
}
