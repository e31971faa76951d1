package dev.dbprint.mcp.sqlcheck;

/**
 * Offsets to 1-based lines and columns and back, counting line breaks as JSqlParser's reader does: {@code \n},
 * {@code \r\n} and a lone {@code \r} each end a line, and every other character (a tab too) is one column.
 */
final class Lines {

    private Lines() {
    }

    /** The {line, column} of {@code offset} in {@code text}. */
    static int[] position(String text, int offset) {
        int line = 1;
        int lineStart = 0;
        for (int i = 0; i < offset; i++) {
            char c = text.charAt(i);
            if (c == '\n' || c == '\r' && (i + 1 >= text.length() || text.charAt(i + 1) != '\n')) {
                line++;
                lineStart = i + 1;
            }
        }
        return new int[]{line, offset - lineStart + 1};
    }

    /** The offset of {@code (line, column)} in {@code text}, kept within the text (its length at most). */
    static int offset(String text, int line, int column) {
        int i = 0;
        for (int l = 1; l < line && i < text.length(); i++) {
            char c = text.charAt(i);
            if (c == '\n' || c == '\r' && (i + 1 >= text.length() || text.charAt(i + 1) != '\n')) {
                l++;
            }
        }
        return Math.min(text.length(), i + Math.max(1, column) - 1);
    }
}
