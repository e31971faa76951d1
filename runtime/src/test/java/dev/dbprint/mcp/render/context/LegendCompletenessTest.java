package dev.dbprint.mcp.render.context;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Locale;
import java.util.Set;
import java.util.TreeSet;
import java.util.regex.Pattern;

import org.junit.jupiter.api.Test;

import dev.dbprint.mcp.paging.CursorCodec;
import dev.dbprint.mcp.paging.CursorMint;
import dev.dbprint.mcp.paging.DocumentPage;
import dev.dbprint.mcp.paging.DocumentPager;
import dev.dbprint.mcp.print.Fixtures;
import dev.dbprint.mcp.print.model.ColumnStats;
import dev.dbprint.mcp.print.model.TableEntry;
import dev.dbprint.mcp.print.store.PrintStore;
import dev.dbprint.mcp.print.store.PrintView;
import dev.dbprint.mcp.render.vocabulary.TermsLegend;

/**
 * The Terms legend is complete (spec §4.1): every table of every fixture print, under both purposes, page by page —
 * what a generated line prints, less the data it carries (names, types, literals, numbers, notes, messages), is made of
 * the labels the page's legend defines and the plain words of the layout below; a label, flag or enum word printed
 * without its legend line fails, naming it.
 */
class LegendCompletenessTest {

    /**
     * What a page may print besides labels and data: headings, the table headers, and the words that join a fact to its
     * value. A word that names a kind of thing the reader must look up belongs in a {@link Term}, not here.
     */
    private static final List<String> LAYOUT = longestFirst("Column", "Type",
            "Classification", "Distinct", "Notes", "Values", "Coverage", "Nulls", "rows", "profiled at",
            "no query was issued", "so no value was measured", "rows scanned of", "rows scanned", "sample", "filter",
            "every count and share below is", "not the table", "read codes", "units and defaults from the code",
            "the print states which values the data holds", "not what they mean.", "values", "to", "together",
            "a sample", "these", "cover", "of the non-null rows", "of the non-null rows scanned", "none",
            "no non-null value", "newest value", "days old", "note", "only its own part of this context is left out.",
            "declared in the manifest", "file absent from disk", "re-run dbprint generate", "no declared-unique column",
            "No column carries a value list a predicate can be written from.", "none found", "buckets", "rows each",
            "latest", "bucketed", "row", "of the scanned rows", "none declared", "none measured",
            "every candidate column pair tested", "the search stopped at its cap", "no search for a measured one",
            "Listed", "other combinations hold the rest");

    /** A bare literal: a boolean or NULL (numbers are masked as numbers). */
    private static final Pattern BARE = Pattern.compile("(?<![\\w])(true|false|NULL)(?![\\w])");
    /** The table's type, the value of the header's Type fact. */
    private static final Pattern TYPE = Pattern.compile("^Type: \\w+");
    private static final Pattern QUOTED = Pattern.compile("'(?:[^']|'')*'|\"(?:[^\"\\\\]|\\\\.)*\"");
    private static final Pattern NUMBER = Pattern.compile("(?<![\\w.])-?\\d[\\d.]*(?:[eE][-+]?\\d+)?%?(?![\\w])");
    private static final Pattern TIMESTAMP = Pattern.compile("\\d{4}-\\d\\d-\\d\\d[T ][\\d:.]+(?:Z|[+-]\\d\\d:\\d\\d)?");
    /** Where a fragment ends: Markdown and list punctuation. */
    private static final Pattern SPLIT = Pattern
            .compile("[|;,:()\\[\\]=<>\\-]+(?=\\s|$)|\\s[|;,:()\\[\\]=<>\\-]+|[|;,()\\[\\]]");

    private static final CursorMint PROBE = new CursorCodec().bind("legend", "legend", "legend");

    @Test
    void everyWordAPagePrintsIsDataLayoutOrALabelItsLegendDefines() {
        List<String> unexplained = new ArrayList<>();
        int tables = 0;
        for (Path root : Fixtures.PRINTS) {
            PrintView view = new PrintStore().view("fixture", root.toAbsolutePath().normalize());
            for (TableEntry entry : view.manifest().tables().values()) {
                ContextModel m = new ContextModel(view, entry);
                tables++;
                Set<String> data = data(m);
                ProfileMarkdown profile = new ProfileMarkdown(m, true, true, true);
                profile.legend().knowRows(profile.sections());
                check(entry.fqn() + " profile", profile.sections(), profile.legend(), data, unexplained);
                QueryMarkdown.Rendered query = new QueryMarkdown(m, true, true).render();
                query.legend().knowRows(query.sections());
                check(entry.fqn() + " query", query.sections(), query.legend(), data, unexplained);
            }
        }
        assertFalse(tables < 15, "fixtures read: " + tables);
        assertEquals(List.of(), unexplained);
    }

    private static void check(String what, List<List<String>> sections, TermsLegend legend, Set<String> data,
            List<String> unexplained) {
        for (DocumentPage page : new DocumentPager(sections, legend, PROBE).pages()) {
            List<String> labels = labels(page.legend());
            boolean skip = false;
            boolean fence = false;
            for (String line : page.content().split("\n")) {
                if (line.startsWith("```")) {
                    fence = !fence;
                    continue;
                }
                if (line.startsWith("## ")) {
                    // prose people wrote is data: its words are theirs, not the reply's
                    skip = line.equals("## Description") || line.equals("## Connection notes");
                }
                if (fence || skip || line.startsWith("#") || line.startsWith("|---")) {
                    continue; // headings are the reply's own layout
                }
                for (String fragment : fragments(line, data, labels)) {
                    unexplained.add(what + ": '" + fragment + "' in " + line);
                }
            }
        }
    }

