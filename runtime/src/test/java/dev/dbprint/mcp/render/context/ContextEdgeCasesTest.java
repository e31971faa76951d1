package dev.dbprint.mcp.render.context;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Path;
import java.util.List;
import java.util.Map;

import org.junit.jupiter.api.Test;

import dev.dbprint.mcp.paging.DocumentPager;
import dev.dbprint.mcp.paging.ListReply;
import dev.dbprint.mcp.print.store.PrintStore;
import dev.dbprint.mcp.print.store.PrintView;
import dev.dbprint.mcp.render.vocabulary.Term;

/**
 * get_table_context's renderers over {@code fixtures/context}, a print of one small table per edge case (spec §4.1): a
 * scoped table with neither type nor per-column rows scanned, a blank description, a note-only table with no joins, an
 * annotated self-join, frequent values at their bounds and value notes matched across spellings.
 */
class ContextEdgeCasesTest {

    private static final PrintView VIEW = new PrintStore().view("ctx",
            Path.of("src/test/resources/fixtures/context").toAbsolutePath());
    private static final ContextObject.Flags ALL = new ContextObject.Flags(true, true, true, true);

    private static ContextModel model(String table) {
        return new ContextModel(VIEW, VIEW.table(table).orElseThrow());
    }

    private static ProfileMarkdown profile(String table) {
        return new ProfileMarkdown(model(table), true, true, true);
    }

    private static String profileText(String table) {
        return DocumentPager.document(profile(table).sections());
    }

    private static String queryText(String table) {
        return DocumentPager.document(new QueryMarkdown(model(table), true, true).render().sections());
    }

    private static void assertRow(String doc, String row) {
        assertTrue(doc.startsWith(row) || doc.contains("\n" + row), () -> "no row\n" + row + "in\n" + doc);
    }

    @Test
    void aScopedTableStatesItsSharesOverTheRowsScanned() {
        String profile = profileText("c.scoped");
        assertTrue(profile.startsWith("# c.scoped\nrows: 1000 (exact)\nScope: 200 rows scanned of 1000 (sample 0.2): "),
                "no type: the rows fact opens the line\n" + profile);
        // 180 non-null of the 200 scanned, a spelling counted with its value
        assertRow(profile, "| city | TEXT | text | 90 (exact) | nulls: 10%; top 5: 'Paris' 33.3%, 'paris' 16.7%, "
                + "'Rome' 5.6% (together 55.6%) |\n");
        assertRow(profile, "| gone | TEXT | categorical | 0 (exact) | nulls: 100%; values: none (no non-null value; the "
                + "whole domain over the rows scanned) |\n");
        assertRow(profile, "| counted | TEXT | text |  | nulls: none over the rows scanned |\n");
        assertRow(profile, "| rated | TEXT | text |  | nulls: 5% |\n");
        String query = queryText("c.scoped");
        assertRow(query, "| city | 'Paris' (60) [also spelled 'paris' (30)], 'Rome' (10) | a sample: these 2 cover 55.6% "
                + "of the non-null rows scanned | 10% |\n");
        assertRow(query, "| gone | none | the whole domain over the rows scanned (no non-null value); meanings: not "
                + "documented here | 100% |\n");
        // the part lists 150 occurrences, 10 of them null, over the table's 200 rows scanned: 60 read NULL
        assertRow(query, "- meta (path station) -> c.plain.id (inferred); nulls: 30%\n");
    }

    @Test
    void aClaimOverTheRowsScannedDefinesThatTermOnItsOwnRow() {
        ProfileMarkdown p = profile("c.scoped");
        String id = row(p.sections(), "| id |");
        assertEquals("| id | BIGINT, not null | numeric | 200 (exact) | candidate key over the rows scanned |\n", id);
        assertTrue(p.legend().forRows(List.of(id)).contains(Term.OVER_ROWS_SCANNED.line()));
        QueryMarkdown.Rendered q = new QueryMarkdown(model("c.scoped"), true, true).render();
        String gone = row(q.sections(), "| gone |");
        assertTrue(q.legend().forRows(List.of(gone)).contains(Term.OVER_ROWS_SCANNED.line()));
        String city = row(q.sections(), "| city |");
        assertFalse(q.legend().forRows(List.of(city)).contains(Term.OVER_ROWS_SCANNED.line()),
                "a sample's row claims nothing over the rows scanned");
    }

