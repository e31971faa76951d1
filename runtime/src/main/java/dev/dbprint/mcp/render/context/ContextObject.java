package dev.dbprint.mcp.render.context;

import java.math.BigDecimal;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;

import dev.dbprint.mcp.paging.ListReply;
import dev.dbprint.mcp.print.model.ColumnStats;
import dev.dbprint.mcp.print.model.Edge;
import dev.dbprint.mcp.print.model.RelationshipsAnnotations;
import dev.dbprint.mcp.print.model.StatisticsAnnotations;

/**
 * The json/yaml object of get_table_context (spec §4.1) with exactly the keys its purpose lists, described for the
 * pager: the identity fields and text sections as header keys in section order, and every map or list a page may split
 * as a walk — statistics.columns, annotations.columns and the per-column maps entry by entry — so the pages merge key by
 * key into the whole object.
 */
public final class ContextObject {

    private ContextObject() {
    }

    public record Flags(boolean stats, boolean relationships, boolean description, boolean annotations) {
    }

    public static ListReply profile(ContextModel m, Flags f) {
        Map<String, Object> header = identity(m, m.documented());
        if (f.description) {
            m.description.ifPresent(d -> header.put("description", d));
        }
        List<ListReply.Walk> walks = new ArrayList<>();
        m.annotations.ifPresent(a -> split(walks, "annotations", a.raw(), "columns"));
        if (f.stats) {
            m.statistics.ifPresent(s -> {
                Map<String, Object> raw = new LinkedHashMap<>(s.raw());
                Map<String, Object> cols = new LinkedHashMap<>();
                s.columns().forEach((name, c) -> cols.put(name, withoutSketch(c.raw())));
                raw.put("columns", cols);
                split(walks, "statistics", raw, "columns");
            });
        }
        if (f.relationships) {
            m.relationships.ifPresent(r -> {
                Map<String, Object> raw = new LinkedHashMap<>(r.raw());
                raw.put("refers_to", edges(m, true));
                raw.put("referenced_by", edges(m, false));
                split(walks, "relationships", raw, "refers_to", "referenced_by");
            });
        }
        m.relationshipAnnotations.ifPresent(a -> {
            Map<String, Object> raw = new LinkedHashMap<>(a.raw());
            List<Object> kept = new ArrayList<>();
            for (RelationshipsAnnotations.Entry e : a.refersTo()) {
                if (!withholds(m, e)) {
                    kept.add(e.raw());
                }
            }
            raw.put("refers_to", kept);
            split(walks, "relationship_annotations", raw, "refers_to");
        });
        return new ListReply(header, Map.of(), walks, false);
    }

    public static ListReply query(ContextModel m, QueryMarkdown md, Flags f) {
        Map<String, Object> header = identity(m, QueryMarkdown.documented(m));
        if (f.description) {
            m.description.ifPresent(d -> header.put("description", d));
        }
        Map<String, Object> values = new LinkedHashMap<>();
        Map<String, Object> nulls = new LinkedHashMap<>();
        Set<String> onEdge = new HashSet<>();
        List<Object> refersTo = new ArrayList<>();
        List<Object> referencedBy = new ArrayList<>();
        if (f.relationships && m.relationships.isPresent()) {
            for (ContextModel.Join j : m.joins) {
                Map<String, Object> e = joinObject(m, j);
                if (j.outgoing() && e.containsKey("null_rate") && (j.path() == null || j.path().isEmpty())) {
                    onEdge.add(j.column().get(0));
                }
                (j.outgoing() ? refersTo : referencedBy).add(e);
            }
        }
        for (Map.Entry<String, ColumnStats> e : m.columns().entrySet()) {
            ColumnStats c = e.getValue();
            ValueList v = ValueList.of(c, m.annotation(e.getKey()), m.rowsScanned(), m.scoped());
            if (v != null) {
                values.put(e.getKey(), valuesObject(v, c, md.meaningsUndocumented(e.getKey(), c, v)));
            } else if (MarkdownParts.nullable(c) && !onEdge.contains(e.getKey())) {
                nulls.put(e.getKey(), c.nullRate());
            }
        }
        List<ListReply.Walk> walks = new ArrayList<>();
        walks.add(ListReply.Walk.map("values", values));
        if (f.relationships && m.relationships.isPresent()) {
            walks.add(ListReply.Walk.list(List.of("joins"), "refers_to", refersTo));
            walks.add(ListReply.Walk.list(List.of("joins"), "referenced_by", referencedBy));
        }
        walks.add(ListReply.Walk.map("nulls", nulls));
        if (f.annotations) { // a model built without annotations holds no note; these keys go too, not sent empty
            Map<String, Object> dictionary = new LinkedHashMap<>();
            m.annotations.ifPresent(a -> a.columns().forEach((name, c) -> {
                if (c.note() != null) {
                    dictionary.put(name, c.note());
                }
            }));
            walks.add(ListReply.Walk.map("dictionary", dictionary));
            Map<String, Object> inherited = new LinkedHashMap<>();
            m.inherited.forEach((col, list) -> {
                List<Object> out = new ArrayList<>();
                for (ContextModel.Inherited in : list) {
                    Map<String, Object> o = new LinkedHashMap<>();
                    o.put("source", in.source());
                    if (in.note() != null) {
                        o.put("note", in.note());
                    }
                    if (!in.values().isEmpty()) {
                        o.put("values", valueNotes(in.values()));
                    }
                    out.add(o);
                }
                inherited.put(col, out);
            });
            walks.add(ListReply.Walk.map("inherited_notes", inherited));
        }
        return new ListReply(header, Map.of(), walks, false);
    }

