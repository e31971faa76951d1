package dev.dbprint.mcp.paging;

import com.fasterxml.jackson.core.SerializableString;

/**
 * One page as a caller receives it: its text, and the same text already spelled as a JSON string literal by the entry
 * that keeps the page (escaped and encoded once, then copied into every reply that serves it).
 */
public record Reply(String text, SerializableString json) {
}
