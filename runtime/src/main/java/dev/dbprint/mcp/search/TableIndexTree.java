package dev.dbprint.mcp.search;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

import dev.dbprint.mcp.print.files.FileIdentity;
import dev.dbprint.mcp.print.model.StatisticsAnnotations;

/**
 * A {@link TableIndex} as a tree the on-disk index keeps ({@code TreeCodec}'s shape: maps, lists, strings, longs,
 * booleans), and back, field for field: a fresh process searches a table from its record without decoding and modelling
 * the table's statistics files. The record's identities are not in the tree: the index keeps it under them, and hands
 * it back only for those.
 */
final class TableIndexTree {

    /** The form records are kept in; a new layout takes a new name, so an older record is never read as this one. */
    static final String FORM = "search-record-1";

    private static final int FIELDS = 22;

    private TableIndexTree() {
    }

    static Object encode(TableIndex index) {
        Map<String, Object> tree = new LinkedHashMap<>();
        tree.put("row_count", index.rowCount());
        tree.put("scope", index.scope());
        tree.put("looks_like_switched_off", index.looksLikeSwitchedOff());
        List<Object> columns = new ArrayList<>(index.columns().size());
        for (SearchedColumn c : index.columns()) {
            List<Object> notes = new ArrayList<>(c.valueNotes().size());
            for (StatisticsAnnotations.ValueNote v : c.valueNotes()) {
                notes.add(new ArrayList<>(Arrays.asList(v.value(), v.text(), v.note())));
            }
            columns.add(new ArrayList<>(Arrays.asList(c.column(), c.part(), c.name(), c.lowerName(),
                    c.described(), c.measured(), c.sqlType(), c.classification(), c.occurrences(), c.rowsScanned(),
                    c.inferred(), c.looksLike(), c.sampled(), c.matched(), c.sensitivity(), c.candidateKey(),
                    c.candidateKeyException(), c.redacted(), c.note(), notes, c.lowerNote(),
                    new ArrayList<>(c.lowerValueNotes()))));
        }
        tree.put("columns", columns);
        return tree;
    }

    /**
     * The index {@code tree} holds, built from the files at {@code statistics} and {@code annotations}.
     *
     * @throws IllegalArgumentException when {@code tree} is not a record of this form
     */
    @SuppressWarnings("unchecked")
    static TableIndex decode(Object tree, FileIdentity statistics, FileIdentity annotations) {
        try {
            Map<String, Object> map = (Map<String, Object>) tree;
            List<SearchedColumn> columns = new ArrayList<>();
            for (Object o : (List<Object>) map.get("columns")) {
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
            return TableIndex.of(statistics, annotations, (Long) map.get("row_count"),
                    (Map<String, Object>) map.get("scope"), (Boolean) map.get("looks_like_switched_off"),
                    List.copyOf(columns));
        } catch (ClassCastException | NullPointerException e) {
            throw new IllegalArgumentException("not a search record", e);
        }
    }

    /** As {@link SearchedColumn} shares its categorical strings, so a print's records hold one copy of each. */
    private static String shared(Object s) {
        return s == null ? null : ((String) s).intern();
    }
}
