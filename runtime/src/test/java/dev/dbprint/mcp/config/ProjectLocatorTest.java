package dev.dbprint.mcp.config;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Optional;

import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** Finding {@code .dbprint.yaml}: {@code --project} as a directory or the file, else walking up. */
class ProjectLocatorTest {

    @TempDir
    Path dir;

    Path project;
    Path file;

    @BeforeEach
    void project() throws IOException {
        project = Files.createDirectories(dir.resolve("proj"));
        file = Files.writeString(project.resolve(".dbprint.yaml"), "connections:\n  a: {}\n");
    }

    @Test
    void projectNamesTheDirectory() {
        assertEquals(file, ProjectLocator.locate(Optional.of(project.toString()), dir));
    }

    @Test
    void projectNamesTheFile() {
        assertEquals(file, ProjectLocator.locate(Optional.of(file.toString()), dir));
    }

    @Test
    void relativeProjectResolvesAgainstTheWorkingDirectory() {
        assertEquals(file, ProjectLocator.locate(Optional.of("proj"), dir));
        assertEquals(file, ProjectLocator.locate(Optional.of("proj/.dbprint.yaml"), dir));
    }

    @Test
    void withoutProjectTheSearchWalksUp() throws IOException {
        Path deep = Files.createDirectories(project.resolve("a/b/c"));
        assertEquals(file, ProjectLocator.locate(Optional.empty(), deep));
        assertEquals(file, ProjectLocator.locate(Optional.of(" "), deep), "a blank --project is no --project");
        assertEquals(file, ProjectLocator.locate(Optional.empty(), project));
    }

    @Test
    void theNearestFileWins() throws IOException {
        Path inner = Files.createDirectories(project.resolve("inner"));
        Path innerFile = Files.writeString(inner.resolve(".dbprint.yaml"), "connections:\n  b: {}\n");
        assertEquals(innerFile, ProjectLocator.locate(Optional.empty(), Files.createDirectories(inner.resolve("x"))));
    }

    @Test
    void walkUpFindsNothing() throws IOException {
        Path elsewhere = Files.createDirectories(dir.resolve("elsewhere/deeper"));
        String message = assertThrows(ConfigError.class, () -> ProjectLocator.locate(Optional.empty(), elsewhere))
                .getMessage();
        assertTrue(message.startsWith("no .dbprint.yaml found in " + elsewhere), message);
        assertTrue(message.contains("--project"), message);
    }

    @Test
    void projectDirectoryWithoutTheFile() throws IOException {
        Path empty = Files.createDirectories(dir.resolve("empty"));
        Files.createDirectories(empty.resolve("sub"));
        String message = assertThrows(ConfigError.class, () -> ProjectLocator.locate(Optional.of("empty"), dir))
                .getMessage();
        assertTrue(message.contains("no .dbprint.yaml directly inside"), message);
        // --project never walks: the file one level up is not taken for it
        assertThrows(ConfigError.class, () -> ProjectLocator.locate(Optional.of("proj/a-missing-dir"), dir));
    }

    @Test
    void projectNamingAnotherFileOrNothing() throws IOException {
        Path other = Files.writeString(project.resolve("other.yaml"), "connections:\n  a: {}\n");
        assertThrows(ConfigError.class, () -> ProjectLocator.locate(Optional.of(other.toString()), dir));
        assertThrows(ConfigError.class, () -> ProjectLocator.locate(Optional.of("missing"), dir));
    }
}
