package dev.dbprint.mcp.render.vocabulary;

import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.junit.jupiter.api.Test;

class GramFilterTest {

    private final String[] rows = {"| station_id | INTEGER, not null | numeric | 300 (exact) | nulls: none |\n",
            "- station_id -> rental.station.id (inferred)\n"};
    private final GramFilter filter = new GramFilter(rows);

    @Test
    void everyPieceOfAMarkedRowMayOccur() {
        for (String row : rows) {
            for (int from = 0; from < row.length(); from++) {
                for (int to = from; to <= row.length(); to++) {
                    assertTrue(filter.mayOccur(row.substring(from, to)), row.substring(from, to));
                }
            }
        }
    }

    @Test
    void aDdlLineNoRowHoldsIsRuledOut() {
        assertFalse(filter.mayOccur("  station_id INTEGER NOT NULL,\n"));
        assertFalse(filter.mayOccur("```sql\n"));
    }

    @Test
    void aTextAcrossTwoRowsIsRuledOut() {
        assertFalse(filter.mayOccur("|\n- station_id"));
    }

    /** (The first character reaches only the slot bits above 16: a filter this small does not tell it apart.) */
    @Test
    void aRunDifferingInOneOfItsLastThreeCharactersIsRuledOut() {
        GramFilter one = new GramFilter(new String[]{"abcd"});
        assertTrue(one.mayOccur("abcd"));
        for (String other : new String[]{"axcd", "abxd", "abcx"}) {
            assertFalse(one.mayOccur(other), other);
        }
    }

    /** Sized at 16 to 32 bits per run held, so a run no text holds hits a set bit rarely: here, under 1 in 100. */
    @Test
    void aRunNoTextHoldsIsRarelyLetThrough() {
        String[] texts = new String[40];
        for (int i = 0; i < texts.length; i++) {
            texts[i] = "| column_" + i + " | TEXT | text | " + (i * 37) + " (exact) | nulls: " + i + "% |\n";
        }
        GramFilter many = new GramFilter(texts);
        int through = 0;
        int absent = 0;
        for (int i = 0; i < 2000; i++) {
            String run = Integer.toString(100_000 + i * 7919, 36).substring(0, GramFilter.GRAM);
            if (String.join("", texts).contains(run)) {
                continue;
            }
            absent++;
            through += many.mayOccur(run) ? 1 : 0;
        }
        assertTrue(absent > 1000, "absent runs " + absent);
        assertTrue(through * 100 < absent, through + " of " + absent + " absent runs let through");
    }
}
