package dev.dbprint.mcp.search;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;

import dev.dbprint.mcp.print.model.ColumnStats;
import dev.dbprint.mcp.print.model.Statistics;
import dev.dbprint.mcp.print.model.StatisticsAnnotations;
import dev.dbprint.mcp.text.CodePointOrder;

/**
 * One table's searchable columns in reply order — columns by name, each followed by its parts by path — derived from
 * one parsed statistics.yaml and statistics.annotations.yaml. It depends on nothing else, so it is built once per pair of
 * parsed files and reused while the store hands back the same parsed objects (see {@link ColumnSearch}).
 *
 * @param stats the statistics it was built from, or null (a table declaring none)
 * @param annotations the annotations it was built from, or null (absent, or unreadable this call)
 */
public record TableIndex(Statistics stats, StatisticsAnnotations annotations, List<SearchedColumn> columns,
        String text) {

    /**
     * Separates the texts in {@link #text()}; a search text holding it is never ruled out by the table text alone.
     */
    static final char SEPARATOR = '\u0000';

    public static TableIndex of(Statistics stats, StatisticsAnnotations annotations) {
        List<SearchedColumn> out = new ArrayList<>();
        if (stats == null) {
            if (annotations != null) {
                for (String name : sorted(annotations.columns())) {
                    out.add(SearchedColumn.column(name, null, annotations.column(name), false));
                }
            }
            return new TableIndex(null, annotations, List.copyOf(out), text(out));
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
        return new TableIndex(stats, annotations, List.copyOf(out), text(out));
    }

    /**
     * Whether some column could match {@code lowerText} by name or note: false means none can, which lets a walk pass a
     * table with one scan of contiguous text instead of a visit to each of its columns.
     */
    public boolean mayContain(String lowerText) {
        return lowerText.indexOf(SEPARATOR) >= 0 || text.contains(lowerText);
    }

    /** Every lower-cased text {@code text} is matched against, one after another. */
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

    /** Whether this index was built from exactly these parsed objects. */
    public boolean builtFrom(Statistics stats, StatisticsAnnotations annotations) {
        return this.stats == stats && this.annotations == annotations;
    }

    private static List<String> sorted(Map<String, ?> map) {
        List<String> keys = new ArrayList<>(map.keySet());
        keys.sort(CodePointOrder.INSTANCE);
        return keys;
    }
}
