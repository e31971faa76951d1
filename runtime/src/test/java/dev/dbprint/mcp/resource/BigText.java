package dev.dbprint.mcp.resource;

import java.util.Random;

/**
 * Generated text for paging large files: lines of every length, a few far longer than a page, multi-byte UTF-8 of one
 * to four bytes (surrogate pairs included), characters JSON escapes ({@code "}, {@code \}, tab, a C0 control), and LF
 * and CRLF line ends. The same seed gives the same text.
 */
final class BigText {

    private static final String[] PIECES = {"a", "b", "z", " ", "_", "é", "ß", "☕", "€", "𝄞", "😀", "\"", "\\", "\t",
            "\u0001"};

    private BigText() {
    }

    /**
     * About {@code chars} UTF-16 units of text; {@code yamlSafe} leaves out what a single-quoted YAML scalar cannot
     * hold (tab, C0 controls) and the quote itself.
     */
    static String of(long seed, int chars, boolean yamlSafe) {
        Random r = new Random(seed);
        StringBuilder sb = new StringBuilder(chars + 100_000);
        int pieces = yamlSafe ? PIECES.length - 2 : PIECES.length;
        while (sb.length() < chars) {
            int line = switch (r.nextInt(40)) {
                case 0 -> 30_000 + r.nextInt(40_000); // longer than a page
                case 1, 2 -> 0;
                default -> r.nextInt(400);
            };
            for (int i = 0; i < line; i++) {
                sb.append(r.nextInt(3) == 0 ? PIECES[r.nextInt(pieces)] : "x");
            }
            sb.append(r.nextInt(5) == 0 ? "\r\n" : "\n");
        }
        return sb.toString();
    }
}
