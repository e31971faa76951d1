package dev.dbprint.mcp.search;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;

import org.junit.jupiter.api.Test;

import dev.dbprint.mcp.error.PrintError;
import dev.dbprint.mcp.print.files.FileIdentity;
import dev.dbprint.mcp.print.model.Statistics;
import dev.dbprint.mcp.print.model.StatisticsAnnotations;
import dev.dbprint.mcp.print.yaml.SearchFields;
import dev.dbprint.mcp.print.yaml.ShippedFiles;
import dev.dbprint.mcp.print.yaml.YamlLoader;
import dev.dbprint.mcp.print.yaml.YamlSkim;

/**
 * The search record a never-indexed search builds from the skim's trees is, byte for byte, the record a full parse of
 * the same files gives: for every statistics.yaml the project ships (the sample print and the test fixtures), with
 * the statistics.annotations.yaml beside it read skim first.
 */
class SkimRecordTest {

    private static final FileIdentity STATS = new FileIdentity(1, 2, 30, 40, 40);
    private static final FileIdentity NOTES = new FileIdentity(1, 3, 30, 40, 40);

    private final YamlLoader loader = new YamlLoader();

    @Test
    void theSkimsRecordOfEveryShippedTableIsTheFullParsesRecord() throws IOException {
        int compared = 0;
        for (Path file : statisticsFiles()) {
            byte[] bytes = Files.readAllBytes(file);
            YamlSkim.Cut cut = YamlSkim.cut(bytes, SearchFields.RULE);
            Statistics whole = parsed(file, bytes);
            if (cut == null || cut.tree() == null || whole == null) {
                continue;
            }
            Path notesFile = file.resolveSibling("statistics.annotations.yaml");
            byte[] expected = TableIndexRecord.encode(
                    TableIndex.of(whole, annotations(notesFile, false), STATS, NOTES));
            byte[] actual = TableIndexRecord.encode(
                    TableIndex.of(Statistics.of(file, cut.tree()), annotations(notesFile, true), STATS, NOTES));
            assertArrayEquals(expected, actual, file.toString());
            compared++;
        }
        assertTrue(compared >= 8, "compared " + compared);
    }

    private Statistics parsed(Path file, byte[] bytes) {
        try {
            return Statistics.of(file, loader.load(file, bytes));
        } catch (PrintError e) {
            return null;
        }
    }

    /** The file's annotations (null when absent or unreadable), read skim first as a search reads them, or parsed. */
    private StatisticsAnnotations annotations(Path file, boolean skimFirst) throws IOException {
        if (!Files.exists(file)) {
            return null;
        }
        byte[] bytes = Files.readAllBytes(file);
        try {
            Object tree = skimFirst ? loader.loadSkimFirst(file, bytes) : loader.load(file, bytes);
            return StatisticsAnnotations.of(file, tree);
        } catch (PrintError e) {
            return null;
        }
    }

    private static List<Path> statisticsFiles() throws IOException {
        return ShippedFiles.named(name -> name.equals("statistics.yaml"));
    }
}
