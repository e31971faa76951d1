package dev.dbprint.mcp.devmode;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Map;
import java.util.concurrent.BlockingQueue;
import java.util.concurrent.LinkedBlockingQueue;
import java.util.concurrent.TimeUnit;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** Real files in a temporary source tree, watched as dev mode watches the extension's own. */
class ExtensionSourceWatchTest {

    @TempDir
    Path tree;

    private final BlockingQueue<String> lines = new LinkedBlockingQueue<>();

    @Test
    void anEditedSourceFileIsReportedOnceWithTheRestartItNeeds() throws Exception {
        Path file = tree.resolve("java/dev/x/Tool.java");
        Files.createDirectories(file.getParent());
        Files.writeString(file, "class Tool {}");
        try (ExtensionSourceWatch watch = ExtensionSourceWatch.start(Map.of(tree, "dev.dbprint:dbprint-mcp"), lines::add)) {
            Files.writeString(file, "class Tool { int edited; }");
            Files.writeString(file, "class Tool { int editedAgain; }");

            String line = lines.poll(20, TimeUnit.SECONDS);
            assertTrue(line != null && line.startsWith(file + " changed"), String.valueOf(line));
            assertTrue(line.contains("dev.dbprint:dbprint-mcp is part of the Quarkus extension"), line);
            assertTrue(line.contains("stop dev mode (q) and start it again"), line);
            // the second save, right after the first, is the same edit
            assertEquals(null, lines.poll(1, TimeUnit.SECONDS));
        }
    }

    @Test
    void aFileInADirectoryMadeAfterTheStartIsReported() throws Exception {
        try (ExtensionSourceWatch watch = ExtensionSourceWatch.start(Map.of(tree, "dev.dbprint:dbprint-mcp"), lines::add)) {
            Path dir = Files.createDirectories(tree.resolve("resources/dbprint"));
            Thread.sleep(500); // the watch registers the new directory as it hears of it
            Path file = Files.writeString(dir.resolve("instructions.md"), "# edited");

            String line = lines.poll(20, TimeUnit.SECONDS);
            assertTrue(line != null && line.startsWith(file + " changed"), String.valueOf(line));
        }
    }

    @Test
    void editorsSwapAndBackupFilesAreNotReported() throws Exception {
        try (ExtensionSourceWatch watch = ExtensionSourceWatch.start(Map.of(tree, "dev.dbprint:dbprint-mcp"), lines::add)) {
            Files.writeString(tree.resolve(".Tool.java.swp"), "x");
            Files.writeString(tree.resolve("Tool.java~"), "x");
            Path real = Files.writeString(tree.resolve("Tool.java"), "x");

            String line = lines.poll(20, TimeUnit.SECONDS);
            assertTrue(line != null && line.startsWith(real + " changed"), String.valueOf(line));
        }
    }
}
