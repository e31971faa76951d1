package dev.dbprint.mcp.transport;

import java.util.Locale;

/** The media-type checks of a POST: what its {@code Content-Type} says it carries and what its {@code Accept} takes. */
final class MediaTypes {

    static final String JSON = "application/json";
    static final String EVENT_STREAM = "text/event-stream";

    private MediaTypes() {
    }

    /** Whether a {@code Content-Type} names JSON (parameters such as {@code charset} aside). */
    static boolean isJson(String contentType) {
        return contentType != null && essence(contentType).equals(JSON);
    }

    /**
     * Whether an {@code Accept} list takes {@code type}: the type itself, its {@code type/*} or {@code *}{@code /*},
     * with a weight above 0. An absent header takes everything (RFC 9110 §12.5.1).
     */
    static boolean accepts(String accept, String type) {
        if (accept == null) {
            return true;
        }
        String major = type.substring(0, type.indexOf('/'));
        for (String range : accept.split(",")) {
            String name = essence(range);
            if ((name.equals(type) || name.equals(major + "/*") || name.equals("*/*")) && weight(range) > 0) {
                return true;
            }
        }
        return false;
    }

    private static String essence(String value) {
        int semicolon = value.indexOf(';');
        return (semicolon < 0 ? value : value.substring(0, semicolon)).strip().toLowerCase(Locale.ROOT);
    }

    private static double weight(String range) {
        for (String parameter : range.split(";")) {
            String p = parameter.strip();
            if (p.length() > 2 && p.substring(0, 2).equalsIgnoreCase("q=")) {
                try {
                    return Double.parseDouble(p.substring(2).strip());
                } catch (NumberFormatException e) {
                    return 0;
                }
            }
        }
        return 1;
    }
}
