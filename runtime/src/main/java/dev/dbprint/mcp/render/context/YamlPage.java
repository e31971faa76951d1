package dev.dbprint.mcp.render.context;

import java.math.BigDecimal;
import java.util.LinkedHashMap;
import java.util.Map;

import org.yaml.snakeyaml.DumperOptions;
import org.yaml.snakeyaml.Yaml;
import org.yaml.snakeyaml.nodes.Tag;
import org.yaml.snakeyaml.representer.Represent;
import org.yaml.snakeyaml.representer.Representer;

import dev.dbprint.mcp.paging.Page;
import dev.dbprint.mcp.paging.Pager;
import dev.dbprint.mcp.print.YamlLoader;

/**
 * A json page as a YAML document (spec §4.1 {@code format: "yaml"}): the page's object less its {@code next_cursor} key,
 * in block style, and on every page but the last the comment line {@code # next_cursor: <cursor>}. Numbers keep the
 * file's positional spelling; strings never fold onto a second line.
 */
public final class YamlPage {

    private YamlPage() {
    }

    public static String of(Page page) {
        Map<String, Object> body = new LinkedHashMap<>(page.body());
        body.remove(Pager.NEXT_CURSOR);
        String text = yaml().dump(body);
        return page.nextCursor() == null ? text : text + Pager.YAML_CURSOR_COMMENT + page.nextCursor() + "\n";
    }

    private static Yaml yaml() {
        DumperOptions o = new DumperOptions();
        o.setDefaultFlowStyle(DumperOptions.FlowStyle.BLOCK);
        o.setAllowUnicode(true);
        o.setWidth(Integer.MAX_VALUE);
        o.setSplitLines(false);
        o.setIndicatorIndent(0);
        Representer r = new Representer(o) {

            {
                Represent positional = data -> representScalar(Tag.FLOAT, YamlLoader.spell(data));
                this.representers.put(BigDecimal.class, positional);
            }
        };
        return new Yaml(r, o);
    }
}
