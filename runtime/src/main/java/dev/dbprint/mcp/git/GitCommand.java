package dev.dbprint.mcp.git;

import java.io.File;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.TimeUnit;

/**
 * The {@code git} executable found on the {@code PATH}, run as an argument list (never through a shell) with a bounded
 * time. Git's output goes to files, never to this process's stdout, which in stdio mode carries only frames. It runs with
 * no terminal prompt (a remote that asks for a password fails instead of waiting), with only the transports an address
 * may name, and without the variables that point git at another repository (set when the server is started from a git
 * hook).
 */
final class GitCommand {

    /** What each git command may take; a fetch over a slow link of a large repository is the longest. */
    static final Duration TIMEOUT = Duration.ofMinutes(2);
    /** Variables by which an inherited environment would send git to another repository than the one named. */
    private static final List<String> REPOSITORY_VARIABLES = List.of("GIT_DIR", "GIT_WORK_TREE", "GIT_INDEX_FILE",
            "GIT_OBJECT_DIRECTORY", "GIT_ALTERNATE_OBJECT_DIRECTORIES", "GIT_COMMON_DIR", "GIT_NAMESPACE",
            "GIT_PREFIX", "GIT_CONFIG", "GIT_CONFIG_PARAMETERS", "GIT_GRAFT_FILE", "GIT_IMPLICIT_WORK_TREE",
            "GIT_INTERNAL_SUPER_PREFIX", "GIT_NO_REPLACE_OBJECTS", "GIT_REPLACE_REF_BASE", "GIT_SHALLOW_FILE");

    /** What one run gave: its exit code and what it wrote. */
    record Result(int exit, String out, String err) {

        boolean ok() {
            return exit == 0;
        }

        /** Why it failed, in git's words: its first {@code fatal:} or {@code error:} line, else its last line. */
        String reason() {
            List<String> lines = err.lines().map(String::strip).filter(l -> !l.isEmpty()).toList();
            return lines.stream().filter(l -> l.startsWith("fatal: ") || l.startsWith("error: ")).findFirst()
                    .map(l -> l.substring(l.indexOf(' ') + 1))
                    .orElse(lines.isEmpty() ? "git exited " + exit : lines.get(lines.size() - 1));
        }
    }

    /** A command that took longer than {@link #TIMEOUT}: stopped, with what it was doing. */
    static final class TimedOut extends Exception {

        TimedOut() {
            super("took longer than " + TIMEOUT.toSeconds() + " s and was stopped");
        }
    }

    private final Path executable;
    private final Map<String, String> environment;

    private GitCommand(Path executable, Map<String, String> environment) {
        this.executable = executable;
        this.environment = environment;
    }

    /** The git on {@code environment}'s {@code PATH}, to run with that environment; empty where there is none. */
    static Optional<GitCommand> onPath(Map<String, String> environment) {
        String path = environment.getOrDefault("PATH", "");
        for (String dir : path.split(File.pathSeparator)) {
            if (!dir.isEmpty()) {
                Path candidate = Path.of(dir, "git");
                if (Files.isRegularFile(candidate) && Files.isExecutable(candidate)) {
                    return Optional.of(new GitCommand(candidate, environment));
                }
            }
        }
        return Optional.empty();
    }

    /**
     * Runs {@code git args...} with {@code extra} variables added to the environment and waits for it, at most
     * {@link #TIMEOUT}; a command still running then is killed with everything it started (ssh, a credential helper).
     */
    Result run(Map<String, String> extra, String... args) throws TimedOut {
        List<String> command = new ArrayList<>();
        command.add(executable.toString());
        command.addAll(List.of(args));
        ProcessBuilder builder = new ProcessBuilder(command);
        Map<String, String> env = builder.environment();
        env.clear();
        env.putAll(environment);
        REPOSITORY_VARIABLES.forEach(env::remove);
        env.put("GIT_TERMINAL_PROMPT", "0");
        env.put("GIT_ALLOW_PROTOCOL", "file:git:http:https:ssh");
        env.put("LC_ALL", "C");
        env.putAll(extra);
        Path out = null;
        Path err = null;
        try {
            out = Files.createTempFile("dbprint-git-", ".out");
            err = Files.createTempFile("dbprint-git-", ".err");
            builder.redirectOutput(out.toFile()).redirectError(err.toFile());
            Process process = builder.start();
            process.getOutputStream().close(); // nothing to read: a prompt on stdin ends at once
            if (!waitFor(process)) {
                process.descendants().forEach(ProcessHandle::destroyForcibly);
                process.destroyForcibly();
                throw new TimedOut();
            }
            return new Result(process.exitValue(), new String(Files.readAllBytes(out), StandardCharsets.UTF_8),
                    new String(Files.readAllBytes(err), StandardCharsets.UTF_8));
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        } finally {
            deleteQuietly(out);
            deleteQuietly(err);
        }
    }

    private static boolean waitFor(Process process) {
        try {
            return process.waitFor(TIMEOUT.toMillis(), TimeUnit.MILLISECONDS);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            return false;
        }
    }

    private static void deleteQuietly(Path file) {
        if (file != null) {
            try {
                Files.deleteIfExists(file);
            } catch (IOException e) {
                // a temporary file left behind costs nothing but its few bytes
            }
        }
    }
}
