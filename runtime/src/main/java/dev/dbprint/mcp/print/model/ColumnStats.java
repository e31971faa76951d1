package dev.dbprint.mcp.print.model;

import java.math.BigDecimal;
import java.util.ArrayList;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * One column of {@code statistics.yaml} (format spec §2.2.2–2.2.4), or one part of a column (§2.2.18): a part has the same
 * block keyed by its path, with {@link #occurrences()} in place of the column-only fields.
 * <p>
 * Numbers are typed {@link Number} because a file may spell {@code 0} or {@code 0.0}; spell them back with
 * {@link dev.dbprint.mcp.print.yaml.YamlLoader#spell(Object)}. Every field is null (or false) when absent or of another type;
 * {@link #raw()} holds the block in file order.
 *
 * @param name the column key, or for a part its path ({@code [*].sku})
 * @param values the {@code values} list, or null when the column carries none (distinct from an empty list)
 * @param redacted the {@code redacted} primitive ({@code mask}, {@code hash}, {@code drop}, ...), or null
 * @param parts the {@code parts} map by path, in file order, or null when absent
 * @param derivedFrom {@code derived_from} as parsed (server spec §4.1), or null; not interpreted here
 */
public record ColumnStats(String name, Map<String, Object> raw, String sqlType, String classification, Boolean nullable,
        Long nullCount, Number nullRate, Long cardinality, Number cardinalityRatio, String cardinalityMethod,
        Long rowsScanned, Long occurrences, List<ValueEntry> values, Number valuesCoverage, String valuesCoverageMethod,
        String distribution, Map<String, Object> frequencies, Inferred inferred, String redacted,
        Map<String, ColumnStats> parts, Long partsFound, Object derivedFrom) {

    public boolean hasValues() {
        return values != null;
    }

    /**
     * Whether the values list carries every distinct non-null value of the rows read: {@code values_coverage} of 1.0, or
     * on a numeric/temporal block, which carries no coverage, {@code frequencies.listed} equal to an exact
     * {@code cardinality} (format spec §2.2.5). resolve_value's {@code exhaustive} rests on it; get_table_context
     * calls a list the whole domain by {@link #isWholeDomain()}.
     */
    public boolean listsWholeDomain() {
        if (values == null) {
            return false;
        }
        if (valuesCoverage != null) {
            return Raw.compare(valuesCoverage, BigDecimal.ONE) >= 0;
        }
        Long listed = Raw.lng(frequencies, "listed");
        return listed != null && listed.equals(cardinality) && "exact".equals(cardinalityMethod);
    }

    /**
     * Whether get_table_context calls the list the column's whole domain: a complete list with a
     * {@code values_coverage}. A numeric or temporal list carries none: it is a frequency sample, never a domain
     * (server spec §4.1), even one listing every value.
     */
    public boolean isWholeDomain() {
        return valuesCoverage != null && listsWholeDomain();
    }

    public boolean candidateKey() {
        return inferred != null && inferred.candidateKey();
    }

    /** A {@code min} and {@code max} as written ({@code range}, {@code length}); {@code max} null when absent. */
    public record Bounds(Object min, Object max) {

        static Bounds of(Map<String, Object> block) {
            return block != null && block.containsKey("min") ? new Bounds(block.get("min"), block.get("max")) : null;
        }
    }

    /** One entry of {@code percentiles} as written: its key ({@code p50}, or any other the file uses) and value. */
    public record Percentile(String key, Object value) {
    }

    /** The {@code freshness} block: its classification word and the newest value's age in days, as written. */
    public record ValueAge(String classification, Object maxAgeDays) {
    }

    /** {@code range}, or null when absent or without a {@code min}. */
    public Bounds range() {
        return Bounds.of(Raw.map(raw, "range"));
    }

    /** {@code length}, or null when absent or without a {@code min}. */
    public Bounds length() {
        return Bounds.of(Raw.map(raw, "length"));
    }

    /** {@code percentiles} in file order; empty when absent. */
    public List<Percentile> percentiles() {
        Map<String, Object> block = Raw.map(raw, "percentiles");
        if (block == null) {
            return List.of();
        }
        List<Percentile> out = new ArrayList<>(block.size());
        for (Map.Entry<String, Object> p : block.entrySet()) {
            out.add(new Percentile(p.getKey(), p.getValue()));
        }
        return out;
    }

    /** {@code mean} when a number, else null. */
    public Number mean() {
        return Raw.num(raw, "mean");
    }

    /** {@code zero_count} when a number, else null. */
    public Number zeroCount() {
        return Raw.num(raw, "zero_count");
    }

    /** {@code negative_count} when a number, else null. */
    public Number negativeCount() {
        return Raw.num(raw, "negative_count");
    }

    /** {@code empty_count} when a number, else null. */
    public Number emptyCount() {
        return Raw.num(raw, "empty_count");
    }

    /** The {@code freshness} block, or null when absent or without a classification word. */
    public ValueAge valueAge() {
        Map<String, Object> block = Raw.map(raw, "freshness");
        return block != null && block.get("classification") instanceof String word
                ? new ValueAge(word, block.get("max_age_days"))
                : null;
    }

    /** {@code unmeasured} as written; empty when absent. */
    public List<Object> unmeasured() {
        List<Object> names = Raw.list(raw, "unmeasured");
        return names == null ? List.of() : names;
    }

    /** Whether {@code unmeasured} is a list of field names holding {@code field}. */
    public boolean leftUnmeasured(String field) {
        List<String> names = Raw.strings(raw, "unmeasured");
        return names != null && names.contains(field);
    }

    static ColumnStats of(String name, Map<String, Object> m) {
        List<ValueEntry> values = null;
        List<Object> rawValues = Raw.list(m, "values");
        if (rawValues != null) {
            List<ValueEntry> vs = new ArrayList<>(rawValues.size());
            for (Object o : rawValues) {
                vs.add(ValueEntry.of(o));
            }
            values = Collections.unmodifiableList(vs);
        }
        Map<String, ColumnStats> parts = null;
        Map<String, Object> rawParts = Raw.map(m, "parts");
        if (rawParts != null) {
            Map<String, ColumnStats> ps = new LinkedHashMap<>();
            for (Map.Entry<String, Object> e : rawParts.entrySet()) {
                Map<String, Object> pm = Raw.map(e.getValue());
                ps.put(e.getKey(), of(e.getKey(), pm == null ? Map.of() : pm));
            }
            parts = Collections.unmodifiableMap(ps);
        }
        Object redacted = m.get("redacted");
        return new ColumnStats(name, m, Raw.str(m, "sql_type"), Raw.str(m, "classification"), Raw.bool(m, "nullable"),
                Raw.lng(m, "null_count"), Raw.num(m, "null_rate"), Raw.lng(m, "cardinality"),
                Raw.num(m, "cardinality_ratio"), Raw.str(m, "cardinality_method"), Raw.lng(m, "rows_scanned"),
                Raw.lng(m, "occurrences"), values, Raw.num(m, "values_coverage"), Raw.str(m, "values_coverage_method"),
                Raw.str(m, "distribution"), Raw.map(m, "frequencies"), Inferred.of(Raw.map(m, "inferred")),
                redacted instanceof String s ? s : redacted == null ? null : String.valueOf(redacted), parts,
                Raw.lng(m, "parts_found"), m.get("derived_from"));
    }
}
