package dev.dbprint.mcp.resource;

import java.nio.file.Path;

import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.io.TempDir;

/** A test over a fresh {@link ResourceFixture} in its own temporary directory for every test method. */
abstract class ResourceFixtureTest {

    @TempDir
    Path dir;

    ResourceFixture f;

    @BeforeEach
    void writeFixture() {
        f = new ResourceFixture(dir);
    }
}
