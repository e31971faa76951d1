package dev.dbprint.mcp.sqlcheck;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

import dev.dbprint.mcp.sqlcheck.SqlLexer.Token;

/**
 * A statement respelled so JSqlParser reads it as its dialect's database does, with the way back from every position
 * in the respelling to the caller's text. JSqlParser has one grammar for all dialects: every string literal becomes a
 * standard {@code '...'} literal of the value the database sees (so the parser needs no backslash mode, and
 * {@code StringValue.getValue()} needs only {@code ''} undone), comments become blanks, and the idioms of one dialect
 * that JSqlParser cannot read are respelled, each only for the dialects that have it (see {@code Idioms}).
 * Everything else stays as written. Read the text without backslash escapes.
 */
public final class DialectText implements SourcePositions {

    private final StatementSplitter.Piece piece;
    private final String text;
    private final List<String> variables;
    private final boolean insertsByName;
    /** Where the lines of each text start: a statement of thousands of columns places each of them in log time. */
    private final Lines textLines;
    private final Lines pieceLines;
    /** For each character of {@link #text} (and its end), the offset in the piece's text it stands for. */
    private final int[] origin;

    private DialectText(StatementSplitter.Piece piece, String text, int[] origin, List<String> variables,
            boolean insertsByName) {
        this.piece = piece;
        this.text = text;
        this.origin = origin;
        this.variables = variables;
        this.insertsByName = insertsByName;
        this.textLines = Lines.of(text);
        this.pieceLines = Lines.of(piece.text());
    }

    public static DialectText of(StatementSplitter.Piece piece, Dialect dialect) {
        String source = piece.text();
        List<Token> tokens = SqlLexer.tokens(source, dialect);
        Respelling respelling = Respelling.of(source, tokens, dialect);
        Writer w = new Writer(source, tokens, respelling);
        w.emit(0, tokens.size());
        return new DialectText(piece, w.out.toString(), w.finish(), List.copyOf(respelling.variables()),
                respelling.insertsByName()[0]);
    }

    /** Whether the statement is DuckDB's INSERT ... BY NAME, whose query's output names are the target's columns. */
    public boolean insertsByName() {
        return insertsByName;
    }

    /** Names the respelling took out of a definition the parser cannot read (ClickHouse's WITH 10 AS x): values. */
    public List<String> variables() {
        return variables;
    }

    /** What the parser reads. */
    @Override
    public String text() {
        return text;
    }

    /** The whole argument's {line, column} of the parser's {@code (line, column)} in {@link #text()}. */
    @Override
    public int[] absolute(int line, int column) {
        int at = origin[textLines.offset(line, column)];
        int[] inPiece = pieceLines.position(at);
        return piece.absolute(inPiece[0], inPiece[1]);
    }

    /**
     * The edits to a statement's tokens, by token index: a token's replacement, text put before or after it, and the
     * DuckDB FROM-first queries whose SELECT part is written first.
     */
    record Respelling(String[] replace, String[] before, String[] after, Map<Integer, FromFirst> fromFirst,
            List<String> variables, boolean[] insertsByName) {

        static Respelling of(String source, List<Token> tokens, Dialect dialect) {
            int n = tokens.size();
            Respelling r = new Respelling(new String[n], new String[n], new String[n], new HashMap<>(),
                    new ArrayList<>(), new boolean[1]);
            new Idioms(source, tokens, dialect, r).apply();
            return r;
        }
    }

    /**
     * A FROM-first query: {@code [from, select)} is its FROM part, {@code [select, end)} its SELECT list, in token
     * indices; with no SELECT list ({@code select == end}), {@code SELECT *} is put first.
     */
    record FromFirst(int from, int select, int end) {
    }

    /** Writes the respelled text and, for each character, where it came from. */
    private static final class Writer {

        private final String source;
        private final List<Token> tokens;
        private final Respelling r;
        private final StringBuilder out = new StringBuilder();
        private int[] origin = new int[64];

        Writer(String source, List<Token> tokens, Respelling r) {
            this.source = source;
            this.tokens = tokens;
            this.r = r;
        }

        /** Tokens {@code [from, to)}, respelled. */
        void emit(int from, int to) {
            int i = from;
            while (i < to) {
                FromFirst q = r.fromFirst().get(i);
                if (q != null && q.select() < q.end()) {
                    emit(q.select(), q.end());
                    separate(tokens.get(q.from()));
                    token(q.from());
                    emit(q.from() + 1, q.select());
                    separate(tokens.get(q.end() - 1));
                    i = q.end();
                } else {
                    if (q != null) {
                        insert("SELECT * ", tokens.get(i));
                    }
                    token(i++);
                }
            }
        }

        private void token(int i) {
            Token t = tokens.get(i);
            if (r.before()[i] != null) {
                insert(r.before()[i], t);
            }
            if (r.replace()[i] != null) {
                put(r.replace()[i], t);
            } else {
                for (int k = t.start(); k < t.end(); k++) {
                    append(source.charAt(k), k);
                }
            }
            if (r.after()[i] != null) {
                insert(r.after()[i], t);
            }
        }

        /** A blank between two parts moved next to each other, unless one is there already. */
        private void separate(Token anchor) {
            if (out.length() > 0 && !Character.isWhitespace(out.charAt(out.length() - 1))) {
                insert(" ", anchor);
            }
        }

        /** Text put in beside {@code anchor}: all of it maps to the anchor's start. */
        private void insert(String s, Token anchor) {
            for (int k = 0; k < s.length(); k++) {
                append(s.charAt(k), anchor.start());
            }
        }

        /** Text standing in for {@code anchor}: its k-th character maps to the anchor's k-th (or last). */
        private void put(String s, Token anchor) {
            int last = Math.max(anchor.start(), anchor.end() - 1);
            for (int k = 0; k < s.length(); k++) {
                append(s.charAt(k), Math.min(anchor.start() + k, last));
            }
        }

        private void append(char c, int from) {
            if (out.length() == origin.length) {
                origin = Arrays.copyOf(origin, origin.length * 2);
            }
            origin[out.length()] = from;
            out.append(c);
        }

        int[] finish() {
            int[] result = Arrays.copyOf(origin, out.length() + 1);
            result[out.length()] = source.length();
            return result;
        }
    }
}
