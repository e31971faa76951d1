package dev.dbprint.mcp.sqlcheck;

import java.util.ArrayList;
import java.util.List;

/**
 * Cuts the {@code sql} argument into statements at the semicolons that sit outside quotes and comments, so one statement
 * the parser cannot read leaves the others checkable. Lexical only: it reads the text with {@link SqlLexer}, so quotes,
 * comments and dollar-quoted bodies are those of the dialect, and knows nothing of SQL's grammar. A piece holding only
 * blanks and comments is no statement.
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
        for (SqlLexer.Token t : SqlLexer.tokens(sql, dialect)) {
            if (t.isSymbol(';')) {
                if (substance) {
                    pieces.add(piece(sql, start, t.start(), pieces.size() + 1));
                }
                start = t.end();
                substance = false;
            } else if (t.significant()) {
                substance = true;
            }
        }
        if (substance) {
            pieces.add(piece(sql, start, sql.length(), pieces.size() + 1));
        }
        return pieces;
    }

    private static Piece piece(String sql, int from, int to, int index) {
        int s = from;
        while (s < to && Character.isWhitespace(sql.charAt(s))) {
            s++;
        }
        int[] at = Lines.position(sql, s);
        return new Piece(index, sql.substring(s, to), at[0], at[1]);
    }
}