    // ---------------------------------------------------------------- parts

    private static Map<String, Object> identity(ContextModel m, boolean documented) {
        Map<String, Object> h = new LinkedHashMap<>();
        h.put("table", m.fqn);
        if (m.rowCount() != null) {
            h.put("row_count", m.rowCount());
        }
        if (m.scoped()) {
            h.put("scope", m.statistics.get().scope());
        }
        if (!documented) {
            h.put("meanings_documented", false);
        }
        if (!m.corrupted.isEmpty()) {
            h.put("_corrupted", new LinkedHashMap<>(m.corrupted));
        }
        if (!m.missing.isEmpty()) {
            h.put("_missing", List.copyOf(m.missing));
        }
        if (m.connectionNotes.isPresent() && m.connectionNotes.get().hasNotes()) {
            h.put("connection_notes", m.connectionNotes.get().notes());
        }
        m.ddl.ifPresent(d -> h.put("ddl", d));
        return h;
    }

    /** Adds a map as walks: its other keys first, then each named inner collection entry by entry. */
    private static void split(List<ListReply.Walk> walks, String key, Map<String, Object> raw, String... inner) {
        Map<String, Object> rest = new LinkedHashMap<>(raw);
        for (String k : inner) {
            rest.remove(k);
        }
        if (!rest.isEmpty()) {
            walks.add(ListReply.Walk.map(key, rest));
        }
        for (String k : inner) {
            Object v = raw.get(k);
            if (v instanceof Map<?, ?> map) {
                @SuppressWarnings("unchecked")
                Map<String, ?> entries = (Map<String, ?>) map;
                walks.add(ListReply.Walk.map(List.of(key), k, entries));
            } else if (v instanceof List<?> list) {
                walks.add(ListReply.Walk.list(List.of(key), k, list));
            }
        }
    }

    private static Map<String, Object> withoutSketch(Map<String, Object> column) {
        Map<String, Object> c = new LinkedHashMap<>(column);
        c.remove("sketch");
        if (c.get("parts") instanceof Map<?, ?> parts) {
            Map<String, Object> ps = new LinkedHashMap<>();
            parts.forEach((k, v) -> {
                @SuppressWarnings("unchecked")
                Map<String, Object> pm = v instanceof Map<?, ?> ? withoutSketch((Map<String, Object>) v) : null;
                ps.put(String.valueOf(k), pm == null ? v : pm);
            });
            c.put("parts", ps);
        }
        return c;
    }

