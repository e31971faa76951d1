package dev.dbprint.mcp.print.store;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.util.Arrays;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import dev.dbprint.mcp.error.PrintError;
import dev.dbprint.mcp.print.cache.Weighed;
import dev.dbprint.mcp.print.files.Containment;
import dev.dbprint.mcp.print.files.FileIdentity;

/**
 * A scan under atomic rewrites: a file up to {@link ScannedFiles#READ_WHOLE_BYTES} is read whole and scanned after, so
 * a rewrite during the scan leaves the version read served at its own identity; a larger one, streamed through its
 * scan, is scanned again, and refused once every attempt saw a rewrite.
 */
class ScannedFilesTest {

    @TempDir
    Path root;

    private final PrintStore store = new PrintStore();
    private int scans;

    /** What a scan kept: the text it read. */
    private record Text(String text) implements Weighed {

        @Override
        public long weight() {
            return text.length();
        }
    }

    /** A scan that replaces the file by a new version (temp file and rename) before it reads its stream. */
    private Scan<Text> rewritingEveryScan(Path file) {
        return in -> {
            scans++;
            rewriteAtomically(file);
            return new Text(read(in));
        };
    }

    private static String read(InputStream in) throws IOException {
        return new String(in.readAllBytes(), StandardCharsets.UTF_8);
    }

    private void rewriteAtomically(Path file) {
        try {
            Path next = Files.writeString(root.resolve("next.tmp"), Files.readString(file) + "# rewritten\n");
            Files.move(next, file, StandardCopyOption.ATOMIC_MOVE, StandardCopyOption.REPLACE_EXISTING);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    @Test
    void aFileRewrittenDuringEveryScanIsServedAsTheVersionItsReadSaw() throws Exception {
        Path file = Files.writeString(root.resolve("statistics.yaml"), "columns: {}\n");
        FileIdentity before = FileIdentity.of(file);
        Read<Text> read = store.scan(Containment.realRoot(root), file, "text", rewritingEveryScan(file));
        assertEquals("columns: {}\n", read.value().text());
        assertEquals(before, read.identity(), "the identity of the version scanned, not of the one there now");
        assertEquals("columns: {}\n# rewritten\n", Files.readString(file));
        assertEquals(1, scans, "scanned once");
    }

    @Test
    void aFileOfTheSizeBoundIsStillReadWhole() throws Exception {
        String text = "x".repeat((int) ScannedFiles.READ_WHOLE_BYTES);
        Path file = Files.writeString(root.resolve("reading.md"), text);
        Read<Text> read = store.scan(Containment.realRoot(root), file, "text", rewritingEveryScan(file));
        assertEquals(text, read.value().text());
        assertEquals(1, scans);
    }

    /** A streamed file's bytes are counted as the scan takes them, a byte at a time or a buffer at a time. */
    @Test
    void aStreamedFileIsCountedAsItIsRead() throws Exception {
        byte[] bytes = new byte[(int) ScannedFiles.READ_WHOLE_BYTES + 2];
        Arrays.fill(bytes, (byte) 'x');
        bytes[0] = 0; // a zero byte is a byte read, not the end
        Path file = Files.write(root.resolve("reading.md"), bytes);
        Read<Text> read = store.scan(Containment.realRoot(root), file, "text", in -> {
            int first = in.read();
            int second = in.read();
            return new Text(first + "," + second + "," + read(in).length());
        });
        assertEquals("0,120," + (bytes.length - 2), read.value().text());
        assertEquals(bytes.length, store.counters().bytesRead());
    }

    @Test
    void aStreamedFileRewrittenDuringEveryScanKeptChanging() throws Exception {
        Path file = Files.writeString(root.resolve("reading.md"), "x".repeat((int) ScannedFiles.READ_WHOLE_BYTES + 1));
        PrintError e = assertThrows(PrintError.class,
                () -> store.scan(Containment.realRoot(root), file, "text", rewritingEveryScan(file)));
        assertEquals(file + ": the file kept changing while it was read (5 attempts)", e.getMessage());
        assertEquals(PrintStore.MAX_READ_ATTEMPTS, scans, "every attempt scanned, and saw a rewrite");
    }
}
