package dev.dbprint.mcp.bench;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;

/** A process's peak resident set size so far, {@code VmHWM} of {@code /proc/<pid>/status} (Linux). */
public final class PeakRss {

    private PeakRss() {
    }

    /**
     * Peak resident bytes of process {@code pid} and the processes it started: a jar given no heap option runs the server
     * as its child ({@code HeapBound}), and the memory a user sees is both.
     */
    public static long of(long pid) throws IOException {
        long total = own(pid);
        for (ProcessHandle child : ProcessHandle.of(pid).map(p -> p.descendants().toList()).orElse(List.of())) {
            total += own(child.pid());
        }
        return total;
    }

    private static long own(long pid) throws IOException {
        for (String line : Files.readAllLines(Path.of("/proc", Long.toString(pid), "status"))) {
            if (line.startsWith("VmHWM:")) { // "VmHWM:   123456 kB"
                return Long.parseLong(line.replaceAll("\\D", "")) * 1024;
            }
        }
        throw new IllegalStateException("no VmHWM in /proc/" + pid + "/status");
    }
}
