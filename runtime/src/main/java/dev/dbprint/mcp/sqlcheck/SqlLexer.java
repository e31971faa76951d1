package dev.dbprint.mcp.sqlcheck;

import java.util.ArrayList;
import java.util.List;

/**
 * Cuts SQL text into tokens as a database of one dialect reads it: blanks, comments, string literals (with the value
 * the database sees once quotes and escapes are undone), quoted identifiers, numbers, words and single-character
 * symbols. Lexical only; it knows no grammar. An unclosed string, identifier or comment runs to the end of the text and
 * says so.
 */
public final class SqlLexer {

    public enum Kind {
        BLANK, COMMENT,
        /** A character string; {@link Token#value()} is its decoded value. */
        STRING,
        /**
         * A bit, hex or byte string ({@code B'01'}, {@code X'4D'}, BigQuery {@code b'..'}); {@link Token#value()} is its
         * body with quotes and escapes undone.
         */
        BYTES,
        /** A quoted identifier; {@link Token#value()} is the name. */
        QUOTED_IDENTIFIER, NUMBER,
        /** A keyword, a plain identifier or a positional parameter such as {@code $1}. */
        WORD, SYMBOL
    }

    /**
     * One token of the text.
     *
     * @param start offset of its first character
     * @param end offset just past its last character
     * @param value for strings, bytes and quoted identifiers the decoded value, otherwise the token as written
     * @param closed false for a string, quoted identifier or block comment the text ends inside
     */
    public record Token(Kind kind, int start, int end, String value, boolean closed) {

        /** Whether this is the word {@code word}, compared without case. */
        public boolean isWord(String word) {
            return kind == Kind.WORD && value.equalsIgnoreCase(word);
        }

        public boolean isSymbol(char c) {
            return kind == Kind.SYMBOL && value.charAt(0) == c;
        }

        /** Neither a blank nor a comment. */
        public boolean significant() {
            return kind != Kind.BLANK && kind != Kind.COMMENT;
        }
    }

    private final String sql;
    private final Dialect dialect;
    private final int n;
    private int pos;

    private SqlLexer(String sql, Dialect dialect) {
        this.sql = sql;
        this.dialect = dialect;
        this.n = sql.length();
    }

    public static List<Token> tokens(String sql, Dialect dialect) {
        SqlLexer lexer = new SqlLexer(sql, dialect);
        List<Token> out = new ArrayList<>();
        while (lexer.pos < lexer.n) {
            out.add(lexer.next());
        }
        return out;
    }

    private char at(int i) {
        return i < n ? sql.charAt(i) : '\0';
    }

    private Token next() {
        int start = pos;
        char c = sql.charAt(pos);
        if (Character.isWhitespace(c)) {
            while (pos < n && Character.isWhitespace(sql.charAt(pos))) {
                pos++;
            }
            return token(Kind.BLANK, start);
        }
        if (lineComment(c)) {
            while (pos < n && sql.charAt(pos) != '\n' && sql.charAt(pos) != '\r') {
                pos++;
            }
            return token(Kind.COMMENT, start);
        }
        if (c == '/' && at(pos + 1) == '*') {
            return blockComment();
        }
        Token string = string(c);
        if (string != null) {
            return string;
        }
        if (c == '"' || c == '`' && dialect.backtickIdentifiers()) {
            return quotedIdentifier();
        }
        if (Character.isDigit(c) || c == '.' && Character.isDigit(at(pos + 1))) {
            return number();
        }
        if (wordStart(c) || c == '$' && Character.isDigit(at(pos + 1))) {
            pos++;
            while (pos < n && wordPart(sql.charAt(pos))) {
                pos++;
            }
            return token(Kind.WORD, start);
        }
        pos++;
        return token(Kind.SYMBOL, start);
    }

    private Token token(Kind kind, int start) {
        return new Token(kind, start, pos, sql.substring(start, pos), true);
    }

