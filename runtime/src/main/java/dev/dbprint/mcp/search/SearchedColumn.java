package dev.dbprint.mcp.search;

import java.util.List;
import java.util.Locale;
import java.util.Map;

import dev.dbprint.mcp.print.model.ColumnStats;
import dev.dbprint.mcp.print.model.Inferred;
import dev.dbprint.mcp.print.model.StatisticsAnnotations;

/**
 * One thing search_columns can match (§4.3): a column of a table's statistics.yaml, one of its parts (format spec
 * §2.2.18), or a column known only through its statistics.annotations.yaml entry (a view with no statistics.yaml). It
 * holds only the fields a predicate tests or a match prints, flat, with categorical strings shared across the print,
 * so a print of thousands of tables is searched from a few bytes per column rather than from parsed files.
 *
 * @param column the column key
 * @param part the part's path, or null for the column itself
 * @param name the name {@code pattern} and {@code text} read: the column, or {@code <column><path>} for a part
 * @param lowerName {@code name} lower-cased
 * @param described statistics describe it: false only for an annotation-only column
 * @param measured statistics measured it: false for an annotation-only column and on a catalog-only view, whose
 *        markers forbid every field the sensitivity, looks_like, redacted and candidate_key filters test
 * @param sqlType the block's {@code sql_type}, or null
 * @param classification the block's {@code classification}, or null
 * @param occurrences a part's {@code occurrences}, or null
 * @param rowsScanned the column's {@code rows_scanned} (the part's column's, for a part), or null
 * @param inferred whether the block carries an {@code inferred} block; the five fields after it are read from it
 * @param candidateKey {@code inferred.candidate_key: true}
 * @param redacted the block's {@code redacted} marker, or null
 * @param note the column's annotation note, or null
 * @param valueNotes the column's per-value notes, in file order (empty for a part)
 * @param lowerNote {@code note} lower-cased, or null
 * @param lowerValueNotes each of {@code valueNotes} lower-cased
 */
public record SearchedColumn(String column, String part, String name, String lowerName, boolean described,
        boolean measured, String sqlType, String classification, Long occurrences, Long rowsScanned, boolean inferred,
        String looksLike, Long sampled, Long matched, String sensitivity, boolean candidateKey,
        String candidateKeyException, String redacted, String note, List<StatisticsAnnotations.ValueNote> valueNotes,
        String lowerNote, List<String> lowerValueNotes) {

    /**
     * What every match on one table repeats.
     *
     * @param rowCount the table's row count (manifest, else statistics.yaml), or null
     * @param scope the statistics file's {@code scope} block verbatim, or null when the whole table was read
     */
    public record TableFacts(String fqn, Long rowCount, Map<String, Object> scope) {
    }

    static SearchedColumn column(String column, ColumnStats block, StatisticsAnnotations.Column annotation,
            boolean catalogOnly) {
        return of(column, null, block, block, annotation, column, block != null && !catalogOnly);
    }

    static SearchedColumn part(String column, ColumnStats columnBlock, String path, ColumnStats block) {
        return of(column, path, block, columnBlock, null, column + path, true);
    }

    private static SearchedColumn of(String column, String part, ColumnStats block, ColumnStats columnBlock,
            StatisticsAnnotations.Column annotation, String name, boolean measured) {
        Inferred inferred = block == null ? null : block.inferred();
        return of(column, part, name, block != null, measured, block == null ? null : block.sqlType(),
                block == null ? null : block.classification(), block == null ? null : block.occurrences(),
                columnBlock == null ? null : columnBlock.rowsScanned(), inferred != null,
                inferred == null ? null : inferred.looksLike(), inferred == null ? null : inferred.sampled(),
                inferred == null ? null : inferred.matched(), inferred == null ? null : inferred.sensitivity(),
                inferred != null && inferred.candidateKey(), inferred == null ? null : inferred.candidateKeyException(),
                block == null ? null : block.redacted(), annotation == null ? null : annotation.note(),
                annotation == null ? List.of() : annotation.values());
    }

    /**
     * The column of these fields, its categorical strings shared and its lower-cased name and notes derived: how a
     * column is built from its files and from its search record alike.
     */
    static SearchedColumn of(String column, String part, String name, boolean described, boolean measured,
            String sqlType, String classification, Long occurrences, Long rowsScanned, boolean inferred,
            String looksLike, Long sampled, Long matched, String sensitivity, boolean candidateKey,
            String candidateKeyException, String redacted, String note,
            List<StatisticsAnnotations.ValueNote> valueNotes) {
        String lowerName = lower(name);
        return new SearchedColumn(shared(column), shared(part), shared(name),
                lowerName.equals(name) ? shared(name) : shared(lowerName), described, measured, shared(sqlType),
                shared(classification), occurrences, rowsScanned, inferred, shared(looksLike), sampled, matched,
                shared(sensitivity), candidateKey, candidateKeyException, shared(redacted), note, valueNotes,
                note == null ? null : lower(note), valueNotes.stream().map(v -> lower(v.note())).toList());
    }

    /**
     * Names, types and detections repeat across a print (every table has an {@code id}, most columns share a handful of
     * types): one copy of each serves them all.
     */
    private static String shared(String s) {
        return s == null ? null : s.intern();
    }

    private static String lower(String s) {
        return s.toLowerCase(Locale.ROOT);
    }

    /** An estimate of the heap this record holds beyond the strings it shares. */
    long weight() {
        long w = 160 + 16L * valueNotes.size();
        if (note != null) {
            w += 2L * (40 + note.length());
        }
        for (StatisticsAnnotations.ValueNote v : valueNotes) {
            w += 2L * (40 + v.note().length()) + 40 + v.text().length();
        }
        return w;
    }
}
