package dev.dbprint.mcp.it;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.stream.Stream;

import org.yaml.snakeyaml.LoaderOptions;
import org.yaml.snakeyaml.Yaml;
import org.yaml.snakeyaml.constructor.SafeConstructor;

/**
 * The bundled sample project ({@code src/sample}, connection {@code shop}) as the tests see it: its location, a writable
 * copy for tests that rewrite or break files, and its table names read from the manifest itself.
 */
public final class SamplePrint {

    public static final String CONNECTION = "shop";

    private SamplePrint() {
    }

    /** {@code src/sample} of this checkout (failsafe runs in the module directory; {@code sample.project} overrides). */
    public static Path source() {
        Path p = Path.of(System.getProperty("sample.project", "../src/sample")).toAbsolutePath().normalize();
        if (!Files.isRegularFile(p.resolve(".dbprint.yaml"))) {
            throw new IllegalStateException("no sample project at " + p);
        }
        return p;
    }

    /** A copy of the sample project under {@code target}; its connection root is {@link #root(Path)}. */
    public static Path copyTo(Path target) {
        Path source = source();
        try (Stream<Path> files = Files.walk(source)) {
            for (Path p : (Iterable<Path>) files::iterator) {
                Path to = target.resolve(source.relativize(p).toString());
                if (Files.isDirectory(p)) {
                    Files.createDirectories(to);
                } else {
                    Files.copy(p, to, StandardCopyOption.REPLACE_EXISTING);
                }
            }
            return target;
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    /** The connection root {@code prints/shop} of a project. */
    public static Path root(Path project) {
        return project.resolve("prints").resolve(CONNECTION);
    }

    /** The FQNs of the manifest's {@code tables} map, in file order. */
    @SuppressWarnings("unchecked")
    public static List<String> tables(Path project) {
        try {
            String text = Files.readString(root(project).resolve("manifest.yaml"), StandardCharsets.UTF_8);
            Map<String, Object> manifest = new Yaml(new SafeConstructor(new LoaderOptions())).load(text);
            return new ArrayList<>(((Map<String, Object>) manifest.get("tables")).keySet());
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    /** Replaces a file the way {@code dbprint generate} should: write a sibling temp file, then rename over. */
    public static void rewriteAtomically(Path file, String text) {
        try {
            Path tmp = file.resolveSibling("." + file.getFileName() + ".tmp" + Thread.currentThread().getId());
            Files.writeString(tmp, text, StandardCharsets.UTF_8);
            Files.move(tmp, file, StandardCopyOption.ATOMIC_MOVE, StandardCopyOption.REPLACE_EXISTING);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }
}
