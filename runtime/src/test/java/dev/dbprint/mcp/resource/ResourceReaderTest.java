package dev.dbprint.mcp.resource;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Base64;
import java.util.List;
import java.util.Map;

import org.junit.jupiter.api.Test;

import dev.dbprint.mcp.error.ProtocolError;
import dev.dbprint.mcp.paging.JsonText;
import dev.dbprint.mcp.paging.Pager;
import dev.dbprint.mcp.print.yaml.YamlLoader;

class ResourceReaderTest extends ResourceFixtureTest {

    @SuppressWarnings("unchecked")
    private Map<String, Object> content(String uri) {
        Map<String, Object> result = f.reader.read(uri);
        List<Map<String, Object>> contents = (List<Map<String, Object>>) result.get("contents");
        assertEquals(1, contents.size());
        return contents.get(0);
    }

    @SuppressWarnings("unchecked")
    private static Map<String, Object> meta(Map<String, Object> content) {
        return (Map<String, Object>) content.get("_meta");
    }

    private String text(String uri) {
        return (String) content(uri).get("text");
    }

    private String onDisk(String relative) throws IOException {
        return Files.readString(dir.resolve(relative), StandardCharsets.UTF_8);
    }

    private ProtocolError fails(String uri) {
        return assertThrows(ProtocolError.class, () -> f.reader.read(uri));
    }

    private void fails(String uri, int code, String detail) {
        ProtocolError e = fails(uri);
        assertEquals(detail, e.getMessage());
        assertEquals(code, e.code());
    }

    // ---------------------------------------------------------------- byte for byte

    @Test
    void servesTheFileByteForByteWithCrlfAndNonAscii() {
        Map<String, Object> c = content("dbprint://alpha/s.orders/ddl");
        assertEquals(List.of("uri", "mimeType", "text", "_meta"), new ArrayList<>(c.keySet()));
        assertEquals("dbprint://alpha/s.orders/ddl", c.get("uri"));
        assertEquals("application/sql", c.get("mimeType"));
        assertEquals(ResourceFixture.ORDERS_DDL, c.get("text"));
        assertEquals(1, meta(c).get("page"));
        assertEquals(1, meta(c).get("pages"));
        assertTrue(((String) meta(c).get("version")).matches("[0-9a-f]{16}"));
    }

    @Test
    void yamlIsServedAsWrittenCommentsAndSpacingIncluded() throws IOException {
        assertEquals(onDisk("prints/alpha/s/orders/statistics.yaml"), text("dbprint://alpha/s.orders/statistics"));
        assertEquals(onDisk("prints/alpha/manifest.yaml"), text("dbprint://alpha/manifest"));
        assertEquals(onDisk("prints/alpha/reading.md"), text("dbprint://alpha/reading"));
        assertEquals(onDisk("prints/alpha/manifest.annotations.yaml"), text("dbprint://alpha/manifest_annotations"));
        assertEquals(onDisk("prints/alpha/s/orders/relationships.annotations.yaml"),
                text("dbprint://alpha/s.orders/relationships_annotations"));
        assertEquals(onDisk("prints/alpha/s/customers/statistics.annotations.yaml"),
                text("dbprint://alpha/s.customers/statistics_annotations"));
    }

    @Test
    void theSlashDelimitedPathNamesTheSameTable() {
        assertEquals(ResourceFixture.ORDERS_DDL, text("dbprint://alpha/s/orders/ddl"));
        assertEquals(meta(content("dbprint://alpha/s.orders/ddl")).get("version"),
                meta(content("dbprint://alpha/s/orders/ddl")).get("version"));
    }

    @Test
    void bytesThatAreNotUtf8AreServedAsABase64Blob() {
        Map<String, Object> c = content("dbprint://alpha/s.customers/description");
        assertFalse(c.containsKey("text"));
        assertEquals("text/markdown", c.get("mimeType"));
        assertArrayEquals(new byte[]{'C', 'a', 'f', (byte) 0xE9, '\n', 'o', 'k', '\n'},
                Base64.getDecoder().decode((String) c.get("blob")));
    }

