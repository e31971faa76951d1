package dev.dbprint.mcp.render.vocabulary;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import org.junit.jupiter.params.provider.ValueSource;

import dev.dbprint.mcp.render.YamlText;

/**
 * What the pager is told a YAML page costs (spec §4.8, bounds measured as sent): a member or element exactly as the
 * dump writes it at its depth, and per character of a chunk the most any scalar style takes.
 */
class YamlPageTest {

    private static final Map<String, Object> ELEMENT = map("column", List.of("station_id"), "note",
            "a note that is long enough to stay on one line", "detection", "inferred");

    /** {@code {"d0": {"d1": ... {key: value}}}}, {@code depth} objects deep. */
    private static Map<String, Object> nest(int depth, Map<String, Object> inner) {
        Map<String, Object> m = inner;
        for (int d = depth - 1; d >= 0; d--) {
            m = map("d" + d, m);
        }
        return m;
    }

    @ParameterizedTest
    @ValueSource(ints = {0, 1, 2, 3})
    void anElementCostsWhatItAddsToTheDumpAtItsDepth(int depth) {
        List<Object> one = new ArrayList<>(List.of(ELEMENT));
        List<Object> two = new ArrayList<>(List.of(ELEMENT, ELEMENT));
        int added = YamlText.dump(nest(depth, map("refers_to", two))).length()
                - YamlText.dump(nest(depth, map("refers_to", one))).length();
        assertEquals(added, YamlPage.SPELLING.elementLength(ELEMENT, depth));
    }

    @ParameterizedTest
    @ValueSource(ints = {0, 1, 2, 3})
    void aMemberCostsWhatItAddsToTheDumpAtItsDepth(int depth) {
        Map<String, Object> without = map("table", "rental.ride");
        Map<String, Object> with = map("table", "rental.ride", "edge", ELEMENT);
        int added = YamlText.dump(nest(depth, with)).length() - YamlText.dump(nest(depth, without)).length();
        assertEquals(added, YamlPage.SPELLING.memberLength("edge", ELEMENT, depth));
    }

    /** The most each character takes in JSON or in any YAML scalar style, and the boundaries of each class. */
    @ParameterizedTest
    @CsvSource({"0061, 1, a letter", "0027, 2, a quote doubled in single quotes", "0022, 2, escaped in either",
            "005c, 2, escaped in either", "00a0, 2, no-break space escaped as \\_", "0085, 16, a YAML line break",
            "2028, 16, a YAML line break", "2029, 16, a YAML line break", "007e, 1, the last printable ASCII",
            "007f, 4, DEL as \\x7f", "009f, 4, the last C1 control", "00a1, 1, printable Latin-1",
            "0001, 6, a C0 control: JSON's \\u0001", "000a, 2, a line break: JSON's \\n", "feff, 6, BOM as \\ufeff",
            "fffe, 6, a noncharacter", "ffff, 6, a noncharacter", "fffd, 1, the replacement character is printable",
            "d800, 6, a lone high surrogate", "dfff, 6, a lone low surrogate", "e000, 1, private use is written as is"})
    void aChunkCharacterCostsTheMostAnyStyleTakes(String hex, int length, String why) {
        assertEquals(length, YamlPage.SPELLING.chunkCharLength((char) Integer.parseInt(hex, 16)), why);
    }

    @Test
    void aPageWithACursorEndsInTheCursorComment() {
        Map<String, Object> body = map("table", "rental.ride", "next_cursor", "abc");
        assertEquals("table: rental.ride\n# next_cursor: abc\n", YamlPage.SPELLING.text(body, "abc"));
        assertEquals("table: rental.ride\n", YamlPage.SPELLING.text(map("table", "rental.ride"), null));
        assertTrue(body.containsKey("next_cursor"), "the page's own map is left as it was");
    }

    private static Map<String, Object> map(Object... kv) {
        Map<String, Object> m = new LinkedHashMap<>();
        for (int i = 0; i < kv.length; i += 2) {
            m.put((String) kv[i], kv[i + 1]);
        }
        return m;
    }
}
