package dev.dbprint.mcp.freshness;

import java.math.BigDecimal;
import java.math.BigInteger;
import java.math.RoundingMode;
import java.time.Duration;
import java.time.Instant;
import java.util.Optional;

/**
 * The freshness verdict of one table at one instant (server spec §4.2): {@code live} when its age is below the
 * threshold, {@code stale} when it is not, {@code dormant} when {@code profiled_at} is absent or unparseable.
 * {@code max_age_days: 0} is therefore never live: no age satisfies it (CONFIG.md). {@code age_days} is the exact age
 * rounded half-even to two places (Python's {@code round(x, 2)} on the exact value).
 * <p>
 * Computed for every table on every detailed call, so the common case is long arithmetic on nanoseconds; an age past
 * what a long holds (about 292 years) takes the BigDecimal path.
 */
public final class Freshness {

    /** A table's verdict, with the word list_tables writes for it. */
    public enum State {

        LIVE("live"), STALE("stale"), DORMANT("dormant");

        private final String wire;

        State(String wire) {
            this.wire = wire;
        }

        public String wire() {
            return wire;
        }
    }

    private static final long NANOS_PER_SECOND = 1_000_000_000L;
    private static final long NANOS_PER_HUNDREDTH_DAY = 864L * NANOS_PER_SECOND;
    private static final BigDecimal SECONDS_PER_DAY = BigDecimal.valueOf(86_400);

    private Freshness() {
    }

    /**
     * One table's verdict.
     *
     * @param state live, stale or dormant; null when the threshold is refused
     * @param ageDays the age in days to two places; null when dormant or refused
     * @param maxAgeDays the threshold as configured; null when refused
     * @param thresholdError why the threshold is refused, or null
     */
    public record Verdict(State state, Double ageDays, Object maxAgeDays, String thresholdError) {

        /** Whether list_tables would call the table out of date: stale, or dormant (undatable). */
        public boolean outOfDate() {
            return state == State.STALE || state == State.DORMANT;
        }
    }

    /** @param profiledAt the entry's parsed {@code profiled_at}, empty when absent or unparseable */
    public static Verdict judge(Optional<Instant> profiledAt, Threshold threshold, Instant now) {
        if (threshold.refused()) {
            return new Verdict(null, null, null, threshold.error());
        }
        if (profiledAt.isEmpty()) {
            return new Verdict(State.DORMANT, null, threshold.value(), null);
        }
        Duration age = Duration.between(profiledAt.get(), now);
        return new Verdict(younger(age, threshold.days()) ? State.LIVE : State.STALE, hundredthsOfDays(age) / 100.0,
                threshold.value(), null);
    }

    private static boolean younger(Duration age, BigInteger days) {
        if (days.bitLength() < 32) {
            return age.compareTo(Duration.ofDays(days.longValue())) < 0;
        }
        return seconds(age).compareTo(new BigDecimal(days).multiply(SECONDS_PER_DAY)) < 0;
    }

    /** The age in hundredths of a day, rounded half-even. */
    private static long hundredthsOfDays(Duration age) {
        long s = age.getSeconds();
        if (Math.abs(s) < Long.MAX_VALUE / NANOS_PER_SECOND - 1) {
            long nanos = s * NANOS_PER_SECOND + age.getNano();
            long q = Math.floorDiv(nanos, NANOS_PER_HUNDREDTH_DAY);
            long r2 = 2 * Math.floorMod(nanos, NANOS_PER_HUNDREDTH_DAY);
            return r2 > NANOS_PER_HUNDREDTH_DAY || (r2 == NANOS_PER_HUNDREDTH_DAY && (q & 1) == 1) ? q + 1 : q;
        }
        return seconds(age).multiply(BigDecimal.valueOf(100)).divide(SECONDS_PER_DAY, 0, RoundingMode.HALF_EVEN)
                .longValueExact();
    }

    private static BigDecimal seconds(Duration age) {
        return BigDecimal.valueOf(age.getSeconds()).add(BigDecimal.valueOf(age.getNano(), 9));
    }
}
