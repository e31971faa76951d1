package dev.dbprint.mcp.error;

import java.util.Map;

/**
 * An HTTP request refused in plain text before any JSON-RPC answer: its status, its text, the headers that go before
 * the body, and whether it names its media type (the loopback guard's 421 and 403 never have). {@link ProtocolCatalog}
 * makes every one, so each status is fixed beside its text; one class of the transport writes them all.
 */
public record Refusal(int status, String text, Map<String, String> headers, boolean typed) {

    static Refusal of(int status, String text) {
        return new Refusal(status, text, Map.of(), true);
    }

    /** One that goes out with this one header before its own. */
    static Refusal of(int status, String text, String header, String value) {
        return new Refusal(status, text, Map.of(header, value), true);
    }

    /** One sent without a {@code Content-Type}, as the loopback guard's always were. */
    static Refusal untyped(int status, String text) {
        return new Refusal(status, text, Map.of(), false);
    }
}
