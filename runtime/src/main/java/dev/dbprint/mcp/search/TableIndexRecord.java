package dev.dbprint.mcp.search;

import java.io.ByteArrayOutputStream;
import java.io.DataOutputStream;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.BufferUnderflowException;
import java.nio.ByteBuffer;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Map;

import dev.dbprint.mcp.print.files.FileIdentity;
import dev.dbprint.mcp.print.index.TreeCodec;
import dev.dbprint.mcp.print.model.StatisticsAnnotations;

/**
 * A {@link TableIndex} as the bytes of its search record in the on-disk index, and back, field for field: a fresh
 * process searches a table from its record without decoding and modelling the table's statistics files. The record's
 * identities are not in it: the index keeps it under them, and hands it back only for those.
 * <p>
 * Layout: a byte of flags, the row count (when present), the {@code scope} block as a {@link TreeCodec} tree (when
 * present), the index's {@link TableIndex#text()} (UTF-8 when that gives the text back exactly, else its UTF-16 units),
 * then every column as a {@link TreeCodec} list of its fields. What a walk needs of every table comes first, so
 * {@link #decode} reads it and leaves the columns as bytes ({@link TableIndex#packed()}): only a table whose text a
 * search cannot rule out has its columns decoded.
 */
final class TableIndexRecord {

    /** The form records are kept in; a new layout takes a new name, so an older record is never read as this one. */
    static final String FORM = "search-record-2";

    private static final int ROW_COUNT = 1;
    private static final int SCOPE = 2;
    private static final int LOOKS_LIKE_SWITCHED_OFF = 4;
    private static final int TEXT_UTF8 = 8;
    private static final int FLAGS = ROW_COUNT | SCOPE | LOOKS_LIKE_SWITCHED_OFF | TEXT_UTF8;

    private static final int FIELDS = 22;

    private TableIndexRecord() {
    }

    static byte[] encode(TableIndex index) {
        ByteArrayOutputStream bytes = new ByteArrayOutputStream(256);
        DataOutputStream out = new DataOutputStream(bytes);
        byte[] utf8 = index.text().getBytes(StandardCharsets.UTF_8);
        // a lone surrogate (a note may hold one) does not survive UTF-8: such a text keeps its units
        boolean exact = new String(utf8, StandardCharsets.UTF_8).equals(index.text());
        try {
            out.writeByte((index.rowCount() != null ? ROW_COUNT : 0) | (index.scope() != null ? SCOPE : 0)
                    | (index.looksLikeSwitchedOff() ? LOOKS_LIKE_SWITCHED_OFF : 0) | (exact ? TEXT_UTF8 : 0));
            if (index.rowCount() != null) {
                out.writeLong(index.rowCount());
            }
            if (index.scope() != null) {
                byte[] scope = TreeCodec.encode(index.scope());
                out.writeInt(scope.length);
                out.write(scope);
            }
            if (exact) {
                out.writeInt(utf8.length);
                out.write(utf8);
            } else {
                out.writeInt(index.text().length() * 2);
                out.writeChars(index.text());
            }
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
            out.add(new ArrayList<>(Arrays.asList(c.column(), c.part(), c.name(), c.lowerName(), c.described(),
                    c.measured(), c.sqlType(), c.classification(), c.occurrences(), c.rowsScanned(), c.inferred(),
                    c.looksLike(), c.sampled(), c.matched(), c.sensitivity(), c.candidateKey(),
                    c.candidateKeyException(), c.redacted(), c.note(), notes, c.lowerNote(),
                    new ArrayList<>(c.lowerValueNotes()))));
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
            Map<String, Object> scope = null;
            if ((flags & SCOPE) != 0) {
                int length = length(in);
                scope = (Map<String, Object>) TreeCodec.decode(record, in.position(), length);
                in.position(in.position() + length);
            }
            int length = length(in);
            String text;
            if ((flags & TEXT_UTF8) != 0) {
                text = new String(record, in.position(), length, StandardCharsets.UTF_8);
                in.position(in.position() + length);
            } else {
                char[] units = new char[length / 2];
                in.asCharBuffer().get(units);
                in.position(in.position() + length);
                text = new String(units);
            }
            return TableIndex.packed(statistics, annotations, rowCount, scope,
                    (flags & LOOKS_LIKE_SWITCHED_OFF) != 0, text, record, in.position());
        } catch (BufferUnderflowException | ClassCastException e) {
            throw new IllegalArgumentException("not a search record", e);
        }
    }

    /** A length read from {@code in}, checked against what is left. */
    private static int length(ByteBuffer in) {
        int n = in.getInt();
        if (n < 0 || n > in.remaining()) {
            throw new IllegalArgumentException("bad length " + n);
        }
        return n;
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
                for (Object n : (List<Object>) f.get(19)) {
                    List<Object> v = (List<Object>) n;
                    notes.add(new StatisticsAnnotations.ValueNote(v.get(0), (String) v.get(1), (String) v.get(2)));
                }
                List<String> lowerValueNotes = new ArrayList<>();
                for (Object n : (List<Object>) f.get(21)) {
                    lowerValueNotes.add((String) n);
                }
                columns.add(new SearchedColumn(shared(f.get(0)), shared(f.get(1)), shared(f.get(2)), shared(f.get(3)),
                        (Boolean) f.get(4), (Boolean) f.get(5), shared(f.get(6)), shared(f.get(7)), (Long) f.get(8),
                        (Long) f.get(9), (Boolean) f.get(10), shared(f.get(11)), (Long) f.get(12), (Long) f.get(13),
                        shared(f.get(14)), (Boolean) f.get(15), (String) f.get(16), shared(f.get(17)),
                        (String) f.get(18), List.copyOf(notes), (String) f.get(20), List.copyOf(lowerValueNotes)));
            }
            return List.copyOf(columns);
        } catch (ClassCastException | NullPointerException | IndexOutOfBoundsException e) {
            throw new IllegalArgumentException("not a search record", e);
        }
    }

    /** As {@link SearchedColumn} shares its categorical strings, so a print's records hold one copy of each. */
    private static String shared(Object s) {
        return s == null ? null : ((String) s).intern();
    }
}
