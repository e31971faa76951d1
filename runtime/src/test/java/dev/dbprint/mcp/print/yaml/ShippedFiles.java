package dev.dbprint.mcp.print.yaml;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.function.Predicate;
import java.util.stream.Stream;

/** The print files the project ships, the sample print's and the test fixtures', for tests that read every one. */
public final class ShippedFiles {

    private ShippedFiles() {
    }

    /** Every shipped file whose name passes {@code name}, in path order. */
    public static List<Path> named(Predicate<String> name) throws IOException {
        List<Path> out = new ArrayList<>();
        for (Path dir : List.of(Path.of("../src/sample"), Path.of("src/test/resources/fixtures"))) {
            try (Stream<Path> s = Files.walk(dir)) {
                s.filter(p -> name.test(p.getFileName().toString())).sorted().forEach(out::add);
            }
        }
        return out;
    }
}
