package dev.dbprint.mcp.paging;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Random;

import org.junit.jupiter.api.Test;

class DocumentPagerTest {

    private static final CursorCodec CODEC = new CursorCodec();
    private static final String TOOL = "get_table_context";
    private static final String ARGS = CanonicalArgs.of(Map.of("table", "a.b.c", "format", "md"));
    private static final String PRINT = "p1";

    private static CursorCodec.Binding mint() {
        return CODEC.bind(TOOL, ARGS, PRINT);
    }

    /** A legend that defines P50 and long tail when, and only when, the page's rows print them. */
    private static final DocumentPager.Legend TERMS = rows -> {
        boolean p50 = rows.stream().anyMatch(r -> r.contains("P50"));
        boolean tail = rows.stream().anyMatch(r -> r.contains("long tail"));
        if (!p50 && !tail) {
            return "";
        }
        StringBuilder sb = new StringBuilder("## Terms\n");
        if (p50) {
            sb.append("- P50: the median; json/yaml percentiles.p50\n");
        }
        if (tail) {
            sb.append("- long tail: many rare values; json/yaml distribution: long_tail\n");
        }
        return sb.append('\n').toString();
    };

    private static List<List<String>> doc(int sections, int rowsPer, int rowLen, long seed) {
        Random r = new Random(seed);
        List<List<String>> out = new ArrayList<>();
        out.add(List.of("# a.b.c\n", "Scope: whole table\n\n"));
        for (int s = 1; s < sections; s++) {
            List<String> rows = new ArrayList<>();
            rows.add("## Section " + s + "\n");
            for (int i = 0; i < rowsPer; i++) {
                StringBuilder sb = new StringBuilder("| col_" + i + " | ");
                int len = 1 + r.nextInt(rowLen);
                for (int j = 0; j < len; j++) {
                    sb.append((char) ('a' + r.nextInt(26)));
                }
                if (r.nextInt(7) == 0) {
                    sb.append(" P50 ");
                }
                if (r.nextInt(11) == 0) {
                    sb.append(" long tail");
                }
                rows.add(sb.append(" |\n").toString());
            }
            rows.add("\n");
            out.add(rows);
        }
        return out;
    }

    private static void checkInvariants(DocumentPager pager, List<List<String>> sections, int max) {
        List<DocumentPage> pages = pager.pages();
        StringBuilder joined = new StringBuilder();
        for (int k = 0; k < pages.size(); k++) {
            DocumentPage p = pages.get(k);
            assertTrue(p.text().length() <= max, "page " + k + " is " + p.text().length());
            boolean last = k == pages.size() - 1;
            assertEquals(last, p.isLast());
            if (!last) {
                assertTrue(p.text().endsWith("\n" + DocumentPager.CURSOR_LINE_PREFIX + p.nextCursor()));
                assertEquals(CursorCodec.TOKEN_LENGTH, p.nextCursor().length());
            } else {
                assertNull(p.nextCursor());
                assertFalse(p.text().contains(DocumentPager.CURSOR_LINE_PREFIX));
            }
            assertEquals(p.legend(), p.text().substring(p.legendOffset(), p.legendOffset() + p.legend().length()));
            if (k > 0) {
                assertEquals(0, p.legendOffset(), "legend at the top of a later page");
            }
            // the legend defines only the terms this page prints
            String content = p.content();
            assertEquals(content.contains("P50"), p.legend().contains("- P50:"));
            assertEquals(content.contains("long tail"), p.legend().contains("- long tail:"));
            joined.append(content);
        }
        assertEquals(DocumentPager.document(sections), joined.toString());
    }

    @Test
    void smallDocumentIsOnePageWithLegendAfterIdentity() {
        List<List<String>> sections = List.of(List.of("# t\n", "Scope: all\n\n"), List.of("## DDL\n", "x P50 y\n"));
        DocumentPage p = new DocumentPager(sections, TERMS, mint()).first();
        assertTrue(p.isLast());
        assertEquals("# t\nScope: all\n\n## Terms\n- P50: the median; json/yaml percentiles.p50\n\n## DDL\nx P50 y\n",
                p.text());
        assertEquals("# t\nScope: all\n\n".length(), p.legendOffset());
    }

    @Test
    void pagesConcatenateLessLegendAndCursorLine() throws CursorFault {
        List<List<String>> sections = doc(30, 60, 40, 1);
        DocumentPager pager = new DocumentPager(sections, TERMS, mint());
        assertTrue(pager.pageCount() > 3);
        checkInvariants(pager, sections, Pager.MAX_CHARS);
        assertEquals("# a.b.c\nScope: whole table\n\n".length(), pager.first().legendOffset());
        // whole sections per page: every page but the last ends at a section boundary (no section here passes a page)
        for (DocumentPage p : pager.pages()) {
            if (!p.isLast()) {
                assertEquals(0, p.next().b());
                assertEquals(0, p.next().c());
            }
        }
        // a cursor resumes where the page left off
        for (int k = 0; k + 1 < pager.pageCount(); k++) {
            Position pos = CODEC.open(pager.page(k).nextCursor(), TOOL, ARGS).requirePrint(PRINT);
            assertEquals(pager.page(k + 1).text(), new DocumentPager(sections, TERMS, mint()).pageAt(pos).text());
        }
    }

