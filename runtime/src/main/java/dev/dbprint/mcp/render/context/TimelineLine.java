package dev.dbprint.mcp.render.context;

import java.time.DateTimeException;
import java.time.LocalDate;
import java.util.ArrayList;
import java.util.List;
import java.util.Objects;
import java.util.Optional;

import dev.dbprint.mcp.print.model.Statistics;
import dev.dbprint.mcp.print.model.Statistics.Bucket;
import dev.dbprint.mcp.render.vocabulary.Literals;
import dev.dbprint.mcp.render.vocabulary.Term;
import dev.dbprint.mcp.render.vocabulary.TermsLegend;

/**
 * The profile header's {@code Timeline:} line (format spec §2.2.16): the anchor column and its unit, how many buckets
 * hold a row and their span, the fewest and most rows in one, the latest three (where a period still being written
 * shows as a drop), the gaps between the first and the last bucket, and the share of the scanned rows bucketed. The
 * bucket list itself stays in json/yaml; one line keeps a table of years of daily buckets on the first page.
 */
final class TimelineLine {

    private static final int LATEST = 3;

    private TimelineLine() {
    }

    static Optional<String> of(Statistics s, TermsLegend legend) {
        Statistics.Timeline timeline = s.timeline();
        if (timeline == null) {
            return Optional.empty();
        }
        String unit = timeline.unit();
        Term unitTerm = Term.unitOf(unit);
        List<Term> terms = new ArrayList<>(List.of(Term.TIMELINE));
        terms.add(unitTerm);
        StringBuilder line = new StringBuilder("Timeline: ").append(Objects.toString(timeline.column(), "?"));
        if (unit != null) {
            line.append(" (").append(unit).append(")");
        }
        List<Bucket> buckets = timeline.buckets();
        if (buckets.isEmpty()) {
            line.append("; buckets: none");
        } else {
            long fewest = Long.MAX_VALUE;
            long most = Long.MIN_VALUE;
            for (Bucket b : buckets) {
                fewest = Math.min(fewest, b.count());
                most = Math.max(most, b.count());
            }
            line.append("; buckets: ").append(buckets.size()).append(", ")
                    .append(Literals.of(buckets.get(0).start())).append(" to ")
                    .append(Literals.of(buckets.get(buckets.size() - 1).start())).append(", ").append(fewest)
                    .append(fewest == most ? "" : " to " + most).append(" rows each; latest: ");
            List<String> latest = new ArrayList<>();
            for (Bucket b : buckets.subList(Math.max(0, buckets.size() - LATEST), buckets.size())) {
                latest.add(Literals.of(b.start()) + " (" + b.count() + ")");
            }
            line.append(String.join(", ", latest));
            Long gaps = gaps(buckets, unitTerm);
            if (gaps != null) {
                line.append("; gaps: ").append(gaps == 0 ? "none" : gaps);
                terms.add(Term.GAPS);
            }
        }
        Number coverage = timeline.coverage();
        if (coverage != null) {
            line.append("; bucketed: ").append(Shares.percent(coverage)).append(" of the scanned rows");
        }
        return Optional.of(legend.mark(line.append("\n").toString(), terms.toArray(new Term[0])));
    }

    /**
     * The periods between the first and the last bucket that hold no row: the print lists only buckets with a row, so
     * two starts more than one unit apart enclose a gap. Null when a start does not begin with an ISO date or the unit
     * is not one the format names, rather than a guess.
     */
    private static Long gaps(List<Bucket> buckets, Term unit) {
        if (unit == null) {
            return null;
        }
        long missing = 0;
        LocalDate previous = null;
        for (Bucket b : buckets) {
            LocalDate start = date(b.start());
            if (start == null) {
                return null;
            }
            if (previous != null) {
                long apart = unit == Term.MONTH
                        ? monthsApart(previous, start)
                        : daysApart(previous, start) / (unit == Term.WEEK ? 7 : 1);
                missing += Math.max(0, apart - 1);
            }
            previous = start;
        }
        return missing;
    }

    /**
     * The date a start begins with, as {@code yyyy-MM-dd} in ASCII digits and valid in the ISO calendar (what
     * {@code LocalDate.parse} accepts in ten characters), else null. Read by hand: the JDK's ISO formatter set up its
     * whole formatter table and parsed each bucket in the interpreter, 3-4 ms of a first get_table_context on JDK 17.
     */
    static LocalDate date(Object start) {
        String s = String.valueOf(start);
        if (s.length() < 10 || s.charAt(4) != '-' || s.charAt(7) != '-') {
            return null;
        }
        int year = digits(s, 0, 4);
        int month = digits(s, 5, 7);
        int day = digits(s, 8, 10);
        if (year < 0 || month < 0 || day < 0) {
            return null;
        }
        try {
            return LocalDate.of(year, month, day);
        } catch (DateTimeException e) {
            return null;
        }
    }

    /**
     * Months from {@code from}'s month to {@code to}'s, as {@code ChronoUnit.MONTHS} counts between their first days;
     * that and {@code ChronoUnit.DAYS} look each date up through more of java.time, for one subtraction.
     */
    static long monthsApart(LocalDate from, LocalDate to) {
        return to.getYear() * 12L + to.getMonthValue() - (from.getYear() * 12L + from.getMonthValue());
    }

    /** Days from {@code from} to {@code to}, as {@code ChronoUnit.DAYS} counts them. */
    static long daysApart(LocalDate from, LocalDate to) {
        return to.toEpochDay() - from.toEpochDay();
    }

    /** The number the ASCII digits {@code s[from, to)} spell, or -1 if one is not a digit. */
    private static int digits(String s, int from, int to) {
        int n = 0;
        for (int i = from; i < to; i++) {
            char c = s.charAt(i);
            if (c < '0' || c > '9') {
                return -1;
            }
            n = n * 10 + (c - '0');
        }
        return n;
    }
}
