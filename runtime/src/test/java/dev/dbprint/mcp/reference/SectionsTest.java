package dev.dbprint.mcp.reference;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;

import org.junit.jupiter.api.Test;

import dev.dbprint.mcp.reference.Sections.Section;

class SectionsTest {

    private static final String NUMBERED = """
            # Title

            Preamble.

            ## 1. One

            Intro of one.

            ```markdown
            # not a heading
            ## 9. not a section either
            ```

            ### 1.1 First ###

            Body 1.1.

            #### Detail without a number

            Still 1.1.

            ~~~
            ### 1.9 fenced
            ~~~

            ### 1.2 Second
            Body 1.2.

            ---

            ## 2 Two
            #### 2.0.1 Deep directly under two

            ## Appendix B — Extra

            B text.

            ## Notes

            Trailing notes.
            """;

    private final Sections numbered = Sections.parse(ReferenceDocument.SPEC, NUMBERED);

    @Test
    void headingsInsideFencesAreText() {
        assertEquals(List.of("1", "1.1", "1.2", "2", "2.0.1", "Appendix B", "Notes"), numbered.keys());
        assertEquals("Title", numbered.title());
        Section one = numbered.find("1").orElseThrow();
        assertEquals(List.of("Intro of one.", "", "```markdown", "# not a heading", "## 9. not a section either",
                "```"), one.body());
    }

    @Test
    void ownBodyRunsToTheFirstSubsectionOrTheNextHeadingAtTheSameOrAShallowerLevel() {
        Section first = numbered.find("1.1").orElseThrow();
        assertEquals("1.1 First", first.heading(), "closing hashes are not part of the heading");
        assertEquals(3, first.level());
        assertEquals(List.of("Body 1.1.", "", "#### Detail without a number", "", "Still 1.1.", "", "~~~",
                "### 1.9 fenced", "~~~"), first.body());
        assertEquals(List.of("Body 1.2."), numbered.find("1.2").orElseThrow().body(), "break line dropped");
        Section two = numbered.find("2").orElseThrow();
        assertEquals(List.of(), two.body());
        assertEquals(List.of("2.0.1"), two.children().stream().map(Section::key).toList(),
                "a subsection two levels down is still a direct subsection");
        assertEquals(two, two.children().get(0).parent());
        assertEquals(List.of("Trailing notes."), numbered.find("notes").orElseThrow().body());
    }

    @Test
    void theTitleIsASectionWhoseSubsectionsAreTheTopSections() {
        Section title = numbered.find("title").orElseThrow();
        assertEquals(1, title.level());
        assertEquals(List.of("Preamble."), title.body());
        assertEquals(List.of("1", "2", "Appendix B", "Notes"), title.children().stream().map(Section::key).toList());
        assertEquals(title, numbered.find("1").orElseThrow().parent());
        assertEquals(title.children(), numbered.top(), "the contents list what the title holds");
        assertEquals(title, numbered.all().get(0));
        Sections guide = Sections.parse(ReferenceDocument.GUIDE, "# The  Guide\n\nWhy.\n\n## Vocabulary\n\nWords.\n");
        Section guideTitle = guide.find("the guide").orElseThrow();
        assertEquals(List.of("Why."), guideTitle.body());
        assertEquals(List.of("Vocabulary"), guideTitle.children().stream().map(Section::key).toList());
        assertEquals(List.of("Vocabulary"), guide.keys(), "a not-found fault lists what is below the title");
    }

    @Test
    void citationForms() {
        for (String form : List.of("1.1", "1.1.", "§1.1", "§§1.1", " § 1.1 ", "SPEC 1.1", "SPEC.md §1.1",
                "format/v1/SPEC.md §1.1", "spec §1.1", "1.1 First")) {
            assertEquals("1.1", numbered.find(form).map(Section::key).orElse(null), form);
        }
        for (String form : List.of("ASSERTIONS.md §1.1", "other.md §1.1", "docs/OTHER.md 1.1", "1.3", "9",
                "fenced", "Detail without a number", "")) {
            assertTrue(numbered.find(form).isEmpty(), form);
        }
        assertEquals("Appendix B", numbered.find("B").orElseThrow().key());
        assertEquals("Appendix B", numbered.find("appendix  b").orElseThrow().key());
        assertEquals("Appendix B", numbered.find("SPEC Appendix B").orElseThrow().key());
    }

    @Test
    void sectionNumbers() {
        assertEquals("0", Sections.number("0. Scope"));
        assertEquals("2", Sections.number("2. Artifacts"));
        assertEquals("2", Sections.number("2 Artifacts"));
        assertEquals("2.2.14", Sections.number("2.2.14 `sketch`"));
        assertNull(Sections.number("Appendix A — Example"));
        assertNull(Sections.number("`table_added`"));
        assertNull(Sections.number("2.x Something"));
    }

    @Test
    void guideHeadingsAreTheirText() {
        Sections guide = Sections.parse(ReferenceDocument.GUIDE, """
                # Guide

                ## First   Heading

                A.

                ### Sub one

                B.

                ## 2. Numbers are text here
                """);
        assertEquals(List.of("First   Heading", "Sub one", "2. Numbers are text here"), guide.keys());
        assertEquals("First   Heading", guide.find("first heading").orElseThrow().key());
        assertEquals("First   Heading", guide.find("  FIRST\theading ").orElseThrow().key());
        assertEquals("Sub one", guide.find("### sub one").orElseThrow().key());
        assertTrue(guide.find("2").isEmpty());
        assertEquals("2. Numbers are text here", guide.find("2. numbers are TEXT here").orElseThrow().key());
    }

    @Test
    void aDocumentWithoutTitle() {
        Sections s = Sections.parse(ReferenceDocument.ASSERTIONS, "## 1. A\r\n\r\ntext\r\n## 2. B\r\n");
        assertNull(s.title());
        assertEquals(List.of("text"), s.find("1").orElseThrow().body());
        assertEquals(List.of("1", "2"), s.keys());
    }
}