    @Test
    void theJsonObjectLeavesSketchesOutAndWithholdsTheRejectedEntry() {
        Map<String, ?> columns = walk(ContextObject.profile(model("c.scoped"), ALL), "statistics", "columns").entries();
        Map<?, ?> meta = (Map<?, ?>) columns.get("meta");
        assertFalse(meta.containsKey("sketch"));
        Map<?, ?> part = (Map<?, ?>) ((Map<?, ?>) meta.get("parts")).get(".station");
        assertEquals(150L, part.get("occurrences"));
        assertFalse(part.containsKey("sketch"), "a part's sketch is left out too");
        List<?> kept = walk(ContextObject.profile(model("c.tree"), ALL), "relationship_annotations", "refers_to")
                .items();
        assertEquals(2, kept.size(), "the rejected entry of a withheld edge is left out: " + kept);
        assertFalse(kept.toString().contains("guess_id"));
    }

    @Test
    void aBlankDescriptionAndClaimsDocumentNothing() {
        String profile = profileText("c.plain");
        assertRow(profile, MarkdownParts.MEANINGS_LINE);
        assertFalse(profile.contains("## Description"));
        assertRow(profile, "\n## Annotations\n- id: claims: null_rate < 0.5\n- key (id)\n");
        // c.tree's annotated edge to c.plain is the inferred one c.plain already lists: stated once
        assertTrue(profile.endsWith("\n## Relationships\n- id <- c.tree.plain_id (inferred)\n"), profile);
    }

    @Test
    void aNoteDocumentsTheTableAndAnAnnotationOnlyColumnInheritsNotes() {
        String profile = profileText("c.noted");
        assertTrue(profile.startsWith("# c.noted\n\n## Annotations\n- label: first line second line\n"),
                "no identity facts, no Meanings line, a lone carriage return folded\n" + profile);
        String query = queryText("c.noted");
        assertRow(query, "\n## Joins\nnone found (not a join target, no declared-unique column)\n");
        assertRow(query, "\n## Data dictionary\n- label: first line second line\n- legacy: Kept for the old reports.\n"
                + "- legacy (from c.tree.parent_id): The parent node.; 0 = the root\n");
        Map<String, ?> inherited = walk(ContextObject.query(model("c.noted"), new QueryMarkdown(model("c.noted"), true, true),
                ALL), "inherited_notes").entries();
        assertEquals(List.of(Map.of("source", "c.tree.parent_id", "note", "The parent node.", "values",
                List.of(Map.of("value", 0L, "note", "the root")))), inherited.get("legacy"));
    }

    @Test
    void anAnnotatedSelfJoinIsListedFromBothSides() {
        String query = queryText("c.tree");
        assertTrue(query.startsWith("# c.tree\nprofiled at 2026-03-01T10:00:00Z\n"), query);
        assertRow(query, "\n## Joins\n- plain_id -> c.plain.id (inferred)\n"
                + "- parent_id -> c.tree.id (annotated); nulls: 25%; note: Each node points at its parent.\n"
                + "- id <- c.tree.parent_id (annotated); note: Each node points at its parent.\n");
    }

    @Test
    void frequentValuesAtTheirBoundsAndNotesMatchedByValue() {
        String query = queryText("c.freq");
        // -1 holds exactly 1% of the rows and exactly twice an even share over 200 distinct; 7 holds 0.9%
        assertRow(query, "| code | -1 (10) | frequent values, not a domain: together 1% of the non-null rows |  |\n");
        assertRow(query, "| six | 1 (20), 2 (20), 3 (20), 4 (20), 5 (20) | frequent values, not a domain: together "
                + "10% of the non-null rows |  |\n");
        assertFalse(query.contains("| vanished |"), "no non-null row: no value is frequent");
        assertRow(query, "Nulls: vanished (not measured)\n");
        // the note on 1 matches the listed 1.0; the one on a spelling is shown beside it
        assertRow(query, "| level | 1.0 (500) = low, 2.0 (500) | the whole domain |  |\n");
        assertRow(query, "| city | 'Oslo' (999) [also spelled 'OSLO' (1) = the old upper-case spelling] | the whole "
                + "domain |  |\n");
        assertTrue(query.endsWith("\n## Data dictionary\n- level: 9 = never seen\n"), query);
    }