    @Test
    void referenceDocumentsAreThePackagedFilesWhole() throws IOException {
        for (String doc : List.of("spec", "assertions")) {
            byte[] packaged;
            try (InputStream in = getClass().getResourceAsStream("/dbprint/reference/" + doc + ".md")) {
                packaged = in.readAllBytes();
            }
            StringBuilder whole = new StringBuilder();
            Map<String, Object> first = content("dbprint:///reference/" + doc);
            int pages = (Integer) meta(first).get("pages");
            String version = (String) meta(first).get("version");
            whole.append(first.get("text"));
            for (int p = 2; p <= pages; p++) {
                whole.append(text("dbprint:///reference/" + doc + "?page=" + p + "&version=" + version));
            }
            assertEquals(new String(packaged, StandardCharsets.UTF_8), whole.toString());
        }
        fails("dbprint:///reference/guide", -32602, "URI 'dbprint:///reference/guide' names no reference document."
                + " Reference resources: ['dbprint:///reference/spec', 'dbprint:///reference/assertions'];"
                + " get_reference serves the guide.");
    }

    @Test
    void referenceDocumentsComeFromTheOperatorDirectoryWhenOneIsConfigured() throws IOException {
        Path copies = Files.createDirectories(dir.resolve("reference-copies"));
        Files.writeString(copies.resolve("spec.md"), "# An operator's copy\r\n\nÄnderung.\n");
        ResourceReader reader = new ResourceReader(f.store, f.connections,
                new dev.dbprint.mcp.reference.ReferenceDocuments(java.util.Optional.of(copies)));
        @SuppressWarnings("unchecked")
        Map<String, Object> c = ((List<Map<String, Object>>) reader.read("dbprint:///reference/spec").get("contents"))
                .get(0);
        assertEquals("# An operator's copy\r\n\nÄnderung.\n", c.get("text"));
        ProtocolError e = assertThrows(ProtocolError.class, () -> reader.read("dbprint:///reference/assertions"));
        assertEquals(-32603, e.code());
        assertTrue(e.getMessage().contains("assertions.md cannot be read"), e.getMessage());
    }

    @Test
    void theEmptyAuthorityNeverReadsAsAConnectionNotEvenOneNamedReference() throws IOException {
        assertTrue(text("dbprint:///reference/spec").startsWith("#"));
        assertEquals(onDisk("prints/reference/manifest.yaml"), text("dbprint://reference/manifest"));
    }

    // ---------------------------------------------------------------- rejected edges withheld

    @Test
    void relationshipsWithholdARejectedEdgeFromBothSides() {
        Object orders = new YamlLoader().load(Path.of("x"),
                text("dbprint://alpha/s.orders/relationships").getBytes(StandardCharsets.UTF_8));
        assertEquals(new YamlLoader().load(Path.of("x"), """
                format_version: 1
                table: s.orders
                refers_to:
                - column: [region_id]
                  target_table: s.region
                  target_column: [id]
                  detection: declared
                referenced_by: []
                """.getBytes(StandardCharsets.UTF_8)), orders);
        String customers = text("dbprint://alpha/s.customers/relationships");
        assertEquals("format_version: 1\ntable: s.customers\nrefers_to: []\nreferenced_by: []\n", customers);
    }

    @Test
    void aFileNoRejectionTouchesIsServedByteForByte() throws IOException {
        f.delete("prints/alpha/s/orders/relationships.annotations.yaml");
        assertEquals(onDisk("prints/alpha/s/orders/relationships.yaml"), text("dbprint://alpha/s.orders/relationships"));
        assertEquals(onDisk("prints/alpha/diff.yaml"), text("dbprint://alpha/diff"));
    }

    @Test
    void diffDropsEventsAboutRejectedEdgesAndRecountsRelationshipsChanged() {
        String diff = text("dbprint://alpha/diff");
        assertEquals("""
                format_version: 1
                connection: alpha
                summary:
                  tables_modified: 2
                  relationships_changed: 1
                changes:
                - kind: column_added
                  table: s.orders
                  column: note
                - kind: relationship_removed
                  source_table: s.orders
                  source_column:
                  - region_id
                  target_table: s.region
                  target_column:
                  - id
                """, diff);
    }

