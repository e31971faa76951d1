package dev.dbprint.mcp.text;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.lang.management.ManagementFactory;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Random;

import org.junit.jupiter.api.Test;

import com.sun.management.ThreadMXBean;

class IsoInstantTest {

    /** Instants at random and at the edges: whole seconds, minutes and days, each fraction's width, the years' ends. */
    private static List<Instant> instants() {
        List<Instant> out = new ArrayList<>(List.of(Instant.EPOCH, Instant.MIN, Instant.MAX,
                Instant.parse("0000-01-01T00:00:00Z"), Instant.parse("-0001-12-31T23:59:59.999999999Z"),
                Instant.parse("9999-12-31T23:59:59.999999999Z"), Instant.parse("+10000-01-01T00:00:00Z"),
                Instant.parse("2026-03-01T09:30:00.25Z"), Instant.parse("2024-02-29T00:00:00Z"),
                Instant.parse("1969-12-31T23:59:59.000001Z"), Instant.parse("2026-12-06T21:41:54.000000001Z")));
        Random r = new Random(11);
        for (int i = 0; i < 20_000; i++) {
            long seconds = switch (i % 3) {
                case 0 -> 1_500_000_000L + r.nextInt(500_000_000); // a file's modification time
                case 1 -> r.nextLong() % 300_000_000_000L;
                default -> (r.nextLong() % 3_000_000_000L) / 60 * 60; // on a whole minute
            };
            int nano = switch (r.nextInt(5)) {
                case 0 -> 0;
                case 1 -> r.nextInt(1000) * 1_000_000;
                case 2 -> r.nextInt(1_000_000) * 1_000;
                default -> r.nextInt(1_000_000_000);
            };
            out.add(Instant.ofEpochSecond(seconds, nano));
        }
        return out;
    }

    @Test
    void spellsEveryInstantAsItsToStringDoes() {
        for (Instant instant : instants()) {
            assertEquals(instant.toString(), IsoInstant.of(instant));
        }
    }

    /**
     * The string and a date: under 150 bytes an instant, where {@code toString} (its formatter, a date-time and builders)
     * takes about 690.
     */
    @Test
    void makesTheStringAndLittleElse() {
        List<Instant> dated = new ArrayList<>();
        Random r = new Random(3);
        for (int i = 0; i < 1_000; i++) {
            dated.add(Instant.ofEpochSecond(1_700_000_000L + r.nextInt(100_000_000), r.nextInt(1_000_000_000)));
        }
        dated.forEach(IsoInstant::of);
        ThreadMXBean threads = (ThreadMXBean) ManagementFactory.getThreadMXBean();
        long before = threads.getCurrentThreadAllocatedBytes();
        for (Instant instant : dated) {
            IsoInstant.of(instant);
        }
        long allocated = threads.getCurrentThreadAllocatedBytes() - before;
        assertTrue(allocated < 150L * dated.size(), allocated + " bytes for " + dated.size() + " instants");
    }
}
