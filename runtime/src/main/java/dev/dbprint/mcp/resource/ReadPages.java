package dev.dbprint.mcp.resource;

import java.io.ByteArrayInputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.nio.ByteBuffer;
import java.nio.CharBuffer;
import java.nio.charset.CharsetDecoder;
import java.nio.charset.CoderResult;
import java.nio.charset.CodingErrorAction;
import java.nio.charset.StandardCharsets;
import java.util.Arrays;
import java.util.Base64;

import dev.dbprint.mcp.paging.JsonText;
import dev.dbprint.mcp.paging.Pager;
import dev.dbprint.mcp.print.cache.Weighed;

/**
 * Where a served resource's pages begin and end, as byte offsets into it, found in one pass over its bytes (spec
 * §3.4), so a page is served by reading its bytes alone. A text whose JSON-string form (quotes included) is at most
 * {@link Pager#MAX_CHARS} characters is one page. A longer one fills each page with whole lines while its JSON string
 * stays within the bound; a line longer than a page is cut at a character boundary (never inside a surrogate pair).
 * The pages concatenate to the bytes exactly, CRLF and all, since a line keeps its terminator.
 * <p>
 * Bytes that are not UTF-8 are served as a base64 {@code blob}; they are cut by the same rule over bytes, each page
 * holding at most {@link #BLOB_BYTES} bytes so its base64 string stays within the bound, and the pages' decoded bytes
 * concatenate to the file.
 */
final class ReadPages implements Weighed {

    /** The most bytes whose base64 text, quoted, fits the bound: 4 characters per 3 bytes. */
    static final int BLOB_BYTES = (Pager.MAX_CHARS - 2) / 4 * 3;

    private static final int CHUNK = 1 << 16;

    private final boolean text;
    private final long[] cuts;

    private ReadPages(boolean text, long[] cuts) {
        this.text = text;
        this.cuts = cuts;
    }

    /** The pages of bytes held in memory. */
    static ReadPages of(byte[] bytes) {
        try {
            return of(new ByteArrayInputStream(bytes));
        } catch (IOException e) {
            throw new UncheckedIOException(e); // a byte array does not fail
        }
    }

    /**
     * The pages of everything {@code in} holds, read once: cut as text while it decodes as UTF-8, and as bytes
     * alongside, for a blob when it does not.
     */
    static ReadPages of(InputStream in) throws IOException {
        Cutter textCuts = new Cutter(Pager.MAX_CHARS - 2);
        Cutter blobCuts = new Cutter(BLOB_BYTES);
        CharsetDecoder decoder = StandardCharsets.UTF_8.newDecoder().onMalformedInput(CodingErrorAction.REPORT)
                .onUnmappableCharacter(CodingErrorAction.REPORT);
        ByteBuffer bytes = ByteBuffer.allocate(CHUNK);
        CharBuffer chars = CharBuffer.allocate(CHUNK);
        boolean utf8 = true;
        char high = 0; // a high surrogate whose low one is still to come
        boolean end = false;
        while (!end) {
            int at = bytes.position();
            int n = in.read(bytes.array(), at, bytes.remaining());
            end = n < 0;
            for (int k = at; k < at + Math.max(n, 0); k++) {
                blobCuts.unit(1, 1, bytes.array()[k] == '\n');
            }
            if (!utf8) {
                bytes.clear();
                continue;
            }
            bytes.position(at + Math.max(n, 0)).flip();
            CoderResult r;
            do {
                r = decoder.decode(bytes, chars, end);
                if (!r.isError() && end && r.isUnderflow()) {
                    r = decoder.flush(chars);
                }
                chars.flip();
                for (int k = 0; k < chars.limit(); k++) {
                    char c = chars.get(k);
                    if (high != 0) {
                        textCuts.unit(4, JsonText.escapedLength(high) + JsonText.escapedLength(c), false);
                        high = 0;
                    } else if (Character.isHighSurrogate(c)) {
                        high = c; // valid UTF-8 decodes to whole pairs only
                    } else {
                        textCuts.unit(c < 0x80 ? 1 : c < 0x800 ? 2 : 3, JsonText.escapedLength(c), c == '\n');
                    }
                }
                chars.clear();
            } while (r.isOverflow());
            utf8 = !r.isError();
            bytes.compact();
        }
        return utf8 ? new ReadPages(true, textCuts.finish()) : new ReadPages(false, blobCuts.finish());
    }

    /** Whether the pages are text; otherwise each is base64 of its bytes. */
    boolean text() {
        return text;
    }

    int pages() {
        return cuts.length - 1;
    }

    /** Where page {@code page} (from 1) begins. */
    long from(int page) {
        return cuts[page - 1];
    }

    /** How many bytes page {@code page} (from 1) holds. */
    int length(int page) {
        return (int) (cuts[page] - cuts[page - 1]);
    }

    /** What a page's bytes are served as: their text, or base64. */
    String served(byte[] pageBytes) {
        return text ? new String(pageBytes, StandardCharsets.UTF_8) : Base64.getEncoder().encodeToString(pageBytes);
    }

    @Override
    public long weight() {
        return 32 + 8L * cuts.length;
    }

    /**
     * Page boundaries over a run of indivisible units, first 0 and last the run's length: each page takes units while
     * their cost fits {@code budget}; when the next does not fit, the page ends after its last whole line, or — when it
     * holds none — before that unit. A unit costs at most a few characters, far under any budget.
     */
    private static final class Cutter {

        private final int budget;
        private long[] cuts = new long[16];
        private int count = 1;
        private long position;
        private long start;
        /** Where the page's last whole line ends; -1 when it holds none yet. */
        private long lineEnd = -1;
        private int used;
        /** What the units after {@link #lineEnd} cost: they move to the next page when the page ends there. */
        private int sinceLineEnd;

        Cutter(int budget) {
            this.budget = budget;
        }

        void unit(int width, int cost, boolean newline) {
            if (used + cost > budget) {
                if (lineEnd > start) {
                    cut(lineEnd);
                    used = sinceLineEnd;
                } else {
                    cut(position);
                    used = 0;
                }
                lineEnd = -1;
                if (used + cost > budget) {
                    cut(position); // the unfinished line moved over and this unit still does not fit: cut inside it
                    used = 0;
                }
            }
            used += cost;
            sinceLineEnd += cost;
            position += width;
            if (newline) {
                lineEnd = position;
                sinceLineEnd = 0;
            }
        }

        private void cut(long at) {
            if (count == cuts.length) {
                cuts = Arrays.copyOf(cuts, count * 2);
            }
            cuts[count++] = at;
            start = at;
        }

        long[] finish() {
            cut(position);
            return Arrays.copyOf(cuts, count);
        }
    }
}
