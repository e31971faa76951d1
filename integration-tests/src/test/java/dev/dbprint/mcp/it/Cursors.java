package dev.dbprint.mcp.it;

import com.fasterxml.jackson.databind.JsonNode;

/** The cursor a tool reply's text carries (spec §4.8), in whichever of the three forms the reply takes. */
final class Cursors {

    private Cursors() {
    }

    /** {@code next_cursor} of a JSON reply, the {@code next_cursor: } last line of Markdown, the YAML comment; or null. */
    static String next(String text) {
        String trimmed = text.strip();
        if (trimmed.startsWith("{")) {
            try {
                JsonNode node = ServerProcess.JSON.readTree(trimmed);
                return node.hasNonNull("next_cursor") ? node.get("next_cursor").asText() : null;
            } catch (Exception notJson) {
                return null;
            }
        }
        String last = trimmed.substring(trimmed.lastIndexOf('\n') + 1);
        for (String prefix : new String[]{"next_cursor: ", "# next_cursor: "}) {
            if (last.startsWith(prefix)) {
                return last.substring(prefix.length()).trim();
            }
        }
        return null;
    }
}
