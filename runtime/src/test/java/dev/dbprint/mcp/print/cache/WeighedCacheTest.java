package dev.dbprint.mcp.print.cache;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;

import org.junit.jupiter.api.Test;

class WeighedCacheTest {

    @Test
    void evictsTheLeastRecentlyUsedUntilTheTotalFits() {
        WeighedCache<String, String> c = new WeighedCache<>(10);
        c.put("a", "A", 4);
        c.put("b", "B", 4);
        assertEquals("A", c.get("a")); // a is now the most recent
        c.put("c", "C", 4);
        assertNull(c.get("b"));
        assertEquals("A", c.get("a"));
        assertEquals("C", c.get("c"));
        assertEquals(8, c.weight());
        assertEquals(2, c.size());
        assertEquals(1, c.evictions());
    }

    @Test
    void replacingAnEntryCountsOnlyItsNewWeight() {
        WeighedCache<String, String> c = new WeighedCache<>(10);
        c.put("a", "A", 6);
        c.put("a", "A2", 3);
        assertEquals(3, c.weight());
        c.put("b", "B", 7);
        assertEquals("A2", c.get("a"));
        assertEquals(10, c.weight());
        c.remove("a");
        assertEquals(7, c.weight());
        c.remove("missing");
        assertEquals(7, c.weight());
        c.clear();
        assertEquals(0, c.weight());
        assertEquals(0, c.size());
    }

    @Test
    void aValueHeavierThanTheBoundIsNotKeptAndDropsWhatItReplaces() {
        WeighedCache<String, String> c = new WeighedCache<>(10);
        c.put("a", "A", 5);
        c.put("a", "huge", 11);
        assertNull(c.get("a"));
        assertEquals(0, c.weight());
        WeighedCache<String, String> none = new WeighedCache<>(0);
        none.put("a", "A", 1);
        assertNull(none.get("a"));
    }

    @Test
    void weightReservedElsewhereShrinksTheBoundAndEvictsAtOnce() {
        WeighedCache<String, String> c = new WeighedCache<>(10);
        c.put("a", "A", 4);
        c.put("b", "B", 4);
        c.reserve(3);
        assertNull(c.get("a"), "the eldest goes once 3 of the 10 are held elsewhere");
        assertEquals(4, c.weight());
        c.put("c", "C", 8);
        assertNull(c.get("c"), "heavier than the 7 that remain");
        c.put("c", "C", 3);
        assertEquals("C", c.get("c"));
        assertEquals("B", c.get("b"));
        c.reserve(0);
        c.put("d", "D", 3);
        assertEquals(10, c.weight());
        c.reserve(20);
        assertEquals(0, c.weight(), "a reserve past the bound leaves nothing");
        assertEquals(4, c.evictions());
    }
}
