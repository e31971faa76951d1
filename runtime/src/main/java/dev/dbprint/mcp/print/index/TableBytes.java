package dev.dbprint.mcp.print.index;

import java.io.ByteArrayInputStream;
import java.io.DataInputStream;
import java.io.EOFException;
import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.channels.FileChannel;
import java.nio.charset.StandardCharsets;
import java.util.Arrays;
import java.util.zip.CRC32C;

/**
 * The start of an index file, its head and table of entries, read from its channel in blocks and decoded in place,
 * with the fields {@link java.io.DataOutputStream} wrote. A fresh process's first search reads a table of thousands of
 * entries (2.5 MB on 7,003 tables); through a data stream, each number read byte by byte and each name char by char,
 * that took about a fifth of the search's walk, before C1 had compiled any of it. Fields are read in order from the
 * file's first byte through one buffer of a block, its bytes moved down as they are read past (a longer field grows
 * it), so a table of any size leaves a block of garbage; the bytes between {@link #startCheck} and {@link #check} are
 * checked as they go. Not thread-safe.
 */
final class TableBytes {

    private static final byte ZERO_LEAD = (byte) 0xC0;
    private static final byte ZERO_TAIL = (byte) 0x80;

    private final FileChannel channel;
    private byte[] buffer;
    /** Where in the file {@link #buffer}'s first byte is. */
    private long start;
    /** Bytes of {@link #buffer} read from the file. */
    private int limit;
    /** Where in {@link #buffer} the next field starts. */
    private int position;
    private final CRC32C crc = new CRC32C();
    /** Where in {@link #buffer} the bytes not yet checked start, or -1 when none are being checked. */
    private int checkFrom = -1;

    /** Reads {@code channel} from its start through a buffer of {@code block} bytes (more for a longer field). */
    TableBytes(FileChannel channel, int block) {
        this.channel = channel;
        this.buffer = new byte[Math.max(block, 2)];
    }

    /** Where the next field starts in the file. */
    long position() {
        return start + position;
    }

    /** Checks the bytes from the next field on, up to {@link #check}. */
    void startCheck() {
        crc.reset();
        checkFrom = position;
    }

    /** The CRC-32C of the bytes read since {@link #startCheck}. */
    int check() {
        crc.update(buffer, checkFrom, position - checkFrom);
        checkFrom = position;
        return (int) crc.getValue();
    }

    /** Whether the next bytes are {@code expected}, read past them either way. */
    boolean startsWith(byte[] expected) throws IOException {
        need(expected.length);
        position += expected.length;
        return Arrays.equals(buffer, position - expected.length, position, expected, 0, expected.length);
    }

    int readInt() throws IOException {
        need(Integer.BYTES);
        int v = (buffer[position] & 0xFF) << 24 | (buffer[position + 1] & 0xFF) << 16
                | (buffer[position + 2] & 0xFF) << 8 | buffer[position + 3] & 0xFF;
        position += Integer.BYTES;
        return v;
    }

    long readLong() throws IOException {
        long high = readInt();
        return high << 32 | readInt() & 0xFFFFFFFFL;
    }

    /**
     * A string as {@link java.io.DataOutputStream#writeUTF} wrote it. Every name, form and token of a table is ASCII but
     * for the NUL that separates a token's parts (written as two bytes): those become a string of one byte per char at
     * once, anything else goes through the JDK's own decoder.
     */
    String readUTF() throws IOException {
        need(2);
        int length = (buffer[position] & 0xFF) << 8 | buffer[position + 1] & 0xFF;
        need(2 + length);
        int from = position + 2;
        int end = from + length;
        position = end;
        byte[] plain = null;
        int n = 0;
        for (int i = from; i < end; i++) {
            byte b = buffer[i];
            if (b >= 0) {
                if (plain != null) {
                    plain[n++] = b;
                }
            } else if (b == ZERO_LEAD && i + 1 < end && buffer[i + 1] == ZERO_TAIL) {
                if (plain == null) {
                    plain = Arrays.copyOfRange(buffer, from, end);
                    n = i - from;
                }
                plain[n++] = 0;
                i++;
            } else {
                return DataInputStream.readUTF(new DataInputStream(new ByteArrayInputStream(buffer, from - 2, 2 + length)));
            }
        }
        return plain == null
                ? new String(buffer, from, length, StandardCharsets.ISO_8859_1)
                : new String(plain, 0, n, StandardCharsets.ISO_8859_1);
    }

    /**
     * Reads on until {@code count} bytes from the position are in the buffer, first moving down what is left of it (the
     * bytes read past checked on the way); the file ending first is an EOF.
     */
    private void need(int count) throws IOException {
        if (limit - position >= count) {
            return;
        }
        if (checkFrom >= 0) {
            crc.update(buffer, checkFrom, position - checkFrom);
            checkFrom = 0;
        }
        if (count > buffer.length) {
            buffer = Arrays.copyOf(buffer, count);
        }
        System.arraycopy(buffer, position, buffer, 0, limit - position);
        start += position;
        limit -= position;
        position = 0;
        while (limit < count) {
            int n = channel.read(ByteBuffer.wrap(buffer, limit, buffer.length - limit), start + limit);
            if (n < 0) {
                throw new EOFException();
            }
            limit += n;
        }
    }
}
