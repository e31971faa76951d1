package dev.dbprint.mcp.search;

import java.math.BigDecimal;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;

import dev.dbprint.mcp.print.model.ColumnStats;
import dev.dbprint.mcp.print.model.Raw;
import dev.dbprint.mcp.print.model.Statistics;
import dev.dbprint.mcp.print.model.StatisticsAnnotations;
import dev.dbprint.mcp.print.model.ValueEntry;

/**
 * What one column's (or part's) value list lets resolve_value claim (§4.7): the entries with their notes, how complete
 * the list is, and — when no value can be matched against it — why not.
 *
 * @param entries the listed values in file order (empty when the block lists none)
 * @param notes per-value notes from statistics.annotations.yaml, keyed by the value as the file spells it
 * @param coverage {@code values_coverage} as written, or null where the classification publishes none
 * @param completeOverRead the list carries every distinct value of the rows read ({@link ColumnStats#listsWholeDomain()}): {@code values_coverage} of 1.0, or on a
 *        numeric/temporal block {@code frequencies.listed} equal to an exact {@code cardinality} (format spec §2.2.5)
 * @param scoped the table was read in part (format spec §2.2.8)
 * @param unavailable why nothing can be matched against the list, or null when it can
 * @param allNull {@code null_rate} is 1.0: the rows read hold no value at all, which an empty list alone does not say
 */
public record PublishedValues(List<ValueEntry> entries, Map<String, StatisticsAnnotations.ValueNote> notes,
        Number coverage, boolean completeOverRead, boolean scoped, String unavailable, boolean allNull) {

    /** The longest complete list returned whole as {@code domain}. */
    public static final int DOMAIN_LIMIT = 50;

    /** The classifications format spec §2.2.3 gives a value list; any other never carries one. */
    private static final Set<String> LISTING = Set.of("boolean", "categorical",
            "foreign_key_candidate", "numeric", "temporal", "text");

    static final String NO_STATISTICS = "the table declares no statistics artifact, so the print holds no value list"
            + " for any of its columns";

    /** Only the table declares no statistics.yaml: nothing is known of the column. */
    public static PublishedValues noStatistics() {
        return new PublishedValues(List.of(), Map.of(), null, false, false, NO_STATISTICS, false);
    }

    /**
     * The list of {@code block}, a column of {@code stats} or, when {@code part} is true, a part of one.
     *
     * @param annotation the column's annotation entry, or null (parts carry none)
     */
    public static PublishedValues of(Statistics stats, ColumnStats block, boolean part,
            StatisticsAnnotations.Column annotation) {
        List<ValueEntry> entries = block.values() == null ? List.of() : block.values();
        Map<String, StatisticsAnnotations.ValueNote> notes = new LinkedHashMap<>();
        if (annotation != null) {
            for (StatisticsAnnotations.ValueNote n : annotation.values()) {
                notes.putIfAbsent(n.text(), n);
            }
        }
        return new PublishedValues(entries, notes, block.valuesCoverage(), block.listsWholeDomain(), stats.scoped(),
                unavailable(stats, block, part ? "part" : "column"),
                block.nullRate() != null && Raw.compare(block.nullRate(), BigDecimal.ONE) == 0);
    }

    /**
     * exhaustive (§4.7): the list is complete over the table, which a table read in part never is. A fact about the
     * list, so a redacted column's complete list of placeholders is exhaustive even though nothing can be matched to it.
     */
    public boolean exhaustive() {
        return completeOverRead && !scoped;
    }

    /** How many entries the print carries. */
    public int listed() {
        return entries.size();
    }

    /** Whether the reply carries {@code domain}: a complete list of at most {@value #DOMAIN_LIMIT} entries. */
    public boolean domainApplies() {
        return unavailable == null && completeOverRead && entries.size() <= DOMAIN_LIMIT;
    }

    /** The note a human wrote on {@code entry}'s value, or null. */
    public String noteOf(ValueEntry entry) {
        StatisticsAnnotations.ValueNote n = notes.get(entry.text());
        return n == null ? null : n.note();
    }

    private static String unavailable(Statistics stats, ColumnStats block, String noun) {
        if (stats.catalogOnly()) {
            return "the table is described from its catalog alone (catalog_only): no query was issued, so no value"
                    + " list was measured";
        }
        if (block.redacted() != null) {
            return "the " + noun + "'s values are redacted (redacted: " + block.redacted()
                    + "): the print publishes their counts but no literal to match against";
        }
        if (block.leftUnmeasured("values")) {
            return "the " + noun + "'s value list was not measured this run (unmeasured: values)";
        }
        if (stats.scoped() && Long.valueOf(0).equals(Raw.asLong(stats.partialRead().rowsScanned()))) {
            return "the table was read in part (scope) and the scan read no rows, so no value was listed";
        }
        if (block.values() == null) {
            Object looksLike = block.inferred() == null ? null : block.inferred().looksLike();
            if ("prose".equals(looksLike)) {
                return "the " + noun + " holds free text (inferred.looks_like: prose), for which the print publishes"
                        + " no value list";
            }
            String classification = block.classification() == null ? "none recorded" : block.classification();
            if (LISTING.contains(classification)) {
                return "the " + noun + " carries no value list (classification " + classification + ")";
            }
            return "the " + noun + "'s classification (" + classification + ") publishes no value list";
        }
        return null;
    }
}