    /**
     * {@code --} everywhere (in MySQL only before a blank or the end: {@code 1--1} is two), and {@code #} and
     * {@code //} where the dialect has them.
     */
    private boolean lineComment(char c) {
        if (c == '-' && at(pos + 1) == '-') {
            return dialect != Dialect.MYSQL || pos + 2 >= n || Character.isWhitespace(sql.charAt(pos + 2));
        }
        return c == '#' && dialect.hashComments() || c == '/' && at(pos + 1) == '/' && dialect.slashComments();
    }

    private Token blockComment() {
        int start = pos;
        int depth = 0;
        while (pos < n) {
            if (sql.startsWith("/*", pos) && (depth == 0 || dialect.nestedComments())) {
                depth++;
                pos += 2;
            } else if (sql.startsWith("*/", pos)) {
                pos += 2;
                if (--depth == 0) {
                    return token(Kind.COMMENT, start);
                }
            } else {
                pos++;
            }
        }
        return new Token(Kind.COMMENT, start, n, sql.substring(start), false);
    }

    /** How a backslash inside quotes is read. */
    private enum Backslash {
        /** It is an ordinary character. */
        PLAIN,
        /** It and the character after it stay as written, and that character closes nothing (raw strings). */
        RAW,
        /** It starts an escape sequence, decoded. */
        ESCAPE,
        /** It starts a Postgres Unicode escape, {@code \\XXXX} or {@code \\+XXXXXX} ({@code U&'...'} strings). */
        UNICODE
    }

    /** A string literal starting at {@code pos} (with its prefix), or null when none starts there. */
    private Token string(char c) {
        int start = pos;
        Backslash escapes = dialect.backslashEscapes() ? Backslash.ESCAPE : Backslash.PLAIN;
        if (c == '\'' || c == '"' && dialect.doubleQuotedStrings()) {
            return quoted(start, pos, Kind.STRING, dialect.doubledQuotes(), escapes);
        }
        if (c == '$' && dialect.dollarQuotes()) {
            return dollarQuoted();
        }
        char p = Character.toUpperCase(c);
        char q = at(pos + 1);
        boolean quote1 = q == '\'' || q == '"' && dialect.doubleQuotedStrings();
        if (p == 'E' && q == '\'' && dialect.escapeStrings()) {
            return quoted(start, pos + 1, Kind.STRING, true, Backslash.ESCAPE);
        }
        if (p == 'R' && quote1 && dialect.rawStrings()) {
            // a BigQuery raw string keeps a quote after a backslash inside; Spark's ends at the next quote
            Backslash raw = dialect == Dialect.BIGQUERY ? Backslash.RAW : Backslash.PLAIN;
            return quoted(start, pos + 1, Kind.STRING, dialect.doubledQuotes(), raw);
        }
        if (p == 'U' && q == '&' && at(pos + 2) == '\'' && dialect == Dialect.POSTGRES) {
            return quoted(start, pos + 2, Kind.STRING, true, Backslash.UNICODE);
        }
        if (p == 'N' && q == '\'') {
            return quoted(start, pos + 1, Kind.STRING, dialect.doubledQuotes(), escapes);
        }
        if (dialect == Dialect.BIGQUERY) {
            char p2 = Character.toUpperCase(q);
            char q2 = at(pos + 2);
            if ((p == 'R' && p2 == 'B' || p == 'B' && p2 == 'R') && (q2 == '\'' || q2 == '"')) {
                return quoted(start, pos + 2, Kind.BYTES, false, Backslash.RAW);
            }
            if (p == 'B' && quote1) {
                return quoted(start, pos + 1, Kind.BYTES, false, Backslash.ESCAPE);
            }
        } else if ((p == 'B' || p == 'X') && q == '\'') {
            return quoted(start, pos + 1, Kind.BYTES, true, Backslash.PLAIN);
        }
        return null;
    }

    /** A quoted identifier: {@code "..."}, or {@code `...`} where backticks quote. */
    private Token quotedIdentifier() {
        // BigQuery and ClickHouse read escapes in quoted names too
        Backslash escapes = dialect == Dialect.BIGQUERY || dialect == Dialect.CLICKHOUSE
                ? Backslash.ESCAPE
                : Backslash.PLAIN;
        return quoted(pos, pos, Kind.QUOTED_IDENTIFIER, dialect != Dialect.BIGQUERY, escapes);
    }