    /** relationships.yaml's side less withheld edges, notes merged, added edges after, as detection annotated. */
    private static List<Object> edges(ContextModel m, boolean outgoing) {
        List<Object> out = new ArrayList<>();
        for (ContextModel.Join j : m.joins) {
            if (j.outgoing() != outgoing) {
                continue;
            }
            Map<String, Object> e;
            if (j.emitted() != null) {
                e = new LinkedHashMap<>(j.emitted().raw());
            } else {
                e = new LinkedHashMap<>();
                e.put("column", j.column());
                if (j.path() != null) {
                    e.put("path", j.path());
                }
                e.put(outgoing ? "target_table" : "referencer_table", j.otherTable());
                e.put(outgoing ? "target_column" : "referencer_column", j.otherColumn());
                if (j.otherPath() != null) {
                    e.put(outgoing ? "target_path" : "referencer_path", j.otherPath());
                }
                e.put("detection", "annotated");
            }
            if (j.note() != null) {
                e.put("note", j.note());
            }
            out.add(e);
        }
        return out;
    }

    private static boolean withholds(ContextModel m, RelationshipsAnnotations.Entry e) {
        if (!e.rejected() || m.relationships.isEmpty()) {
            return false;
        }
        for (Edge edge : m.relationships.get().refersTo()) {
            if (e.addresses(edge) && m.joins.stream().noneMatch(j -> j.emitted() == edge)) {
                return true;
            }
        }
        return false;
    }

    private static Map<String, Object> joinObject(ContextModel m, ContextModel.Join j) {
        Map<String, Object> e = new LinkedHashMap<>();
        e.put("column", j.column());
        if (j.path() != null) {
            e.put("path", j.path());
        }
        e.put(j.outgoing() ? "target_table" : "referencer_table", j.otherTable());
        e.put(j.outgoing() ? "target_column" : "referencer_column", j.otherColumn());
        if (j.otherPath() != null) {
            e.put(j.outgoing() ? "target_path" : "referencer_path", j.otherPath());
        }
        e.put("detection", j.detection());
        if (j.note() != null) {
            e.put("note", j.note());
        }
        if (j.outgoing() && j.column() != null && j.column().size() == 1) {
            ColumnStats c = m.columns().get(j.column().get(0));
            if (j.path() != null && !j.path().isEmpty()) {
                BigDecimal rate = MarkdownParts.pathNullRate(c, j.path(), m.rowsScanned());
                if (rate != null) {
                    e.put("null_rate", rate);
                }
            } else if (c != null && MarkdownParts.nullable(c)) {
                e.put("null_rate", c.nullRate()); // null when not measured, as in nulls
            }
        }
        return e;
    }

    private static Map<String, Object> valuesObject(ValueList v, ColumnStats c, boolean undocumented) {
        Map<String, Object> o = new LinkedHashMap<>();
        List<Object> entries = new ArrayList<>();
        for (ValueList.Group g : v.groups()) {
            entries.add(entry(g.head(), v.redacted()));
            g.spellings().forEach(s -> entries.add(entry(s, v.redacted())));
        }
        o.put("entries", entries);
        if (c.valuesCoverage() != null) {
            o.put("coverage", c.valuesCoverage()); // a numeric or temporal column carries none, complete or not
        }
        o.put("coverage_statement", v.coverageStatement());
        if (v.kind() != ValueList.Kind.COMPLETE) {
            o.put("shown_coverage", v.shownCoverage());
        }
        if (undocumented) {
            o.put("meanings_documented", false);
        }
        if (MarkdownParts.nullable(c)) {
            o.put("null_rate", c.nullRate());
        }
        return o;
    }

    private static Map<String, Object> entry(ValueList.Shown s, boolean redacted) {
        Map<String, Object> e = new LinkedHashMap<>();
        if (!redacted) {
            e.put("value", s.entry().value());
        }
        e.put("count", s.entry().count());
        if (s.entry().hasSpellingOf()) {
            e.put("spelling_of", s.entry().spellingOf());
        }
        if (s.note() != null) {
            e.put("note", s.note());
        }
        return e;
    }

    private static List<Object> valueNotes(List<StatisticsAnnotations.ValueNote> notes) {
        List<Object> out = new ArrayList<>();
        for (StatisticsAnnotations.ValueNote n : notes) {
            Map<String, Object> o = new LinkedHashMap<>();
            o.put("value", n.value());
            o.put("note", n.note());
            out.add(o);
        }
        return out;
    }
}
