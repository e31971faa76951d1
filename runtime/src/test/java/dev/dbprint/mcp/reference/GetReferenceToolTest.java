package dev.dbprint.mcp.reference;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.FileTime;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;

import dev.dbprint.mcp.error.DetailedFault;
import dev.dbprint.mcp.paging.PagedReplies;
import dev.dbprint.mcp.text.PyRepr;
import dev.dbprint.mcp.tool.GetReferenceTool;
import dev.dbprint.mcp.tool.call.ArgumentChecker;
import dev.dbprint.mcp.tool.call.ToolCall;
import dev.dbprint.mcp.tool.call.ToolDescriptor;
import dev.dbprint.mcp.tool.call.ToolResult;

/** get_reference end to end below the protocol: schema check, lookup, rendering, paging and cursors (spec §4.6, §4.8). */
class GetReferenceToolTest {

    private static final ObjectMapper MAPPER = new ObjectMapper();
    private static final ToolDescriptor DESCRIPTOR = ToolDescriptor.load("get_reference", MAPPER);
    private static final Pattern CURSOR_LINE = Pattern.compile("\\nnext_cursor: ([A-Za-z0-9_-]+)$");
    private static final int BOUND = 20_000;

    private final PagedReplies paged = new PagedReplies();
    private final GetReferenceTool packaged = new GetReferenceTool(new ReferenceDocuments(Optional.empty()), paged);

    /** What ToolInvoker does: check the arguments against the advertised schema, then run the body. */
    static ToolResult call(GetReferenceTool tool, String document, String section, String cursor) {
        ObjectNode args = MAPPER.createObjectNode();
        if (document != null) {
            args.put("document", document);
        }
        if (section != null) {
            args.put("section", section);
        }
        if (cursor != null) {
            args.put("cursor", cursor);
        }
        try {
            return tool.call(new ToolCall("get_reference", ArgumentChecker.check(DESCRIPTOR, args, java.util.Set.of()),
                    null));
        } catch (DetailedFault e) {
            return ToolResult.fault(e.getMessage());
        }
    }

    static ToolResult callWith(GetReferenceTool tool, String document, String section, String extraKey) {
        ObjectNode args = MAPPER.createObjectNode().put("document", document).put("section", section)
                .put(extraKey, "x");
        try {
            return tool.call(new ToolCall("get_reference", ArgumentChecker.check(DESCRIPTOR, args, java.util.Set.of()),
                    null));
        } catch (DetailedFault e) {
            return ToolResult.fault(e.getMessage());
        }
    }

    private String ok(String document, String section) {
        ToolResult r = call(packaged, document, section, null);
        assertFalse(r.isError(), r.text());
        assertFalse(CURSOR_LINE.matcher(r.text()).find(), "unexpectedly paged");
        return r.text();
    }

    private String fault(String document, String section) {
        return fault(document, section, null);
    }

    private String fault(String document, String section, String extraKey) {
        ToolResult r = extraKey == null
                ? call(packaged, document, section, null)
                : callWith(packaged, document, section, extraKey);
        assertTrue(r.isError(), r.text());
        return r.text();
    }

    // ------------------------------------------------------------------ citation forms

    @ParameterizedTest
    @ValueSource(strings = {"2.2.4", "§2.2.4", "§ 2.2.4", "SPEC 2.2.4", "SPEC §2.2.4", "SPEC.md §2.2.4",
            "spec.md §2.2.4", "format/v1/SPEC.md §2.2.4", "FORMAT-SPEC.md §2.2.4", "  2.2.4  ", "\t§2.2.4\n",
            "2.2.4.", "2.2.4 Sub-object schemas"})
    void everyCitationFormReadsTheSameSection(String section) {
        String text = ok("spec", section);
        assertTrue(text.startsWith("#### 2.2.4 Sub-object schemas\n\n"), text);
        assertEquals(ok("spec", "2.2.4"), text);
    }

    @Test
    void aTrailingDotAndTheBareNumberAgree() {
        assertEquals(ok("spec", "2"), ok("spec", "2."));
        assertEquals(ok("spec", "2"), ok("spec", "§2"));
        assertTrue(ok("spec", "2.").startsWith("## 2. Artifacts\n"));
    }