    @Test
    void aVerdictFileThatDoesNotParseFailsTheReadsItDecidesInsteadOfReleasingTheEdge() {
        Path verdicts = f.write("prints/alpha/s/orders/relationships.annotations.yaml", "refers_to: [\n");
        for (String uri : List.of("dbprint://alpha/s.orders/relationships", "dbprint://alpha/s.customers/relationships",
                "dbprint://alpha/diff")) {
            ProtocolError e = fails(uri);
            assertEquals(-32603, e.code(), uri);
            assertTrue(e.getMessage().startsWith(verdicts + ": YAML parse error: "), uri + ": " + e.getMessage());
        }
    }

    @Test
    void aVerdictFileThatDoesNotMatchItsSchemaFailsTheReadsItDecides() {
        Path verdicts = f.write("prints/alpha/s/orders/relationships.annotations.yaml", """
                format_version: 1
                refers_to:
                - column: [customer_id]
                  target_table: s.customers
                  target_column: [id]
                  verdict: rejectd
                """);
        for (String uri : List.of("dbprint://alpha/s.orders/relationships", "dbprint://alpha/s.customers/relationships",
                "dbprint://alpha/diff")) {
            fails(uri, -32603, verdicts
                    + ": does not match its schema (SPEC 2.7): refers_to[0].verdict: must be one of ['rejected'] (found string"
                    + " \"rejectd\")");
        }
    }

    // ---------------------------------------------------------------- pages

    /** A reading guide of many lines, one of them longer than a page, with characters JSON escapes. */
    private String bigGuide() {
        StringBuilder sb = new StringBuilder();
        for (int i = 0; i < 900; i++) {
            sb.append("Zeile ").append(i).append(": \"größe\" \\ tab\there, 𝄞 and ☕\r\n");
        }
        sb.append("x".repeat(45_000)).append('\n');
        for (int i = 0; i < 300; i++) {
            sb.append("- item ").append(i).append('\n');
        }
        sb.append("no final newline");
        return sb.toString();
    }

    @Test
    void aLongTextIsReadPageByPageAndThePagesConcatenateToTheFile() {
        String guide = bigGuide();
        f.write("prints/alpha/reading.md", guide);
        Map<String, Object> first = content("dbprint://alpha/reading");
        int pages = (Integer) meta(first).get("pages");
        String version = (String) meta(first).get("version");
        assertTrue(pages >= 4, "pages: " + pages);
        List<String> texts = new ArrayList<>(List.of((String) first.get("text")));
        for (int p = 2; p <= pages; p++) {
            String uri = "dbprint://alpha/reading?page=" + p + "&version=" + version;
            Map<String, Object> c = content(uri);
            assertEquals(uri, c.get("uri"));
            assertEquals(p, meta(c).get("page"));
            assertEquals(pages, meta(c).get("pages"));
            assertEquals(version, meta(c).get("version"));
            texts.add((String) c.get("text"));
        }
        assertEquals(guide, String.join("", texts));
        int longLinePieces = 0;
        for (String t : texts) {
            assertTrue(JsonText.stringLength(t) <= Pager.MAX_CHARS);
            if (!t.endsWith("\n")) {
                longLinePieces++; // only the long line's pieces and the unterminated last line end mid-line
            }
            assertFalse(Character.isHighSurrogate(t.charAt(t.length() - 1)));
        }
        assertTrue(longLinePieces >= 2 && longLinePieces <= 4, "pieces: " + longLinePieces);
        assertTrue(texts.get(0).endsWith("\r\n"));
    }

    @Test
    void pageFaultsNameTheRangeTheMissingVersionAndAStaleVersion() {
        f.write("prints/alpha/reading.md", bigGuide());
        Map<String, Object> first = content("dbprint://alpha/reading");
        int pages = (Integer) meta(first).get("pages");
        String version = (String) meta(first).get("version");
        for (String p : List.of("0", "abc", "-1", "1.5", String.valueOf(pages + 1), "99999999999", "")) {
            String uri = "dbprint://alpha/reading?page=" + p + "&version=" + version;
            fails(uri, -32602, "'" + uri + "' names no page of this resource: pages run 1 to " + pages + ".");
        }
        fails("dbprint://alpha/reading?page=2", -32602, "'dbprint://alpha/reading?page=2' asks for a page past the"
                + " first without `version`. Pass the `version` the first page's `_meta` reported, as"
                + " `?page=<n>&version=<v>`.");
        fails("dbprint://alpha/reading?page=2&version=0f1e", -32602, "'dbprint://alpha/reading?page=2&version=0f1e':"
                + " the file changed on disk since that version was read. Read page 1 again for its current version.");
        assertEquals(first.get("text"), text("dbprint://alpha/reading?page=1"));
        assertEquals(first.get("text"), text("dbprint://alpha/reading?version=" + version));
    }

