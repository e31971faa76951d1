package dev.dbprint.mcp.paging;

/**
 * A fenced code block's opening line (CommonMark §4.5): three or more backticks or tildes, indented at most three
 * spaces; a backtick fence's info string holds no backtick. The block ends at a line of the same character, at least as
 * long, with nothing else on it — or at the end of the document, which renders everything after the opener as code.
 *
 * @param opener the opening line as written, without its line break
 * @param mark the fence character
 * @param length how many of it the opener carries
 */
public record Fence(String opener, char mark, int length) {

    /**
     * {@code text}, which the server does not control (a DDL whose comments anyone with DDL rights wrote), as a fenced
     * block: its opening line ({@code info} after the backticks), the text ending with a line break, its closing line.
     * The fence is one backtick longer than the longest run of them anywhere in the text, and at least three, so no line
     * of the text can close the block early (CommonMark §4.5).
     */
    public static String enclose(String text, String info) {
        int longest = 0, run = 0;
        for (int i = 0; i < text.length(); i++) {
            run = text.charAt(i) == '`' ? run + 1 : 0;
            longest = Math.max(longest, run);
        }
        String fence = "`".repeat(Math.max(3, longest + 1));
        return fence + info + "\n" + text + (text.endsWith("\n") ? "" : "\n") + fence + "\n";
    }

    /** The fence {@code line} opens, or null when it opens none. */
    public static Fence opening(String line) {
        String l = withoutBreak(line);
        int i = indent(l);
        if (i < 0 || i >= l.length() || l.charAt(i) != '`' && l.charAt(i) != '~') {
            return null;
        }
        char mark = l.charAt(i);
        int run = run(l, i, mark);
        if (run < 3 || mark == '`' && l.indexOf('`', i + run) >= 0) {
            return null;
        }
        return new Fence(l, mark, run);
    }

    /** Whether {@code line} closes this block. */
    public boolean closedBy(String line) {
        String l = withoutBreak(line);
        int i = indent(l);
        if (i < 0 || i >= l.length() || l.charAt(i) != mark) {
            return false;
        }
        int run = run(l, i, mark);
        return run >= length && l.substring(i + run).isBlank();
    }

    /** A line that closes this block, with its line break. */
    public String closer() {
        return String.valueOf(mark).repeat(length) + "\n";
    }

    /** The fence still open after {@code line}, given the one open before it ({@code null}: none). */
    public static Fence after(Fence open, String line) {
        if (open == null) {
            return opening(line);
        }
        return open.closedBy(line) ? null : open;
    }

    private static String withoutBreak(String line) {
        int end = line.length();
        while (end > 0 && (line.charAt(end - 1) == '\n' || line.charAt(end - 1) == '\r')) {
            end--;
        }
        return line.substring(0, end);
    }

    /** The index of the first non-space character when the line is indented at most three spaces, else -1. */
    private static int indent(String l) {
        int i = 0;
        while (i < l.length() && l.charAt(i) == ' ') {
            i++;
        }
        return i <= 3 ? i : -1;
    }

    private static int run(String l, int from, char mark) {
        int j = from;
        while (j < l.length() && l.charAt(j) == mark) {
            j++;
        }
        return j - from;
    }
}