    @Test
    void anAssertionsCitationAsFindingsWriteIt() {
        String text = ok("assertions", "ASSERTIONS.md §1.4");
        assertTrue(text.startsWith("### 1.4 Unknown FQNs and columns\n\n"), text);
        assertEquals(text, ok("assertions", "1.4"));
        assertEquals(text, ok("assertions", "§1.4"));
        assertEquals(text, ok("assertions", "ASSERTIONS 1.4"));
    }

    @Test
    void aCitationOfTheOtherDocumentIsNotFoundInThisOne() {
        String detail = fault("spec", "ASSERTIONS.md §1.4");
        assertTrue(detail.startsWith("section 'ASSERTIONS.md §1.4' not found in spec. Available: ['0', '0.1', "),
                detail);
        assertTrue(fault("assertions", "SPEC.md §1.4").startsWith("section 'SPEC.md §1.4' not found in assertions."));
        assertTrue(fault("spec", "README.md §1").startsWith("section 'README.md §1' not found in spec."));
    }

    // ------------------------------------------------------------------ what a section reads

    @Test
    void aTopSectionWithSubsectionsReadsItsOwnBodyThenListsItsDirectSubsections() {
        String text = ok("spec", "3");
        String expected = "## 3. Column classifications\n\n";
        assertTrue(text.startsWith(expected), text);
        assertFalse(text.contains("### 3.1"), "a subsection's heading is not part of the body");
        assertTrue(text.endsWith("\n\nSubsections, each read by its own number:\n- 3.1 Defined classifications\n"
                + "- 3.2 Priority order (first match wins)\n- 3.3 Edge cases\n- 3.4 Classification reserves"), text);
    }

    @Test
    void aMiddleSectionListsOnlyItsDirectSubsections() {
        String text = ok("spec", "2.2");
        assertTrue(text.startsWith("### 2.2 `statistics.yaml`\n\n"), text);
        int list = text.indexOf("\n\nSubsections, each read by its own number:\n");
        assertTrue(list > 0, text);
        List<String> items = text.substring(list).lines().filter(l -> l.startsWith("- ")).toList();
        assertEquals(21, items.size(), items.toString());
        assertEquals("- 2.2.1 Top-level fields", items.get(0));
        assertEquals("- 2.2.14 `sketch` — key-set overlap without a second scan", items.get(13));
        assertEquals("- 2.2.21 `disabled` — detections switched off by configuration", items.get(20));
        assertFalse(text.contains("#### 2.2.1"));

        String spec12 = ok("spec", "1.2");
        assertTrue(spec12.endsWith("\n\nSubsections, each read by its own number:\n- 1.2.1 The consumer guide"),
                spec12);
    }

    @Test
    void theDeepestLevelReadsUpToTheNextHeadingAtTheSameLevel() {
        String text = ok("spec", "1.5.1");
        assertTrue(text.startsWith("#### 1.5.1 Character allowlist\n\n"), text);
        assertFalse(text.contains("1.5.2"), text);
        assertFalse(text.contains("Subsections"), text);
        assertFalse(text.endsWith("\n"), "the reply does not end with a line break");
        String source = new ReferenceDocuments(Optional.empty()).text(ReferenceDocument.SPEC);
        int from = source.indexOf("#### 1.5.1 Character allowlist\n");
        int to = source.indexOf("#### 1.5.2 ");
        assertEquals(source.substring(from, to).strip(), text);
    }

    @Test
    void aLeafBeforeAnOuterHeadingStopsThereAndDropsTheBreakLine() {
        String text = ok("spec", "7.4");
        assertTrue(text.startsWith("### 7.4 Empty is not absent\n"), text);
        assertFalse(text.contains("Appendix"), text);
        assertFalse(text.strip().endsWith("---"), text);
        String a25 = ok("assertions", "2.6");
        assertFalse(a25.contains("## 3. SQL assertions"), a25);
    }

    @Test
    void unnumberedHeadingsInsideANumberedSectionAreItsBody() {
        String text = ok("spec", "2.6.6");
        assertTrue(text.startsWith("#### 2.6.6 Per-kind field schemas\n"), text);
        assertTrue(text.contains("\n##### `table_added`\n"), text);
        assertTrue(text.contains("\n##### `comment_changed`\n"), text);
        assertFalse(text.contains("2.6.7"), text);
        assertTrue(ok("spec", "6.3").contains("\n#### Annotations (§2.7)\n"));
    }

