package dev.dbprint.mcp.error;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.nio.file.AccessDeniedException;
import java.nio.file.Path;
import java.util.List;
import java.util.stream.Stream;

import org.junit.jupiter.api.DynamicTest;
import org.junit.jupiter.api.TestFactory;

/**
 * The spec's error tables (§8.1, §8.2), row by row: each row's example detail, copied here, against what the catalogue
 * spells for the row's example values. A placeholder of the spec ({@code <path>}, {@code <message>}) is passed as
 * itself; a list the spec elides with {@code ...} is passed as the items it shows.
 */
class ErrorCatalogTest {

    private static final Path PATH = Path.of("<path>");

    private record Row(String trigger, String expected, String actual) {
    }

    // rows both tables hold, or one table holds under several triggers
    private static final Row CONNECTION_NOT_CONFIGURED = new Row("unconfigured connection",
            "connection 'bar' not in .dbprint.yaml. Configured: ['a', 'b', 'c']",
            ErrorCatalog.connectionNotConfigured("bar", List.of("a", "b", "c")));

    private static final Row TABLE_NOT_FOUND = new Row("unknown table",
            "table 'foo' not found in connection 'bar'. Call list_tables with connection 'bar' for valid names.",
            ErrorCatalog.tableNotFound("foo", "bar"));

    private static final Row TABLE_UNPROFILED = new Row("unprofiled table",
            "the last generate run could not profile 'arboretum.seedbank.extra'; run dbprint generate to see the cause",
            ErrorCatalog.tableUnprofiled("arboretum.seedbank.extra"));

    private static final Row CONNECTION_NOT_SERVED = new Row("connection not served",
            "connection 'staging' is configured but not served by this instance. Served: ['arboretum']. Restart the server naming it to serve it.",
            ErrorCatalog.connectionNotServed("staging", List.of("arboretum")));

    private static final Row ARTIFACT_ABSENT = new Row("manifest references an absent file",
            "manifest references statistics.yaml but file is absent at <path>. Re-run dbprint generate.",
            ErrorCatalog.artifactAbsent("statistics.yaml", PATH));

    private static final Row WRONG_SHAPE = new Row("manifest of the wrong shape", "<path>: <reason the shape is wrong>",
            ErrorCatalog.wrongShape(PATH, "<reason the shape is wrong>"));

    private static final Row YAML_PARSE_ERROR = new Row("YAML parse error", "<path>: YAML parse error: <message>",
            ErrorCatalog.yamlParseError(PATH, "<message>"));

    private static final Row NO_DIFF = new Row("no diff",
            "no diff available at <path>. Run dbprint diff or dbprint generate first.",
            ErrorCatalog.noDiff(PATH));

    private static final Row SCHEMA_MISMATCH = new Row("annotation file off its schema",
            "<path>: does not match its schema (SPEC 2.7): <address>: <message>",
            ErrorCatalog.schemaMismatch(PATH, "<address>", "<message>"));