    /** Every label of a legend block: each line's text before one of its ": " (the label itself may hold one). */
    private static List<String> labels(String legend) {
        List<String> out = new ArrayList<>();
        for (String line : legend.split("\n")) {
            if (!line.startsWith("- ")) {
                continue;
            }
            for (int at = line.indexOf(": "); at > 0; at = line.indexOf(": ", at + 1)) {
                out.add(line.substring(2, at));
            }
        }
        out.sort(Comparator.comparingInt(String::length).reversed());
        return out;
    }

    /** The line less its data and its defined labels, as the phrases left between punctuation. */
    private static List<String> fragments(String line, Set<String> data, List<String> labels) {
        String t = line.startsWith("> ") ? line.substring(2) : line;
        // a corrupt artifact's parser message is data
        t = t.replaceAll("could not be read: .* - only", "could not be read - only");
        t = TYPE.matcher(t).replaceAll(" ; ");
        t = TIMESTAMP.matcher(t).replaceAll(" ; ");
        // data, layout and labels in one pass, longest first, so no shorter one eats a piece of a longer one
        List<String> known = new ArrayList<>(data);
        known.addAll(LAYOUT);
        known.addAll(labels);
        known.sort(Comparator.comparingInt(String::length).reversed());
        for (String k : known) {
            t = replaceWord(t, k);
        }
        t = QUOTED.matcher(t).replaceAll(" ; ");
        t = BARE.matcher(t).replaceAll(" ; ");
        t = NUMBER.matcher(t).replaceAll(" ; ");
        List<String> out = new ArrayList<>();
        for (String f : SPLIT.split(t)) {
            String s = f.strip().replaceAll("\\s+", " ");
            if (!s.isEmpty() && !s.equals(".") && !s.equals("-")) {
                out.add(s);
            }
        }
        return out;
    }

    private static List<String> longestFirst(String... phrases) {
        List<String> out = new ArrayList<>(List.of(phrases));
        out.sort(Comparator.comparingInt(String::length).reversed());
        return List.copyOf(out);
    }

    /** {@code text} with every whole-word occurrence of {@code word} (case-insensitive) replaced by a separator. */
    private static String replaceWord(String text, String word) {
        if (word.isBlank() || !text.toLowerCase(Locale.ROOT).contains(word.toLowerCase(Locale.ROOT))) {
            return text;
        }
        return Pattern.compile("(?<![\\w])" + Pattern.quote(word) + "(?![\\w])", Pattern.CASE_INSENSITIVE)
                .matcher(text).replaceAll(" ; ");
    }

    /** The table's data, longest first: names, types, notes, and the values a labelled fact carries. */
    private static Set<String> data(ContextModel m) {
        Set<String> out = new TreeSet<>(Comparator.comparingInt(String::length).reversed().thenComparing(s -> s));
        out.add(m.fqn);
        out.addAll(m.missing);
        out.addAll(m.corrupted.keySet());
        m.columns().forEach((name, c) -> {
            out.add(name);
            column(c, out);
            if (c.parts() != null) {
                c.parts().forEach((path, p) -> {
                    out.add(name + path);
                    column(p, out);
                });
            }
        });
        m.annotations.ifPresent(a -> {
            a.columns().forEach((name, c) -> {
                out.add(name);
                note(c.note(), out);
                c.values().forEach(v -> note(v.note(), out));
                if (c.claims() != null) {
                    c.claims().forEach((stat, pred) -> {
                        out.add(stat);
                        out.add(String.valueOf(pred));
                    });
                }
            });
            a.grainKeys().forEach(k -> {
                out.addAll(k.columns());
                note(k.note(), out);
            });
        });
        m.inherited.forEach((col, list) -> list.forEach(in -> {
            out.add(in.source());
            note(in.note(), out);
            in.values().forEach(v -> note(v.note(), out));
        }));
        for (ContextModel.Join j : m.joins) {
            out.add(j.otherTable());
            if (j.column() != null) {
                out.addAll(j.column());
            }
            if (j.otherColumn() != null) {
                out.addAll(j.otherColumn());
            }
            if (j.path() != null) {
                out.add(String.join(".", j.path()));
            }
            if (j.otherPath() != null) {
                out.add(String.join(".", j.otherPath()));
            }
            note(j.note(), out);
            if (j.emitted() != null) {
                addIfPresent(out, j.emitted().onDelete());
                addIfPresent(out, j.emitted().onUpdate());
            }
        }
        // the description heads query's Data dictionary: prose people wrote
        m.description.ifPresent(d -> d.lines().forEach(l -> out.add(l.strip())));
        m.statistics.ifPresent(s -> {
            // what unmeasured names are field names, data of the unmeasured fact
            s.columns().values().forEach(c -> {
                Object u = c.raw().get("unmeasured");
                if (u instanceof List<?> l) {
                    l.forEach(x -> out.add(String.valueOf(x)));
                }
            });
        });
        out.remove("");
        return out;
    }

    private static void column(ColumnStats c, Set<String> out) {
        addIfPresent(out, c.sqlType());
        // the values of labelled facts: looks like <shape>, sensitivity <category>, redacted <primitive>
        if (c.inferred() != null) {
            addIfPresent(out, c.inferred().looksLike());
            addIfPresent(out, c.inferred().sensitivity());
        }
        addIfPresent(out, c.redacted());
    }

    private static void note(String note, Set<String> out) {
        if (note != null) {
            out.add(MarkdownParts.oneLine(note));
        }
    }

    private static void addIfPresent(Set<String> out, Object value) {
        if (value != null) {
            out.add(String.valueOf(value));
        }
    }
}
