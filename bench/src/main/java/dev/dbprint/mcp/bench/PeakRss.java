package dev.dbprint.mcp.bench;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;

/** A process's peak resident set size so far, {@code VmHWM} of {@code /proc/<pid>/status} (Linux). */
public final class PeakRss {

    private PeakRss() {
    }

    /** Peak resident bytes of process {@code pid}. */
    public static long of(long pid) throws IOException {
        for (String line : Files.readAllLines(Path.of("/proc", Long.toString(pid), "status"))) {
            if (line.startsWith("VmHWM:")) { // "VmHWM:   123456 kB"
                return Long.parseLong(line.replaceAll("\\D", "")) * 1024;
            }
        }
        throw new IllegalStateException("no VmHWM in /proc/" + pid + "/status");
    }
}
