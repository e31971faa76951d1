package dev.dbprint.mcp.print.model;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

import dev.dbprint.mcp.print.yaml.YamlLoader;

/**
 * {@code statistics.annotations.yaml} (format spec §2.7.1), schema-checked on load.
 * <p>
 * Beyond the packaged schema, a column entry may carry {@code derived_from} (server spec §4.1 reads it from here); its
 * shape is not fixed by the format text this build follows, so it is accepted as written and kept raw.
 *
 * @param columns column entries by key, in file order
 * @param grainKeys {@code grain.keys}, empty when absent
 */
public record StatisticsAnnotations(Path path, Map<String, Object> raw, Map<String, Column> columns,
        List<GrainKey> grainKeys) {

    /**
     * One column's annotation.
     *
     * @param note {@code note}, or null
     * @param claims {@code claims} (stat → predicate, unchecked here), or null
     * @param values {@code values} notes, empty when absent
     * @param derivedFrom {@code derived_from} as parsed, or null
     */
    public record Column(String name, Map<String, Object> raw, String note, Map<String, Object> claims,
            List<ValueNote> values, Object derivedFrom) {

        public boolean hasNoteOrValueNotes() {
            return note != null || !values.isEmpty();
        }
    }

    /** A note on one domain member; {@code text} is the value spelled as the file spells it. */
    public record ValueNote(Object value, String text, String note) {
    }

    public record GrainKey(List<String> columns, String note) {
    }

    /**
     * The {@code table.column} sources a column derives from (server spec §4.1): its annotation's
     * {@code derived_from} when it carries one, which replaces the one statistics.yaml parsed ({@code parsed}); a
     * string or a list of strings, anything else ignored.
     */
    public static List<String> derivedSources(Column annotation, ColumnStats parsed) {
        Object raw = annotation != null && annotation.raw().containsKey("derived_from")
                ? annotation.derivedFrom()
                : parsed == null ? null : parsed.derivedFrom();
        if (raw instanceof String s) {
            return List.of(s);
        }
        List<String> out = new ArrayList<>();
        if (raw instanceof List<?> l) {
            l.stream().filter(String.class::isInstance).map(String.class::cast).forEach(out::add);
        }
        return out;
    }

    public Column column(String name) {
        return columns.get(name);
    }

    private static final List<String> ROOT_KEYS = List.of("format_version", "columns", "grain");
    private static final List<String> COLUMN_KEYS = List.of("note", "claims", "values", "derived_from");
    private static final List<String> VALUE_KEYS = List.of("value", "note");

    public static StatisticsAnnotations of(Path path, Object tree) {
        SchemaCheck c = new SchemaCheck(path);
        String top = SchemaCheck.TOP;
        Map<String, Object> m = c.mapping(top, tree);
        c.closed(top, m, ROOT_KEYS);
        c.required(top, m, "format_version", "columns");
        c.formatVersion(m);
        Map<String, Object> cols = c.mapping("columns", m.get("columns"));
        Map<String, Column> columns = new LinkedHashMap<>();
        for (Map.Entry<String, Object> e : cols.entrySet()) {
            String at = SchemaCheck.key("columns", e.getKey());
            Map<String, Object> col = c.mapping(at, e.getValue());
            c.closed(at, col, COLUMN_KEYS);
            String note = col.containsKey("note") ? c.string(SchemaCheck.key(at, "note"), col.get("note")) : null;
            Map<String, Object> claims = col.containsKey("claims")
                    ? c.mapping(SchemaCheck.key(at, "claims"), col.get("claims"))
                    : null;
            List<ValueNote> notes = new ArrayList<>();
            if (col.containsKey("values")) {
                String vat = SchemaCheck.key(at, "values");
                List<Object> vs = c.list(vat, col.get("values"));
                for (int i = 0; i < vs.size(); i++) {
                    String iat = SchemaCheck.index(vat, i);
                    Map<String, Object> v = c.mapping(iat, vs.get(i));
                    c.closed(iat, v, VALUE_KEYS);
                    c.required(iat, v, "value", "note");
                    String vnote = c.string(SchemaCheck.key(iat, "note"), v.get("note"));
                    notes.add(new ValueNote(v.get("value"), YamlLoader.spell(v.get("value")), vnote));
                }
            }
            columns.put(e.getKey(), new Column(e.getKey(), col, note, claims, Collections.unmodifiableList(notes),
                    col.get("derived_from")));
        }
        List<GrainKey> keys = new ArrayList<>();
        if (m.containsKey("grain")) {
            Map<String, Object> grain = c.mapping("grain", m.get("grain"));
            c.closed("grain", grain, List.of("keys"));
            if (grain.containsKey("keys")) {
                List<Object> ks = c.list("grain.keys", grain.get("keys"));
                for (int i = 0; i < ks.size(); i++) {
                    String kat = SchemaCheck.index("grain.keys", i);
                    Map<String, Object> k = c.mapping(kat, ks.get(i));
                    c.closed(kat, k, List.of("columns", "note"));
                    c.required(kat, k, "columns");
                    List<String> kc = c.columnArray(SchemaCheck.key(kat, "columns"), k.get("columns"), true);
                    String knote = k.containsKey("note") ? c.string(SchemaCheck.key(kat, "note"), k.get("note")) : null;
                    keys.add(new GrainKey(List.copyOf(kc), knote));
                }
            }
        }
        return new StatisticsAnnotations(path, m, Collections.unmodifiableMap(columns), Collections.unmodifiableList(keys));
    }
}
