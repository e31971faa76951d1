package dev.dbprint.mcp.sqlcheck;

import java.util.Arrays;

/**
 * Offsets to 1-based lines and columns and back, counting line breaks as JSqlParser's reader does: {@code \n},
 * {@code \r\n} and a lone {@code \r} each end a line, and every other character (a tab too) is one column. An instance
 * indexes where each line of one text starts, so a statement of ten thousand columns places each in logarithmic time.
 */
final class Lines {

    private final int length;
    /** The offset each line starts at, the first line's 0. */
    private final int[] starts;

    private Lines(String text) {
        int[] s = new int[16];
        int n = 1;
        for (int i = 0; i < text.length(); i++) {
            char c = text.charAt(i);
            if (c == '\n' || c == '\r' && (i + 1 >= text.length() || text.charAt(i + 1) != '\n')) {
                if (n == s.length) {
                    s = Arrays.copyOf(s, n * 2);
                }
                s[n++] = i + 1;
            }
        }
        this.length = text.length();
        this.starts = Arrays.copyOf(s, n);
    }

    static Lines of(String text) {
        return new Lines(text);
    }

    /** The {line, column} of {@code offset} in {@code text}. */
    static int[] position(String text, int offset) {
        return of(text).position(offset);
    }

    /** The offset of {@code (line, column)} in {@code text}, kept within the text (its length at most). */
    static int offset(String text, int line, int column) {
        return of(text).offset(line, column);
    }

    /** The {line, column} of {@code offset}. */
    int[] position(int offset) {
        int i = Arrays.binarySearch(starts, offset);
        int line = i >= 0 ? i : -i - 2;
        return new int[]{line + 1, offset - starts[line] + 1};
    }

    /** The offset of {@code (line, column)}, kept within the text (its length at most). */
    int offset(int line, int column) {
        int start = line <= starts.length ? starts[Math.max(1, line) - 1] : length;
        return Math.min(length, start + Math.max(1, column) - 1);
    }
}
