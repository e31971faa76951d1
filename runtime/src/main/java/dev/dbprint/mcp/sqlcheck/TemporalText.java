package dev.dbprint.mcp.sqlcheck;

import java.time.LocalDate;
import java.time.LocalDateTime;
import java.time.LocalTime;
import java.time.format.DateTimeParseException;

/**
 * A date, time or timestamp spelled the way SQL literals and the print spell them, brought to one spelling so two of
 * them compare by value: {@code '07:30'} is the stored {@code 07:30:00}.
 */
final class TemporalText {

    /** What a canonical spelling holds. */
    enum Shape {
        DATE, TIME, TIMESTAMP
    }

    private TemporalText() {
    }

    /** The canonical ISO spelling of a date, a time or a date and time without zone, or null for anything else. */
    static String canonical(String text) {
        String s = text.strip();
        try {
            if (s.length() == 10) {
                return LocalDate.parse(s).toString();
            }
            if (s.length() > 10 && (s.charAt(10) == ' ' || s.charAt(10) == 'T') && Character.isDigit(s.charAt(0))) {
                return LocalDateTime.parse(s.substring(0, 10) + "T" + s.substring(11)).toString();
            }
            return LocalTime.parse(s).toString();
        } catch (DateTimeParseException e) {
            return null;
        }
    }

    static Shape shape(String canonical) {
        return canonical.contains("T") ? Shape.TIMESTAMP : canonical.contains("-") ? Shape.DATE : Shape.TIME;
    }
}