    @Test
    void aPositionTheDocumentDoesNotHaveReadsAsPrintChanged() throws CursorFault {
        List<List<String>> sections = List.of(List.of("# t\n"), List.of("## Rows\n", "row two\n"));
        DocumentPager pager = new DocumentPager(sections, TERMS, mint());
        for (Position p : List.of(new Position(2, 0, 0, 0), new Position(9, 0, 0, 0), new Position(1, 2, 0, 0),
                new Position(1, 1, 8, 0), new Position(1, 1, 0, 1))) {
            CursorFault f = org.junit.jupiter.api.Assertions.assertThrows(CursorFault.class, () -> pager.pageAt(p),
                    p.toString());
            assertEquals(CursorFault.Kind.PRINT_CHANGED, f.kind(), p.toString());
        }
        assertEquals("## Rows\nrow two\n", pager.pageAt(new Position(1, 0, 0, 0)).text());
        assertEquals("two\n", pager.pageAt(new Position(1, 1, 4, 0)).text());
        assertEquals("\n", pager.pageAt(new Position(1, 1, 7, 0)).text());
    }

    @Test
    void sectionLargerThanAPageContinuesAtRowBoundaries() {
        List<List<String>> sections = doc(3, 2000, 30, 2);
        DocumentPager pager = new DocumentPager(sections, TERMS, mint());
        checkInvariants(pager, sections, Pager.MAX_CHARS);
        for (DocumentPage p : pager.pages()) {
            if (!p.isLast()) {
                assertEquals(0, p.next().c(), "rows are whole");
            }
        }
        assertTrue(pager.pageCount() >= 4);
    }

    @Test
    void oversizeRowSplitsAtACharacterBoundary() {
        String huge = "P50 " + "\ud83d\ude00ab".repeat(20_000) + "\n";
        List<List<String>> sections = List.of(List.of("# t\n\n"), List.of("## Notes\n", huge, "tail row long tail\n"));
        DocumentPager pager = new DocumentPager(sections, TERMS, mint());
        checkInvariants(pager, sections, Pager.MAX_CHARS);
        assertTrue(pager.pageCount() >= 4);
        for (DocumentPage p : pager.pages()) {
            String c = p.content();
            assertFalse(Character.isLowSurrogate(c.charAt(0)));
            assertFalse(Character.isHighSurrogate(c.charAt(c.length() - 1)));
            assertTrue(p.text().length() > Pager.MAX_CHARS - 200 || p.isLast(), "pieces fill their pages");
        }
    }

    @Test
    void documentAtTheBoundIsOnePage() {
        String body = "x".repeat(Pager.MAX_CHARS - 10) + "\n";
        List<List<String>> sections = List.of(List.of("# t\n", "12345\n"), List.of(body.substring(1)));
        assertEquals(Pager.MAX_CHARS, DocumentPager.document(sections).length());
        DocumentPager pager = new DocumentPager(sections, DocumentPager.Legend.NONE, mint());
        assertEquals(1, pager.pageCount());
        List<List<String>> over = List.of(List.of("# t\n", "12345\n"), List.of(body));
        DocumentPager two = new DocumentPager(over, DocumentPager.Legend.NONE, mint());
        assertEquals(2, two.pageCount());
        checkInvariants(two, over, Pager.MAX_CHARS);
    }

    @Test
    void randomizedSmallBound() {
        Random r = new Random(7);
        for (int round = 0; round < 200; round++) {
            int max = 400 + r.nextInt(600);
            List<List<String>> sections = new ArrayList<>();
            int ns = 1 + r.nextInt(6);
            for (int s = 0; s < ns; s++) {
                List<String> rows = new ArrayList<>();
                int nr = r.nextInt(12);
                for (int i = 0; i < nr; i++) {
                    int len = r.nextInt(10) == 0 ? r.nextInt(3 * max) : r.nextInt(80);
                    StringBuilder sb = new StringBuilder();
                    while (sb.length() < len) {
                        int pick = r.nextInt(40);
                        sb.append(pick == 0 ? "P50" : pick == 1 ? "long tail" : pick == 2 ? "\ud83d\ude00" : "w");
                    }
                    rows.add(sb.append('\n').toString());
                }
                sections.add(rows);
            }
            DocumentPager pager = new DocumentPager(sections, TERMS, mint(), max);
            checkInvariants(pager, sections, max);
        }
    }

