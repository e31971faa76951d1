package dev.dbprint.mcp.search;

import java.io.ByteArrayOutputStream;
import java.io.DataOutputStream;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.BufferUnderflowException;
import java.nio.ByteBuffer;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Map;
import java.util.Objects;

import dev.dbprint.mcp.print.files.FileIdentity;
import dev.dbprint.mcp.print.index.TreeCodec;
import dev.dbprint.mcp.print.model.StatisticsAnnotations;

/**
 * A {@link TableIndex} as the bytes of its search record in the on-disk index, and back, field for field: a fresh
 * process searches a table from its record without decoding and modelling the table's statistics files. The record's
 * identities are not in it: the index keeps it under them, and hands it back only for those.
 * <p>
 * Layout: a byte of flags (among them whether a file failed by its content: {@link TableIndex#failure()}),
 * the row count (when present), the {@code scope} block (when present) and the index's
 * {@link TableIndex#text()}, each a sized {@link TreeCodec} tree, then every column as a {@link TreeCodec} list of the
 * fields read from the files (its lower-cased name and notes are derived again on decode). What a walk needs of every
 * table comes first, so {@link #decode} reads it and leaves the columns as bytes ({@link TableIndex#packed()}): only a
 * table whose text a search cannot rule out has its columns decoded.
 */
final class TableIndexRecord {

    /** The form records are kept in; a new layout takes a new name, so an older record is never read as this one. */
    static final String FORM = "search-record-4";

    private static final int ROW_COUNT = 1;
    private static final int SCOPE = 2;
    private static final int LOOKS_LIKE_SWITCHED_OFF = 4;
    /** A file failed by its content; one this process may not open is never kept in a record. */
    private static final int FAILED = 8;
    private static final int FLAGS = ROW_COUNT | SCOPE | LOOKS_LIKE_SWITCHED_OFF | FAILED;

    private static final int FIELDS = 19;

    private TableIndexRecord() {
    }

    /** The record of {@code index}, which no failure of this process's access stands for (that is never kept here). */
    static byte[] encode(TableIndex index) {
        if (index.failure() == TableIndex.Failure.ACCESS) {
            throw new IllegalArgumentException("a failure of this process's access is kept in its memory alone");
        }
        ByteArrayOutputStream bytes = new ByteArrayOutputStream(256);
        DataOutputStream out = new DataOutputStream(bytes);
        try {
            out.writeByte((index.rowCount() != null ? ROW_COUNT : 0) | (index.scope() != null ? SCOPE : 0)
                    | (index.looksLikeSwitchedOff() ? LOOKS_LIKE_SWITCHED_OFF : 0)
                    | (index.failure() == TableIndex.Failure.CONTENT ? FAILED : 0));
            if (index.rowCount() != null) {
                out.writeLong(index.rowCount());
            }
            if (index.scope() != null) {
                TreeCodec.writeSized(out, index.scope());
            }
            TreeCodec.writeSized(out, index.text());
            out.write(TreeCodec.encode(columns(index.columns())));
        } catch (IOException e) {
            throw new UncheckedIOException(e); // not thrown by a stream into memory
        }
        return bytes.toByteArray();
    }

    private static List<Object> columns(List<SearchedColumn> columns) {
        List<Object> out = new ArrayList<>(columns.size());
        for (SearchedColumn c : columns) {
            List<Object> notes = new ArrayList<>(c.valueNotes().size());
            for (StatisticsAnnotations.ValueNote v : c.valueNotes()) {
                notes.add(new ArrayList<>(Arrays.asList(v.value(), v.text(), v.note())));
            }
            out.add(new ArrayList<>(Arrays.asList(c.column(), c.part(), c.name(), c.described(), c.measured(),
                    c.sqlType(), c.classification(), c.occurrences(), c.rowsScanned(), c.inferred(), c.looksLike(),
                    c.sampled(), c.matched(), c.sensitivity(), c.candidateKey(), c.candidateKeyException(),
                    c.redacted(), c.note(), notes)));
        }
        return out;
    }

    /**
     * The packed index {@code record} holds, built from the files at {@code statistics} and {@code annotations}: its
     * columns are decoded when {@link TableIndex#unpacked()} asks.
     *
     * @throws IllegalArgumentException when {@code record} is not a record of this form
     */
    @SuppressWarnings("unchecked")
    static TableIndex decode(byte[] record, FileIdentity statistics, FileIdentity annotations) {
        try {
            ByteBuffer in = ByteBuffer.wrap(record);
            int flags = in.get();
            if ((flags & ~FLAGS) != 0) {
                throw new IllegalArgumentException("unknown flags " + flags);
            }
            Long rowCount = (flags & ROW_COUNT) != 0 ? in.getLong() : null;
            Map<String, Object> scope = (flags & SCOPE) != 0
                    ? (Map<String, Object>) TreeCodec.readSized(in, record)
                    : null;
            String text = Objects.requireNonNull((String) TreeCodec.readSized(in, record));
            return TableIndex.packed(statistics, annotations, rowCount, scope,
                    (flags & LOOKS_LIKE_SWITCHED_OFF) != 0,
                    (flags & FAILED) != 0 ? TableIndex.Failure.CONTENT : TableIndex.Failure.NONE, text, record,
                    in.position());
        } catch (BufferUnderflowException | ClassCastException | NullPointerException e) {
            throw new IllegalArgumentException("not a search record", e);
        }
    }

    /**
     * The columns of a record, from {@code from} to its end.
     *
     * @throws IllegalArgumentException when they are not columns of this form
     */
    @SuppressWarnings("unchecked")
    static List<SearchedColumn> columns(byte[] record, int from) {
        try {
            List<SearchedColumn> columns = new ArrayList<>();
            for (Object o : (List<Object>) TreeCodec.decode(record, from, record.length - from)) {
                List<Object> f = (List<Object>) o;
                if (f.size() != FIELDS) {
                    throw new IllegalArgumentException("a column of " + f.size() + " fields");
                }
                List<StatisticsAnnotations.ValueNote> notes = new ArrayList<>();
                for (Object n : (List<Object>) f.get(18)) {
                    List<Object> v = (List<Object>) n;
                    notes.add(new StatisticsAnnotations.ValueNote(v.get(0), (String) v.get(1), (String) v.get(2)));
                }
                columns.add(SearchedColumn.of((String) f.get(0), (String) f.get(1), (String) f.get(2),
                        (Boolean) f.get(3), (Boolean) f.get(4), (String) f.get(5), (String) f.get(6), (Long) f.get(7),
                        (Long) f.get(8), (Boolean) f.get(9), (String) f.get(10), (Long) f.get(11), (Long) f.get(12),
                        (String) f.get(13), (Boolean) f.get(14), (String) f.get(15), (String) f.get(16),
                        (String) f.get(17), List.copyOf(notes)));
            }
            return List.copyOf(columns);
        } catch (ClassCastException | NullPointerException | IndexOutOfBoundsException e) {
            throw new IllegalArgumentException("not a search record", e);
        }
    }
}