    @Test
    void theAppendixAndTheUnnumberedTopHeadingsAreReadByName() {
        String appendix = ok("spec", "Appendix A");
        assertTrue(appendix.startsWith("## Appendix A — Example print\n\n"), appendix);
        assertEquals(appendix, ok("spec", "A"));
        assertEquals(appendix, ok("spec", "SPEC Appendix A"));
        assertEquals(appendix, ok("spec", "appendix a — example print"));
        String refs = ok("spec", "Cross-references");
        assertTrue(refs.startsWith("## Cross-references\n\n- "), refs);
        assertEquals(refs, ok("spec", "  CROSS-REFERENCES "));
        assertTrue(ok("assertions", "Cross-references").startsWith("## Cross-references\n"));
    }

    @Test
    void everyDocumentsTitleReadsAsASectionListingItsTopHeadings() {
        String guide = ok("guide", "reading guide: how to read what the dbprint-mcp tools return");
        assertTrue(guide.startsWith("# Reading guide: how to read what the dbprint-mcp tools return\n\nA print is a "),
                guide);
        assertTrue(guide.endsWith("\n\nSubsections, each read by its own heading:\n- Vocabulary\n"
                + "- Fields that are easy to misread\n- Residual traps\n- Reading strategy\n"
                + "- Signals nobody points at\n- Tool replies, field by field\n- Absent, empty and unmeasured"), guide);
        assertFalse(guide.contains("## Vocabulary"), "a subsection's text is read by its own heading");

        String spec = ok("spec", "dbprint print format — v1 (dbprint-mcp reference)");
        assertTrue(spec.startsWith("# dbprint print format — v1 (dbprint-mcp reference)\n\nThis is "), spec);
        assertTrue(spec.contains("\n\nSubsections, each read by its own number:\n- 0. Scope and terminology\n"),
                spec);
        assertTrue(spec.endsWith("\n- Appendix A — Example print\n- Cross-references"), spec);
        assertTrue(ok("assertions", "DBPRINT ASSERTION DSL — v1 (dbprint-mcp reference)")
                .contains("\n\nSubsections, each read by its own number:\n- 0. Scope and terminology\n"));
    }

    @Test
    void guideHeadingsMatchCaseInsensitivelyWithWhitespaceCollapsed() {
        String text = ok("guide", "  tool   REPLIES,\tfield by FIELD ");
        assertTrue(text.startsWith("## Tool replies, field by field\n"), text);
        assertTrue(text.endsWith("\n\nSubsections, each read by its own heading:\n- get_table_context\n- list_tables\n"
                + "- search_columns\n- get_manifest\n- get_diff\n- get_reference\n- resolve_value"), text);
        assertEquals(text, ok("guide", "Tool replies, field by field"));
        assertEquals(text, ok("guide", "## Tool replies, field by field"));

        String leaf = ok("guide", "GET_REFERENCE");
        assertTrue(leaf.startsWith("### get_reference\n\n"), leaf);
        assertFalse(leaf.contains("### resolve_value"), leaf);
        assertFalse(leaf.contains("Subsections, each read by"), leaf);

        String vocabulary = ok("guide", "vocabulary");
        assertTrue(vocabulary.startsWith("## Vocabulary\n\n"), vocabulary);
        assertFalse(vocabulary.contains("## Fields that are easy to misread"), vocabulary);
    }

    // ------------------------------------------------------------------ table of contents

    @Test
    void withoutSectionTheHeadingTreeIsReturnedNotTheDocument() {
        String toc = ok("spec", null);
        assertTrue(toc.startsWith("# dbprint print format — v1 (dbprint-mcp reference)\n\nContents."), toc);
        assertTrue(toc.contains("\n- 0. Scope and terminology\n  - 0.1 What this spec covers\n"), toc);
        assertTrue(toc.contains("\n  - 2.2 `statistics.yaml`\n    - 2.2.1 Top-level fields\n"), toc);
        assertTrue(toc.contains("\n- Appendix A — Example print\n- Cross-references"), toc);
        assertFalse(toc.contains("table_added"), "nested unnumbered headings are body, not entries");
        assertTrue(toc.length() < 10_000, "a heading tree, not the document: " + toc.length());
        Sections sections = new ReferenceDocuments(Optional.empty()).sections(ReferenceDocument.SPEC);
        assertEquals(sections.all().size() - 1, toc.lines().filter(l -> l.strip().startsWith("- ")).count(),
                "every section is an entry but the title, the contents' first line");

        String guide = ok("guide", null);
        assertTrue(guide.startsWith("# Reading guide: how to read what the dbprint-mcp tools return\n\n"), guide);
        assertTrue(guide.contains("\n- Tool replies, field by field\n  - get_table_context\n"), guide);
        assertTrue(ok("assertions", null).contains("\n- 1. Configuration\n  - 1.1 Location\n"));
    }

