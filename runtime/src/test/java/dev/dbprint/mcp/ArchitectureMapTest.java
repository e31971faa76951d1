package dev.dbprint.mcp;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;
import java.util.TreeSet;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Stream;

import org.junit.jupiter.api.Test;

/**
 * The map of the packages in CONTRIBUTING.md, of every module with main code, is the code's: it names every package,
 * sub-packages included ({@code print/store}), and no other, and every import of a package of ours points to a package
 * on a line strictly below its own. Since no arrow points up or sideways, no two packages import each other, directly
 * or round a longer cycle.
 */
class ArchitectureMapTest {

    /** The main sources of every module, from the runtime module's directory, where the test runs. */
    static final List<Path> SOURCES = Stream.of("", "dev/", "../deployment/", "../integration-tests/",
            "../integration-tests/bench/").map(m -> Path.of(m + "src/main/java/dev/dbprint/mcp")).toList();
    private static final Pattern FLOOR = Pattern.compile("^((?:[a-z]+(?:/[a-z]+)*/ )*[a-z]+(?:/[a-z]+)*/)(?:\\s|$)");
    /** A package of ours, as far as its first capitalised segment (the class). */
    private static final String PACKAGE = "dev\\.dbprint\\.mcp\\.((?:[a-z]+\\.)*[a-z]+)\\.[A-Z]";
    private static final Pattern IMPORT = Pattern.compile("(?m)^import (?:static )?" + PACKAGE);
    private static final Pattern INLINE = Pattern.compile("[^.\\w]" + PACKAGE);

    @Test
    void theMapNamesEveryPackageOnce() throws IOException {
        assertEquals(new TreeSet<>(sources().values()), new TreeSet<>(floors(contributing()).keySet()));
    }

    /** A module added to the build with main code is read too: {@link #SOURCES} names every one, profiles' included. */
    @Test
    void everyModuleWithMainCodeIsRead() throws IOException {
        Set<Path> read = new TreeSet<>();
        SOURCES.forEach(root -> read.add(root.toAbsolutePath().normalize()));
        Matcher module = Pattern.compile("<module>([^<]+)</module>").matcher(Files.readString(Path.of("../pom.xml")));
        List<String> unread = new ArrayList<>();
        while (module.find()) {
            Path main = Path.of("..", module.group(1), "src/main/java");
            if (Files.isDirectory(main) && !read.contains(main.resolve("dev/dbprint/mcp").toAbsolutePath().normalize())) {
                unread.add(module.group(1));
            }
        }
        assertEquals(List.of(), unread);
    }

    @Test
    void everyImportPointsDown() throws IOException {
        Map<Path, String> files = new TreeMap<>();
        for (Path f : sources().keySet()) {
            files.put(relative(f), Files.readString(f));
        }
        assertEquals(List.of(), upward(floors(contributing()), files));
    }

    /** The check itself: a cycle between two sub-packages, and a sideways arrow on one line, are both reported. */
    @Test
    void aCycleOrASidewaysArrowIsReported() {
        Map<String, Integer> floors = floors("""
                ## Layout
                The packages of every module:
                ```
                print/store/         the store
                print/yaml/ print/files/
                                     parsing; containment
                ```
                """);
        assertEquals(Map.of("print/store", 0, "print/yaml", 1, "print/files", 1), floors);
        Map<Path, String> files = new TreeMap<>(Map.of(
                Path.of("print/store/PrintStore.java"), "import dev.dbprint.mcp.print.yaml.YamlLoader;\n",
                Path.of("print/yaml/YamlLoader.java"), "import static dev.dbprint.mcp.print.store.PrintStore.MAX;\n",
                Path.of("print/files/FileIdentity.java"), "/** {@link dev.dbprint.mcp.print.yaml.YamlLoader} */\n"));
        assertEquals(List.of("print/files/FileIdentity.java → print/yaml", "print/yaml/YamlLoader.java → print/store"),
                upward(floors, files));
    }

    /**
     * Each Java source under {@link #SOURCES} and its package, as a path ({@code print/store}); package-info excluded. A
     * module without main sources is named all the same, so a module renamed away fails here rather than going unread.
     */
    private static Map<Path, String> sources() throws IOException {
        Map<Path, String> packages = new TreeMap<>();
        for (Path root : SOURCES) {
            assertTrue(Files.isDirectory(root), root + " is not a directory: the list of modules is stale");
            try (Stream<Path> files = Files.walk(root)) {
                for (Path file : files.filter(f -> f.toString().endsWith(".java")).toList()) {
                    if (!file.getFileName().toString().equals("package-info.java")) {
                        packages.put(file, relative(file).getParent().toString().replace('\\', '/'));
                    }
                }
            }
        }
        return packages;
    }

    /** {@code file} from the package root of its module ({@code print/store/PrintStore.java}). */
    private static Path relative(Path file) {
        return SOURCES.stream().filter(file::startsWith).findFirst().orElseThrow().relativize(file);
    }

    /** Every import, or fully qualified name, in {@code files} of a package on its file's own line or above. */
    private static List<String> upward(Map<String, Integer> floors, Map<Path, String> files) {
        List<String> upward = new ArrayList<>();
        for (Map.Entry<Path, String> file : files.entrySet()) {
            String from = file.getKey().getParent().toString().replace('\\', '/');
            for (Pattern p : List.of(IMPORT, INLINE)) {
                Matcher m = p.matcher(file.getValue());
                while (m.find()) {
                    String to = m.group(1).replace('.', '/');
                    if (!to.equals(from) && floors.containsKey(from) && floors.containsKey(to)
                            && floors.get(to) <= floors.get(from)) {
                        upward.add(file.getKey().toString().replace('\\', '/') + " → " + to);
                    }
                }
            }
        }
        return upward.stream().distinct().toList();
    }

    private static String contributing() throws IOException {
        return Files.readString(Path.of("../CONTRIBUTING.md"));
    }

    /** Each package of the map in {@code guide} and its line, counted from the top. */
    private static Map<String, Integer> floors(String guide) {
        int section = guide.indexOf("## Layout");
        int from = guide.indexOf("```\n", guide.indexOf("packages of every module", section)) + 4;
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
