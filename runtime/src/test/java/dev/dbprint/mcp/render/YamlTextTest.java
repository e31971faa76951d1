package dev.dbprint.mcp.render;

import static java.nio.charset.StandardCharsets.UTF_8;
import static org.junit.jupiter.api.Assertions.assertEquals;

import java.math.BigDecimal;
import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

import org.junit.jupiter.api.Test;

import dev.dbprint.mcp.print.yaml.YamlLoader;

/** A parsed tree written back is the text the producer writes, and it parses back to the same tree. */
class YamlTextTest {

    private static final Path FILE = Path.of("statistics.yaml");

    private static Object parse(String text) {
        return new YamlLoader().load(FILE, text.getBytes(UTF_8));
    }

    @Test
    void aParsedFileIsWrittenInTheProducersLayoutAndReadsBackTheSame() {
        String file = """
                table: rental.orders
                row_count: 1200
                null_rate: 12.50
                profiled_at: '2026-05-17T22:48:01Z'
                spellings:
                - 'yes'
                - '1'
                - 'null'
                - naïve café
                columns:
                - name: id
                  tags: []
                """;
        Object tree = parse(file);
        String written = YamlText.dump(tree);
        assertEquals(file, written);
        assertEquals(tree, parse(written));
    }

    @Test
    void aFloatKeepsTheScaleItWasWrittenAt() {
        Map<String, Object> tree = new LinkedHashMap<>();
        tree.put("ratio", new BigDecimal("0.10"));
        tree.put("tiny", new BigDecimal("0.0000001"));
        assertEquals("ratio: 0.10\ntiny: 0.0000001\n", YamlText.dump(tree));
    }

    @Test
    void aValueSharedByTwoKeysIsWrittenOutTwiceNotAliased() {
        List<Object> shared = List.of("a");
        Map<String, Object> tree = new LinkedHashMap<>();
        tree.put("first", shared);
        tree.put("second", shared);
        assertEquals("first:\n- a\nsecond:\n- a\n", YamlText.dump(tree));
    }
}
