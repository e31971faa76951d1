package dev.dbprint.mcp.search;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Map;

import dev.dbprint.mcp.print.model.ColumnStats;
import dev.dbprint.mcp.print.model.StatisticsAnnotations;

/**
 * One thing search_columns can match (§4.3): a column of a table's statistics.yaml, one of its parts (format spec
 * §2.2.18), or a column known only through its statistics.annotations.yaml entry (a view with no statistics.yaml). The
 * lower-cased texts {@code text} is matched against are computed once, with the {@link TableIndex} that holds it.
 *
 * @param column the column key
 * @param part the part's path, or null for the column itself
 * @param block the statistics block matched against (the part's own for a part), or null for an annotation-only column
 * @param columnBlock the column's block (the part's column for a part), or null for an annotation-only column
 * @param annotation the column's annotation entry, or null (never set for a part: annotations address columns only)
 * @param name the name {@code pattern} and {@code text} read: the column, or {@code <column><path>} for a part
 * @param measured statistics describe it: false for an annotation-only column and on a catalog-only view, whose
 *        markers forbid every field the sensitivity, looks_like, redacted and candidate_key filters test
 * @param lowerName {@code name} lower-cased
 * @param lowerNote the annotation's note lower-cased, or null
 * @param lowerValueNotes each of the annotation's per-value notes lower-cased, in its order
 */
public record SearchedColumn(String column, String part, ColumnStats block, ColumnStats columnBlock,
        StatisticsAnnotations.Column annotation, String name, boolean measured, String lowerName, String lowerNote,
        List<String> lowerValueNotes) {

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
            StatisticsAnnotations.Column annotation, String parsedName, boolean measured) {
        // A copy made here sits in memory beside this record (the parsed key lives wherever the YAML parse put it),
        // which is what keeps a walk over hundreds of thousands of names from stalling on cache misses.
        String name = new String(parsedName);
        String note = annotation == null || annotation.note() == null ? null : lower(annotation.note());
        List<String> valueNotes = new ArrayList<>();
        if (annotation != null) {
            annotation.values().forEach(v -> valueNotes.add(lower(v.note())));
        }
        return new SearchedColumn(column, part, block, columnBlock, annotation, name, measured, lower(name), note,
                List.copyOf(valueNotes));
    }

    private static String lower(String s) {
        return s.toLowerCase(Locale.ROOT);
    }
}