    // ------------------------------------------------------------------ §8.2 detail strings

    @Test
    void unknownSectionNamesEverySectionNumberOfTheDocumentInOrder() {
        Sections spec = new ReferenceDocuments(Optional.empty()).sections(ReferenceDocument.SPEC);
        List<String> keys = spec.keys();
        assertEquals(List.of("0", "0.1", "0.2", "0.3", "0.4", "1", "1.1"), keys.subList(0, 7));
        assertEquals(List.of("7.4", "Appendix A", "Cross-references"), keys.subList(keys.size() - 3, keys.size()));
        assertEquals("section '9.9' not found in spec. Available: " + PyRepr.repr(keys), fault("spec", "9.9"));
        assertTrue(fault("spec", "9.9").startsWith("section '9.9' not found in spec. Available: ['0', '0.1', '0.2', "));
        assertEquals("section '§9.9' not found in spec. Available: " + PyRepr.repr(keys), fault("spec", "§9.9"));
        assertEquals("section '2.2.4.1' not found in spec. Available: " + PyRepr.repr(keys),
                fault("spec", "2.2.4.1"));
        assertEquals("section 'table_added' not found in spec. Available: " + PyRepr.repr(keys),
                fault("spec", "table_added"));
    }

    @Test
    void unknownGuideHeadingNamesTheGuidesHeadings() {
        assertEquals("section 'No such heading' not found in guide. Available: ['Vocabulary', "
                + "'Fields that are easy to misread', 'Residual traps', 'Reading strategy', 'Signals nobody points at', "
                + "'Tool replies, field by field', 'get_table_context', 'list_tables', 'search_columns', "
                + "'get_manifest', 'get_diff', 'get_reference', 'resolve_value', 'Absent, empty and unmeasured']",
                fault("guide", "No such heading"));
    }

    @Test
    void documentOutsideTheEnumAndArgumentFaults() {
        assertEquals("document 'readme' must be one of ['assertions', 'guide', 'spec'].", fault("readme", null));
        assertEquals("document 'SPEC' must be one of ['assertions', 'guide', 'spec'].", fault("SPEC", null),
                "document does not fold case");
        assertEquals("section '' must be a non-empty string.", fault("spec", ""));
        assertEquals("get_reference requires 'document'.", call(packaged, null, "1", null).text());
        assertEquals("get_reference takes no argument 'connection'. Accepted: ['document', 'section'].",
                fault("spec", "1", "connection"));
    }

    // ------------------------------------------------------------------ paging

    @Test
    void aSectionLargerThanAPageIsPagedAndThePagesConcatenateToIt(@TempDir Path dir) throws IOException {
        StringBuilder big = new StringBuilder("# Big\n\n## 1. Large\n\n");
        for (int i = 0; i < 1500; i++) {
            big.append("Line ").append(i).append(" of a section that is longer than one page of a reply.\n");
        }
        big.append("x".repeat(30_000)).append('\n'); // one row longer than a page: cut at a character boundary
        big.append("\n### 1.1 Small\n\nShort.\n\n## 2. After\n\nEnd.\n");
        writeDocuments(dir, big.toString());
        GetReferenceTool tool = new GetReferenceTool(new ReferenceDocuments(Optional.of(dir)), paged);

        List<String> pages = follow(tool, "spec", "1");
        assertTrue(pages.size() >= 5, "pages: " + pages.size());
        StringBuilder joined = new StringBuilder();
        for (int i = 0; i < pages.size(); i++) {
            String page = pages.get(i);
            assertTrue(page.length() <= BOUND, "page " + i + " has " + page.length() + " characters");
            Matcher m = CURSOR_LINE.matcher(page);
            if (i < pages.size() - 1) {
                assertTrue(m.find(), "page " + i + " ends with its cursor line");
                joined.append(page, 0, m.start());
            } else {
                assertFalse(m.find(), "the last page carries no cursor");
                joined.append(page);
            }
        }
        String body = big.substring(big.indexOf("## 1. Large"), big.indexOf("\n### 1.1")).strip();
        assertEquals(body + "\n\nSubsections, each read by its own number:\n- 1.1 Small", joined.toString());
        assertTrue(pages.get(0).startsWith("## 1. Large\n"));
    }