    @Test
    void aFileRewrittenBetweenPagesNeverAnswersAnOldPageNumber() {
        f.write("prints/alpha/reading.md", bigGuide());
        String version = (String) meta(content("dbprint://alpha/reading")).get("version");
        f.write("prints/alpha/reading.md", bigGuide() + "\nmore\n");
        String uri = "dbprint://alpha/reading?page=2&version=" + version;
        fails(uri, -32602, "'" + uri + "': the file changed on disk since that version was read. Read page 1 again"
                + " for its current version.");
        String fresh = (String) meta(content("dbprint://alpha/reading")).get("version");
        assertFalse(fresh.equals(version));
        assertEquals(2, meta(content("dbprint://alpha/reading?page=2&version=" + fresh)).get("page"));
    }

    /** s.orders' relationships with enough edges to span pages, one of them rejected. */
    private void bigRelationships() {
        StringBuilder sb = new StringBuilder("format_version: 1\ntable: s.orders\nrefers_to:\n");
        sb.append("- column: [customer_id]\n  target_table: s.customers\n  target_column: [id]\n  detection: inferred\n");
        for (int i = 0; i < 400; i++) {
            sb.append("- column: [c").append(i).append("]\n  target_table: s.other").append(i)
                    .append("\n  target_column: [id]\n  detection: measured\n");
        }
        sb.append("referenced_by: []\n");
        f.write("prints/alpha/s/orders/relationships.yaml", sb.toString());
    }

    @Test
    void anAnnotationVerdictEditedBetweenPagesOfAFilteredReadInvalidatesTheLaterPage() {
        bigRelationships();
        Map<String, Object> first = content("dbprint://alpha/s.orders/relationships");
        assertFalse(((String) first.get("text")).contains("customer_id"), "the rejected edge is withheld");
        assertTrue((Integer) meta(first).get("pages") > 1);
        String version = (String) meta(first).get("version");
        String page2 = "dbprint://alpha/s.orders/relationships?page=2&version=" + version;
        assertEquals(2, meta(content(page2)).get("page"));
        f.write("prints/alpha/s/orders/relationships.annotations.yaml", """
                format_version: 1
                refers_to:
                - column: [customer_id]
                  target_table: s.customers
                  target_column: [id]
                  note: the verdict was withdrawn
                """);
        fails(page2, -32602, "'" + page2 + "': the file changed on disk since that version was read. Read page 1"
                + " again for its current version.");
        assertTrue(text("dbprint://alpha/s.orders/relationships").contains("customer_id"));
    }

    // ---------------------------------------------------------------- §8.1 rows

    @Test
    void manifestAnnotationsTheManifestListsButThatAreAbsentAreTheGeneratesFault() throws IOException {
        f.write("prints/alpha/manifest.yaml",
                onDisk("prints/alpha/manifest.yaml").replace("failed_tables:",
                        "manifest_annotations: manifest.annotations.yaml\nfailed_tables:"));
        f.delete("prints/alpha/manifest.annotations.yaml");
        fails("dbprint://alpha/manifest_annotations", -32603, "manifest references manifest.annotations.yaml but file"
                + " is absent at " + f.alpha.resolve("manifest.annotations.yaml") + ". Re-run dbprint generate.");
    }

