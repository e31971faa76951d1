package dev.dbprint.mcp.render;

import java.math.BigDecimal;

import org.yaml.snakeyaml.DumperOptions;
import org.yaml.snakeyaml.Yaml;
import org.yaml.snakeyaml.nodes.Tag;
import org.yaml.snakeyaml.representer.Representer;

import dev.dbprint.mcp.print.yaml.YamlLoader;

/**
 * Writes a plain tree (as {@link YamlLoader} reads one) back as block YAML in the layout the producer writes: two-space
 * indent, sequences at their key's column, keys in the order given, Unicode kept, no line folding. A float keeps the
 * scale it was read at ({@code 12.50} stays {@code 12.50}), since a number's spelling is part of what the print says.
 * Strings that would read back as another type (timestamps, {@code 'yes'}, {@code '1'}) are quoted, so the text parses
 * back to the tree it was written from.
 */
public final class YamlText {

    private YamlText() {
    }

    public static String dump(Object tree) {
        DumperOptions options = new DumperOptions();
        options.setDefaultFlowStyle(DumperOptions.FlowStyle.BLOCK);
        options.setIndent(2);
        options.setIndicatorIndent(0);
        options.setAllowUnicode(true);
        options.setSplitLines(false);
        options.setWidth(Integer.MAX_VALUE);
        options.setLineBreak(DumperOptions.LineBreak.UNIX);
        // one standalone page per reply: a value shared by two keys (an empty list, say) is written out twice, never as
        // an anchor and alias a reader of the page would have to resolve
        options.setDereferenceAliases(true);
        return new Yaml(new SpellingRepresenter(options), options).dump(tree);
    }

    /** Floats as written: the {@link BigDecimal} of the file, plain. */
    private static final class SpellingRepresenter extends Representer {

        SpellingRepresenter(DumperOptions options) {
            super(options);
            this.representers.put(BigDecimal.class, data -> representScalar(Tag.FLOAT, YamlLoader.spell(data)));
        }
    }
}
