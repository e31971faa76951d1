package dev.dbprint.mcp.render.vocabulary;

import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.Map;

import dev.dbprint.mcp.paging.JsonText;
import dev.dbprint.mcp.paging.Pager;
import dev.dbprint.mcp.paging.Spelling;
import dev.dbprint.mcp.render.YamlText;

/**
 * A json page as a YAML document (spec §4.1 {@code format: "yaml"}): the page's object less its {@code next_cursor} key,
 * in block style, and on every page but the last the comment line {@code # next_cursor: <cursor>}. Numbers keep the
 * file's positional spelling; strings never fold onto a second line.
 * <p>
 * YAML can be longer than the JSON of the same page — a quote doubled, a line of a block scalar indented, a character
 * JSON writes as is escaped — so the pager measures each unit as the longer of the two (§4.8: bounds are measured as
 * sent): a member or element as {@link YamlText} writes it at its depth, and a part's chunk by the most any scalar style
 * takes for each character.
 */
public final class YamlPage implements Spelling {

    public static final Spelling SPELLING = new YamlPage();

    /** Beyond its own character, what a line break inside a literal block costs at most: the next line's indent. */
    private static final int BLOCK_BREAK = 16;

    private YamlPage() {
    }

    @Override
    public String text(Map<String, Object> page, String cursor) {
        Map<String, Object> body = new LinkedHashMap<>(page);
        body.remove(Pager.NEXT_CURSOR);
        String text = YamlText.dump(body);
        return cursor == null ? text : text + Pager.YAML_CURSOR_COMMENT + cursor + "\n";
    }

    @Override
    public int memberLength(String key, Object value, int depth) {
        return indented(YamlText.dump(Collections.singletonMap(key, value)), 2 * depth);
    }

    @Override
    public int elementLength(Object value, int depth) {
        // a block sequence sits at its key's own column (indicator indent 0)
        return indented(YamlText.dump(Collections.singletonList(value)), 2 * depth);
    }

    @Override
    public int chunkCharLength(char c) {
        int yaml;
        if (c == '\'' || c == '"' || c == '\\' || c == '\u00a0') {
            yaml = 2; // doubled in single quotes, escaped in double quotes
        } else if (c == '\u0085' || c == '\u2028' || c == '\u2029') {
            yaml = BLOCK_BREAK; // a line break to YAML: a block scalar's next line, or an escape
        } else if (c >= 0x7f && c < 0xa0) {
            yaml = 4; // \x80
        } else if (c == '\ufeff' || c == '\ufffe' || c == '\uffff' || Character.isSurrogate(c)) {
            yaml = 6; // \ufeff (a lone surrogate; a pair is written as is, 2 units for 2 characters)
        } else {
            yaml = 1;
        }
        return Math.max(JsonText.escapedLength(c), yaml);
    }

    /** The length of {@code text} with every one of its lines indented by {@code indent} spaces. */
    private static int indented(String text, int indent) {
        int lines = 0;
        for (int i = 0; i < text.length(); i++) {
            if (text.charAt(i) == '\n') {
                lines++;
            }
        }
        return text.length() + indent * lines;
    }
}
