package dev.dbprint.mcp.bench;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;

/**
 * The CPU time a process has used so far, every thread's, user and system ({@code utime + stime} of
 * {@code /proc/<pid>/stat}, Linux), with the processes it started: on a machine shared with other work a call's CPU
 * time moves far less with the load than its wall time does.
 */
public final class ProcessCpu {

    /** Clock ticks a second, as the kernel counts {@code utime} and {@code stime} on every Linux this runs on. */
    private static final long TICKS = 100;

    private ProcessCpu() {
    }

    /** Nanoseconds of CPU used by process {@code pid} and its descendants. */
    public static long nanos(long pid) throws IOException {
        long ticks = own(pid);
        for (ProcessHandle child : ProcessHandle.of(pid).map(p -> p.descendants().toList()).orElse(List.of())) {
            ticks += own(child.pid());
        }
        return ticks * (1_000_000_000L / TICKS);
    }

    private static long own(long pid) throws IOException {
        String stat = Files.readString(Path.of("/proc", Long.toString(pid), "stat"));
        // past the command's name, which may hold spaces and parentheses: state is field 3, utime 14, stime 15
        String[] fields = stat.substring(stat.lastIndexOf(')') + 2).trim().split(" ");
        return Long.parseLong(fields[11]) + Long.parseLong(fields[12]);
    }
}
