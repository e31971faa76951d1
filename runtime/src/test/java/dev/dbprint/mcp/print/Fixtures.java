package dev.dbprint.mcp.print;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.net.URISyntaxException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.stream.Stream;

/** Copies fixture prints from {@code fixtures/print/} (or any fixture directory) into a writable directory. */
public final class Fixtures {

    /**
     * Every fixture print's connection root, from the runtime module: the bundled sample, the reader's and the search
     * tools' fixtures, the legend's and the renderers' edge cases.
     */
    public static final List<Path> PRINTS = List.of(Path.of("../src/sample/prints/shop"),
            Path.of("src/test/resources/fixtures/print/basic"), Path.of("src/test/resources/fixtures/search/prints/arb"),
            Path.of("src/test/resources/fixtures/legend"), Path.of("src/test/resources/fixtures/context"));

    private Fixtures() {
    }

    /**
     * A racy window for stores under test (a directory settles this long after its last change): short, so a test that
     * needs settled directories waits it out rather than two seconds, yet long enough that a directory a test changes
     * stays within it for the test's next steps. The mutation gate runs each test alone, so a wait counts per test.
     */
    public static final long SETTLE_NANOS = TimeUnit.MILLISECONDS.toNanos(300);

    /** Waits until directories changed before the call have settled under {@link #SETTLE_NANOS}. */
    public static void settle() throws InterruptedException {
        Thread.sleep(TimeUnit.NANOSECONDS.toMillis(SETTLE_NANOS) + 100);
    }

    public static Path copy(String name, Path target) {
        return copyResource("/fixtures/print/" + name, target);
    }

    /** Copies the test resource directory {@code resource} (e.g. {@code /fixtures/search}) into {@code target}. */
    public static Path copyResource(String resource, Path target) {
        try {
            return copyDirectory(Path.of(Fixtures.class.getResource(resource).toURI()), target);
        } catch (URISyntaxException e) {
            throw new IllegalStateException(e);
        }
    }

    /** Copies the directory tree {@code source} into {@code target}. */
    public static Path copyDirectory(Path source, Path target) {
        try {
            try (Stream<Path> files = Files.walk(source)) {
                for (Path p : (Iterable<Path>) files::iterator) {
                    Path to = target.resolve(source.relativize(p).toString());
                    if (Files.isDirectory(p)) {
                        Files.createDirectories(to);
                    } else {
                        Files.copy(p, to, StandardCopyOption.REPLACE_EXISTING);
                    }
                }
            }
            return target;
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    public static Path write(Path file, String text) {
        try {
            Files.createDirectories(file.getParent());
            return Files.writeString(file, text, StandardCharsets.UTF_8);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }
}
