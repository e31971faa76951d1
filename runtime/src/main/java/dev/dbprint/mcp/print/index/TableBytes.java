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
 * The start of an index file, its head and table of entries, read from its channel in large blocks and decoded in
 * place, with the fields {@link java.io.DataOutputStream} wrote. A fresh process's first search reads a table of
 * thousands of entries (2.5 MB on 7,003 tables); through a data stream, each number read byte by byte and each name
 * char by char, that took about a fifth of the search's walk, before C1 had compiled any of it. Fields are read in
 * order from the file's first byte, so a position here is a position in the file. Not thread-safe.
 */
final class TableBytes {

    private static final byte ZERO_LEAD = (byte) 0xC0;
    private static final byte ZERO_TAIL = (byte) 0x80;

    private final FileChannel channel;
    private byte[] buffer;
    /** Bytes of the file read into {@link #buffer} so far, from its start. */
    private int limit;
    private int position;

    /** Reads {@code channel} from its start, {@code block} bytes at first. */
    TableBytes(FileChannel channel, int block) {
        this.channel = channel;
        this.buffer = new byte[block];
    }

    /** Where the next field starts in the file. */
    int position() {
        return position;
    }

    /** The CRC-32C of the bytes from {@code from} (a position already read) to the next field. */
    int crc(int from) {
        CRC32C crc = new CRC32C();
        crc.update(buffer, from, position - from);
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

    /** Reads on until {@code count} bytes past the position are in the buffer; the file ending first is an EOF. */
    private void need(int count) throws IOException {
        long wanted = (long) position + count;
        if (wanted <= limit) {
            return;
        }
        if (wanted > buffer.length) {
            if (wanted > channel.size() || wanted > Integer.MAX_VALUE - 8) {
                throw new EOFException();
            }
            buffer = Arrays.copyOf(buffer, (int) Math.min(Math.max(wanted, 2L * buffer.length), Integer.MAX_VALUE - 8));
        }
        while (limit < wanted) {
            int n = channel.read(ByteBuffer.wrap(buffer, limit, buffer.length - limit), limit);
            if (n < 0) {
                throw new EOFException();
            }
            limit += n;
        }
    }
}
