package dev.dbprint.mcp.sqlcheck;

import java.util.ArrayList;
import java.util.List;

/**
 * Cuts the {@code sql} argument into statements at the semicolons that sit outside quotes and comments, so one statement
 * the parser cannot read leaves the others checkable. Lexical only: it knows quotes, comments and (where the dialect has
 * them) dollar-quoted strings, and nothing of SQL's grammar. A piece holding only blanks and comments is no statement.
 */
public final class StatementSplitter {

    /**
     * One statement as written.
     *
     * @param index 1-based among the statements
     * @param text the statement's text, from its first character that is not a blank
     * @param line 1-based line of that character in the whole argument
     * @param column 1-based column of that character
     */
    public record Piece(int index, String text, int line, int column) implements SourcePositions {

        /** The whole argument's line and column of {@code (line, column)} within {@link #text()}. */
        @Override
        public int[] absolute(int lineInText, int columnInText) {
            return new int[]{line + lineInText - 1, lineInText == 1 ? column + columnInText - 1 : columnInText};
        }
    }

    private StatementSplitter() {
    }

    public static List<Piece> split(String sql, Dialect dialect) {
        List<Piece> pieces = new ArrayList<>();
        int start = 0;
        boolean substance = false;
        int i = 0;
        int n = sql.length();
        while (i < n) {
            char c = sql.charAt(i);
            if (c == '-' && i + 1 < n && sql.charAt(i + 1) == '-') {
                i = lineEnd(sql, i);
            } else if (c == '/' && i + 1 < n && sql.charAt(i + 1) == '*') {
                int close = sql.indexOf("*/", i + 2);
                i = close < 0 ? n : close + 2;
            } else if (c == '\'' || c == '"' || c == '`') {
                substance = true;
                i = quoteEnd(sql, i, c, c == '\'' && dialect.backslashEscapes());
            } else if (c == '$' && dialect.dollarQuotes() && dollarTag(sql, i) != null) {
                substance = true;
                String tag = dollarTag(sql, i);
                int close = sql.indexOf(tag, i + tag.length());
                i = close < 0 ? n : close + tag.length();
            } else if (c == ';') {
                if (substance) {
                    pieces.add(piece(sql, start, i, pieces.size() + 1));
                }
                start = i + 1;
                substance = false;
                i++;
            } else {
                if (!Character.isWhitespace(c)) {
                    substance = true;
                }
                i++;
            }
        }
        if (substance) {
            pieces.add(piece(sql, start, n, pieces.size() + 1));
        }
        return pieces;
    }

    private static int lineEnd(String sql, int from) {
        int nl = sql.indexOf('\n', from);
        return nl < 0 ? sql.length() : nl + 1;
    }

    /** The index just past the quote opened at {@code open}; a doubled quote stays inside. */
    private static int quoteEnd(String sql, int open, char quote, boolean backslash) {
        int i = open + 1;
        while (i < sql.length()) {
            char c = sql.charAt(i);
            if (backslash && c == '\\') {
                i += 2;
            } else if (c == quote) {
                if (i + 1 < sql.length() && sql.charAt(i + 1) == quote) {
                    i += 2;
                } else {
                    return i + 1;
                }
            } else {
                i++;
            }
        }
        return sql.length();
    }

    /** {@code $tag$} (or {@code $$}) starting at {@code i}, or null when what starts there is no dollar quote. */
    private static String dollarTag(String sql, int i) {
        int j = i + 1;
        while (j < sql.length() && (Character.isLetterOrDigit(sql.charAt(j)) || sql.charAt(j) == '_')) {
            j++;
        }
        if (j < sql.length() && sql.charAt(j) == '$' && (j == i + 1 || !Character.isDigit(sql.charAt(i + 1)))) {
            return sql.substring(i, j + 1);
        }
        return null;
    }

    private static Piece piece(String sql, int from, int to, int index) {
        int s = from;
        while (s < to && Character.isWhitespace(sql.charAt(s))) {
            s++;
        }
        int line = 1;
        int lineStart = 0;
        for (int k = 0; k < s; k++) {
            if (sql.charAt(k) == '\n') {
                line++;
                lineStart = k + 1;
            }
        }
        return new Piece(index, sql.substring(s, to), line, s - lineStart + 1);
    }
}