    /**
     * A quoted token whose prefix starts at {@code start} and whose opening quote is at {@code open}.
     *
     * @param doubled whether a doubled quote stands for one
     */
    private Token quoted(int start, int open, Kind kind, boolean doubled, Backslash backslash) {
        char quote = sql.charAt(open);
        if (dialect.tripleQuotes() && kind != Kind.QUOTED_IDENTIFIER && at(open + 1) == quote
                && at(open + 2) == quote) {
            return tripleQuoted(start, open, kind, backslash);
        }
        StringBuilder value = new StringBuilder();
        int i = open + 1;
        while (i < n) {
            char c = sql.charAt(i);
            if (c == '\\' && backslash != Backslash.PLAIN && i + 1 < n) {
                i = backslashed(i, value, backslash);
            } else if (c == quote && doubled && at(i + 1) == quote) {
                value.append(quote);
                i += 2;
            } else if (c == quote) {
                return closed(kind, start, i + 1, value);
            } else {
                value.append(c);
                i++;
            }
        }
        return unclosed(kind, start);
    }

    private Token tripleQuoted(int start, int open, Kind kind, Backslash backslash) {
        String close = sql.substring(open, open + 3);
        StringBuilder value = new StringBuilder();
        int i = open + 3;
        while (i < n) {
            if (sql.startsWith(close, i)) {
                return closed(kind, start, i + 3, value);
            }
            if (sql.charAt(i) == '\\' && backslash != Backslash.PLAIN && i + 1 < n) {
                i = backslashed(i, value, backslash);
            } else {
                value.append(sql.charAt(i++));
            }
        }
        return unclosed(kind, start);
    }

    private Token closed(Kind kind, int start, int end, StringBuilder value) {
        pos = end;
        return new Token(kind, start, end, value.toString(), true);
    }

    private Token unclosed(Kind kind, int start) {
        pos = n;
        return new Token(kind, start, n, sql.substring(start), false);
    }

    private int backslashed(int i, StringBuilder value, Backslash backslash) {
        return switch (backslash) {
            case ESCAPE -> escape(i, value);
            case UNICODE -> unicode(i, value);
            case RAW, PLAIN -> raw(i, value);
        };
    }

    /** {@code \\XXXX}, {@code \\+XXXXXX} or {@code \\\\} in a {@code U&'...'} string. */
    private int unicode(int i, StringBuilder value) {
        if (sql.charAt(i + 1) == '+') {
            return code(value, i + 2, hexEnd(i + 2, 6), 16, '+');
        }
        if (sql.charAt(i + 1) == '\\') {
            value.append('\\');
            return i + 2;
        }
        return code(value, i + 1, hexEnd(i + 1, 4), 16, '\\');
    }

    private int raw(int i, StringBuilder value) {
        value.append(sql, i, i + 2);
        return i + 2;
    }

