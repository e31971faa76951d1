package dev.dbprint.mcp.tool;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeSet;
import java.util.function.Consumer;
import java.util.stream.Stream;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import dev.dbprint.mcp.paging.JsonText;
import dev.dbprint.mcp.print.Fixtures;
import dev.dbprint.mcp.print.store.PrintStore;
import dev.dbprint.mcp.print.yaml.YamlLoader;
import dev.dbprint.mcp.tool.call.ToolResult;

/**
 * {@code include_annotations: false} (spec §4.1) on every table of every fixture print, in md, json and yaml under both
 * purposes, page by page: no note people wrote in an annotation file — a column, value, grain key, edge or connection
 * note — reaches the reply, nor a section, key or {@code note} field that carries one. The description, not an
 * annotation, is left out too, since it would open query's Data dictionary.
 */
class WithoutAnnotationsTest {

    private static final List<String> MD_SECTIONS = List.of("## Annotations", "## Connection notes",
            "## Data dictionary");
    private static final Set<String> KEYS = Set.of("annotations", "relationship_annotations", "connection_notes",
            "dictionary", "inherited_notes", "note");
    /** A shorter note may be any word of the reply; such notes are caught by the sections and keys they ride in. */
    private static final int SEARCHED_LENGTH = 12;

    @TempDir
    Path dir;

    @Test
    void noFormatOrPurposeCarriesANotePeopleWrote() {
        List<String> leaks = new ArrayList<>();
        int replies = 0;
        for (int i = 0; i < Fixtures.PRINTS.size(); i++) {
            PrintProject p = new PrintProject(dir.resolve("p" + i));
            Fixtures.copyDirectory(Fixtures.PRINTS.get(i), p.root);
            Set<String> notes = notes(p.root);
            ToolHarness h = p.harness();
            GetTableContextTool tool = new GetTableContextTool(h.store, h.paging);
            for (String table : new PrintStore().view(PrintProject.CONNECTION, p.root).manifest().tables().keySet()) {
                for (String purpose : List.of("profile", "query")) {
                    for (String format : List.of("md", "json", "yaml")) {
                        String args = "{\"table\": \"" + table + "\", \"purpose\": \"" + purpose + "\", \"format\": \""
                                + format + "\", \"include_annotations\": false, \"include_description\": false";
                        String what = table + " " + purpose + " " + format;
                        List<String> pages = pages(h, tool, args, format);
                        replies += pages.isEmpty() ? 0 : 1;
                        for (String page : pages) {
                            leaks.addAll(leaks(what, page, format, notes));
                        }
                    }
                }
            }
        }
        assertTrue(replies >= 120, "replies rendered: " + replies);
        assertEquals(List.of(), leaks);
    }

    /** The reply's pages; none for a table the tool refuses (one the last run could not profile). */
    private static List<String> pages(ToolHarness h, GetTableContextTool tool, String args, String format) {
        List<String> out = new ArrayList<>();
        String cursor = null;
        do {
            ToolResult r = h.call(tool, args + (cursor == null ? "" : ", \"cursor\": \"" + cursor + "\"") + "}");
            if (r.isError()) {
                assertTrue(out.isEmpty() && r.text().startsWith("the last generate run could not profile"), r.text());
                return out;
            }
            out.add(r.text());
            cursor = GetTableContextFixtureTest.nextCursor(r.text(), format);
        } while (cursor != null);
        return out;
    }

    private static List<String> leaks(String what, String page, String format, Set<String> notes) {
        List<String> out = new ArrayList<>();
        List<String> texts = new ArrayList<>();
        if ("md".equals(format)) {
            MD_SECTIONS.stream().filter(s -> page.contains("\n" + s + "\n")).forEach(s -> out.add(what + ": " + s));
            if (page.contains("; note: ")) {
                out.add(what + ": an edge's note");
            }
            texts.add(page);
        } else {
            Object tree = "json".equals(format)
                    ? JsonText.parse(page)
                    : new YamlLoader().load(Path.of("page.yaml"), page.getBytes(StandardCharsets.UTF_8));
            walk(tree, texts, key -> {
                if (KEYS.contains(key)) {
                    out.add(what + ": key " + key);
                }
            });
        }
        for (String text : texts) {
            String flat = flat(text);
            notes.stream().filter(flat::contains).forEach(n -> out.add(what + ": " + n));
        }
        return out;
    }

    /** Every string of a parsed tree into {@code texts}, every map key to {@code keys}. */
    private static void walk(Object node, List<String> texts, Consumer<String> keys) {
        if (node instanceof Map<?, ?> m) {
            m.forEach((k, v) -> {
                keys.accept(String.valueOf(k));
                walk(v, texts, keys);
            });
        } else if (node instanceof List<?> l) {
            l.forEach(v -> walk(v, texts, keys));
        } else if (node instanceof String s) {
            texts.add(s);
        }
    }

    /** The note texts of every annotation file under {@code root}, whitespace folded. */
    private static Set<String> notes(Path root) {
        Set<String> out = new TreeSet<>();
        try (Stream<Path> files = Files.walk(root)) {
            for (Path f : (Iterable<Path>) files.filter(f -> f.toString().endsWith(".annotations.yaml"))::iterator) {
                collect(new YamlLoader().load(f, Files.readAllBytes(f)), false, out);
            }
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
        return out;
    }

    private static void collect(Object node, boolean underNote, Set<String> out) {
        if (node instanceof Map<?, ?> m) {
            m.forEach((k, v) -> collect(v, underNote || "note".equals(k) || "notes".equals(k), out));
        } else if (node instanceof List<?> l) {
            l.forEach(v -> collect(v, underNote, out));
        } else if (underNote && node instanceof String s && flat(s).length() >= SEARCHED_LENGTH) {
            out.add(flat(s));
        }
    }

    private static String flat(String text) {
        return text.replaceAll("\\s+", " ").strip();
    }
}
