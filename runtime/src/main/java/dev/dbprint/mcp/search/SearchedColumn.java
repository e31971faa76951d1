package dev.dbprint.mcp.search;

import java.util.Map;

import dev.dbprint.mcp.print.model.ColumnStats;
import dev.dbprint.mcp.print.model.StatisticsAnnotations;

/**
 * One thing search_columns can match (§4.3): a column of a table's statistics.yaml, one of its parts (format spec
 * §2.2.18), or a column known only through its statistics.annotations.yaml entry (a view with no statistics.yaml).
 *
 * @param table what the match objects repeat from the table
 * @param column the column key
 * @param part the part's path, or null for the column itself
 * @param block the statistics block matched against (the part's own for a part), or null for an annotation-only column
 * @param columnBlock the column's block (the part's column for a part), or null for an annotation-only column
 * @param annotation the column's annotation entry, or null (never set for a part: annotations address columns only)
 * @param name the name {@code pattern} and {@code text} read: the column, or {@code <column><path>} for a part
 */
public record SearchedColumn(TableFacts table, String column, String part, ColumnStats block, ColumnStats columnBlock,
        StatisticsAnnotations.Column annotation, String name) {

    /**
     * What every match on one table repeats.
     *
     * @param rowCount the table's row count (manifest, else statistics.yaml), or null
     * @param scope the statistics file's {@code scope} block verbatim, or null when the whole table was read
     * @param catalogOnly the statistics file carries {@code catalog_only} (format spec §2.2.15)
     */
    public record TableFacts(String fqn, Long rowCount, Map<String, Object> scope, boolean catalogOnly) {
    }

    public static SearchedColumn column(TableFacts table, String column, ColumnStats block,
            StatisticsAnnotations.Column annotation) {
        return new SearchedColumn(table, column, null, block, block, annotation, column);
    }

    public static SearchedColumn part(TableFacts table, String column, ColumnStats columnBlock, String path,
            ColumnStats block) {
        return new SearchedColumn(table, column, path, block, columnBlock, null, column + path);
    }

    /** Whether statistics describe it: false for an annotation-only column, and on a catalog-only view (nothing read). */
    public boolean measured() {
        return block != null && !table.catalogOnly();
    }
}
