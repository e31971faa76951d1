package dev.dbprint.mcp.search;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Objects;

import dev.dbprint.mcp.print.files.FileIdentity;
import dev.dbprint.mcp.print.model.ColumnStats;
import dev.dbprint.mcp.print.model.Statistics;
import dev.dbprint.mcp.print.model.StatisticsAnnotations;
import dev.dbprint.mcp.text.CodePointOrder;

/**
 * One table's searchable columns in reply order — columns by name, each followed by its parts by path — with the table
 * facts a match repeats, derived from one statistics.yaml and one statistics.annotations.yaml. It depends on nothing
 * else, so it is kept and reused while both files keep the identities it was built at (see {@link ColumnSearch}).
 * <p>
 * An index read from its search record ({@link TableIndexRecord}) starts <em>packed</em>: its table facts and
 * {@link #text()} are decoded, its columns are still the record's bytes, decoded by {@link #unpacked()} only for a
 * table whose text a search cannot rule out. A first search over thousands of records then builds a few objects per
 * table, not one per column.
 * <p>
 * An index may stand for a file that failed at its identity ({@link #failure()}): a statistics.annotations.yaml that
 * failed leaves the columns statistics.yaml gives, without annotations; a statistics.yaml that failed leaves none. The
 * table is still named unreadable, and a later search reads neither file again while both keep their identities.
 */
public final class TableIndex {

    private final FileIdentity statistics;
    private final FileIdentity annotations;
    private final Long rowCount;
    private final Map<String, Object> scope;
    private final boolean looksLikeSwitchedOff;
    private final Failure failure;
    private final String text;
    /** The columns, or null while packed. */
    private final List<SearchedColumn> columns;
    /** The record whose bytes from {@link #columnsFrom} hold the columns while packed, else null. */
    private final byte[] record;
    private final int columnsFrom;

    /**
     * @param statistics the identity of the statistics.yaml it was built from, or null (the table declares none)
     * @param annotations the identity of the statistics.annotations.yaml it was built from, or null (none can exist)
     * @param rowCount statistics.yaml's {@code row_count}, or null
     * @param scope statistics.yaml's {@code scope} block, or null
     * @param looksLikeSwitchedOff statistics.yaml lists {@code looks_like} in {@code disabled}
     * @param columns the columns in reply order
     * @param text every lower-cased text {@code text} is matched against, one after another
     */
    TableIndex(FileIdentity statistics, FileIdentity annotations, Long rowCount, Map<String, Object> scope,
            boolean looksLikeSwitchedOff, List<SearchedColumn> columns, String text) {
        this(statistics, annotations, rowCount, scope, looksLikeSwitchedOff, Failure.NONE, text, columns, null, 0);
    }

    /** Whether a file of the table failed at the identity the index holds for it, and so the table is named unreadable. */
    enum Failure {
        NONE,
        /** It does not parse or match its shape or schema: so for every process, while the file keeps that identity. */
        CONTENT,
        /**
         * This process may not open it: another process, with other groups, may, so the index is kept in this process's
         * memory alone.
         */
        ACCESS
    }

    private TableIndex(FileIdentity statistics, FileIdentity annotations, Long rowCount, Map<String, Object> scope,
            boolean looksLikeSwitchedOff, Failure failure, String text, List<SearchedColumn> columns, byte[] record,
            int columnsFrom) {
        this.statistics = statistics;
        this.annotations = annotations;
        this.rowCount = rowCount;
        this.scope = scope;
        this.looksLikeSwitchedOff = looksLikeSwitchedOff;
        this.failure = failure;
        this.text = text;
        this.columns = columns;
        this.record = record;
        this.columnsFrom = columnsFrom;
    }

    /** A packed index: its columns are in {@code record} from {@code columnsFrom} on ({@link TableIndexRecord}). */
    static TableIndex packed(FileIdentity statistics, FileIdentity annotations, Long rowCount,
            Map<String, Object> scope, boolean looksLikeSwitchedOff, Failure failure, String text, byte[] record,
            int columnsFrom) {
        return new TableIndex(statistics, annotations, rowCount, scope, looksLikeSwitchedOff, failure, text, null,
                record, columnsFrom);
    }

    /**
     * This index, built with no annotations, as the table's while its statistics.annotations.yaml, which failed so,
     * has the identity {@code failedAt}.
     */
    TableIndex annotationsFailedAt(FileIdentity failedAt, Failure failure) {
        return new TableIndex(statistics, failedAt, rowCount, scope, looksLikeSwitchedOff, failure, text, columns,
                record, columnsFrom);
    }

    /**
     * The index of a table whose statistics.yaml failed so at {@code failedAt}, its statistics.annotations.yaml at
     * {@code annotations} (null: none can exist): no columns, and the table named unreadable.
     */
    static TableIndex statisticsFailedAt(FileIdentity failedAt, FileIdentity annotations, Failure failure) {
        return new TableIndex(failedAt, annotations, null, null, false, failure, "", List.of(), null, 0);
    }