    @TestFactory
    Stream<DynamicTest> resourceErrors() {
        return rows("§8.1", List.of(
                new Row("absent optional file",
                        "description.md is optional and not authored for table 'arboretum.seedbank.accession'.",
                        ErrorCatalog.optionalNotAuthored("description.md", "arboretum.seedbank.accession")),
                CONNECTION_NOT_CONFIGURED,
                CONNECTION_NOT_SERVED,
                TABLE_NOT_FOUND,
                TABLE_UNPROFILED,
                new Row("kind not declared",
                        "relationships is not declared for table 'arboretum.seedbank.v' - check the object's type before requesting it; the manifest does not declare every kind for every object.",
                        ErrorCatalog.kindNotDeclared("relationships", "arboretum.seedbank.v")),
                ARTIFACT_ABSENT,
                WRONG_SHAPE,
                YAML_PARSE_ERROR,
                NO_DIFF,
                new Row("no reading guide", "no reading guide available at <path>. Run dbprint generate first.",
                        ErrorCatalog.noReadingGuide(PATH)),
                new Row("malformed URI", "URI 'foo' does not match the dbprint:// scheme.",
                        ErrorCatalog.malformedUri("foo")),
                new Row("page out of range",
                        "'dbprint://a/manifest?page=9' names no page of this resource: pages run 1 to 3.",
                        ErrorCatalog.noSuchPage("dbprint://a/manifest?page=9", 3)),
                new Row("page past the first without version",
                        "'dbprint://a/manifest?page=2' asks for a page past the first without `version`. Pass the `version` the first page's `_meta` reported, as `?page=<n>&version=<v>`.",
                        ErrorCatalog.pageWithoutVersion("dbprint://a/manifest?page=2")),
                new Row("version moved on",
                        "'dbprint://a/manifest?page=2&version=0f1e': the file changed on disk since that version was read. Read page 1 again for its current version.",
                        ErrorCatalog.versionMovedOn("dbprint://a/manifest?page=2&version=0f1e")),
                new Row("resources/list cursor over a changed print",
                        "the print changed on disk since this cursor was issued, so resources/list cannot resume where it left off. Call again without `cursor` to start over.",
                        ErrorCatalog.cursorPrintChanged("resources/list"))));
    }

    @TestFactory
    Stream<DynamicTest> toolErrors() {
        return rows("§8.2", List.of(
                TABLE_NOT_FOUND,
                TABLE_UNPROFILED,
                CONNECTION_NOT_CONFIGURED,
                CONNECTION_NOT_SERVED,
                new Row("undeclared key",
                        "list_tables takes no argument 'schema'. Accepted: ['connection', 'detail', 'pattern'].",
                        ErrorCatalog.argumentNotDeclared("list_tables", "schema",
                                List.of("connection", "detail", "pattern"))),
                new Row("required key absent", "get_table_context requires 'table'.",
                        ErrorCatalog.argumentRequired("get_table_context", "table")),
                new Row("wrong type", "pattern 7 must be of type string.",
                        ErrorCatalog.argumentType("pattern", "7", "string")),
                new Row("empty string", "table '' must be a non-empty string.", ErrorCatalog.argumentEmpty("table", "")),
                new Row("value outside the enum", "format 'yml' must be one of ['md', 'json', 'yaml'].",
                        ErrorCatalog.argumentNotInEnum("format", "yml", List.of("md", "json", "yaml"))),
                new Row("resolve_value: unknown column",
                        "column 'rnk' not found in table 'arboretum.seedbank.taxon'. Columns: rank, scientific_name, taxon_id.",
                        ErrorCatalog.columnNotFound("rnk", "arboretum.seedbank.taxon",
                                List.of("rank", "scientific_name", "taxon_id"))),
                ARTIFACT_ABSENT,
                YAML_PARSE_ERROR,
                SCHEMA_MISMATCH,
                new Row("no default connection",
                        "no default connection; pass connection explicitly. Configured: ['a', 'b', 'c']",
                        ErrorCatalog.noDefaultConnection(List.of("a", "b", "c"))),
                ARTIFACT_ABSENT,
                NO_DIFF,
                WRONG_SHAPE,
                YAML_PARSE_ERROR,
                SCHEMA_MISMATCH,
                new Row("unknown tool (list elided)", "unknown tool 'foo'. Available: ['get_diff', 'get_manifest']",
                        ErrorCatalog.unknownTool("foo", List.of("get_diff", "get_manifest"))),
                new Row("cursor not issued",
                        "cursor 'x' is not one this server issued. Pass back a reply's `next_cursor` unchanged, or call again without `cursor` for the first page.",
                        ErrorCatalog.cursorNotIssued("x", "next_cursor")),
                new Row("cursor of another call",
                        "this cursor was not issued by list_tables with these arguments. Repeat the call that returned it with the same arguments, or call again without `cursor`.",
                        ErrorCatalog.cursorForeign("list_tables")),
                new Row("cursor over a changed print",
                        "the print changed on disk since this cursor was issued, so list_tables cannot resume where it left off. Call again without `cursor` to start over.",
                        ErrorCatalog.cursorPrintChanged("list_tables")),
                new Row("get_reference: document outside the enum",
                        "document 'readme' must be one of ['assertions', 'guide', 'spec'].",
                        ErrorCatalog.argumentNotInEnum("document", "readme", List.of("assertions", "guide", "spec"))),
                new Row("get_reference: unknown section (list elided)",
                        "section '9.9' not found in spec. Available: ['0', '0.1', '0.2']",
                        ErrorCatalog.sectionNotFound("9.9", "spec", List.of("0", "0.1", "0.2"))),
                new Row("get_reference: unknown guide heading (list elided)",
                        "section 'No such heading' not found in guide. Available: ['Fields that are easy to misread']",
                        ErrorCatalog.sectionNotFound("No such heading", "guide",
                                List.of("Fields that are easy to misread")))));
    }

