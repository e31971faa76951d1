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
public record TableIndex(Statistics stats, StatisticsAnnotations annotations, List<SearchedColumn> columns) {

    public static TableIndex of(Statistics stats, StatisticsAnnotations annotations) {
        List<SearchedColumn> out = new ArrayList<>();
        if (stats == null) {
            if (annotations != null) {
                for (String name : sorted(annotations.columns())) {
                    out.add(SearchedColumn.column(name, null, annotations.column(name), false));
                }
            }
            return new TableIndex(null, annotations, List.copyOf(out));
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
        return new TableIndex(stats, annotations, List.copyOf(out));
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
