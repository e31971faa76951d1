package dev.dbprint.mcp.it;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

/**
 * The packaged server the spawned-process tests launch, whichever profile built it: {@code dbprint.artifact} names the
 * file and {@code dbprint.artifact.kind} how to start it (set by the POM: {@code uber-jar} by default, {@code aot-jar}
 * under {@code -Paot}, {@code native} under {@code -Pnative}). Both can be overridden on the command line to test an
 * artifact built elsewhere.
 */
public record Artifact(String kind, Path file) {

    public static Artifact current() {
        String file = System.getProperty("dbprint.artifact");
        if (file == null || file.isBlank()) {
            file = System.getProperty("runner.jar");
        }
        if (file == null || file.isBlank()) {
            throw new IllegalStateException("no dbprint.artifact system property: run through `./mvnw verify`");
        }
        Path path = Path.of(file).toAbsolutePath();
        if (!Files.exists(path)) {
            throw new IllegalStateException("the artifact " + path + " was not built");
        }
        return new Artifact(System.getProperty("dbprint.artifact.kind", "uber-jar"), path);
    }

    /** The command line that starts the server with these arguments. */
    public List<String> command(String... args) {
        List<String> cmd = new ArrayList<>();
        String java = Path.of(System.getProperty("java.home"), "bin", "java").toString();
        switch (kind) {
            case "native" -> cmd.add(file.toString());
            case "aot-jar" -> {
                // the cache is only used when the jar is launched from its own directory (see workingDirectory)
                cmd.add(java);
                cmd.add(ServerProcess.LAUNCHER_HEAP);
                if (Files.exists(file.resolveSibling("app.aot"))) {
                    cmd.add("-XX:AOTCache=app.aot");
                }
                cmd.add("-jar");
                cmd.add(file.getFileName().toString());
            }
            default -> {
                cmd.add(java);
                cmd.add(ServerProcess.LAUNCHER_HEAP);
                cmd.add("-jar");
                cmd.add(file.toString());
            }
        }
        cmd.addAll(List.of(args));
        return cmd;
    }

    /** Where to start it: the AOT jar's own directory, else the current one. */
    public Path workingDirectory() {
        return kind.equals("aot-jar") ? file.getParent() : Path.of("").toAbsolutePath();
    }

    public ProcessBuilder process(String... args) {
        return new ProcessBuilder(command(args)).directory(workingDirectory().toFile());
    }
}