    /** The details no table lists, spelled as the server has always sent them. */
    @TestFactory
    Stream<DynamicTest> detailsTheTablesDoNotList() {
        return rows("off the tables", List.of(
                new Row("unknown part", "part 'p' not found in column 'c' of table 't'. Parts: a, b.",
                        ErrorCatalog.partNotFound("p", "c", "t", List.of("a", "b"))),
                new Row("connection-wide optional file",
                        "manifest.annotations.yaml is optional and not authored for connection 'a'.",
                        ErrorCatalog.optionalNotAuthoredForConnection("manifest.annotations.yaml", "a")),
                new Row("no manifest", "no manifest available at <path>. Run dbprint generate first.",
                        ErrorCatalog.noManifest(PATH)),
                new Row("entry not followable", "<path>: table 's.t': <reason>",
                        ErrorCatalog.tableNotFollowable(PATH, "s.t", "<reason>")),
                new Row("declared file outside the root",
                        "table 's.t' cannot be read: its statistics.yaml resolves outside the connection root.",
                        ErrorCatalog.tableFileOutsideRoot("s.t", "statistics.yaml")),
                new Row("file kept changing", "<path>: the file kept changing while it was read (5 attempts)",
                        ErrorCatalog.keptChanging(PATH, 5)),
                new Row("path outside the root", "<path>: leads outside the connection root /r",
                        ErrorCatalog.outsideRoot(PATH, Path.of("/r"))),
                new Row("reserved top-level key",
                        "<path>: carries a top-level key 'total', which this paged reply uses for its own count; read the file whole through its dbprint:// resource instead.",
                        ErrorCatalog.reservedTopLevelKey(PATH, "total", "count")),
                new Row("reference not packaged",
                        "the packaged reference document dbprint/reference/spec.md is missing from the server's jar; reinstall dbprint-mcp.",
                        ErrorCatalog.referenceNotPackaged("dbprint/reference/spec.md")),
                new Row("reference not UTF-8", "reference document /d/spec.md is not UTF-8 text.",
                        ErrorCatalog.referenceNotUtf8("/d/spec.md")),
                new Row("reference unreadable",
                        "reference document /d/spec.md cannot be read (AccessDeniedException: /d/spec.md). Check dbprint.reference.directory, or unset it to serve the packaged copies.",
                        ErrorCatalog.referenceUnreadable("/d/spec.md",
                                new AccessDeniedException("/d/spec.md"))),
                new Row("internal tool error",
                        "internal error in list_tables: IllegalStateException. The server keeps serving; this is a bug worth reporting with the call that caused it.",
                        ErrorCatalog.internalToolError("list_tables", new IllegalStateException()))));
    }

    private static Stream<DynamicTest> rows(String table, List<Row> rows) {
        // a row repeated within a table (another trigger, the same sentence) is checked once
        return rows.stream().distinct().map(r -> DynamicTest.dynamicTest(table + " " + r.trigger(),
                () -> assertEquals(r.expected(), r.actual())));
    }
}
