package dev.dbprint.mcp.bench;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Collectors;
import java.util.stream.Stream;

/**
 * A large print made of real dbprint output: one schema of a source project's print copied into N schemas
 * {@code s000}, {@code s001}, ... (four digits from 1,001 copies on). In every copy each FQN and path of the schema's
 * tables is renamed: file contents (statistics, DDL, relationship edges both ways, annotation targets), directories,
 * manifest keys and paths, diff events. So each copy is a self-consistent schema, and every other byte (sketches, value
 * lists, histograms, notes) is the source's. The print's other schemas and files (reading.md, manifest annotations)
 * are kept once, unchanged; an edge from them into the schema points at {@code s000}. The selector and rule globs that
 * name the schema ({@code .dbprint.yaml}, the manifest's and the diff's {@code selectors}) become {@code s*.}; the
 * diff's {@code tables_scanned} counts the new print, its other summary counts stay the source's.
 *
 * <p>
 * As a main: {@code --tables T} [7000] (copies = the nearest to T tables in all), {@code --source DIR} [the production
 * example print beside the project], {@code --schema S} [the source's schema with the most tables], {@code --out DIR}
 * [target/large-prints/T-tables under the project's root].
 */
public final class RealPrintReplicator {

    private static final Pattern MANIFEST_KEY = Pattern.compile("^  ([^\\s:]+)\\.([^\\s.:]+):\\s*$",
            Pattern.MULTILINE);

    /**
     * A generated print: its project directory (holding {@code .dbprint.yaml}), the copied schema's tables (source
     * names), the number of copies and of tables in all.
     */
    public record Replica(Path project, List<String> schemaTables, int copies, int tables) {

        /** The name of copy {@code i} (0-based) of the schema. */
        public String copy(int i) {
            return "s" + String.format("%0" + Math.max(3, Integer.toString(copies - 1).length()) + "d", i);
        }
    }

    private final Path source;
    private final Path printRoot;
    private final String schema;
    private final List<String> schemaTables;
    private final int otherTables;
    private final Pattern names;

    /**
     * @param source a dbprint project directory holding {@code .dbprint.yaml} and one print (one {@code manifest.yaml})
     * @param schema the schema to copy; {@code null} for the one with the most tables
     */
    public RealPrintReplicator(Path source, String schema) throws IOException {
        this.source = source.toRealPath();
        try (Stream<Path> files = Files.walk(this.source)) {
            List<Path> manifests = files.filter(f -> f.getFileName().toString().equals("manifest.yaml")).toList();
            if (manifests.size() != 1) {
                throw new IllegalArgumentException(source + " holds " + manifests.size()
                        + " manifest.yaml files; the replicator copies a project with exactly one print");
            }
            this.printRoot = manifests.get(0).getParent();
        }
        Map<String, List<String>> bySchema = new LinkedHashMap<>();
        Matcher key = MANIFEST_KEY.matcher(Files.readString(printRoot.resolve("manifest.yaml")));
        while (key.find()) {
            bySchema.computeIfAbsent(key.group(1), s -> new ArrayList<>()).add(key.group(2));
        }
        this.schema = schema != null
                ? schema
                : bySchema.entrySet().stream().max(Comparator.comparingInt(e -> e.getValue().size())).orElseThrow()
                        .getKey();
        this.schemaTables = bySchema.get(this.schema);
        if (schemaTables == null) {
            throw new IllegalArgumentException("no schema " + schema + " in " + printRoot.resolve("manifest.yaml"));
        }
        this.otherTables = bySchema.values().stream().mapToInt(List::size).sum() - schemaTables.size();
        // the schema's name where it begins an FQN (schema.table) or a path (schema/table) of one of its tables
        this.names = Pattern.compile("(?<![\\w./])" + Pattern.quote(this.schema) + "(?=[./](?:"
                + schemaTables.stream().map(Pattern::quote).collect(Collectors.joining("|")) + ")(?![\\w]))");
    }

    /** The number of copies that gives the nearest to {@code tables} tables in all (at least one). */
    public int copiesFor(int tables) {
        return Math.max(1, Math.round((float) (tables - otherTables) / schemaTables.size()));
    }

    /** The number of tables of the print with {@code copies} copies of the schema. */
    public int tablesFor(int copies) {
        return otherTables + copies * schemaTables.size();
    }

