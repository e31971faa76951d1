package dev.dbprint.mcp.print.model;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.lang.management.ManagementFactory;
import java.nio.file.Path;
import java.util.AbstractMap;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;

import org.junit.jupiter.api.Test;

import com.sun.management.ThreadMXBean;

/** A rechecked manifest judges an entry when the entry is asked for, and only then. */
class RecheckedTablesTest {

    private static final Path ROOT = Path.of("/print");

    private final List<String> judged = new ArrayList<>();

    private Map<String, TableEntry> rechecked() {
        Map<String, Object> tables = new LinkedHashMap<>();
        tables.put("s.b", Map.of("path", "s/b"));
        tables.put("s.a", Map.of("path", "s/a"));
        tables.put("s.c", Map.of("path", "s/c"));
        Manifest manifest = Manifest.of(ROOT.resolve("manifest.yaml"), ROOT, Map.of("tables", tables));
        return manifest.recheck((entry, lexicallyFine) -> {
            judged.add(entry.fqn());
            return entry.fqn().equals("s.c") ? "path resolves outside the connection root" : null;
        }).tables();
    }

    @Test
    void theNamesAloneJudgeNothing() {
        Map<String, TableEntry> tables = rechecked();
        assertEquals(List.of("s.b", "s.a", "s.c"), List.of(tables.keySet().toArray(String[]::new)));
        assertTrue(tables.keySet().contains("s.a"));
        assertEquals(3, tables.keySet().size());
        assertEquals(List.of(), judged, "listing the names judged entries");
        assertThrows(UnsupportedOperationException.class, () -> tables.keySet().remove("s.a"));
    }

    @Test
    void anEntryIsJudgedOnceWhenAskedFor() {
        Map<String, TableEntry> tables = rechecked();
        assertTrue(tables.get("s.a").followable());
        assertTrue(tables.get("s.a").followable());
        assertEquals(List.of("s.a"), judged);
        assertFalse(tables.get("s.c").followable());
        assertEquals(List.of("s.a", "s.c"), judged);
        tables.values().forEach(TableEntry::followable);
        assertEquals(List.of("s.a", "s.c", "s.b"), judged, "walking the entries judges the rest, each once");
    }

    /** An entry judged already is not looked up again in the tables it came from, which may build it anew each time. */
    @Test
    void anEntryJudgedIsNotLookedUpAgain() {
        Map<String, Object> written = Map.of("s.a", Map.of("path", "s/a"));
        List<Object> lookedUp = new ArrayList<>();
        Map<String, TableEntry> building = new AbstractMap<>() {

            @Override
            public TableEntry get(Object key) {
                lookedUp.add(key);
                return Manifest.entry(ROOT, (String) key, written.get(key));
            }

            @Override
            public Set<Map.Entry<String, TableEntry>> entrySet() {
                return Set.of();
            }
        };
        Manifest manifest = Manifest.of(ROOT.resolve("manifest.yaml"), Map.of(), building, written, List.of(),
                List.of("s.a"), List.of("s.a"));
        Map<String, TableEntry> tables = manifest.recheck((entry, fine) -> null).tables();
        TableEntry first = tables.get("s.a");
        for (int kind = 1; kind < Artifact.values().length; kind++) {
            assertSame(first, tables.get("s.a"));
        }
        assertEquals(List.of("s.a"), lookedUp);
    }

    /**
     * A copy for a caller that looks up a few tables (a page of resources/list) makes room for those: on a print of
     * 7,003 tables, room for every table was a 64 KB array per page.
     */
    @Test
    void aCopyForAFewLookUpsAllocatesForThoseAloneWhateverThePrintHolds() {
        Map<String, Object> tables = new LinkedHashMap<>();
        for (int i = 0; i < 7_003; i++) {
            tables.put("s.t" + i, Map.of("path", "s/t" + i));
        }
        Manifest manifest = Manifest.of(ROOT.resolve("manifest.yaml"), ROOT, Map.of("tables", tables));
        ThreadMXBean threads = (ThreadMXBean) ManagementFactory.getThreadMXBean();
        long before = threads.getCurrentThreadAllocatedBytes();
        Map<String, TableEntry> page = manifest.recheck((entry, fine) -> null, 16).tables();
        for (int i = 0; i < 8; i++) {
            assertTrue(page.get("s.t" + i).followable());
        }
        long allocated = threads.getCurrentThreadAllocatedBytes() - before;
        assertTrue(allocated < 16 * 1024, allocated + " bytes allocated to judge 8 tables of 7,003");
        assertEquals(7_003, page.size());
    }

    /**
     * The names in code-point order, sorted once per parse and carried by the rechecked copy: a character above U+FFFF
     * sorts after U+E000–U+FFFF, as Python sorts, where Java's own string order puts it before.
     */
    @Test
    void theNamesAreInCodePointOrderInTheParseAndItsRecheckedCopy() {
        Map<String, Object> tables = new LinkedHashMap<>();
        for (String fqn : List.of("s.\uD83D\uDE00", "s.b", "s.\uE000", "S.a", "s.a", "s.ab")) {
            tables.put(fqn, Map.of("path", "t" + tables.size()));
        }
        Manifest manifest = Manifest.of(ROOT.resolve("manifest.yaml"), ROOT, Map.of("tables", tables));
        List<String> expected = List.of("S.a", "s.a", "s.ab", "s.b", "s.\uE000", "s.\uD83D\uDE00");
        assertEquals(expected, manifest.fqnOrder());
        assertEquals(expected, manifest.recheck((entry, fine) -> null).fqnOrder());
        assertEquals(List.copyOf(tables.keySet()), List.copyOf(manifest.tables().keySet()), "the map keeps file order");
    }
}
