package dev.dbprint.mcp.resource;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.Base64;
import java.util.List;

import dev.dbprint.mcp.paging.JsonText;
import dev.dbprint.mcp.paging.Pager;

/**
 * The page cutting resources/read used while it held whole files, kept as the oracle the streaming {@link ReadPages}
 * must match page for page: it worked over the whole decoded text and re-scanned a page's unfinished line after each
 * cut.
 */
final class PreviousReadPages {

    static final int BLOB_BYTES = ReadPages.BLOB_BYTES;

    private PreviousReadPages() {
    }

    static List<String> text(String text) {
        if (JsonText.stringLength(text) <= Pager.MAX_CHARS) {
            return List.of(text);
        }
        List<String> pages = new ArrayList<>();
        int[] cuts = cuts(new Units() {

            @Override
            public int length() {
                return text.length();
            }

            @Override
            public int end(int i) {
                boolean pair = Character.isHighSurrogate(text.charAt(i)) && i + 1 < text.length()
                        && Character.isLowSurrogate(text.charAt(i + 1));
                return pair ? i + 2 : i + 1;
            }

            @Override
            public int cost(int i, int end) {
                int c = 0;
                for (int k = i; k < end; k++) {
                    c += JsonText.escapedLength(text.charAt(k));
                }
                return c;
            }

            @Override
            public boolean newline(int i) {
                return text.charAt(i) == '\n';
            }
        }, Pager.MAX_CHARS - 2);
        for (int k = 0; k + 1 < cuts.length; k++) {
            pages.add(text.substring(cuts[k], cuts[k + 1]));
        }
        return pages;
    }

    /** Each page's bytes, base64-encoded. */
    static List<String> blob(byte[] bytes) {
        Base64.Encoder b64 = Base64.getEncoder();
        if (bytes.length <= BLOB_BYTES) {
            return List.of(b64.encodeToString(bytes));
        }
        int[] cuts = cuts(new Units() {

            @Override
            public int length() {
                return bytes.length;
            }

            @Override
            public int end(int i) {
                return i + 1;
            }

            @Override
            public int cost(int i, int end) {
                return 1;
            }

            @Override
            public boolean newline(int i) {
                return bytes[i] == '\n';
            }
        }, BLOB_BYTES);
        List<String> pages = new ArrayList<>();
        for (int k = 0; k + 1 < cuts.length; k++) {
            pages.add(b64.encodeToString(Arrays.copyOfRange(bytes, cuts[k], cuts[k + 1])));
        }
        return pages;
    }

    /** The indivisible units of a text or byte sequence, what each costs on a page, and where lines end. */
    private interface Units {

        int length();

        /** Where the unit starting at {@code i} ends (exclusive). */
        int end(int i);

        int cost(int i, int end);

        /** Whether the unit at {@code i} ends a line. */
        boolean newline(int i);
    }

    /**
     * Page boundaries, first 0 and last {@code length}: each page takes units while they fit {@code budget}; when the
     * next does not fit, the page ends after its last line, or — when it holds no whole line — before that unit.
     */
    private static int[] cuts(Units u, int budget) {
        List<Integer> cuts = new ArrayList<>(List.of(0));
        int start = 0;
        int used = 0;
        int lineEnd = -1;
        int i = 0;
        while (i < u.length()) {
            int end = u.end(i);
            int cost = u.cost(i, end);
            if (used + cost > budget) {
                int cut = lineEnd > start ? lineEnd : i;
                cuts.add(cut);
                start = cut;
                i = cut;
                used = 0;
                lineEnd = -1;
                continue;
            }
            used += cost;
            if (u.newline(i)) {
                lineEnd = end;
            }
            i = end;
        }
        cuts.add(u.length());
        return cuts.stream().mapToInt(Integer::intValue).toArray();
    }
}
