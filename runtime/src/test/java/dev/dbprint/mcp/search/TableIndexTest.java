package dev.dbprint.mcp.search;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;

import org.junit.jupiter.api.Test;

import dev.dbprint.mcp.print.files.FileIdentity;

class TableIndexTest {

    private static final FileIdentity STATS = new FileIdentity(1, 2, 30, 40, 40);
    private static final FileIdentity NOTES = new FileIdentity(1, 3, 30, 40, 40);

    /** An index of these columns, with the text {@link TableIndex#of} makes of their names. */
    private static TableIndex index(List<SearchedColumn> columns) {
        StringBuilder text = new StringBuilder();
        columns.forEach(c -> text.append(c.lowerName()).append(TableIndex.SEPARATOR));
        return new TableIndex(STATS, NOTES, null, null, false, columns, text.toString());
    }

    @Test
    void anIndexIsFreshOnlyForTheIdentitiesItWasBuiltFrom() {
        TableIndex index = TableIndex.of(null, null, STATS, NOTES);
        assertTrue(index.builtFrom(STATS, NOTES));
        assertFalse(index.builtFrom(new FileIdentity(1, 2, 31, 40, 40), NOTES), "statistics.yaml rewritten");
        assertFalse(index.builtFrom(STATS, new FileIdentity(1, 3, 30, 41, 41)), "annotations touched");
        assertFalse(index.builtFrom(STATS, null), "annotations removed");
        assertFalse(TableIndex.of(null, null, STATS, null).builtFrom(STATS, NOTES), "annotations added");
        assertTrue(TableIndex.of(null, null, STATS, null).builtFrom(STATS, null));
    }

    @Test
    void aTextRulesATableOutOnlyWhenNoColumnTextHoldsIt() {
        TableIndex index = index(List.of(SearchedColumn.column("customer_id", null, null, false),
                SearchedColumn.column("email", null, null, false)));
        assertTrue(index.mayContain("customer"));
        assertTrue(index.mayContain("mail"));
        assertFalse(index.mayContain("order"));
        assertFalse(index.mayContain("id" + "email"), "two names are never read as one text");
        assertTrue(index.mayContain(TableIndex.SEPARATOR + "order"), "a text holding the separator is left to the columns");
        assertTrue(index.mayContain("order" + TableIndex.SEPARATOR));
    }

    /**
     * check_sql's "tables that have this column" search: a table whose text lacks the name is ruled out before its
     * columns are looked at; a name holding a glob character is left to the columns.
     */
    @Test
    void aNamedSearchRulesOutATableWhoseTextLacksTheName() {
        TableIndex index = index(List.of(SearchedColumn.column("Customer_ID", null, null, false)));
        assertTrue(ColumnPredicates.named("Customer_ID").mayMatch(index));
        assertTrue(ColumnPredicates.named("customer_id").mayMatch(index), "the columns decide on case");
        assertFalse(ColumnPredicates.named("viabilty").mayMatch(index));
        assertTrue(ColumnPredicates.named("via*").mayMatch(index));
        assertTrue(ColumnPredicates.named("doc[*]").mayMatch(index));
    }

    @Test
    void theWeightCountsTheTextAndEveryColumn() {
        TableIndex empty = index(List.of());
        assertEquals(240, empty.weight());
        SearchedColumn a = SearchedColumn.column("customer_id", null, null, false);
        SearchedColumn b = SearchedColumn.column("email", null, null, false);
        TableIndex two = index(List.of(a, b));
        assertEquals(240 + two.text().length() + a.weight() + b.weight(), two.weight());
    }
}
