package dev.dbprint.mcp.print.yaml;

import java.nio.file.Path;
import java.util.ArrayDeque;
import java.util.Deque;
import java.util.HashMap;
import java.util.Map;

import org.yaml.snakeyaml.events.AliasEvent;
import org.yaml.snakeyaml.events.CollectionStartEvent;
import org.yaml.snakeyaml.events.Event;
import org.yaml.snakeyaml.events.ScalarEvent;
import org.yaml.snakeyaml.parser.Parser;

import dev.dbprint.mcp.error.PrintError;

/**
 * Bounds what a document's aliases expand to, not how many it holds: a print may repeat a mapping through an anchor
 * hundreds of times (the reference server reads it), while an alias bomb (a few lines doubling or tenfolding at each
 * level) is refused before anything is built. It watches the parser's events: each anchored node's weight (its nodes
 * and the characters of its scalars, aliases inside it expanded) is known once the node ends, and each alias adds the
 * weight of the node it names. Once aliases have added more than {@code maxNodes} nodes or {@code maxChars}
 * characters to what the file writes out, the parse stops.
 */
final class AliasBudget implements Parser {

    private record Weight(long nodes, long chars) {
    }

    /** A collection being read: its anchor (or null) and the running totals where it began. */
    private record Open(String anchor, long nodes, long chars) {
    }

    private final Parser parser;
    private final Path path;
    private final long maxNodes;
    private final long maxChars;
    private final Map<String, Weight> anchors = new HashMap<>();
    private final Deque<Open> open = new ArrayDeque<>();
    private long nodes, chars, addedNodes, addedChars;

    AliasBudget(Parser parser, Path path, long maxNodes, long maxChars) {
        this.parser = parser;
        this.path = path;
        this.maxNodes = maxNodes;
        this.maxChars = maxChars;
    }

    @Override
    public boolean checkEvent(Event.ID choice) {
        return parser.checkEvent(choice);
    }

    @Override
    public Event peekEvent() {
        return parser.peekEvent();
    }

    @Override
    public Event getEvent() {
        Event event = parser.getEvent();
        if (event instanceof ScalarEvent scalar) {
            nodes++;
            chars += scalar.getValue().length();
            if (scalar.getAnchor() != null) {
                anchors.put(scalar.getAnchor(), new Weight(1, scalar.getValue().length()));
            }
        } else if (event instanceof CollectionStartEvent start) {
            nodes++;
            open.push(new Open(start.getAnchor(), nodes - 1, chars));
        } else if (event.is(Event.ID.SequenceEnd) || event.is(Event.ID.MappingEnd)) {
            Open node = open.pop();
            if (node.anchor() != null) {
                anchors.put(node.anchor(), new Weight(nodes - node.nodes(), chars - node.chars()));
            }
        } else if (event instanceof AliasEvent alias) {
            // an alias to a node still open is recursive: no weight yet, and the loader refuses it
            Weight w = anchors.get(alias.getAnchor());
            if (w != null) {
                expand(w);
            }
        }
        return event;
    }

    private void expand(Weight w) {
        nodes += w.nodes();
        chars += w.chars();
        addedNodes += w.nodes();
        addedChars += w.chars();
        if (addedNodes > maxNodes) {
            throw refused(maxNodes + " nodes");
        }
        if (addedChars > maxChars) {
            throw refused(maxChars + " characters of text");
        }
    }

    private PrintError refused(String bound) {
        return PrintError.parse(path, "anchors and aliases expand this document by more than " + bound
                + " beyond what it writes out; no print repeats that much, so it is refused as an alias bomb");
    }
}
