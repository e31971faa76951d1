package dev.dbprint.mcp.print.index;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotEquals;

import java.nio.file.Path;
import java.util.List;

import org.junit.jupiter.api.Test;

class FileFormTest {

    /** Equal by file and form, each of which tells two keys apart in their hashes as well. */
    @Test
    void equalByFileAndForm() {
        FileForm<Path> key = new FileForm<>(Path.of("/p/manifest.yaml"), "tree");
        assertEquals(key, new FileForm<>(Path.of("/p/manifest.yaml"), "tree"));
        assertEquals(key.hashCode(), new FileForm<>(Path.of("/p/manifest.yaml"), "tree").hashCode());
        for (FileForm<Path> other : List.of(new FileForm<>(Path.of("/p/other.yaml"), "tree"),
                new FileForm<>(Path.of("/p/manifest.yaml"), "bytes"))) {
            assertNotEquals(key, other);
            assertNotEquals(key.hashCode(), other.hashCode(), other.toString());
        }
        assertNotEquals(key, new FileForm<>("/p/manifest.yaml", "tree"));
        assertNotEquals(key, "tree");
    }
}
