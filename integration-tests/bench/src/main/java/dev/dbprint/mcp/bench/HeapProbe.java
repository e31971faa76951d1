package dev.dbprint.mcp.bench;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * A JVM's used heap after a full GC, read from outside with {@code jcmd <pid> GC.run} then {@code GC.heap_info} (no JMX
 * port to open, nothing added to the server). G1 prints the whole heap on one {@code total NNNK, used NNNK} line; the
 * parallel and serial collectors print one such line per generation (young, then old), which are summed. Another
 * collector's summary falls back to its first {@code used NNNK}.
 */
public final class HeapProbe {

    private static final Pattern GENERATION = Pattern.compile("total \\d+K, used (\\d+)K");

    private static final Pattern USED = Pattern.compile("used (\\d+)K");

    private HeapProbe() {
    }

    /** Used heap in bytes after a forced GC of process {@code pid}. */
    public static long usedAfterGc(long pid) throws IOException, InterruptedException {
        jcmd(pid, "GC.run");
        String info = jcmd(pid, "GC.heap_info");
        Matcher generations = GENERATION.matcher(info);
        long kilobytes = 0;
        boolean found = false;
        while (generations.find()) {
            kilobytes += Long.parseLong(generations.group(1));
            found = true;
        }
        if (found) {
            return kilobytes * 1024;
        }
        Matcher m = USED.matcher(info);
        if (!m.find()) {
            throw new IllegalStateException("no 'used' figure in jcmd GC.heap_info:\n" + info);
        }
        return Long.parseLong(m.group(1)) * 1024;
    }

    /** Runs a jcmd command against a JVM; its output. */
    public static String jcmd(long pid, String... command) throws IOException, InterruptedException {
        List<String> line = new ArrayList<>(List.of(Path.of(System.getProperty("java.home"), "bin", "jcmd").toString(),
                Long.toString(pid)));
        line.addAll(List.of(command));
        Process p = new ProcessBuilder(line).redirectErrorStream(true).start();
        String out = new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
        if (p.waitFor() != 0) {
            throw new IllegalStateException(line + " failed:\n" + out);
        }
        return out;
    }
}
