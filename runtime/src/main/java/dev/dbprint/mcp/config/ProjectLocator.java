package dev.dbprint.mcp.config;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Optional;

/**
 * Finds the project's {@code .dbprint.yaml}: {@code --project} names a directory whose direct child is the file, or the
 * file itself; without it the search walks up from the working directory, as {@code dbprint} does.
 */
public final class ProjectLocator {

    public static final String FILE_NAME = ".dbprint.yaml";

    private ProjectLocator() {
    }

    public static Path locate(Optional<String> project, Path workingDirectory) {
        if (project.isPresent() && !project.get().isBlank()) {
            Path given = workingDirectory.resolve(project.get()).toAbsolutePath().normalize();
            if (Files.isDirectory(given)) {
                Path file = given.resolve(FILE_NAME);
                if (Files.isRegularFile(file)) {
                    return file;
                }
                throw new ConfigError("--project " + project.get() + ": no " + FILE_NAME + " directly inside " + given);
            }
            if (Files.isRegularFile(given) && given.getFileName().toString().equals(FILE_NAME)) {
                return given;
            }
            throw new ConfigError("--project " + project.get() + ": not a directory holding " + FILE_NAME
                    + " nor that file itself");
        }
        for (Path dir = workingDirectory.toAbsolutePath().normalize(); dir != null; dir = dir.getParent()) {
            Path file = dir.resolve(FILE_NAME);
            if (Files.isRegularFile(file)) {
                return file;
            }
        }
        throw new ConfigError("no " + FILE_NAME + " found in " + workingDirectory.toAbsolutePath().normalize()
                + " or any parent directory; pass --project <dir> to name the project");
    }
}