    @Test
    void everyErrorRowOfSection81() {
        Path alpha = f.alpha;
        fails("dbprint://alpha/s.v/description", -32602,
                "description.md is optional and not authored for table 's.v'.");
        fails("dbprint://alpha/s.v/statistics_annotations", -32602,
                "statistics.annotations.yaml is optional and not authored for table 's.v'.");
        fails("dbprint://alpha/s.v/relationships_annotations", -32602,
                "relationships.annotations.yaml is optional and not authored for table 's.v'.");
        fails("dbprint://reference/manifest_annotations", -32602,
                "manifest.annotations.yaml is optional and not authored for connection 'reference'.");
        fails("dbprint://bar/manifest", -32602,
                "connection 'bar' not in .dbprint.yaml. Configured: ['alpha', 'beta', 'gamma', 'reference']");
        fails("dbprint://gamma/manifest", -32602, "connection 'gamma' is configured but not served by this instance."
                + " Served: ['alpha', 'beta', 'reference']. Restart the server naming it to serve it.");
        fails("dbprint://alpha/foo/ddl", -32602,
                "table 'foo' not found in connection 'alpha'. Call list_tables with connection 'alpha' for valid names.");
        fails("dbprint://alpha/s.broken/ddl", -32602,
                "the last generate run could not profile 's.broken'; run dbprint generate to see the cause");
        fails("dbprint://alpha/s.v/relationships", -32602, "relationships is not declared for table 's.v' - check the"
                + " object's type before requesting it; the manifest does not declare every kind for every object.");
        fails("dbprint://alpha/s.gone/statistics", -32603, "manifest references statistics.yaml but file is absent at "
                + alpha.resolve("s/gone/statistics.yaml") + ". Re-run dbprint generate.");
        assertTrue(fails("dbprint://alpha/s.gone/relationships").getMessage()
                .startsWith(alpha.resolve("s/gone/relationships.yaml") + ": YAML parse error: "));
        assertEquals(-32603, fails("dbprint://alpha/s.gone/relationships").code());
        ProtocolError beta = fails("dbprint://beta/manifest");
        assertEquals(-32603, beta.code());
        assertTrue(beta.getMessage().startsWith(f.beta.resolve("manifest.yaml") + ": YAML parse error: "));
        fails("dbprint://beta/diff", -32603, "no diff available at " + f.beta.resolve("diff.yaml")
                + ". Run dbprint diff or dbprint generate first.");
        fails("dbprint://beta/reading", -32603, "no reading guide available at " + f.beta.resolve("reading.md")
                + ". Run dbprint generate first.");
        for (String bad : List.of("foo", "http://alpha/manifest", "dbprint://alpha", "dbprint://alpha/",
                "dbprint://alpha/nonsense", "dbprint://alpha/s.orders/bogus", "dbprint://alpha//ddl",
                "dbprint://alpha/s..orders/ddl", "dbprint://alpha/manifest?x=1", "dbprint://alpha/manifest?page",
                "dbprint://alpha/manifest?page=1&page=1", "dbprint://alpha/manifest?", "dbprint:///reference/",
                "dbprint:///manifest", "dbprint://alpha/s.orders/manifest")) {
            fails(bad, -32602, "URI '" + bad + "' does not match the dbprint:// scheme.");
        }
    }

    @Test
    void aManifestOfTheWrongShapeIsAnInternalErrorNamingTheReason() {
        f.write("prints/alpha/manifest.yaml", "tables: [s.orders]\n");
        fails("dbprint://alpha/manifest", -32603, f.alpha.resolve("manifest.yaml") + ": 'tables' is not a mapping");
        fails("dbprint://alpha/s.orders/ddl", -32603, f.alpha.resolve("manifest.yaml") + ": 'tables' is not a mapping");
    }

    @Test
    void aYamlArtifactThatDoesNotParseIsAnInternalError() {
        f.write("prints/alpha/s/orders/statistics.yaml", "columns: {a: 1\n");
        ProtocolError e = fails("dbprint://alpha/s.orders/statistics");
        assertEquals(-32603, e.code());
        assertTrue(e.getMessage().startsWith(f.alpha.resolve("s/orders/statistics.yaml") + ": YAML parse error: "));
        f.write("prints/alpha/manifest.annotations.yaml", "notes: [\n");
        assertEquals(-32603, fails("dbprint://alpha/manifest_annotations").code());
        f.write("prints/alpha/diff.yaml", "changes: [\n");
        assertEquals(-32603, fails("dbprint://alpha/diff").code());
    }