    /** Writes the print with {@code copies} copies of the schema into {@code target}, which must not exist. */
    public Replica write(Path target, int copies) throws IOException {
        Replica replica = new Replica(target, schemaTables, copies, tablesFor(copies));
        Path schemaDir = printRoot.resolve(schema);
        try (Stream<Path> walk = Files.walk(source)) {
            for (Path file : walk.filter(Files::isRegularFile).sorted().toList()) {
                Path relative = source.relativize(file);
                String text = Files.readString(file, StandardCharsets.UTF_8);
                if (file.startsWith(schemaDir)) {
                    Path inSchema = schemaDir.relativize(file);
                    List<String> parts = split(text);
                    for (int i = 0; i < copies; i++) {
                        Path copyFile = target.resolve(source.relativize(printRoot)).resolve(replica.copy(i))
                                .resolve(inSchema);
                        write(copyFile, String.join(replica.copy(i), parts));
                    }
                } else if (file.equals(printRoot.resolve("manifest.yaml"))) {
                    write(target.resolve(relative), replicateBlock(text, "tables", "  ", replica));
                } else if (file.equals(printRoot.resolve("diff.yaml"))) {
                    String diff = replicateBlock(text, "changes", "- ", replica);
                    write(target.resolve(relative), diff.replaceFirst("(?m)^(\\s+tables_scanned:) \\d+$",
                            "$1 " + replica.tables()));
                } else if (relative.toString().equals(".dbprint.yaml")) {
                    write(target.resolve(relative), widenGlobs(text));
                } else {
                    write(target.resolve(relative), renamed(text, replica.copy(0)));
                }
            }
        }
        return replica;
    }

    /**
     * The print of about {@code tables} tables under {@code dir}: the one an earlier invocation left there, or a new one
     * (a benchmark's prints are kept between its runs: 7,000 tables take minutes to write).
     */
    public Replica kept(Path dir, int tables) throws IOException {
        int copies = copiesFor(tables);
        Path project = dir.resolve(tables + "-tables");
        Path done = dir.resolve(tables + "-tables.done");
        String recipe = source + " schema " + schema + " x " + copies + "\n";
        if (Files.isRegularFile(done) && Files.readString(done).equals(recipe)) {
            Replica kept = new Replica(project, schemaTables, copies, tablesFor(copies));
            System.out.printf("%,d tables: kept from an earlier run at %s%n", kept.tables(), project);
            return kept;
        }
        Files.deleteIfExists(done);
        delete(project);
        long t0 = System.nanoTime();
        Replica made = write(project, copies);
        Files.writeString(done, recipe);
        System.out.printf("%,d tables: %d copies of %s written in %.1f s at %s%n", made.tables(), copies, schema,
                (System.nanoTime() - t0) / 1e9, project);
        return made;
    }

    /**
     * The print a benchmark's arguments name: {@code --source} and {@code --schema} to copy from, {@code --tables}
     * (default {@code tables}) kept under {@code --dir} [target/large-prints].
     */
    static Replica kept(Args args, int tables) throws IOException {
        RealPrintReplicator replicator = new RealPrintReplicator(
                args.path("--source").orElseGet(RealPrintReplicator::defaultSource), args.optional("--schema").orElse(null));
        return replicator.kept(largePrints(args), args.integer("--tables", tables));
    }

    /** Where a benchmark keeps its large prints: {@code --dir}, else target/large-prints. */
    static Path largePrints(Args args) {
        return args.path("--dir").orElse(projectRoot().resolve("target/large-prints"));
    }

    /** Deletes {@code dir} and everything under it, if it exists. */
    static void delete(Path dir) throws IOException {
        if (!Files.exists(dir)) {
            return;
        }
        try (Stream<Path> walk = Files.walk(dir)) {
            for (Path p : walk.sorted(Comparator.reverseOrder()).toList()) {
                Files.delete(p);
            }
        } catch (UncheckedIOException e) {
            throw e.getCause();
        }
    }

    /** The source project directory. */
    public Path source() {
        return source;
    }

    /** The schema copied. */
    public String schema() {
        return schema;
    }

    /** The copied schema's tables, by their names in the source. */
    public List<String> schemaTables() {
        return schemaTables;
    }

    /** {@code text} of the source with the schema's tables renamed into schema {@code copy}. */
    public String renamed(String text, String copy) {
        return String.join(copy, split(text));
    }