    /**
     * Decodes the backslash escape at {@code i} into {@code value} as the dialect reads it; returns the offset past it.
     * Common to all: {@code \b \f \n \r \t}, and a backslash before a character with no escape meaning stands for
     * that character.
     */
    private int escape(int i, StringBuilder value) {
        char e = sql.charAt(i + 1);
        int next = i + 2;
        boolean bigquery = dialect == Dialect.BIGQUERY;
        boolean mysqlOrSpark = dialect == Dialect.MYSQL || dialect == Dialect.DATABRICKS;
        boolean numeric = dialect != Dialect.MYSQL && dialect != Dialect.CLICKHOUSE;
        switch (e) {
            case 'b' -> value.append('\b');
            case 'f' -> value.append('\f');
            case 'n' -> value.append('\n');
            case 'r' -> value.append('\r');
            case 't' -> value.append('\t');
            case 'a' -> value.append(bigquery || dialect == Dialect.CLICKHOUSE ? '\u0007' : 'a');
            case 'v' -> value.append(bigquery || dialect == Dialect.CLICKHOUSE ? '\u000B' : 'v');
            case 'Z' -> value.append(mysqlOrSpark ? '\u001A' : 'Z');
            // MySQL and Spark keep the backslash of \% and \_ so that LIKE still reads them as escaped
            case '%', '_' -> value.append(mysqlOrSpark ? "\\" + e : String.valueOf(e));
            case 'x' -> next = code(value, next, hexEnd(next, dialect == Dialect.MYSQL
                    || dialect == Dialect.DATABRICKS ? 0 : 2), 16, e);
            case 'u' -> next = code(value, next, hexEnd(next, numeric ? 4 : 0), 16, e);
            case 'U' -> next = code(value, next, hexEnd(next, bigquery || dialect == Dialect.POSTGRES
                    || dialect == Dialect.DUCKDB ? 8 : 0), 16, e);
            default -> {
                if (e >= '0' && e <= '7' && numeric) {
                    int end = next;
                    while (end < n && end < i + 4 && sql.charAt(end) >= '0' && sql.charAt(end) <= '7') {
                        end++;
                    }
                    next = code(value, i + 1, end, 8, e);
                } else {
                    value.append(e == '0' ? '\0' : e);
                }
            }
        }
        return next;
    }

    private int hexEnd(int from, int max) {
        int end = from;
        while (end < n && end < from + max && Character.digit(sql.charAt(end), 16) >= 0) {
            end++;
        }
        return end;
    }

    /** Appends the code point written in {@code [from, to)}, or {@code letter} when nothing is written there. */
    private int code(StringBuilder value, int from, int to, int radix, char letter) {
        if (to == from) {
            value.append(letter);
            return from;
        }
        int cp = Integer.parseInt(sql.substring(from, to), radix);
        if (Character.isValidCodePoint(cp)) {
            value.appendCodePoint(cp);
        }
        return to;
    }

    /** {@code $tag$ ... $tag$}; a {@code $} that opens no dollar quote (such as {@code $1}) is left to the caller. */
    private Token dollarQuoted() {
        int start = pos;
        int j = pos + 1;
        if (dialect.taggedDollarQuotes() && j < n && !Character.isDigit(sql.charAt(j))) {
            while (j < n && (Character.isLetterOrDigit(sql.charAt(j)) || sql.charAt(j) == '_')) {
                j++;
            }
        }
        if (at(j) != '$') {
            return null;
        }
        String tag = sql.substring(start, j + 1);
        int close = sql.indexOf(tag, j + 1);
        if (close < 0) {
            pos = n;
            return new Token(Kind.STRING, start, n, sql.substring(start), false);
        }
        pos = close + tag.length();
        return new Token(Kind.STRING, start, pos, sql.substring(j + 1, close), true);
    }

    private Token number() {
        int start = pos;
        if (sql.charAt(pos) == '0' && (at(pos + 1) == 'x' || at(pos + 1) == 'X')
                && Character.digit(at(pos + 2), 16) >= 0) {
            pos += 2;
            while (pos < n && Character.digit(sql.charAt(pos), 16) >= 0) {
                pos++;
            }
            return token(Kind.NUMBER, start);
        }
        digits();
        // "1.5" and "1." are numbers; in "t1.col" or "123.ds" the dot belongs to a name
        if (at(pos) == '.' && !wordStart(at(pos + 1))) {
            pos++;
            digits();
        }
        if ((at(pos) == 'e' || at(pos) == 'E') && (Character.isDigit(at(pos + 1))
                || (at(pos + 1) == '+' || at(pos + 1) == '-') && Character.isDigit(at(pos + 2)))) {
            pos += 2;
            digits();
        }
        return token(Kind.NUMBER, start);
    }

    private void digits() {
        while (pos < n && Character.isDigit(sql.charAt(pos))) {
            pos++;
        }
    }

    private static boolean wordStart(char c) {
        return Character.isLetter(c) || c == '_';
    }

    private static boolean wordPart(char c) {
        return Character.isLetterOrDigit(c) || c == '_' || c == '$';
    }
}
