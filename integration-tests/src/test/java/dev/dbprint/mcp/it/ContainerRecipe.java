package dev.dbprint.mcp.it;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * What {@code src/main/docker/Dockerfile.jvm} declares, read from its instructions: the default of its {@code BASE}
 * build argument and its labels.
 */
record ContainerRecipe(String base, Map<String, String> labels) {

    /** The recipe beside the module's sources (the tests run in the module's directory). */
    static final Path FILE = Path.of("src/main/docker/Dockerfile.jvm").toAbsolutePath();

    private static final Pattern BASE = Pattern.compile("ARG BASE=(\\S+)");
    private static final Pattern LABEL = Pattern.compile("LABEL ([\\w.-]+)=\"([^\"]*)\"");

    static ContainerRecipe read() {
        String base = null;
        Map<String, String> labels = new LinkedHashMap<>();
        for (String line : instructions()) {
            Matcher arg = BASE.matcher(line);
            if (arg.matches()) {
                base = arg.group(1);
            }
            Matcher label = LABEL.matcher(line);
            if (label.matches()) {
                labels.put(label.group(1), label.group(2));
            }
        }
        return new ContainerRecipe(base, labels);
    }

    /** The recipe's lines but comments and blank ones. */
    static List<String> instructions() {
        try {
            return Files.readAllLines(FILE).stream().map(String::strip).filter(l -> !l.isEmpty() && !l.startsWith("#"))
                    .toList();
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }
}