    /** The length of {@code "\n" + "next_cursor: " + token}, which every page but the last ends with. */
    private static final int CURSOR_LINE = DocumentPager.cursorLine("c".repeat(CursorCodec.TOKEN_LENGTH)).length();

    private static List<String> texts(DocumentPager pager) {
        return pager.pages().stream().map(DocumentPage::content).toList();
    }

    @Test
    void aPageThatFitsExactlyWithItsCursorLineIsFilled() {
        String filler = "a".repeat(Pager.MAX_CHARS - CURSOR_LINE - 4 - 1) + "\n";
        List<List<String>> sections = List.of(List.of("# t\n", filler), List.of("b".repeat(500) + "\n"));
        DocumentPager pager = new DocumentPager(sections, DocumentPager.Legend.NONE, mint());
        assertEquals(2, pager.pageCount());
        assertEquals(Pager.MAX_CHARS, pager.first().text().length());
        assertEquals(List.of("# t\n" + filler, "b".repeat(500) + "\n"), texts(pager));
    }

    @Test
    void aLastSectionThatFitsAFreshPageWithoutACursorIsSentWhole() {
        // an empty section after it is not the last one
        String last = "x".repeat(Pager.MAX_CHARS - 1) + "\n";
        List<List<String>> sections = List.of(List.of("# t\n"), List.of(last), List.of());
        DocumentPager pager = new DocumentPager(sections, DocumentPager.Legend.NONE, mint());
        assertEquals(List.of("# t\n", last), texts(pager));
        assertEquals(Pager.MAX_CHARS, pager.page(1).text().length());
    }

    @Test
    void aLastRowThatFitsAFreshPageWithoutACursorIsSentWhole() {
        String last = "x".repeat(Pager.MAX_CHARS - 1) + "\n";
        List<List<String>> sections = List.of(List.of("# t\n"), List.of("## Notes\n", last), List.of());
        DocumentPager pager = new DocumentPager(sections, DocumentPager.Legend.NONE, mint());
        assertEquals(List.of("# t\n## Notes\n", last), texts(pager));
        // not the last row: it needs the cursor's room, so it is split
        List<List<String>> notLast = List.of(List.of("# t\n"), List.of("## Notes\n", last, "after\n"));
        assertTrue(new DocumentPager(notLast, DocumentPager.Legend.NONE, mint()).first().content().length() > 1000);
    }

    @Test
    void theRestOfASectionThatFitsWithoutACursorEndsTheDocumentOnThatPage() {
        // pages: "# t", R0 | R1 | R2 R3, where R3 fits after R2 only without the cursor line
        String r0 = "a".repeat(250) + "\n", r1 = "b".repeat(200) + "\n", r2 = "c".repeat(150) + "\n",
                r3 = "d".repeat(200) + "\n";
        List<List<String>> sections = List.of(List.of("# t\n"), List.of(r0, r1, r2, r3));
        DocumentPager pager = new DocumentPager(sections, DocumentPager.Legend.NONE, mint(), 400);
        assertEquals(List.of("# t\n" + r0, r1, r2 + r3), texts(pager));
    }

    @Test
    void aPageEndingInsideAFencedBlockClosesItOnALineOfItsOwn() {
        List<String> rows = new ArrayList<>(List.of("## DDL\n", "````sql\n"));
        for (int i = 0; i < 300; i++) {
            rows.add("x".repeat(1 + i % 7) + "\n");
        }
        rows.add("y".repeat(1000) + "\n");
        rows.add("````\n");
        List<List<String>> sections = List.of(List.of("# t\n"), rows);
        for (int max = 300; max < 360; max++) {
            DocumentPager pager = new DocumentPager(sections, DocumentPager.Legend.NONE, mint(), max);
            checkInvariants(pager, sections, max);
            for (DocumentPage p : pager.pages()) {
                if (!p.isLast() && p.next().a() == 1 && p.next().b() >= 2) { // it ends inside the block
                    String beforeCursor = p.text().substring(0, p.text().length() - CURSOR_LINE);
                    assertTrue(beforeCursor.endsWith("\n````\n") && !beforeCursor.endsWith("\n\n````\n"),
                            "max " + max + ": " + beforeCursor);
                }
            }
        }
    }

    @Test
    void aLegendThatGrowsWithEveryRowCanLeaveNoRoomForAPieceOfARow() {
        // one character of legend per row: a page can be full to the last character before a long row
        DocumentPager.Legend perRow = rows -> "L".repeat(rows.size());
        for (int n = 150; n < 300; n++) {
            List<List<String>> sections = List.of(List.of("# t\n"), List.of("f".repeat(n), "y".repeat(1000)));
            checkInvariants(new DocumentPager(sections, perRow, mint(), 400), sections, 400);
        }
    }
}