    @Test
    void theProfileHeaderStatesWhatIdentifiesARowAndWhenRowsWereWritten() {
        ProfileMarkdown p = profile("c.dated");
        String grain = "Grain: (id) declared unique; (shift, slot) measured unique\n";
        // weekly buckets: two weeks between 2026-01-12 and 2026-02-02 hold no row
        String timeline = "Timeline: day_on (week); buckets: 4, '2026-01-05' to '2026-02-09', 15 to 30 rows each; "
                + "latest: '2026-01-12' (20), '2026-02-02' (25), '2026-02-09' (15); gaps: 2; bucketed: 90% of the "
                + "scanned rows\n";
        assertEquals(List.of("# c.dated\n", "Type: table; rows: 100 (exact)\n", grain, timeline,
                MarkdownParts.MEANINGS_LINE), p.sections().get(0));
        assertEquals(Term.GRAIN.line() + Term.GRAIN_DECLARED.line() + Term.GRAIN_MEASURED.line(),
                p.legend().forRows(List.of(grain)).replace("\n## Terms\n", ""));
        assertEquals(Term.TIMELINE.line() + Term.WEEK.line() + Term.GAPS.line(),
                p.legend().forRows(List.of(timeline)).replace("\n## Terms\n", ""));
        // a day bucket crosses the month's end without a gap
        assertRow(profileText("c.plain"), "Timeline: opened_on (day); buckets: 3, '2026-02-27' to '2026-03-01', 3 to 4 "
                + "rows each; latest: '2026-02-27' (4), '2026-02-28' (3), '2026-03-01' (3); gaps: none; bucketed: 100% "
                + "of the scanned rows\n");
        assertFalse(DocumentPager.document(new ProfileMarkdown(model("c.dated"), false, true, true).sections())
                .contains("Grain"), "include_stats: false drops them with the statistics");
        assertFalse(queryText("c.dated").contains("Grain"), "query carries no statistics");
    }

    @Test
    void anEmptyGrainSaysHowTheSearchForAMeasuredKeyEnded() {
        assertRow(profileText("c.freq"), "Grain: none declared; none measured (every candidate column pair tested)\n");
        assertRow(profileText("c.tree"), "Grain: none declared; none measured (the search stopped at its cap)\n");
        assertRow(profileText("c.plain"), "Grain: none declared; no search for a measured one\n");
        assertFalse(profileText("c.noted").contains("Grain"), "no grain block, no line");
    }

    @Test
    void theCardinalitySectionEndsWithTheColumnsNullOnTheSameRows() {
        ProfileMarkdown p = profile("c.dated");
        List<String> cardinality = p.sections().get(5);
        assertEquals("\n## Cardinality\n", cardinality.get(0));
        assertEquals(List.of("\n### Nulls together\n", "- none: 75 rows (75%)\n", "- remark: 10 rows (10%)\n",
                "- day_on, remark: 5 rows (5%)\n", "Listed: 90% of the scanned rows; other combinations hold the rest\n"),
                cardinality.subList(cardinality.size() - 5, cardinality.size()));
        assertTrue(p.legend().forRows(List.of("- day_on, remark: 5 rows (5%)\n")).contains(Term.NULLS_TOGETHER.line()),
                "a page holding only part of the list still defines it");
        assertFalse(profileText("c.freq").contains("Nulls together"), "no null_patterns block, no part");
    }

    private static String row(List<List<String>> sections, String start) {
        return sections.stream().flatMap(List::stream).filter(r -> r.startsWith(start)).findFirst().orElseThrow();
    }

    private static ListReply.Walk walk(ListReply reply, String... path) {
        List<String> want = List.of(path);
        return reply.walks().stream().filter(w -> w.path().equals(want)).findFirst().orElseThrow(
                () -> new AssertionError("no walk " + want));
    }
}
