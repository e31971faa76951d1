package dev.dbprint.mcp.render.context;

import java.util.Locale;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * An HTML block of the kinds CommonMark (§4.6, types 1 to 5) ends only at a marker, never at a blank line: a
 * {@code <pre>}, {@code <script>}, {@code <style>} or {@code <textarea>} element, a comment, a processing instruction,
 * a declaration or a CDATA section. Left open in a person's Markdown, one would hold everything after it — the reply's
 * own later sections included — as raw HTML.
 *
 * @param end the marker that ends the block; a line holding it anywhere ends it
 */
record HtmlBlock(String end) {

    private static final Pattern ELEMENT = Pattern.compile(" {0,3}<(pre|script|style|textarea)(?=[ \\t>]|$).*",
            Pattern.CASE_INSENSITIVE);
    private static final Pattern OTHER = Pattern.compile(" {0,3}(<!--|<\\?|<![A-Za-z]|<!\\[CDATA\\[).*");

    /** The block {@code line} opens, or null when it opens none of these kinds. */
    static HtmlBlock opening(String line) {
        Matcher element = ELEMENT.matcher(line);
        if (element.matches()) {
            return new HtmlBlock("</" + element.group(1).toLowerCase(Locale.ROOT) + ">");
        }
        Matcher other = OTHER.matcher(line);
        if (!other.matches()) {
            return null;
        }
        return new HtmlBlock(switch (other.group(1)) {
            case "<!--" -> "-->";
            case "<?" -> "?>";
            case "<![CDATA[" -> "]]>";
            default -> ">";
        });
    }

    /** This block while {@code line} (the opening one included) does not end it, else null. */
    HtmlBlock after(String line) {
        boolean ends = end.startsWith("</")
                ? line.toLowerCase(Locale.ROOT).matches(".*</(pre|script|style|textarea)>.*")
                : line.contains(end);
        return ends ? null : this;
    }

    /** A line that ends the block, with its line break. */
    String closer() {
        return end + "\n";
    }
}
