package dev.dbprint.mcp.resource;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.ByteArrayInputStream;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Base64;
import java.util.List;
import java.util.Random;

import org.junit.jupiter.api.Test;

import dev.dbprint.mcp.paging.JsonText;
import dev.dbprint.mcp.paging.Pager;

class ReadPagesTest {

    /** The pages {@code bytes} are served as, cut in one pass over a stream that hands them out in short reads. */
    static List<String> pages(byte[] bytes, long seed) throws IOException {
        ReadPages cut = ReadPages.of(new Trickle(bytes, seed));
        List<String> pages = new ArrayList<>();
        for (int p = 1; p <= cut.pages(); p++) {
            int from = (int) cut.from(p);
            pages.add(cut.served(Arrays.copyOfRange(bytes, from, from + cut.length(p))));
        }
        return pages;
    }

    /** A stream that returns at most a few hundred bytes per read, so multi-byte characters straddle reads. */
    private static final class Trickle extends ByteArrayInputStream {

        private final Random random;

        Trickle(byte[] bytes, long seed) {
            super(bytes);
            random = new Random(seed);
        }

        @Override
        public synchronized int read(byte[] b, int off, int len) {
            return super.read(b, off, Math.min(len, 1 + random.nextInt(300)));
        }
    }

    @Test
    void textPagesAreThePreviousAlgorithmsPagesExactly() throws IOException {
        for (long seed = 1; seed <= 6; seed++) {
            String text = BigText.of(seed, 300_000, false);
            List<String> pages = pages(text.getBytes(StandardCharsets.UTF_8), seed);
            assertEquals(PreviousReadPages.text(text), pages, "seed " + seed);
            assertEquals(text, String.join("", pages));
            for (String page : pages) {
                assertTrue(JsonText.stringLength(page) <= Pager.MAX_CHARS);
            }
        }
    }

    @Test
    void edgeCasesMatchThePreviousAlgorithm() throws IOException {
        String page = "x".repeat(Pager.MAX_CHARS - 2);
        List<String> texts = List.of("", "\n", "one line, no end", page, page + "x", page.substring(1) + "\n",
                page.substring(2) + "\n" + "y", "\n".repeat(30_000), "\u0001".repeat(10_000),
                "𝄞".repeat(Pager.MAX_CHARS), "a" + "𝄞".repeat(Pager.MAX_CHARS), "\r\n".repeat(12_000),
                ("b".repeat(Pager.MAX_CHARS - 3) + "\n").repeat(3), "c\n" + "d".repeat(3 * Pager.MAX_CHARS));
        for (String text : texts) {
            assertEquals(PreviousReadPages.text(text), pages(text.getBytes(StandardCharsets.UTF_8), 7),
                    "text of " + text.length());
        }
    }

    @Test
    void bytesThatAreNotUtf8AreCutAsBlobsExactlyAsBefore() throws IOException {
        Random r = new Random(3);
        for (int size : new int[]{0, 1, ReadPages.BLOB_BYTES, ReadPages.BLOB_BYTES + 1, 200_000}) {
            String text = BigText.of(size, size, false);
            byte[] bytes = new byte[size];
            for (int i = 0; i < size; i++) {
                bytes[i] = (byte) text.charAt(i); // lines as in a text, any byte value in them
            }
            if (size > 0) {
                bytes[r.nextInt(size)] = (byte) 0xE9; // Latin-1 é, no continuation byte after it
                bytes[size - 1] = (byte) 0xC3; // a sequence cut short by the end of the file
            }
            List<String> pages = pages(bytes, size);
            if (size == 0) {
                assertEquals(List.of(""), pages);
                continue;
            }
            assertEquals(PreviousReadPages.blob(bytes), pages, "size " + size);
            ByteArrayOutputStream joined = new ByteArrayOutputStream();
            for (String p : pages) {
                joined.write(Base64.getDecoder().decode(p));
            }
            assertArrayEquals(bytes, joined.toByteArray());
        }
    }

    @Test
    void aByteOrderMarkIsTextLikeAnyCharacter() throws IOException {
        String text = "\uFEFFformat_version: 1\n";
        ReadPages cut = ReadPages.of(new ByteArrayInputStream(text.getBytes(StandardCharsets.UTF_8)));
        assertTrue(cut.text());
        assertEquals(List.of(text), pages(text.getBytes(StandardCharsets.UTF_8), 1));
    }

    @Test
    void theIndexWeighsItsCutsNotTheText() throws IOException {
        byte[] big = BigText.of(11, 2_000_000, false).getBytes(StandardCharsets.UTF_8);
        ReadPages cut = ReadPages.of(new ByteArrayInputStream(big));
        assertTrue(cut.pages() > 100);
        assertTrue(cut.weight() < 64L * cut.pages(), "weight " + cut.weight() + " for " + cut.pages() + " pages");
        assertFalse(cut.weight() > big.length / 100);
    }

    @Test
    void aStreamIsReadOnce() throws IOException {
        byte[] bytes = BigText.of(5, 100_000, false).getBytes(StandardCharsets.UTF_8);
        InputStream once = new ByteArrayInputStream(bytes);
        ReadPages.of(once);
        assertEquals(-1, once.read());
    }
}
