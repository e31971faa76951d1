package dev.dbprint.mcp.cli;

import java.io.IOException;
import java.net.URISyntaxException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.security.CodeSource;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;

/**
 * The JVM options the launcher ({@code src/startup/dbprint-mcp}) passes besides the heap bound, for the copy
 * {@link HeapBound} runs of a {@code java -jar} given none, so that the server runs alike whichever command started
 * it: for stdio C1 alone and the parallel collector (under {@code java -jar}, C2's compilations and G1 in the bounded
 * heap made the pages of a 7,000-table resources/list up to four times as slow as the launcher's); transparent huge
 * pages where the kernel grants them on request; the launcher's class-data archive (or JDK 25 AOT cache) where the
 * build or the launcher recorded one for this very jar, with cds/aot logging off, as the launcher has it, since a cache
 * that does not fit is set aside with a line stdout must not carry; and the JVM's own lines on stderr. An option of the
 * same kind the caller gave wins: its own is left out, except that the cache's logging is off beside the caller's
 * {@code -Xlog}.
 */
final class LauncherOptions {

    private LauncherOptions() {
    }

    /** What the kernel says of transparent huge pages. */
    private static final Path HUGE_PAGES = Path.of("/sys/kernel/mm/transparent_hugepage/enabled");

    /**
     * The options for this process's copy: its program arguments ({@code --transport http} keeps C2 and G1, as the
     * launcher does), the options it was given, the jar it runs from.
     */
    static List<String> forThisProcess(List<String> programArgs, List<String> jvmOptions) {
        Optional<String> cache = jar().flatMap(jar -> cache(jar, Runtime.version().feature(),
                System.getProperty("java.version")));
        return of(programArgs, jvmOptions, hugePagesOnRequest(), cache);
    }

    /**
     * The options for a copy started with {@code programArgs} and {@code jvmOptions}, given whether huge pages come on
     * request and the cache option, if any.
     */
    static List<String> of(List<String> programArgs, List<String> jvmOptions, boolean hugePagesOnRequest,
            Optional<String> cache) {
        List<String> options = new ArrayList<>();
        if (!http(programArgs)) {
            if (!named(jvmOptions, "-XX:TieredStopAtLevel", "-XX:-TieredCompilation", "-XX:+TieredCompilation")) {
                options.add("-XX:TieredStopAtLevel=1");
            }
            if (jvmOptions.stream().noneMatch(o -> o.startsWith("-XX:+Use") && o.endsWith("GC"))) {
                options.add("-XX:+UseParallelGC"); // a second collector would stop the JVM
            }
        }
        if (hugePagesOnRequest && !named(jvmOptions, "-XX:+UseTransparentHugePages", "-XX:-UseTransparentHugePages")) {
            options.add("-XX:+UseTransparentHugePages");
        }
        if (cache.isPresent() && !named(jvmOptions, "-Xshare", "-XX:SharedArchiveFile", "-XX:AOTCache")) {
            options.add(cache.get());
            String off = "cds*=off" + (cache.get().startsWith("-XX:AOTCache") ? ",aot*=off" : "");
            // beside the caller's own logging, only the cache's lines are turned off (on stdout, where they would go)
            options.addAll(named(jvmOptions, "-Xlog")
                    ? List.of("-Xlog:" + off)
                    : List.of("-Xlog:disable", "-Xlog:all=warning," + off + ":stderr"));
        }
        if (!named(jvmOptions, "-XX:+DisplayVMOutputTo", "-XX:-DisplayVMOutputToStderr")) {
            options.add("-XX:+DisplayVMOutputToStderr");
        }
        return options;
    }

    /**
     * The launcher's cache for the JDK of {@code version} beside {@code jar}, as the option naming it: the AOT cache
     * (JDK 25 and newer) or else the class-data archive, the first whose {@code <cache>.jar} names this jar and that is
     * not older than it (a cache recorded for another jar, or before the jar was rebuilt, does not fit).
     */
    static Optional<String> cache(Path jar, int feature, String version) {
        String stem = jar.toString().replaceFirst("\\.jar$", "") + "-jdk" + version;
        List<String[]> candidates = new ArrayList<>();
        if (feature >= 25) {
            candidates.add(new String[]{stem + ".aot", "-XX:AOTCache="});
        }
        candidates.add(new String[]{stem + ".jsa", "-XX:SharedArchiveFile="});
        for (String[] c : candidates) {
            Path file = Path.of(c[0]);
            try {
                Path pin = Path.of(c[0] + ".jar");
                if (Files.isRegularFile(file) && Files.isReadable(pin)
                        && Files.readString(pin).strip().equals(jar.toString())
                        && Files.getLastModifiedTime(file).compareTo(Files.getLastModifiedTime(jar)) >= 0) {
                    return Optional.of(c[1] + file);
                }
            } catch (IOException e) {
                // unreadable: as if there were none
            }
        }
        return Optional.empty();
    }

    /** The runner jar this class was loaded from, by real path (as the launcher names it in a cache's pin). */
    private static Optional<Path> jar() {
        CodeSource source = LauncherOptions.class.getProtectionDomain().getCodeSource();
        if (source == null) {
            return Optional.empty();
        }
        try {
            Path p = Path.of(source.getLocation().toURI());
            return p.toString().endsWith(".jar") ? Optional.of(p.toRealPath()) : Optional.empty();
        } catch (URISyntaxException | IOException | IllegalArgumentException e) {
            return Optional.empty(); // not a file on this file system: no cache beside it
        }
    }

    private static boolean hugePagesOnRequest() {
        try {
            return Files.readString(HUGE_PAGES).contains("[madvise]");
        } catch (IOException e) {
            return false;
        }
    }

    /** Whether the server is to serve HTTP, told as the launcher tells it. */
    private static boolean http(List<String> args) {
        for (int i = 0; i < args.size(); i++) {
            if (args.get(i).equals("--transport=http")
                    || args.get(i).equals("--transport") && i + 1 < args.size() && args.get(i + 1).equals("http")) {
                return true;
            }
        }
        return false;
    }

    private static boolean named(List<String> jvmOptions, String... prefixes) {
        for (String o : jvmOptions) {
            for (String p : prefixes) {
                if (o.startsWith(p)) {
                    return true;
                }
            }
        }
        return false;
    }
}
