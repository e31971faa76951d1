package dev.dbprint.mcp.reference;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.FileTime;
import java.util.Optional;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import dev.dbprint.mcp.error.DetailedFault;

class ReferenceDocumentsTest {

    @Test
    void packagedCopiesAreServedByteForByte() throws IOException {
        ReferenceDocuments documents = new ReferenceDocuments(Optional.empty());
        for (ReferenceDocument d : ReferenceDocument.values()) {
            byte[] expected;
            try (InputStream in = getClass().getClassLoader()
                    .getResourceAsStream("dbprint/reference/" + d.wireName() + ".md")) {
                expected = in.readAllBytes();
            }
            assertArrayEquals(expected, documents.bytes(d));
            assertEquals(new String(expected, StandardCharsets.UTF_8), documents.text(d));
            assertEquals(64, documents.version(d).length());
            assertSame(documents.get(d), documents.get(d), "cached");
            assertEquals("classpath:dbprint/reference/" + d.wireName() + ".md", documents.source(d));
        }
    }

    @Test
    void anOperatorDirectoryIsReadLazilyAndReReadWhenAFileChanges(@TempDir Path dir) throws IOException {
        ReferenceDocuments documents = new ReferenceDocuments(Optional.of(dir)); // nothing there yet: not read
        DetailedFault missing = assertThrows(DetailedFault.class, () -> documents.text(ReferenceDocument.GUIDE));
        assertTrue(missing.getMessage().startsWith("reference document " + dir.resolve("guide.md") + " cannot be read"),
                missing.getMessage());
        assertTrue(missing.getMessage().endsWith(
                "Check dbprint.reference.directory, or unset it to serve the packaged copies."));

        Path guide = dir.resolve("guide.md");
        Files.writeString(guide, "# G\n\n## Vocabulary\n\nOld.\n");
        ReferenceDocuments.Loaded first = documents.get(ReferenceDocument.GUIDE);
        assertSame(first, documents.get(ReferenceDocument.GUIDE));
        assertEquals("Vocabulary", first.sections().keys().get(0));

        Files.writeString(guide, "# G\n\n## Reading strategy\n\nNew text.\n");
        Files.setLastModifiedTime(guide, FileTime.fromMillis(System.currentTimeMillis() + 10_000));
        ReferenceDocuments.Loaded second = documents.get(ReferenceDocument.GUIDE);
        assertNotEquals(first.version(), second.version());
        assertEquals("Reading strategy", second.sections().keys().get(0));
    }

    @Test
    void textThatIsNotUtf8IsRefused(@TempDir Path dir) throws IOException {
        Files.write(dir.resolve("spec.md"), new byte[]{'#', ' ', (byte) 0xff, '\n'});
        DetailedFault f = assertThrows(DetailedFault.class,
                () -> new ReferenceDocuments(Optional.of(dir)).text(ReferenceDocument.SPEC));
        assertEquals("reference document " + dir.resolve("spec.md") + " is not UTF-8 text.", f.getMessage());
    }
}