    @Test
    void cursorsAreBoundToTheCallAndTheDocumentRevision(@TempDir Path dir) throws IOException {
        StringBuilder big = new StringBuilder("# Big\n\n## 1. Large\n\n");
        for (int i = 0; i < 1000; i++) {
            big.append("Row ").append(i).append(" of a long section, long enough to need a second page.\n");
        }
        writeDocuments(dir, big.toString());
        GetReferenceTool tool = new GetReferenceTool(new ReferenceDocuments(Optional.of(dir)), paged);
        ToolResult first = call(tool, "spec", "1", null);
        Matcher m = CURSOR_LINE.matcher(first.text());
        assertTrue(m.find(), first.text());
        String cursor = m.group(1);

        assertFalse(call(tool, "spec", "1", cursor).isError());
        assertEquals("cursor 'x' is not one this server issued. Pass back a reply's `next_cursor` unchanged, "
                + "or call again without `cursor` for the first page.", call(tool, "spec", "1", "x").text());
        assertEquals("this cursor was not issued by get_reference with these arguments. Repeat the call that "
                + "returned it with the same arguments, or call again without `cursor`.",
                call(tool, "spec", "§1", cursor).text());
        assertTrue(call(tool, "assertions", "1", cursor).isError());
        String forged = cursor.substring(0, 80) + (cursor.charAt(80) == 'A' ? 'B' : 'A') + cursor.substring(81);
        assertTrue(call(tool, "spec", "1", forged).text().startsWith("cursor '" + forged + "' is not one"));

        Path spec = dir.resolve("spec.md");
        Files.writeString(spec, big + "One more row.\n");
        Files.setLastModifiedTime(spec, FileTime.fromMillis(System.currentTimeMillis() + 5_000));
        assertEquals("the print changed on disk since this cursor was issued, so get_reference cannot resume "
                + "where it left off. Call again without `cursor` to start over.", call(tool, "spec", "1", cursor).text());
        assertTrue(call(tool, "spec", "1", null).text().startsWith("## 1. Large"), "a fresh call starts over");
    }

    @Test
    void theTableOfContentsFitsOnePageForEveryPackagedDocument() {
        for (String d : List.of("spec", "assertions", "guide")) {
            assertTrue(ok(d, null).length() <= BOUND);
        }
    }

    @Test
    void everyPackagedSectionReadsWithinTheBound() {
        ReferenceDocuments documents = new ReferenceDocuments(Optional.empty());
        for (ReferenceDocument d : ReferenceDocument.values()) {
            for (String key : documents.sections(d).keys()) {
                ToolResult r = call(packaged, d.wireName(), key, null);
                assertFalse(r.isError(), d + " " + key + ": " + r.text());
                assertTrue(r.text().length() <= BOUND, d + " " + key);
            }
        }
    }

    static void writeDocuments(Path dir, String spec) throws IOException {
        Files.writeString(dir.resolve("spec.md"), spec);
        Files.writeString(dir.resolve("assertions.md"), "# A\n\n## 1. One\n\nText.\n");
        Files.writeString(dir.resolve("guide.md"), "# G\n\n## Vocabulary\n\nWords.\n");
    }

    static List<String> follow(GetReferenceTool tool, String document, String section) {
        List<String> pages = new ArrayList<>();
        String cursor = null;
        for (int guard = 0; guard < 100; guard++) {
            ToolResult r = call(tool, document, section, cursor);
            assertFalse(r.isError(), r.text());
            pages.add(r.text());
            Matcher m = CURSOR_LINE.matcher(r.text());
            if (!m.find()) {
                return pages;
            }
            cursor = m.group(1);
        }
        throw new AssertionError("no last page");
    }
}
