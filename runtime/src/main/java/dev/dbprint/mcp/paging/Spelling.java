package dev.dbprint.mcp.paging;

import java.util.Map;

/**
 * How a dict reply's page is written for the client (§4.8: the bound is on the text as sent). {@link #JSON} is the
 * pager's own layout, which it measures exactly; another spelling (get_table_context's {@code format: "yaml"}) tells
 * the pager, unit by unit, at least how long it writes each one, so a page that fits as measured fits as sent.
 */
public interface Spelling {

    /** The text the client receives for a page body; the body holds the cursor key when {@code cursor} is not null. */
    String text(Map<String, Object> body, String cursor);

    /**
     * At least the characters {@code key: value} takes as a member of an object nested {@code depth} objects deep (0:
     * the page's own top level), its line breaks and indentation included; 0 when the JSON measure always covers it.
     */
    int memberLength(String key, Object value, int depth);

    /** As {@link #memberLength} for an element of a list that is the value of a member at {@code depth}. */
    int elementLength(Object value, int depth);

    /** At least the characters one UTF-16 unit of a part's chunk takes once written: never less than its JSON escape. */
    int chunkCharLength(char c);

    /** {@code json.dumps(indent=2)}: the pager's own measure is exact. */
    Spelling JSON = new Spelling() {

        @Override
        public String text(Map<String, Object> body, String cursor) {
            return JsonText.pretty(body);
        }

        @Override
        public int memberLength(String key, Object value, int depth) {
            return 0;
        }

        @Override
        public int elementLength(Object value, int depth) {
            return 0;
        }

        @Override
        public int chunkCharLength(char c) {
            return JsonText.escapedLength(c);
        }
    };
}