    @Test
    void anEntryThatCannotBeFollowedIsNeverReadAndTheErrorNamesTheManifest() {
        Path manifest = f.alpha.resolve("manifest.yaml");
        fails("dbprint://alpha/s.bad_entry/ddl", -32603, manifest + ": table 's.bad_entry': entry is not a mapping");
        fails("dbprint://alpha/s.nopath/ddl", -32603, manifest + ": table 's.nopath': path is not a string");
        fails("dbprint://alpha/s.escape/ddl", -32603,
                manifest + ": table 's.escape': path leads outside the connection root");
        fails("dbprint://alpha/s.sneaky/ddl", -32603,
                manifest + ": table 's.sneaky': artifacts.ddl leads outside the connection root");
    }

    // ---------------------------------------------------------------- nothing outside the root is served

    /** A file outside the connection root whose text must never reach a reply. */
    private Path secret(String name) {
        return f.write("elsewhere/" + name, "SECRET outside the root\n");
    }

    /** The read fails with the §8 internal error naming the escape, and serves nothing of the file behind the link. */
    private void refusedAsOutside(String uri) {
        ProtocolError e = fails(uri);
        assertEquals(-32603, e.code(), e.getMessage());
        assertTrue(e.getMessage().contains("outside the connection root"), e.getMessage());
        assertFalse(e.getMessage().contains("SECRET"), e.getMessage());
    }

    @Test
    void aConnectionFileLinkedOutsideTheRootIsNotServedRaw() throws IOException {
        Path reading = f.alpha.resolve("reading.md");
        Files.delete(reading);
        Files.createSymbolicLink(reading, secret("reading.md"));
        refusedAsOutside("dbprint://alpha/reading");
    }

    @Test
    void aYamlFileLinkedOutsideTheRootIsNotServed() throws IOException {
        Path annotations = f.alpha.resolve("manifest.annotations.yaml");
        Files.delete(annotations);
        Files.createSymbolicLink(annotations, f.write("elsewhere/m.yaml", "format_version: 1\nnotes:\n- note: SECRET\n"));
        refusedAsOutside("dbprint://alpha/manifest_annotations");
    }

    @Test
    void anArtifactSwappedForALinkOutsideAfterTheManifestWasReadIsNotServed() throws IOException {
        Path description = f.alpha.resolve("s/orders/description.md");
        f.write("prints/alpha/s/orders/description.md", "Orders.\n");
        assertEquals("Orders.\n", text("dbprint://alpha/s.orders/description"));
        Path annotations = f.alpha.resolve("s/orders/statistics.annotations.yaml");
        f.write("prints/alpha/s/orders/statistics.annotations.yaml", "format_version: 1\ncolumns: {}\n");
        assertEquals("format_version: 1\ncolumns: {}\n", text("dbprint://alpha/s.orders/statistics_annotations"));

        // the manifest is unchanged and cached; only the links move
        Files.delete(description);
        Files.createSymbolicLink(description, secret("description.md"));
        Files.delete(annotations);
        Files.createSymbolicLink(annotations, f.write("elsewhere/a.yaml", "format_version: 1\ncolumns: {SECRET: {}}\n"));
        refusedAsOutside("dbprint://alpha/s.orders/description");
        refusedAsOutside("dbprint://alpha/s.orders/statistics_annotations");
    }

    @Test
    void aDeclaredArtifactSwappedForALinkOutsideIsNotServed() throws IOException {
        assertEquals(ResourceFixture.ORDERS_DDL, text("dbprint://alpha/s.orders/ddl"));
        Path ddl = f.alpha.resolve("s/orders/ddl.sql");
        Files.delete(ddl);
        Files.createSymbolicLink(ddl, secret("ddl.sql"));
        refusedAsOutside("dbprint://alpha/s.orders/ddl");
        Path dir = f.alpha.resolve("s/customers");
        Path moved = Files.move(dir, f.project.resolve("elsewhere/customers"));
        f.write("elsewhere/customers/ddl.sql", "SECRET\n");
        Files.createSymbolicLink(dir, moved);
        refusedAsOutside("dbprint://alpha/s.customers/ddl");
    }
}
