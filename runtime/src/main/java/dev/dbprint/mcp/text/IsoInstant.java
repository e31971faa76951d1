package dev.dbprint.mcp.text;

import java.nio.charset.StandardCharsets;
import java.time.Instant;
import java.time.LocalDate;

/**
 * An instant spelled as {@link Instant#toString()} spells it (ISO 8601 in UTC, {@code 2026-03-01T09:30:00.25Z}: the
 * seconds always, a fraction in groups of three digits only as long as it needs), written into one string of its
 * length. {@code toString} goes through a formatter, a date-time and a builder each time: a page of resources/list dates
 * each of its entries, and that was a tenth of what the page allocated. Years outside 0000-9999, which the formatter
 * spells with a sign, are left to it.
 */
public final class IsoInstant {

    private static final long SECONDS_PER_DAY = 86_400;
    /** 0000-01-01T00:00:00Z and 10000-01-01T00:00:00Z as seconds of the epoch. */
    private static final long FIRST = -62_167_219_200L, END = 253_402_300_800L;

    private IsoInstant() {
    }

    public static String of(Instant instant) {
        long seconds = instant.getEpochSecond();
        if (seconds < FIRST || seconds >= END) {
            return instant.toString();
        }
        LocalDate date = LocalDate.ofEpochDay(Math.floorDiv(seconds, SECONDS_PER_DAY));
        int second = (int) Math.floorMod(seconds, SECONDS_PER_DAY);
        int nano = instant.getNano();
        int fraction = nano == 0 ? 0 : nano % 1_000_000 == 0 ? 3 : nano % 1_000 == 0 ? 6 : 9;
        byte[] text = new byte[20 + (fraction == 0 ? 0 : 1 + fraction)];
        digits(text, 0, 4, date.getYear());
        text[4] = '-';
        digits(text, 5, 2, date.getMonthValue());
        text[7] = '-';
        digits(text, 8, 2, date.getDayOfMonth());
        text[10] = 'T';
        digits(text, 11, 2, second / 3600);
        text[13] = ':';
        digits(text, 14, 2, second / 60 % 60);
        text[16] = ':';
        digits(text, 17, 2, second % 60);
        if (fraction > 0) {
            text[19] = '.';
            digits(text, 20, fraction, nano / (fraction == 3 ? 1_000_000 : fraction == 6 ? 1_000 : 1));
        }
        text[text.length - 1] = 'Z';
        return new String(text, StandardCharsets.US_ASCII);
    }

    /** {@code value} as {@code width} decimal digits, zeros first, at {@code at}. */
    private static void digits(byte[] text, int at, int width, int value) {
        for (int i = at + width - 1; i >= at; i--) {
            text[i] = (byte) ('0' + value % 10);
            value /= 10;
        }
    }
}
