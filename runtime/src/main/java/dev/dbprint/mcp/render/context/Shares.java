package dev.dbprint.mcp.render.context;

import java.math.BigDecimal;
import java.math.MathContext;
import java.math.RoundingMode;

import dev.dbprint.mcp.print.model.Raw;

/**
 * Percentages for the Markdown (spec §4.1): one decimal place, trailing zeros dropped, and a share strictly between 0 and
 * 1 never shown as 0% or 100% — more places are taken until it is not, so a rare value is never read as absent nor a
 * near-total one as total.
 */
public final class Shares {

    private Shares() {
    }

    /** {@code part / whole} as a percentage; {@code whole} 0 reads as 0%. */
    public static String percent(long part, long whole) {
        if (whole <= 0) {
            return "0%";
        }
        return percent(BigDecimal.valueOf(part).divide(BigDecimal.valueOf(whole), 12, RoundingMode.HALF_EVEN));
    }

    /** A share in [0, 1] as a percentage. */
    public static String percent(Number share) {
        BigDecimal s = Raw.decimal(share);
        BigDecimal pct = s.movePointRight(2);
        boolean strictlyInside = s.signum() > 0 && s.compareTo(BigDecimal.ONE) < 0;
        int scale = 1;
        BigDecimal shown = pct.setScale(scale, RoundingMode.HALF_EVEN);
        while (strictlyInside && scale < 12 && (shown.signum() == 0 || shown.compareTo(BigDecimal.valueOf(100)) >= 0)) {
            scale++;
            shown = pct.setScale(scale, RoundingMode.HALF_EVEN);
        }
        if (strictlyInside && shown.signum() == 0) {
            shown = pct.round(new MathContext(1, RoundingMode.UP));
        }
        // toPlainString spells a negative scale (100 stripped is 1E+2) without an exponent
        return shown.stripTrailingZeros().toPlainString() + "%";
    }

    /** {@code part / whole} rounded as statistics.yaml rounds a rate: six places, never onto 0 or 1 from inside. */
    public static BigDecimal rate(long part, long whole) {
        if (whole <= 0 || part <= 0) {
            return new BigDecimal("0.0");
        }
        if (part >= whole) {
            return new BigDecimal("1.0");
        }
        BigDecimal r = BigDecimal.valueOf(part).divide(BigDecimal.valueOf(whole), 6, RoundingMode.HALF_EVEN);
        if (r.signum() == 0) {
            return new BigDecimal("0.000001");
        }
        if (r.compareTo(BigDecimal.ONE) >= 0) {
            return new BigDecimal("0.999999");
        }
        return r.stripTrailingZeros(); // strictly between 0 and 1: at least one decimal place is left
    }
}
