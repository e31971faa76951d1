package dev.dbprint.mcp.search;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.charset.StandardCharsets;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;

import org.junit.jupiter.api.Test;

import dev.dbprint.mcp.print.files.FileIdentity;
import dev.dbprint.mcp.print.model.StatisticsAnnotations.ValueNote;

/** A table's search record: every field of its index back, the columns only when asked. */
class TableIndexRecordTest {

    private static final FileIdentity STATS = new FileIdentity(1, 2, 30, 40, 40);
    private static final FileIdentity NOTES = new FileIdentity(1, 3, 30, 40, 40);

    private static SearchedColumn column(String name, String note, List<ValueNote> notes) {
        return new SearchedColumn(name, null, name, name.toLowerCase(Locale.ROOT), true, true, "text", "categorical",
                null, 12L, true, "email", 10L, 9L, "pii", false, null, null, note, notes,
                note == null ? null : note.toLowerCase(Locale.ROOT),
                notes.stream().map(n -> n.note().toLowerCase(Locale.ROOT)).toList());
    }

    private static TableIndex index(String note) {
        Map<String, Object> scope = new LinkedHashMap<>();
        scope.put("method", "sample");
        scope.put("rows", 100L);
        SearchedColumn part = new SearchedColumn("doc", "[*].sku", "doc[*].sku", "doc[*].sku", true, true, null, null,
                4L, 12L, false, null, null, null, null, true, "two rows", "hashed", null, List.of(), null, List.of());
        return TableIndex.of(STATS, NOTES, 123L, scope, true, List.of(column("Email", note,
                List.of(new ValueNote(7L, "7", "Seven Days"), new ValueNote("x", "x", "Ex"))), part));
    }

    @Test
    void everyFieldComesBackAndTheColumnsOnlyWhenUnpacked() {
        for (String note : Arrays.asList(null, "Où l'on écrit", "a lone \ud800 surrogate")) {
            TableIndex index = index(note);
            TableIndex packed = TableIndexRecord.decode(TableIndexRecord.encode(index), STATS, NOTES);
            assertTrue(packed.packed(), note);
            assertEquals(index.text(), packed.text(), note);
            assertEquals(index.rowCount(), packed.rowCount());
            assertEquals(index.scope(), packed.scope());
            assertTrue(packed.looksLikeSwitchedOff());
            assertTrue(packed.builtFrom(STATS, NOTES));
            TableIndex unpacked = packed.unpacked();
            assertFalse(unpacked.packed());
            assertEquals(index.columns(), unpacked.columns(), note);
            assertEquals(index.text(), unpacked.text());
            assertEquals(index.weight(), unpacked.weight());
            assertSame(unpacked, unpacked.unpacked());
        }
    }

    /** An index kept for a statistics.annotations.yaml that failed comes back marked, packed and unpacked. */
    @Test
    void anIndexWhoseAnnotationFileFailedComesBackMarked() {
        TableIndex failed = TableIndex.of(STATS, null, 123L, null, false, List.of(column("Email", null, List.of())))
                .annotationsFailedAt(NOTES, TableIndex.Failure.CONTENT);
        assertTrue(failed.unreadable());
        assertTrue(failed.builtFrom(STATS, NOTES), "kept under the identity the file failed at");
        TableIndex packed = TableIndexRecord.decode(TableIndexRecord.encode(failed), STATS, NOTES);
        assertTrue(packed.unreadable());
        assertTrue(packed.unpacked().unreadable());
        assertEquals(failed.columns(), packed.unpacked().columns());
        assertFalse(TableIndexRecord.decode(TableIndexRecord.encode(index("note")), STATS, NOTES).unreadable());
    }

    /**
     * A table whose statistics.yaml failed by its content keeps a record of no columns, marked; one this process may not
     * open keeps none, since another process may open it.
     */
    @Test
    void aTableWhoseStatisticsFileFailedComesBackMarkedUnlessThisProcessMayNotOpenIt() {
        TableIndex broken = TableIndex.statisticsFailedAt(STATS, NOTES, TableIndex.Failure.CONTENT);
        TableIndex back = TableIndexRecord.decode(TableIndexRecord.encode(broken), STATS, NOTES);
        assertTrue(back.unreadable());
        assertTrue(back.unpacked().columns().isEmpty());
        assertTrue(back.builtFrom(STATS, NOTES));
        TableIndex denied = TableIndex.statisticsFailedAt(STATS, NOTES, TableIndex.Failure.ACCESS);
        assertTrue(denied.unreadable());
        assertThrows(IllegalArgumentException.class, () -> TableIndexRecord.encode(denied));
    }

    @Test
    void aTableWithNoFactsComesBackWithout() {
        TableIndex bare = TableIndex.of(null, null, null, null, false, List.of());
        TableIndex packed = TableIndexRecord.decode(TableIndexRecord.encode(bare), null, null);
        assertEquals(null, packed.rowCount());
        assertEquals(null, packed.scope());
        assertFalse(packed.looksLikeSwitchedOff());
        assertEquals(List.of(), packed.unpacked().columns());
    }

    @Test
    void bytesThatAreNoRecordFailAsSuch() {
        byte[] whole = TableIndexRecord.encode(index("note"));
        assertThrows(IllegalArgumentException.class, () -> TableIndexRecord.decode(new byte[0], null, null));
        assertThrows(IllegalArgumentException.class, () -> TableIndexRecord.decode(new byte[]{64}, null, null));
        assertThrows(IllegalArgumentException.class,
                () -> TableIndexRecord.decode(Arrays.copyOf(whole, 12), null, null));
        TableIndex cut = TableIndexRecord.decode(Arrays.copyOf(whole, whole.length - 1), null, null);
        assertThrows(IllegalArgumentException.class, cut::unpacked, "the columns cut short");
    }

    /** A column's lower-cased name and notes are derived on decode: the record holds them once, in the table's text. */
    @Test
    void theLowerCasedNameAndNotesAreHeldOnceInTheText() {
        TableIndex index = index("Seen From The WATCHTOWER");
        String record = new String(TableIndexRecord.encode(index), StandardCharsets.ISO_8859_1);
        for (String lower : List.of("seen from the watchtower", "seven days")) {
            assertEquals(1, record.split(lower, -1).length - 1, lower);
        }
        assertEquals(index.columns(), TableIndexRecord.decode(TableIndexRecord.encode(index), STATS, NOTES).columns());
    }
}
