package dev.dbprint.mcp.print.index;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.ByteArrayOutputStream;
import java.io.DataOutputStream;
import java.io.EOFException;
import java.io.IOException;
import java.io.UTFDataFormatException;
import java.nio.channels.FileChannel;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.util.List;
import java.util.zip.CRC32C;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * An index file's head and table read in blocks give back exactly what {@link DataOutputStream} wrote: numbers, and
 * strings of ASCII, of NUL (two bytes in that encoding) and of any other character, a block boundary anywhere; a file
 * that ends early is an EOF, and bytes that are no such string fail as the JDK's decoder fails them.
 */
class TableBytesTest {

    private static final List<String> STRINGS = List.of("", "s372/accession/statistics.yaml",
            "s000/a\0statistics.yaml\0" + "65024:5473723:266:1796545348917871739:1796545348917871739\0", "\0",
            "caf\u00e9 \u00c0\u0080", "\ud83d\udc1f fish", "lone \ud800 surrogate", "x".repeat(70_000 / 3));

    @TempDir
    Path tmp;

    private Path written(byte[] bytes) throws IOException {
        return Files.write(tmp.resolve("t"), bytes);
    }

    @Test
    void readsBackWhatADataStreamWroteWhateverTheBlock() throws IOException {
        ByteArrayOutputStream buffer = new ByteArrayOutputStream();
        DataOutputStream out = new DataOutputStream(buffer);
        out.write(new byte[]{'M', 'A', 'G'});
        out.writeInt(7);
        for (String s : STRINGS) {
            out.writeUTF(s);
            out.writeLong(-2L);
            out.writeLong(Long.MAX_VALUE - s.length());
            out.writeInt(Integer.MIN_VALUE + s.length());
        }
        out.flush();
        byte[] bytes = buffer.toByteArray();
        for (int block : new int[]{1, 3, 4096, bytes.length}) {
            try (FileChannel channel = FileChannel.open(written(bytes), StandardOpenOption.READ)) {
                TableBytes in = new TableBytes(channel, block);
                assertTrue(in.startsWith(new byte[]{'M', 'A', 'G'}));
                assertEquals(7, in.readInt());
                int from = (int) in.position();
                in.startCheck();
                for (String s : STRINGS) {
                    assertEquals(s, in.readUTF(), "block " + block);
                    assertEquals(-2L, in.readLong());
                    assertEquals(Long.MAX_VALUE - s.length(), in.readLong());
                    assertEquals(Integer.MIN_VALUE + s.length(), in.readInt());
                }
                assertEquals(bytes.length, in.position());
                CRC32C crc = new CRC32C();
                crc.update(bytes, from, bytes.length - from);
                assertEquals((int) crc.getValue(), in.check(), "the check of the bytes read since");
                assertThrows(EOFException.class, in::readInt, "the file ends");
            }
        }
    }

    @Test
    void anotherMagicAShortFileAndABadStringFail() throws IOException {
        try (FileChannel channel = FileChannel.open(written(new byte[]{'M', 'A', 'X', 0, 9, 'a'}),
                StandardOpenOption.READ)) {
            TableBytes in = new TableBytes(channel, 2);
            assertFalse(in.startsWith(new byte[]{'M', 'A', 'G'}));
            assertThrows(EOFException.class, in::readUTF, "a string longer than the file");
        }
        try (FileChannel channel = FileChannel.open(written(new byte[]{0, 2, (byte) 0xC0, 'a'}),
                StandardOpenOption.READ)) {
            assertThrows(UTFDataFormatException.class, new TableBytes(channel, 16)::readUTF);
        }
    }
}