    /**
     * Separates the texts in {@link #text()}; a search text holding it is never ruled out by the table text alone.
     */
    static final char SEPARATOR = '\u0000';

    /** The check name a statistics.yaml lists in {@code disabled} when it never sampled a value shape. */
    static final String LOOKS_LIKE_CHECK = "looks_like";

    public static TableIndex of(Statistics stats, StatisticsAnnotations annotations, FileIdentity statisticsIdentity,
            FileIdentity annotationsIdentity) {
        List<SearchedColumn> out = new ArrayList<>();
        if (stats == null) {
            if (annotations != null) {
                for (String name : sorted(annotations.columns())) {
                    out.add(SearchedColumn.column(name, null, annotations.column(name), false));
                }
            }
            return of(statisticsIdentity, annotationsIdentity, null, null, false, List.copyOf(out));
        }
        for (String name : sorted(stats.columns())) {
            ColumnStats column = stats.column(name);
            out.add(SearchedColumn.column(name, column, annotations == null ? null : annotations.column(name),
                    stats.catalogOnly()));
            if (column.parts() != null) {
                for (String path : sorted(column.parts())) {
                    out.add(SearchedColumn.part(name, column, path, column.parts().get(path)));
                }
            }
        }
        return of(statisticsIdentity, annotationsIdentity, stats.rowCount(), stats.scope(),
                stats.disabled().contains(LOOKS_LIKE_CHECK), List.copyOf(out));
    }

    /** The index of these columns, in reply order, and table facts. */
    static TableIndex of(FileIdentity statistics, FileIdentity annotations, Long rowCount, Map<String, Object> scope,
            boolean looksLikeSwitchedOff, List<SearchedColumn> columns) {
        return new TableIndex(statistics, annotations, rowCount, scope, looksLikeSwitchedOff, columns, text(columns));
    }

    public FileIdentity statistics() {
        return statistics;
    }

    public FileIdentity annotations() {
        return annotations;
    }

    public Long rowCount() {
        return rowCount;
    }

    public Map<String, Object> scope() {
        return scope;
    }

    public boolean looksLikeSwitchedOff() {
        return looksLikeSwitchedOff;
    }

    /** Whether, and how, a file of the table failed at the identity held for it. */
    public Failure failure() {
        return failure;
    }

    /** Whether a file of the table failed at the identity held for it: the table is named unreadable. */
    public boolean unreadable() {
        return failure != Failure.NONE;
    }

    public String text() {
        return text;
    }

    /** Whether the columns are still the record's bytes. */
    public boolean packed() {
        return columns == null;
    }

    /**
     * This index with its columns decoded: itself unless {@link #packed()}.
     *
     * @throws IllegalArgumentException when the record's columns do not decode
     */
    public TableIndex unpacked() {
        if (columns != null) {
            return this;
        }
        return new TableIndex(statistics, annotations, rowCount, scope, looksLikeSwitchedOff, failure, text,
                TableIndexRecord.columns(record, columnsFrom), null, 0);
    }

    /**
     * The columns in reply order (decoded anew on each call while packed: a caller that keeps the index keeps
     * {@link #unpacked()}).
     */
    public List<SearchedColumn> columns() {
        return unpacked().columns;
    }

    /** Whether this index was built from the files at exactly these identities (null: no such file to read). */
    public boolean builtFrom(FileIdentity statisticsNow, FileIdentity annotationsNow) {
        return Objects.equals(statistics, statisticsNow) && Objects.equals(annotations, annotationsNow);
    }

    /**
     * Whether some column could match {@code lowerText} by name or note: false means none can, which lets a walk pass a
     * table with one scan of contiguous text instead of a visit to each of its columns.
     */
    public boolean mayContain(String lowerText) {
        return lowerText.indexOf(SEPARATOR) >= 0 || text.contains(lowerText);
    }

    /** An estimate of the heap this index holds. */
    public long weight() {
        long w = 200 + 40 + text.length();
        if (columns == null) {
            return w + 16 + record.length;
        }
        for (SearchedColumn c : columns) {
            w += c.weight();
        }
        return w;
    }

    private static String text(List<SearchedColumn> columns) {
        StringBuilder sb = new StringBuilder();
        for (SearchedColumn c : columns) {
            sb.append(c.lowerName()).append(SEPARATOR);
            if (c.lowerNote() != null) {
                sb.append(c.lowerNote()).append(SEPARATOR);
            }
            c.lowerValueNotes().forEach(n -> sb.append(n).append(SEPARATOR));
        }
        return sb.toString();
    }

    private static List<String> sorted(Map<String, ?> map) {
        List<String> keys = new ArrayList<>(map.keySet());
        keys.sort(CodePointOrder.INSTANCE);
        return keys;
    }
}
