package dev.dbprint.mcp.freshness;

import java.math.BigDecimal;
import java.math.BigInteger;

import dev.dbprint.mcp.print.model.Raw;
import dev.dbprint.mcp.print.yaml.YamlLoader;
import dev.dbprint.mcp.text.PyRepr;

/**
 * A {@code max_age_days} value as written (in a manifest entry, a connection or a rule): a whole number of days, not
 * negative (format spec §2.5, CONFIG.md). {@code 7} and {@code 7.0} are both seven days; {@code 7.5}, {@code -1},
 * {@code true} and {@code '7'} are refused.
 */
final class WholeDays {

    private WholeDays() {
    }

    /** Why {@code value} is not a usable threshold, or null when it is. */
    static String refusal(Object value) {
        if (value instanceof Boolean || !(value instanceof Number n)) {
            return spelled(value) + " is not a number of days";
        }
        BigDecimal d = decimal(n);
        if (d == null || d.stripTrailingZeros().scale() > 0) {
            return spelled(value) + " is not a whole number of days";
        }
        if (d.signum() < 0) {
            return spelled(value) + " is negative";
        }
        return null;
    }

    /** The number of days of a value {@link #refusal} accepted. */
    static BigInteger days(Object value) {
        return decimal((Number) value).toBigIntegerExact();
    }

    /**
     * The value as the file spells it, strings quoted so a quoted number reads as the string it is. A print file's
     * float arrives as a BigDecimal at its written scale; {@code .dbprint.yaml}'s as a Double, spelled as Python would.
     */
    static String spelled(Object value) {
        return value instanceof BigDecimal || value instanceof BigInteger || value instanceof Long
                || value instanceof Integer ? YamlLoader.spell(value) : PyRepr.repr(value);
    }

    /** The exact value, or null for {@code .inf} / {@code .nan}. */
    private static BigDecimal decimal(Number n) {
        if ((n instanceof Double || n instanceof Float) && !Double.isFinite(n.doubleValue())) {
            return null;
        }
        return Raw.decimal(n);
    }
}