    /**
     * {@code text} cut at every occurrence of the schema's name in an FQN or path of its tables: joined with a copy's
     * name, the text of that copy.
     */
    private List<String> split(String text) {
        List<String> parts = new ArrayList<>();
        Matcher m = names.matcher(text);
        int from = 0;
        while (m.find()) {
            parts.add(text.substring(from, m.start()));
            from = m.end();
        }
        parts.add(text.substring(from));
        return parts;
    }

    /**
     * The top-level YAML block {@code key} of {@code text} with each of its items ({@code itemStart} at the start of a
     * line begins one) that names a table of the schema written once per copy, copy by copy, where the first such item
     * stood; the other items, and everything outside the block with its globs widened, as they were.
     */
    private String replicateBlock(String yaml, String key, String itemStart, Replica replica) {
        String text = yaml.endsWith("\n") ? yaml : yaml + "\n";
        Matcher block = Pattern.compile("(?m)^" + key + ":[^\\n]*\\n((?:(?:[ -][^\\n]*)?\\n)*)").matcher(text);
        if (!block.find()) {
            return widenGlobs(text);
        }
        List<String> items = new ArrayList<>();
        for (String line : block.group(1).split("(?<=\\n)")) {
            if (items.isEmpty() || line.startsWith(itemStart) && !line.startsWith(" ", itemStart.length())) {
                items.add(line);
            } else {
                items.set(items.size() - 1, items.get(items.size() - 1) + line);
            }
        }
        StringBuilder out = new StringBuilder(widenGlobs(text.substring(0, block.start(1))));
        List<List<String>> ofSchema = new ArrayList<>();
        int at = -1;
        for (String item : items) {
            List<String> parts = split(item);
            if (parts.size() == 1) {
                out.append(item);
            } else {
                at = at < 0 ? out.length() : at;
                ofSchema.add(parts);
            }
        }
        StringBuilder copies = new StringBuilder();
        for (int i = 0; i < replica.copies(); i++) {
            for (List<String> parts : ofSchema) {
                copies.append(String.join(replica.copy(i), parts));
            }
        }
        out.insert(at < 0 ? out.length() : at, copies);
        return out.append(widenGlobs(text.substring(block.end(1)))).toString();
    }

    /** Every glob naming the schema ({@code seedbank.*}, {@code seedbank.audit_*}) made to name every copy. */
    private String widenGlobs(String text) {
        return text.replaceAll("(?<![\\w./])" + Pattern.quote(schema) + "\\.(?=[\\w*?\\[])", "s*.");
    }

    private static void write(Path file, String text) throws IOException {
        Files.createDirectories(file.getParent());
        Files.writeString(file, text, StandardCharsets.UTF_8);
    }

    /** The project's root: the nearest directory at or above the working directory holding {@code mvnw}. */
    static Path projectRoot() {
        for (Path p = Path.of("").toAbsolutePath(); p != null; p = p.getParent()) {
            if (Files.isRegularFile(p.resolve("mvnw")) && Files.isDirectory(p.resolve("integration-tests"))) {
                return p;
            }
        }
        throw new IllegalStateException("run from inside the project (no mvnw above " + Path.of("").toAbsolutePath()
                + ")");
    }

    /** The production example print beside the project, the default source. */
    static Path defaultSource() {
        return projectRoot().resolveSibling("shared").resolve("prints").resolve("production");
    }

    public static void main(String[] argv) throws IOException {
        Args args = new Args(argv);
        int tables = args.integer("--tables", 7_000);
        RealPrintReplicator replicator = new RealPrintReplicator(args.path("--source").orElseGet(
                RealPrintReplicator::defaultSource), args.optional("--schema").orElse(null));
        Path out = args.path("--out").orElse(projectRoot().resolve("target/large-prints/" + tables + "-tables"));
        if (Files.exists(out)) {
            throw new IllegalArgumentException(out + " exists; the replicator writes a new directory");
        }
        long t0 = System.nanoTime();
        Replica r = replicator.write(out, replicator.copiesFor(tables));
        System.out.printf("%d tables (%d copies of %s) at %s in %.1f s%n", r.tables(), r.copies(), replicator.schema(),
                r.project().toAbsolutePath(), (System.nanoTime() - t0) / 1e9);
    }
}
