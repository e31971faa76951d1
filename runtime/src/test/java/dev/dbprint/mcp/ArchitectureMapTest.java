package dev.dbprint.mcp;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.TreeSet;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Stream;

import org.junit.jupiter.api.Test;

/**
 * The map of the runtime packages in CONTRIBUTING.md is the code's: it names every package and no other, and every import of a
 * package of ours points to a package on a line below its own.
 */
class ArchitectureMapTest {

    private static final Path SOURCES = Path.of("src/main/java/dev/dbprint/mcp");
    private static final Pattern FLOOR = Pattern.compile("^((?:[a-z]+/ )*[a-z]+/)(?:\\s|$)");
    private static final Pattern IMPORT = Pattern.compile("(?m)^import (?:static )?dev\\.dbprint\\.mcp\\.([a-z]+)\\.");
    private static final Pattern INLINE = Pattern.compile("[^.\\w]dev\\.dbprint\\.mcp\\.([a-z]+)\\.[A-Za-z]");

    @Test
    void theMapNamesEveryPackageOnce() throws IOException {
        try (Stream<Path> dirs = Files.list(SOURCES)) {
            assertEquals(new TreeSet<>(dirs.filter(Files::isDirectory).map(d -> d.getFileName().toString()).toList()),
                    new TreeSet<>(floors().keySet()));
        }
    }

    @Test
    void everyImportPointsDown() throws IOException {
        Map<String, Integer> floors = floors();
        List<String> upward = new ArrayList<>();
        try (Stream<Path> files = Files.walk(SOURCES)) {
            for (Path file : files.filter(f -> f.toString().endsWith(".java")).toList()) {
                String from = SOURCES.relativize(file).getName(0).toString();
                String text = Files.readString(file);
                for (Pattern p : List.of(IMPORT, INLINE)) {
                    Matcher m = p.matcher(text);
                    while (m.find()) {
                        String to = m.group(1);
                        if (!to.equals(from) && floors.containsKey(from) && floors.containsKey(to)
                                && floors.get(to) <= floors.get(from)) {
                            upward.add(SOURCES.relativize(file) + " → " + to);
                        }
                    }
                }
            }
        }
        assertEquals(List.of(), upward);
    }

    /** Each package of the map and its line, counted from the top. */
    private static Map<String, Integer> floors() throws IOException {
        String guide = Files.readString(Path.of("../CONTRIBUTING.md"));
        int section = guide.indexOf("## Layout");
        int from = guide.indexOf("```\n", guide.indexOf("runtime's packages", section)) + 4;
        String block = guide.substring(from, guide.indexOf("```", from));
        Map<String, Integer> floors = new LinkedHashMap<>();
        int line = 0;
        for (String l : block.split("\n")) {
            Matcher m = FLOOR.matcher(l);
            if (m.find()) {
                for (String name : m.group(1).split(" ")) {
                    if (floors.put(name.substring(0, name.length() - 1), line) != null) {
                        throw new AssertionError("CONTRIBUTING.md maps " + name + " twice");
                    }
                }
                line++;
            }
        }
        return floors;
    }
}
