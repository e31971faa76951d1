package dev.dbprint.mcp;

import static org.junit.jupiter.api.Assumptions.assumeTrue;

import java.nio.file.Files;
import java.nio.file.Path;

/**
 * The folder beside the project ({@code ../shared} from the project root) that holds the real example print on the
 * machines that have it. Found by walking up from the module directory to the project root (the directory with
 * {@code .mvn/}), never by an absolute path; a test that needs something in it is skipped, with a message saying what
 * was looked for where, when it is not there.
 */
public final class SharedFolder {

    private SharedFolder() {
    }

    /** {@code relative} under {@code ../shared}, or the test is skipped with a message naming the path looked at. */
    public static Path require(String relative) {
        Path root = projectRoot();
        Path wanted = root.resolve("../shared").resolve(relative).normalize();
        if (!Files.exists(wanted)) {
            String why = "SKIPPED: needs ../shared/" + relative + " beside the project root " + root + ", not found at "
                    + wanted;
            // surefire's summary counts a skip without its reason: say it on the console too
            System.err.println(why);
            assumeTrue(false, why);
        }
        return wanted;
    }

    private static Path projectRoot() {
        Path start = Path.of("").toAbsolutePath();
        for (Path dir = start; dir != null; dir = dir.getParent()) {
            if (Files.isDirectory(dir.resolve(".mvn"))) {
                return dir;
            }
        }
        throw new IllegalStateException("no project root (a directory with .mvn/) above " + start);
    }
}
