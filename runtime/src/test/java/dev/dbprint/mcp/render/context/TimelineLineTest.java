package dev.dbprint.mcp.render.context;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.time.LocalDate;
import java.time.format.DateTimeParseException;
import java.time.temporal.ChronoUnit;
import java.util.ArrayList;
import java.util.List;
import java.util.Random;

import org.junit.jupiter.api.Test;

/**
 * The timeline's dates are read by hand rather than by {@code LocalDate.parse}: whatever a bucket's start says, the date
 * read, or its absence, is the one the JDK's ISO parser gave, and so are the months and days between two of them.
 */
class TimelineLineTest {

    /** What the line used before: the ISO parse of the first ten characters. */
    private static LocalDate isoParse(Object start) {
        String s = String.valueOf(start);
        try {
            return s.length() < 10 ? null : LocalDate.parse(s.substring(0, 10));
        } catch (DateTimeParseException e) {
            return null;
        }
    }

    @Test
    void aStartIsReadAsTheIsoParserReadsIt() {
        List<Object> starts = new ArrayList<>(List.of("2024-01-01", "2024-02-29", "2023-02-29", "2024-04-31",
                "2024-13-01", "2024-00-10", "2024-01-00", "0000-01-01", "9999-12-31", "2024-1-01", "2024-01-1",
                "2024/01/01", "+202-01-01", "-202-01-01", " 2024-01-01", "2024-01-01T10:00:00Z", "2024-01-01 ",
                "２０２４-01-01", "2024-0١-01", "abcd-ef-gh", "2024-01", "", "2024-01-01x", "20240-1-01"));
        starts.add(20240101L);
        starts.add(null);
        Random random = new Random(42);
        String alphabet = "0123456789-+ T:x٣";
        for (int i = 0; i < 20_000; i++) {
            StringBuilder s = new StringBuilder();
            int length = 8 + random.nextInt(5);
            for (int j = 0; j < length; j++) {
                s.append(j == 4 || j == 7
                        ? (random.nextInt(10) == 0 ? 'x' : '-')
                        : alphabet.charAt(random.nextInt(random.nextInt(4) == 0 ? alphabet.length() : 10)));
            }
            starts.add(s.toString());
        }
        for (Object start : starts) {
            assertEquals(isoParse(start), TimelineLine.date(start), String.valueOf(start));
        }
    }

    @Test
    void monthsAndDaysApartAreChronoUnitsOwn() {
        Random random = new Random(7);
        for (int i = 0; i < 5_000; i++) {
            LocalDate a = LocalDate.ofEpochDay(random.nextInt(3_000_000) - 1_000_000);
            LocalDate b = LocalDate.ofEpochDay(random.nextInt(3_000_000) - 1_000_000);
            assertEquals(ChronoUnit.MONTHS.between(a.withDayOfMonth(1), b.withDayOfMonth(1)),
                    TimelineLine.monthsApart(a, b), a + " " + b);
            assertEquals(ChronoUnit.DAYS.between(a, b), TimelineLine.daysApart(a, b), a + " " + b);
        }
    }
}
