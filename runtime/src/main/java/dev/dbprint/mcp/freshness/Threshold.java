package dev.dbprint.mcp.freshness;

import java.math.BigInteger;

/**
 * The {@code max_age_days} a table is judged against (server spec §4.2), or why none could be resolved.
 *
 * @param value the threshold as written where it was found (manifest entry, rule or connection), or null when refused
 * @param days {@code value} as a whole number of days, or null when refused
 * @param error why the threshold is refused, or null
 * @param byNameOnly whether it was resolved from the rules while a {@code min_rows} rule naming the table and setting
 *        {@code max_age_days} could not be applied (no row count offline)
 */
public record Threshold(Object value, BigInteger days, String error, boolean byNameOnly) {

    static Threshold of(Object value, boolean byNameOnly) {
        return new Threshold(value, WholeDays.days(value), null, byNameOnly);
    }

    static Threshold refused(String error) {
        return new Threshold(null, null, error, false);
    }

    public boolean refused() {
        return error != null;
    }
}
