package dev.dbprint.mcp.print;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.nio.file.Path;
import java.util.Map;

import org.junit.jupiter.api.Test;

/** A read set weighs what it holds: a fixed cost per judged path, and per file its identity and its path's characters. */
class ReadSetTest {

    private static final FileIdentity ID = new FileIdentity(1, 2, 3, 4);

    private static long weight(Map<Path, FileIdentity> touched, Map<Path, Boolean> verdicts) {
        return new ReadSet(new PrintStore(), Path.of("/p"), touched, verdicts).weight();
    }

    @Test
    void theWeightCountsEveryJudgedPathAndEveryFileWithItsPathsCharacters() {
        assertEquals(0, weight(Map.of(), Map.of()));
        assertEquals(128, weight(Map.of(), Map.of(Path.of("/p/s/t"), true)), "a judged path, its spelling taken as 64");
        assertEquals(256, weight(Map.of(), Map.of(Path.of("/p/s/t"), true, Path.of("/p/s/u"), false)));
        assertEquals(112 + "/p/a.yaml".length(), weight(Map.of(Path.of("/p/a.yaml"), ID), Map.of()));
        assertEquals(112 + "/p/ab.yaml".length(), weight(Map.of(Path.of("/p/ab.yaml"), ID), Map.of()));
        assertEquals(128 + 2 * 112 + 2 * "/p/a.yaml".length(),
                weight(Map.of(Path.of("/p/a.yaml"), ID, Path.of("/p/b.yaml"), ID), Map.of(Path.of("/p/s"), true)));
    }
}
