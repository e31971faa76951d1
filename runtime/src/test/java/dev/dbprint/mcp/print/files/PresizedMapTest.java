package dev.dbprint.mcp.print.files;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotSame;
import static org.junit.jupiter.api.Assertions.assertSame;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.stream.IntStream;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** A map made again for a walk keeps what it held, and is made again only for more than it was made for. */
class PresizedMapTest {

    @TempDir
    Path dir;

    @Test
    void aLargerMapKeepsEveryEntryAndTakesTheWritesAfterIt() {
        PresizedMap<Integer, String> map = new PresizedMap<>(16);
        IntStream.range(0, 10).forEach(i -> map.map().put(i, "v" + i));
        map.expect(20_000);
        assertEquals(20_000, map.sizedFor());
        IntStream.range(10, 20_000).parallel().forEach(i -> map.map().put(i, "v" + i));
        Map<Integer, String> all = new HashMap<>();
        IntStream.range(0, 20_000).forEach(i -> all.put(i, "v" + i));
        assertEquals(all, map.map());
    }

    @Test
    void aMapIsMadeAgainOnlyForMoreThanItWasMadeFor() {
        PresizedMap<Integer, String> map = new PresizedMap<>(1_000);
        var before = map.map();
        map.expect(1_000);
        map.expect(15);
        assertSame(before, map.map());
        assertEquals(1_000, map.sizedFor());
        map.expect(1_001);
        assertNotSame(before, map.map());
    }

    /** A memo made room for a walk keeps the verdicts and stamps it took, and the shared directories theirs. */
    @Test
    void aMemoAndTheSharedEntriesKeepWhatTheyLearntWhenMadeRoomFor() throws Exception {
        Path root = Files.createDirectories(dir.resolve("root"));
        List<Path> tables = new ArrayList<>();
        for (int i = 0; i < 5; i++) {
            Path t = Files.createDirectories(root.resolve("s/t" + i));
            Files.writeString(t.resolve("statistics.yaml"), "x: 1\n");
            tables.add(t);
        }
        Path realRoot = Containment.realRoot(root);
        PlainEntries shared = new PlainEntries(0);
        ContainmentMemo memo = new ContainmentMemo(root, realRoot, shared);
        tables.forEach(t -> memo.inside(t.resolve("statistics.yaml")));
        Map<Path, Boolean> verdicts = Map.copyOf(memo.verdicts());
        Map<Path, PlainEntries.Stamp> stamps = Map.copyOf(memo.stamps());
        int directories = shared.directories();
        memo.expect(30_000);
        shared.expect(10_000);
        assertEquals(verdicts, memo.verdicts());
        assertEquals(stamps, memo.stamps());
        assertEquals(directories, shared.directories());
        Path added = Files.createDirectories(root.resolve("s/t5"));
        memo.inside(added.resolve("statistics.yaml"));
        assertEquals(verdicts.size() + 2, memo.verdicts().size(), "the new table's file and directory");
    }
}
