package dev.dbprint.mcp.transport;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.ByteArrayInputStream;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;

import org.junit.jupiter.api.Test;

import dev.dbprint.mcp.transport.StdioTransport.FrameReader;

/** Newline framing on stdin: frames split across reads, oversize frames skipped, bad UTF-8 survived. */
class FrameReaderTest {

    /** Hands out at most {@code chunk} bytes per read, as a pipe does when the writer is slow. */
    private static final class Trickle extends InputStream {

        private final byte[] data;
        private final int chunk;
        private int pos;

        Trickle(byte[] data, int chunk) {
            this.data = data;
            this.chunk = chunk;
        }

        @Override
        public int read() {
            return pos < data.length ? data[pos++] & 0xff : -1;
        }

        @Override
        public int read(byte[] b, int off, int len) {
            if (pos >= data.length) {
                return -1;
            }
            int n = Math.min(Math.min(len, chunk), data.length - pos);
            System.arraycopy(data, pos, b, off, n);
            pos += n;
            return n;
        }
    }

    private static List<FrameReader.Frame> all(InputStream in, int limit) throws IOException {
        FrameReader reader = new FrameReader(in, limit);
        List<FrameReader.Frame> frames = new ArrayList<>();
        for (FrameReader.Frame f = reader.next(); f != null; f = reader.next()) {
            frames.add(f);
        }
        assertNull(reader.next(), "EOF stays EOF");
        return frames;
    }

    private static List<String> texts(List<FrameReader.Frame> frames) {
        return frames.stream().map(FrameReader.Frame::text).toList();
    }

    @Test
    void linesSplitAcrossReadsArriveWhole() throws IOException {
        byte[] data = "{\"id\":1}\n{\"id\":2,\"x\":\"é€😀\"}\n{\"id\":3}\n".getBytes(StandardCharsets.UTF_8);
        for (int chunk : new int[]{1, 2, 3, 5, 7, 1000}) {
            List<FrameReader.Frame> frames = all(new Trickle(data, chunk), 1024);
            assertEquals(List.of("{\"id\":1}", "{\"id\":2,\"x\":\"é€😀\"}", "{\"id\":3}"), texts(frames), "chunk " + chunk);
            frames.forEach(f -> assertFalse(f.oversize()));
        }
    }

    @Test
    void aFrameLongerThanTheReadBufferArrivesWhole() throws IOException {
        String big = "{\"pad\":\"" + "x".repeat(200_000) + "\"}";
        byte[] data = (big + "\n{\"id\":2}\n").getBytes(StandardCharsets.UTF_8);
        assertEquals(List.of(big, "{\"id\":2}"), texts(all(new ByteArrayInputStream(data), 4 * 1024 * 1024)));
    }

    @Test
    void aLastLineWithoutNewlineIsStillAFrame() throws IOException {
        byte[] data = "{\"id\":1}\n{\"id\":2}".getBytes(StandardCharsets.UTF_8);
        assertEquals(List.of("{\"id\":1}", "{\"id\":2}"), texts(all(new Trickle(data, 3), 1024)));
    }

    @Test
    void emptyInputHasNoFrames() throws IOException {
        assertTrue(all(new ByteArrayInputStream(new byte[0]), 1024).isEmpty());
    }

    @Test
    void blankLinesAreFramesTheTransportSkips() throws IOException {
        assertEquals(List.of("", "{}", ""), texts(all(new ByteArrayInputStream("\n{}\n\n".getBytes()), 1024)));
    }

    @Test
    void anOversizeFrameIsSkippedAndTheNextArrivesIntact() throws IOException {
        String next = "{\"jsonrpc\":\"2.0\",\"id\":2,\"method\":\"ping\"}";
        byte[] data = ("{\"pad\":\"" + "y".repeat(5_000) + "\"}\n" + next + "\n").getBytes(StandardCharsets.UTF_8);
        for (int chunk : new int[]{1, 13, 100_000}) {
            List<FrameReader.Frame> frames = all(new Trickle(data, chunk), 100);
            assertEquals(2, frames.size(), "chunk " + chunk);
            assertTrue(frames.get(0).oversize());
            assertEquals("", frames.get(0).text(), "an oversize frame's bytes are not kept");
            assertFalse(frames.get(1).oversize());
            assertEquals(next, frames.get(1).text());
        }
    }

    @Test
    void anOversizeFrameAtEofIsReported() throws IOException {
        List<FrameReader.Frame> frames = all(new ByteArrayInputStream("z".repeat(500).getBytes()), 100);
        assertEquals(1, frames.size());
        assertTrue(frames.get(0).oversize());
    }

    @Test
    void theLimitIsInclusive() throws IOException {
        byte[] data = ("a".repeat(100) + "\n" + "b".repeat(101) + "\n").getBytes(StandardCharsets.UTF_8);
        List<FrameReader.Frame> frames = all(new Trickle(data, 7), 100);
        assertFalse(frames.get(0).oversize());
        assertEquals("a".repeat(100), frames.get(0).text());
        assertTrue(frames.get(1).oversize());
    }

    @Test
    void invalidUtf8DecodesWithReplacementCharacters() throws IOException {
        ByteArrayOutputStream data = new ByteArrayOutputStream();
        data.write(new byte[]{'{', '"', 'a', '"', ':', '"', (byte) 0xff, (byte) 0xc3, '"', '}', '\n'});
        data.write("{\"id\":2}\n".getBytes(StandardCharsets.UTF_8));
        List<FrameReader.Frame> frames = all(new Trickle(data.toByteArray(), 4), 1024);
        assertEquals(2, frames.size());
        assertTrue(frames.get(0).text().startsWith("{\"a\":\""), frames.get(0).text());
        assertTrue(frames.get(0).text().contains("\uFFFD"), frames.get(0).text());
        assertEquals("{\"id\":2}", frames.get(1).text());
    }
}
