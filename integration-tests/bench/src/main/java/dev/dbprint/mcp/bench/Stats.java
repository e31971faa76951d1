package dev.dbprint.mcp.bench;

import java.util.Arrays;

/** Order statistics over a sample of timings (milliseconds). */
public final class Stats {

    private final double[] sorted;

    public Stats(double[] values) {
        this.sorted = values.clone();
        Arrays.sort(sorted);
    }

    public static double median(double[] values) {
        return new Stats(values).median();
    }

    public double median() {
        int n = sorted.length;
        return n % 2 == 1 ? sorted[n / 2] : (sorted[n / 2 - 1] + sorted[n / 2]) / 2;
    }

    /** The nearest-rank percentile: the smallest value with at least {@code p}% of the sample at or below it. */
    public double percentile(double p) {
        int rank = (int) Math.ceil(p / 100 * sorted.length);
        return sorted[Math.max(0, Math.min(sorted.length - 1, rank - 1))];
    }

    public int count() {
        return sorted.length;
    }
}
