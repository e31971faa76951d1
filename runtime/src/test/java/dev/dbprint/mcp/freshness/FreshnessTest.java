package dev.dbprint.mcp.freshness;

import static dev.dbprint.mcp.freshness.Freshness.State.DORMANT;
import static dev.dbprint.mcp.freshness.Freshness.State.LIVE;
import static dev.dbprint.mcp.freshness.Freshness.State.STALE;
import static org.junit.jupiter.api.Assertions.assertEquals;

import java.math.BigDecimal;
import java.time.Instant;
import java.time.LocalDate;
import java.time.temporal.ChronoUnit;
import java.util.Optional;

import org.junit.jupiter.api.Test;

/**
 * A table's freshness verdict (server spec §4.2) from its {@code profiled_at} and {@code max_age_days} as a print spells
 * them: the state, the half-even rounding of {@code age_days}, the refused thresholds.
 */
class FreshnessTest {

    private static final Instant NOW = Instant.parse("2026-05-20T00:00:00Z");

    /** The verdict for an entry with these two values, judged at {@link #NOW}. */
    private static Freshness.Verdict judged(Object profiledAt, Object maxAgeDays) {
        String refusal = WholeDays.refusal(maxAgeDays);
        Threshold threshold = refusal == null ? Threshold.of(maxAgeDays, false) : Threshold.refused(refusal);
        return Freshness.judge(ProfiledAt.parse(profiledAt), threshold, NOW);
    }

    private static Freshness.Verdict verdict(Freshness.State state, Double ageDays, Object maxAgeDays) {
        return new Freshness.Verdict(state, ageDays, maxAgeDays, null);
    }

    private static Freshness.Verdict refused(String error) {
        return new Freshness.Verdict(null, null, null, error);
    }

    @Test
    void aTableYoungerThanItsThresholdIsLiveItsAgeRoundedHalfEvenToHundredthsOfADay() {
        Freshness.Verdict twoAndAnEighth = judged("2026-05-17T21:00:00Z", 7); // 2.125 days
        assertEquals(verdict(LIVE, 2.12, 7), twoAndAnEighth);
        assertEquals(verdict(LIVE, 2.14, 7), judged("2026-05-17T20:45:36Z", 7)); // 2.135 days
    }

    @Test
    void anAgeOfExactlyTheThresholdIsStaleAndZeroDaysIsNeverLive() {
        assertEquals(verdict(STALE, 7.0, 7), judged("2026-05-13T00:00:00Z", 7));
        assertEquals(verdict(STALE, 0.0, 0), judged("2026-05-20T00:00:00Z", 0));
        assertEquals(verdict(LIVE, 0.0, 1), judged("2026-05-20T00:00:00Z", 1));
    }

    @Test
    void aMissingOrUnreadableProfiledAtIsDormantWithTheThresholdStillShown() {
        assertEquals(verdict(DORMANT, null, 7), judged(null, 7));
        assertEquals(verdict(DORMANT, null, 7), judged("17/05/2026", 7));
        assertEquals(verdict(DORMANT, null, 7), judged(20260517, 7));
    }

    @Test
    void profiledAtIsReadAsPythonsFromisoformatReadsIt() {
        assertEquals(Optional.of(Instant.parse("2026-05-17T19:00:00Z")), ProfiledAt.parse("2026-05-17 21:00:00+02:00"));
        assertEquals(Optional.of(Instant.parse("2026-05-17T21:00:00.500Z")), ProfiledAt.parse("2026-05-17T21:00:00.5"));
        assertEquals(Optional.of(Instant.parse("2026-05-17T00:00:00Z")), ProfiledAt.parse("2026-05-17"));
        assertEquals(Optional.empty(), ProfiledAt.parse("2026-05"));
    }

    @Test
    void aThresholdThatIsNotAWholeNonNegativeNumberOfDaysIsRefusedAlone() {
        assertEquals(refused("7.5 is not a whole number of days"),
                judged("2026-05-17T21:00:00Z", new BigDecimal("7.5")));
        assertEquals(refused("-1 is negative"), judged("2026-05-17T21:00:00Z", -1));
        assertEquals(refused("True is not a number of days"), judged("2026-05-17T21:00:00Z", true));
        assertEquals(refused("'7' is not a number of days"), judged("2026-05-17T21:00:00Z", "7"));
        assertEquals(refused("inf is not a whole number of days"),
                judged("2026-05-17T21:00:00Z", Double.POSITIVE_INFINITY));
    }

    @Test
    void aWholeFloatIsAThresholdShownAsWritten() {
        assertEquals(verdict(LIVE, 2.12, new BigDecimal("7.0")), judged("2026-05-17T21:00:00Z", new BigDecimal("7.0")));
    }

    @Test
    void agesAndThresholdsPastWhatALongHoldsAreStillExact() {
        long days = ChronoUnit.DAYS.between(LocalDate.of(1, 1, 1), LocalDate.of(2026, 5, 20)); // past 292 years in nanos
        assertEquals(verdict(STALE, (double) days, 7), judged("0001-01-01", 7));
        long huge = 10_000_000_000L; // more days than an int holds
        assertEquals(verdict(LIVE, (double) days, huge), judged("0001-01-01", huge));
        assertEquals(verdict(STALE, 1.0, 1), judged("2026-05-19", 1));
    }
}
