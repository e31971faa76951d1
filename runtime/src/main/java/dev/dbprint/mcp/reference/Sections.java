package dev.dbprint.mcp.reference;

import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Collections;
import java.util.Deque;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * The heading tree of one reference document, and the lookup get_reference runs on it (spec §4.6).
 *
 * <p>
 * <b>Headings.</b> ATX headings ({@code #} to {@code ######}) outside fenced code blocks ({@code ```} or {@code ~~~});
 * a {@code #} line inside a fence is text. A first heading at level 1 is the document's title: a section like any other,
 * keyed by its text, whose body is the preamble and whose subsections are the document's top sections, so a reader can
 * address every heading the same way (its subsections listed under it). The table of contents prints it as its first
 * line rather than as an entry, and a not-found fault lists the sections below it.
 *
 * <p>
 * <b>Which headings are sections.</b> In the guide, every heading; its key is the heading text. In a numbered document
 * ({@code spec}, {@code assertions}):
 * <ul>
 * <li>a heading whose first token is a section number ({@code 0}, {@code 2.}, {@code 0.1}, {@code 2.2.14}) is a
 * section keyed by that number, trailing dot dropped;</li>
 * <li>{@code Appendix A — ...} is a section keyed {@code Appendix A}, also found by bare {@code A};</li>
 * <li>the title, and an unnumbered heading at the document's top section level (the shallowest level a numbered heading
 * uses), such as {@code Cross-references}, are sections keyed by their text;</li>
 * <li>an unnumbered heading nested below a numbered section (the per-kind headings of §2.6.6, the catalog groups of
 * §6.3) is not a section: it is part of the body of the section it sits in, so reading §2.6.6 returns every kind. A
 * citation never names such a heading, and the numbers stay the only addresses a numbered document needs.</li>
 * </ul>
 *
 * <p>
 * <b>Own body.</b> From the line after the heading up to the first subsection, or up to the next heading at the same or
 * a shallower level when it has none — one rule for every depth. Trailing blank lines and thematic breaks
 * ({@code ---}) are dropped.
 *
 * <p>
 * <b>Lookup.</b> See {@link #find(String)}.
 */
public final class Sections {

    private static final Pattern HEADING = Pattern.compile("^ {0,3}(#{1,6})(?:[ \\t]+(.*?))?[ \\t]*$");
    private static final Pattern CLOSING_HASHES = Pattern.compile("(?:^|[ \\t]+)#+$");
    private static final Pattern FENCE = Pattern.compile("^ {0,3}(`{3,}|~{3,})(.*)$");
    private static final Pattern NUMBER = Pattern.compile("^(\\d+(?:\\.\\d+)*)\\.?$");
    private static final Pattern APPENDIX = Pattern.compile("^Appendix\\s+([A-Za-z0-9]+)\\b.*",
            Pattern.CASE_INSENSITIVE);
    /** A citation's document prefix: {@code SPEC}, {@code SPEC.md}, {@code format/v1/SPEC.md}, {@code ASSERTIONS.md}. */
    private static final Pattern PREFIX = Pattern.compile("^((?:[\\w.-]+/)*)([A-Za-z][\\w-]*?)(\\.md)?(?=\\s|§|$)",
            Pattern.CASE_INSENSITIVE);
    private static final Pattern NUMBER_FIRST = Pattern.compile("^(\\d+(?:\\.\\d+)*)\\.?(?:\\s.*)?$");
    private static final Pattern THEMATIC_BREAK = Pattern.compile("^ {0,3}([-*_])(?:[ \\t]*\\1){2,}[ \\t]*$");

    /** One addressable heading. */
    public static final class Section {

        private final String key;
        private final int level;
        private final String heading;
        private final List<String> body;
        private final Section parent;
        private final List<Section> children = new ArrayList<>();

        private Section(String key, int level, String heading, List<String> body, Section parent) {
            this.key = key;
            this.level = level;
            this.heading = heading;
            this.body = body;
            this.parent = parent;
        }

        /** What {@code section} names it by: its number, {@code Appendix A}, or its heading text. */
        public String key() {
            return key;
        }

        /** Markdown heading level, 1 to 6. */
        public int level() {
            return level;
        }

        /** The heading text as written, without the {@code #} marks: {@code 2.2.4 Sub-object schemas}. */
        public String heading() {
            return heading;
        }

        /** The heading as a Markdown line at its own level. */
        public String headingLine() {
            return "#".repeat(level) + " " + heading;
        }

        /** Its own body: the lines up to its first subsection, trailing blank lines and breaks dropped. */
        public List<String> body() {
            return body;
        }

        /** The section it sits in, or {@code null} at the top. */
        public Section parent() {
            return parent;
        }

        /** Its direct subsections in document order. */
        public List<Section> children() {
            return Collections.unmodifiableList(children);
        }

    }

    private final ReferenceDocument document;
    private final Section title;
    private final List<Section> all;
    private final List<Section> top;
    private final Map<String, Section> byKey;

    private Sections(ReferenceDocument document, Section title, List<Section> all) {
        this.document = document;
        this.title = title;
        this.all = List.copyOf(all);
        List<Section> roots = new ArrayList<>();
        Map<String, Section> keys = new LinkedHashMap<>();
        for (Section s : all) {
            if (s == title) {
                roots.addAll(s.children);
            } else if (s.parent == null) {
                roots.add(s);
            }
            keys.putIfAbsent(normalize(s.key), s);
        }
        this.top = List.copyOf(roots);
        this.byKey = keys;
    }

    public ReferenceDocument document() {
        return document;
    }

    /** The text of the level-1 title the document opens with, or {@code null}. */
    public String title() {
        return title == null ? null : title.heading;
    }

    /** Every section in document order, the title first when there is one. */
    public List<Section> all() {
        return all;
    }

    /** The sections the table of contents lists at its top: the title's subsections, then any other top heading. */
    public List<Section> top() {
        return top;
    }

    /**
     * Every key a section below the title can be read by, in document order, each once: what a not-found fault lists
     * (the numbers §8.2 names for a numbered document; the title heads the table of contents instead).
     */
    public List<String> keys() {
        List<String> out = new ArrayList<>();
        for (Section s : byKey.values()) {
            if (s != title) {
                out.add(s.key);
            }
        }
        return out;
    }

    /**
     * The section {@code section} names. In a numbered document this accepts the bare number ({@code 3},
     * {@code 2.2.4}, {@code 2.}), a citation as findings write it ({@code §2.2.4}, {@code ASSERTIONS.md §1.4},
     * {@code SPEC 2.2.4}, {@code SPEC.md §2.2.4}, {@code format/v1/SPEC.md §2.2.4}), a number followed by its title as
     * the table of contents prints it ({@code 2.2.4 Sub-object schemas}), {@code Appendix A} or {@code A}, and the text
     * of an unnumbered top heading ({@code Cross-references}); surrounding whitespace is ignored. A prefix naming the
     * other document ({@code ASSERTIONS.md §1.4} asked of {@code spec}) or an unknown file ({@code README.md §1}) finds
     * nothing: that section is not in this document. In the guide, heading text matched case-insensitively with
     * whitespace collapsed; a leading {@code #} run is ignored.
     */
    public Optional<Section> find(String section) {
        String s = collapse(section);
        if (!document.numbered()) {
            return Optional.ofNullable(byKey.get(normalize(s.replaceFirst("^#+\\s*", ""))));
        }
        Matcher p = PREFIX.matcher(s);
        if (p.find()) {
            String name = p.group(2);
            boolean fileLike = !p.group(1).isEmpty() || p.group(3) != null;
            Optional<ReferenceDocument> named = ReferenceDocument.byCitationName(name);
            if (named.isPresent()) {
                if (named.get() != document) {
                    return Optional.empty();
                }
                s = s.substring(p.end()).trim();
            } else if (fileLike) {
                return Optional.empty();
            }
        }
        s = s.replaceFirst("^§+\\s*", "");
        Matcher n = NUMBER_FIRST.matcher(s);
        if (n.matches()) {
            return Optional.ofNullable(byKey.get(n.group(1)));
        }
        Section found = byKey.get(normalize(s));
        if (found == null) {
            found = byKey.get(normalize("Appendix " + s));
        }
        if (found == null) {
            for (Section candidate : all) {
                if (normalize(candidate.heading).equals(normalize(s))) {
                    return Optional.of(candidate);
                }
            }
        }
        return Optional.ofNullable(found);
    }

    /** Parses {@code text} as {@code document}'s Markdown. */
    public static Sections parse(ReferenceDocument document, String text) {
        List<String> lines = lines(text);
        List<Heading> headings = headings(lines);
        Heading title = !headings.isEmpty() && headings.get(0).level == 1 ? headings.get(0) : null;
        int topLevel = Integer.MAX_VALUE;
        if (document.numbered()) {
            for (Heading h : headings) {
                if (number(h.text) != null) {
                    topLevel = Math.min(topLevel, h.level);
                }
            }
        }
        List<Heading> sectionHeadings = new ArrayList<>();
        for (Heading h : headings) {
            if (!document.numbered() || h == title) {
                h.key = h.text;
            } else if (number(h.text) != null) {
                h.key = number(h.text);
            } else if (APPENDIX.matcher(h.text).matches()) {
                Matcher m = APPENDIX.matcher(h.text);
                m.matches();
                h.key = "Appendix " + m.group(1);
            } else if (h.level <= topLevel) {
                h.key = h.text;
            }
            if (h.key != null) {
                sectionHeadings.add(h);
            }
        }
        List<Section> all = new ArrayList<>();
        Section titleSection = null;
        Deque<Section> open = new ArrayDeque<>();
        for (int i = 0; i < sectionHeadings.size(); i++) {
            Heading h = sectionHeadings.get(i);
            int end = i + 1 < sectionHeadings.size() ? sectionHeadings.get(i + 1).line : lines.size();
            for (Heading other : headings) {
                if (other.line > h.line && other.line < end && other.level <= h.level) {
                    end = other.line;
                    break;
                }
            }
            while (!open.isEmpty() && open.peek().level >= h.level) {
                open.pop();
            }
            Section parent = open.peek();
            Section s = new Section(h.key, h.level, h.text, trimBody(lines.subList(h.line + 1, end)), parent);
            if (parent != null) {
                parent.children.add(s);
            }
            all.add(s);
            open.push(s);
            if (h == title) {
                titleSection = s;
            }
        }
        return new Sections(document, titleSection, all);
    }

    private static final class Heading {

        final int line;
        final int level;
        final String text;
        String key;

        Heading(int line, int level, String text) {
            this.line = line;
            this.level = level;
            this.text = text;
        }
    }

    private static List<Heading> headings(List<String> lines) {
        List<Heading> out = new ArrayList<>();
        String fence = null;
        for (int i = 0; i < lines.size(); i++) {
            String line = lines.get(i);
            Matcher f = FENCE.matcher(line);
            if (fence != null) {
                if (f.matches() && f.group(1).charAt(0) == fence.charAt(0) && f.group(1).length() >= fence.length()
                        && f.group(2).isBlank()) {
                    fence = null;
                }
                continue;
            }
            if (f.matches() && !(f.group(1).charAt(0) == '`' && f.group(2).contains("`"))) {
                fence = f.group(1);
                continue;
            }
            Matcher h = HEADING.matcher(line);
            if (h.matches()) {
                String text = h.group(2) == null ? "" : CLOSING_HASHES.matcher(h.group(2)).replaceFirst("").strip();
                if (!text.isEmpty()) {
                    out.add(new Heading(i, h.group(1).length(), text));
                }
            }
        }
        return out;
    }

    /** The section number a heading's first token spells, trailing dot dropped, or {@code null}. */
    static String number(String heading) {
        String first = heading.split("\\s+", 2)[0];
        Matcher m = NUMBER.matcher(first);
        return m.matches() ? m.group(1) : null;
    }

    private static List<String> trimBody(List<String> body) {
        int from = 0;
        int to = body.size();
        while (from < to && body.get(from).isBlank()) {
            from++;
        }
        while (to > from && (body.get(to - 1).isBlank() || THEMATIC_BREAK.matcher(body.get(to - 1)).matches())) {
            to--;
        }
        return List.copyOf(body.subList(from, to));
    }

    static List<String> lines(String text) {
        String[] split = text.split("\n", -1);
        List<String> out = new ArrayList<>(split.length);
        for (String line : split) {
            out.add(line.endsWith("\r") ? line.substring(0, line.length() - 1) : line);
        }
        return out;
    }

    private static String collapse(String s) {
        return s.strip().replaceAll("\\s+", " ");
    }

    private static String normalize(String s) {
        return collapse(s).toLowerCase(Locale.ROOT);
    }
}
