package dev.dbprint.mcp.freshness;

import java.time.Instant;
import java.time.LocalDate;
import java.time.LocalDateTime;
import java.time.OffsetDateTime;
import java.time.ZoneOffset;
import java.time.format.DateTimeFormatter;
import java.time.format.DateTimeParseException;
import java.util.Optional;

/**
 * A manifest entry's {@code profiled_at} read as an instant. The producer writes ISO-8601 UTC
 * ({@code '2026-05-17T22:48:01Z'}); a reader also takes what Python's {@code datetime.fromisoformat} takes for that
 * shape: an offset instead of {@code Z}, fractional seconds, a space for the {@code T}, no zone (read as UTC, since
 * the format fixes UTC), or a bare date (midnight UTC). Anything else, or a value that is not a string, is
 * unparseable, and the table is dormant.
 */
public final class ProfiledAt {

    private ProfiledAt() {
    }

    public static Optional<Instant> parse(Object value) {
        if (!(value instanceof String s) || s.length() < 10) {
            return Optional.empty();
        }
        String text = s.length() > 10 && s.charAt(10) == ' ' ? s.substring(0, 10) + 'T' + s.substring(11) : s;
        try {
            return Optional.of(OffsetDateTime.parse(text, DateTimeFormatter.ISO_OFFSET_DATE_TIME).toInstant());
        } catch (DateTimeParseException e) {
            // no zone, or a bare date
        }
        try {
            return Optional.of(LocalDateTime.parse(text, DateTimeFormatter.ISO_LOCAL_DATE_TIME).toInstant(ZoneOffset.UTC));
        } catch (DateTimeParseException e) {
            // a bare date
        }
        try {
            return Optional.of(LocalDate.parse(text, DateTimeFormatter.ISO_LOCAL_DATE).atStartOfDay(ZoneOffset.UTC)
                    .toInstant());
        } catch (DateTimeParseException e) {
            return Optional.empty();
        }
    }
}
