package dev.dbprint.mcp.render.context;

import java.util.ArrayList;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

import dev.dbprint.mcp.paging.Fence;

/**
 * Markdown a person wrote (a table's description.md, the connection notes) set inside a reply whose own title is
 * {@code #} and whose sections are {@code ##}: every heading of it is nested two levels down ({@code #} becomes
 * {@code ###}, at most {@code ######}; a setext heading becomes the ATX heading of its level), so it reads as part of
 * the section holding it, and a fenced block or an HTML block it leaves open is closed at its end, so the reply's next
 * section is not read as code or swallowed as HTML. Lines inside those blocks are left as they are. A carriage return
 * ends a line as CommonMark reads it, so every line break is written as a line feed: a heading after a lone
 * {@code \r} is nested like any other.
 */
final class EmbeddedMarkdown {

    private static final Pattern ATX = Pattern.compile("( {0,3})(#{1,6})(?=[ \\t]|$)(.*)");
    private static final Pattern SETEXT_1 = Pattern.compile(" {0,3}=+[ \\t]*");
    private static final Pattern SETEXT_2 = Pattern.compile(" {0,3}-+[ \\t]*");
    /** Lines a {@code ---} below does not turn into a heading (it is a rule there, or the line is no paragraph). */
    private static final Pattern NOT_PARAGRAPH = Pattern.compile(" {0,3}([-*+>#|]|\\d+[.)]|```|~~~).*");
    private static final int NESTED_BY = 2;
    private static final Pattern LINE_BREAK = Pattern.compile("\r\n|\r|\n");

    private EmbeddedMarkdown() {
    }

    /** {@code text} with its headings nested and any fenced or HTML block it leaves open closed. */
    static String nested(String text) {
        List<String> out = new ArrayList<>();
        Fence open = null;
        HtmlBlock html = null;
        for (String line : LINE_BREAK.split(text, -1)) {
            if (html != null) {
                out.add(line);
                html = html.after(line);
                continue;
            }
            if (open == null && (html = HtmlBlock.opening(line)) != null) {
                out.add(line);
                html = html.after(line);
                continue;
            }
            if (open == null && !out.isEmpty() && isParagraph(out.get(out.size() - 1))) {
                int level = SETEXT_1.matcher(line).matches() ? 1 : SETEXT_2.matcher(line).matches() ? 2 : 0;
                if (level > 0) {
                    out.set(out.size() - 1, "#".repeat(level + NESTED_BY) + " " + out.get(out.size() - 1).strip());
                    continue;
                }
            }
            Matcher atx = open == null ? ATX.matcher(line) : null;
            out.add(atx != null && atx.matches()
                    ? atx.group(1) + "#".repeat(Math.min(6, atx.group(2).length() + NESTED_BY)) + atx.group(3)
                    : line);
            open = Fence.after(open, line);
        }
        String joined = String.join("\n", out);
        String closer = open != null ? open.closer() : html != null ? html.closer() : null;
        if (closer != null) {
            joined += (joined.endsWith("\n") ? "" : "\n") + closer;
        }
        return joined;
    }

    private static boolean isParagraph(String line) {
        return !line.isBlank() && !NOT_PARAGRAPH.matcher(line).matches() && !line.startsWith("    ");
    }
}
