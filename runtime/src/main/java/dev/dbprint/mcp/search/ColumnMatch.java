package dev.dbprint.mcp.search;

import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

import dev.dbprint.mcp.paging.JsonForm;
import dev.dbprint.mcp.print.model.StatisticsAnnotations;

/**
 * One search_columns match: the column (or part) and the facts of its table every match on that table repeats.
 * <p>
 * Its JSON, exactly as §4.3 shows a match object, is written only when a page reaches it: a search can match every
 * column of a large print while a page serializes only the few dozen it holds.
 *
 * @param table the matched column's table
 * @param searched the column or part matched
 * @param valueNotes the per-value notes the text matched, or null when it matched none (or no text was given)
 */
public record ColumnMatch(SearchedColumn.TableFacts table, SearchedColumn searched,
        List<StatisticsAnnotations.ValueNote> valueNotes) implements JsonForm {

    /**
     * {@code table}, {@code column}, for a part {@code part} and {@code occurrences}, {@code sql_type} and
     * {@code classification} (empty strings for a column known only through its annotation), then each conditional
     * field only where the column carries it — {@code row_count}; {@code rows_scanned} and the {@code scope} block on a
     * table read in part; {@code looks_like}, {@code sampled}, {@code matched} together; {@code sensitivity};
     * {@code redacted}; {@code candidate_key} with {@code candidate_key_exception}; {@code annotation} (the column's
     * note); and {@code value_notes} when the text matched through per-value notes.
     */
    @Override
    public Map<String, Object> toJson() {
        SearchedColumn c = searched;
        Map<String, Object> m = new LinkedHashMap<>();
        m.put("table", table.fqn());
        m.put("column", c.column());
        if (c.part() != null) {
            m.put("part", c.part());
            putIfPresent(m, "occurrences", c.occurrences());
        }
        m.put("sql_type", c.sqlType() == null ? "" : c.sqlType());
        m.put("classification", c.classification() == null ? "" : c.classification());
        putIfPresent(m, "row_count", table.rowCount());
        if (table.scope() != null) {
            putIfPresent(m, "rows_scanned", c.rowsScanned());
            m.put("scope", table.scope());
        }
        if (c.inferred()) {
            if (c.looksLike() != null) {
                m.put("looks_like", c.looksLike());
                putIfPresent(m, "sampled", c.sampled());
                putIfPresent(m, "matched", c.matched());
            }
            putIfPresent(m, "sensitivity", c.sensitivity());
        }
        putIfPresent(m, "redacted", c.redacted());
        if (c.candidateKey()) {
            m.put("candidate_key", true);
            putIfPresent(m, "candidate_key_exception", c.candidateKeyException());
        }
        putIfPresent(m, "annotation", c.note());
        if (valueNotes != null) {
            m.put("value_notes", valueNotes.stream().map(ColumnMatch::valueNote).toList());
        }
        return m;
    }

    private static Map<String, Object> valueNote(StatisticsAnnotations.ValueNote n) {
        Map<String, Object> m = new LinkedHashMap<>();
        m.put("value", n.value());
        m.put("note", n.note());
        return m;
    }

    private static void putIfPresent(Map<String, Object> m, String key, Object value) {
        if (value != null) {
            m.put(key, value);
        }
    }
}
