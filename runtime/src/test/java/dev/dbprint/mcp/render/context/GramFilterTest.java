package dev.dbprint.mcp.render.context;

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
}
