package dev.dbprint.mcp.render.vocabulary;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.util.List;

import org.junit.jupiter.api.Test;

import dev.dbprint.mcp.paging.DocumentPager;

class TermsLegendTest {

    private final TermsLegend legend = new TermsLegend();
    private final String join = legend.mark("- station_id -> rental.station.id (inferred)\n", Term.INFERRED);
    private final String scope = legend.mark("Scope: 10 rows scanned\n", Term.SCOPE);

    @Test
    void aRowDefinesTheTermsItWasMarkedWith() {
        assertEquals("\n## Terms\n" + Term.INFERRED.line(), legend.forRows(List.of(join)));
    }

    @Test
    void anUnmarkedRowNoMarkedRowHoldsDefinesNone() {
        assertEquals("", legend.forRows(List.of("  station_id INTEGER NOT NULL,\n", "```sql\n")));
    }

    @Test
    void aPieceOfASplitRowCarriesTheWholeRowsTerms() {
        assertEquals("\n## Terms\n" + Term.SCOPE.line(), legend.forRows(List.of(scope.substring(3, 12))));
    }

    @Test
    void aShortPieceOfASplitRowTakesTheTermsOfEveryMarkedRowHoldingIt() {
        // shorter than a filter run, so always scanned: ")\n" ends the join line only
        assertEquals("\n## Terms\n" + Term.INFERRED.line(), legend.forRows(List.of(")\n")));
        assertEquals("\n## Terms\n" + Term.SCOPE.line() + Term.INFERRED.line(), legend.forRows(List.of("\n")));
    }

    @Test
    void aWholeRowOfTheDocumentThatMarksNoTermDefinesNone() {
        // a DDL line ")" and a blank line are rows of their own, not pieces of the join or scope rows that end alike
        legend.knowRows(List.of(List.of(scope, "\n"), List.of("CREATE TABLE t (\n", ")\n"), List.of(join)));
        assertEquals("", legend.forRows(List.of(")\n")));
        assertEquals("", legend.forRows(List.of("\n", "CREATE TABLE t (\n")));
        assertEquals("\n## Terms\n" + Term.SCOPE.line(), legend.forRows(List.of(scope.substring(3, 12))),
                "a piece of a split row still carries that row's terms");
    }

    @Test
    void theTallyCountsWhatForRowsPrints() {
        DocumentPager.Tally tally = legend.tally();
        tally.add("```sql\n");
        assertEquals(0, tally.lengthWith(List.of("  id INT,\n")));
        assertEquals(legend.forRows(List.of("```sql\n", join, "d) (inferred)\n")).length(),
                tally.lengthWith(List.of(join, "d) (inferred)\n")));
    }

    @Test
    void aRowKnownBeforeItIsMarkedTakesItsTerms() {
        String row = "Missing: ddl (declared in the manifest, file absent from disk; re-run dbprint generate)\n";
        legend.knowRows(List.of(List.of(row)));
        legend.mark(row, Term.MISSING);
        assertEquals("\n## Terms\n" + Term.MISSING.line(), legend.forRows(List.of(row)));
    }

    @Test
    void theWholeLegendDefinesEveryTermOfEverySectionOnce() {
        assertEquals("\n## Terms\n" + Term.SCOPE.line() + Term.INFERRED.line(),
                legend.whole(List.of(List.of(join, scope), List.of(join, "```sql\n"))));
    }
}
