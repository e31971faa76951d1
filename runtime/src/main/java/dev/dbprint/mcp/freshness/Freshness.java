package dev.dbprint.mcp.freshness;

import java.math.BigDecimal;
import java.math.RoundingMode;
import java.time.Duration;
import java.time.Instant;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Optional;

/**
 * The freshness verdict of one table at one instant (server spec §4.2): {@code live} when its age is below the
 * threshold, {@code stale} when it is not, {@code dormant} when {@code profiled_at} is absent or unparseable.
 * {@code max_age_days: 0} is therefore never live: no age satisfies it (CONFIG.md).
 */
public final class Freshness {

    public static final String LIVE = "live", STALE = "stale", DORMANT = "dormant";

    private static final BigDecimal SECONDS_PER_DAY = BigDecimal.valueOf(86_400);

    private Freshness() {
    }

    /**
     * The verdict's keys for a list_tables detail entry, in order: {@code freshness}, {@code age_days},
     * {@code max_age_days}; or {@code threshold_error} alone when the threshold is refused.
     */
    public static Map<String, Object> judge(Object profiledAt, Threshold threshold, Instant now) {
        Map<String, Object> out = new LinkedHashMap<>();
        if (threshold.refused()) {
            out.put("threshold_error", threshold.error());
            return out;
        }
        Optional<Instant> at = ProfiledAt.parse(profiledAt);
        if (at.isEmpty()) {
            out.put("freshness", DORMANT);
            out.put("age_days", null);
        } else {
            BigDecimal seconds = ageSeconds(at.get(), now);
            boolean live = seconds.compareTo(new BigDecimal(threshold.days()).multiply(SECONDS_PER_DAY)) < 0;
            out.put("freshness", live ? LIVE : STALE);
            out.put("age_days", seconds.divide(SECONDS_PER_DAY, 2, RoundingMode.HALF_EVEN).doubleValue());
        }
        out.put("max_age_days", threshold.value());
        return out;
    }

    /** The exact age in seconds (negative when profiled_at lies ahead of the clock). */
    private static BigDecimal ageSeconds(Instant profiledAt, Instant now) {
        Duration age = Duration.between(profiledAt, now);
        return BigDecimal.valueOf(age.getSeconds()).add(BigDecimal.valueOf(age.getNano(), 9));
    }
}
