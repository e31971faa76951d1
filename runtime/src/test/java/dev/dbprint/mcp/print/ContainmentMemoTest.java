package dev.dbprint.mcp.print;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The memo answers exactly as the full real-path check, links in every position included. */
class ContainmentMemoTest {

    @TempDir
    Path dir;

    @Test
    void agreesWithTheFullCheckOnFilesDirectoriesLinksAndAbsences() throws Exception {
        Path root = Files.createDirectories(dir.resolve("root"));
        Path outside = Files.createDirectories(dir.resolve("outside"));
        Files.writeString(outside.resolve("secret.yaml"), "x: 1\n");
        Files.createDirectories(root.resolve("a/t1"));
        Files.writeString(root.resolve("a/t1/statistics.yaml"), "x: 1\n");
        Files.createSymbolicLink(root.resolve("a/t1/linked.yaml"), outside.resolve("secret.yaml"));
        Files.createSymbolicLink(root.resolve("a/t1/inner.yaml"), root.resolve("a/t1/statistics.yaml"));
        Files.createSymbolicLink(root.resolve("a/t1/dangling.yaml"), outside.resolve("gone.yaml"));
        Files.createSymbolicLink(root.resolve("a/t2"), outside);
        Files.writeString(root.resolve("a/file"), "not a directory");
        Path realRoot = Containment.realRoot(root);
        List<String> cases = List.of("a", "a/t1", "a/t1/statistics.yaml", "a/t1/missing.yaml", "a/t1/linked.yaml",
                "a/t1/inner.yaml", "a/t1/dangling.yaml", "a/t2", "a/t2/secret.yaml", "a/t2/missing.yaml",
                "a/t3/missing.yaml", "a/file/below.yaml");
        ContainmentMemo memo = new ContainmentMemo(root, realRoot);
        for (String c : cases) {
            Path p = root.resolve(c);
            assertEquals(Containment.realInside(realRoot, p), memo.inside(p), c);
            assertEquals(Containment.realInside(realRoot, p), memo.inside(p), c + " (memoised)");
            assertEquals(Containment.realInside(realRoot, p), new ContainmentMemo(root, realRoot).insideExpected(p),
                    c + " (expected present)");
        }
        assertTrue(memo.inside(root.resolve("a/t1/statistics.yaml")));
        assertFalse(memo.inside(root.resolve("a/t1/linked.yaml")));
        assertFalse(memo.inside(root.resolve("a/t2/missing.yaml")));
    }
}
