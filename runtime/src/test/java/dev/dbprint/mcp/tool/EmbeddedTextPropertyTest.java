package dev.dbprint.mcp.tool;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Random;
import java.util.function.Consumer;
import java.util.stream.Stream;

import org.commonmark.ext.gfm.tables.TableBlock;
import org.commonmark.ext.gfm.tables.TableCell;
import org.commonmark.ext.gfm.tables.TableRow;
import org.commonmark.ext.gfm.tables.TablesExtension;
import org.commonmark.node.BulletList;
import org.commonmark.node.FencedCodeBlock;
import org.commonmark.node.Heading;
import org.commonmark.node.Node;
import org.commonmark.node.Text;
import org.commonmark.parser.Parser;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

import com.fasterxml.jackson.databind.node.TextNode;

import dev.dbprint.mcp.print.Fixtures;
import dev.dbprint.mcp.tool.call.ToolResult;

/**
 * Text people and databases wrote — a DDL comment, the description, the connection notes, a column note, a value note —
 * cannot pass for the reply's own structure: over generated texts (runs of backticks and tildes, {@code #} lines,
 * {@code |}, HTML, every line ending), get_table_context's Markdown, parsed as CommonMark with GitHub's tables, keeps
 * the sections, lists and table shapes the same reply has over plain words, and the DDL is its fenced block's text
 * exactly. The fixture is the bundled sample print with {@code rental.customer} carrying the text.
 */
class EmbeddedTextPropertyTest {

    private static final String TABLE = "rental.customer";
    /**
     * Sections whose body is a person's Markdown, which may hold any block below the reply's own levels; query's Data
     * dictionary opens with the description, and its own list of notes is checked as the reply's last block.
     */
    private static final List<String> EMBEDDED = List.of("Description", "Connection notes", "Data dictionary");
    private static final String[] FRAGMENTS = {"```", "````", "`", "~~~", "~~~~~", "```sql", "~~~ x", "# ", "## Joins",
            "## DDL", "- id -> rental.tariff.tariff_id (declared)", "|", "| a | b |", "|---|---|", "\\|", "\\", "<!--",
            "-->", "<pre>", "</pre>", "<script>", "<div>", "<?", "<!DOCTYPE", "<![CDATA[", "===", "---", "    code",
            "> ", "* ", "1. ", "'", "\"", "x", "note", " ", "\n", "\n\n", "\r\n", "\r"};
    private static final Parser COMMONMARK = Parser.builder().extensions(List.of(TablesExtension.create())).build();

    @TempDir
    static Path dir;
    private static int cases;
    private static final Map<String, List<String>> PLAIN = new HashMap<>();
    private static final Map<String, String> PLAIN_LAST = new HashMap<>();

    static Stream<String> texts() {
        Random random = new Random(32);
        List<String> texts = new ArrayList<>(List.of(
                "ends here\n```\n\n## Joins\n- tariff_id -> rental.tariff.tariff_id (declared)\n",
                "open ~~~ and ```\n````\n", "<!-- never closed", "<pre>\n## Joins", "line\r## Joins\r",
                "a | b \\| c \\\\| d"));
        for (int i = 0; i < 80; i++) {
            StringBuilder text = new StringBuilder();
            for (int n = 1 + random.nextInt(12); n > 0; n--) {
                text.append(FRAGMENTS[random.nextInt(FRAGMENTS.length)]);
            }
            texts.add(text.toString());
        }
        return texts.stream();
    }

    @ParameterizedTest
    @MethodSource("texts")
    void theEmbeddedTextStaysInsideItsBlock(String text) throws IOException {
        Path print = print(text);
        for (String purpose : List.of("profile", "query")) {
            Node hostile = COMMONMARK.parse(reply(print, purpose));
            assertEquals(plain(purpose), skeleton(hostile), purpose + " over " + TextNode.valueOf(text));
            assertEquals(PLAIN_LAST.get(purpose), shape(hostile.getLastChild()), purpose + " last block");
            String ddl = Files.readString(print.resolve("prints/shop/rental/customer/ddl.sql"));
            assertEquals(ddl.replaceAll("\r\n?", "\n"), ddlBlock(hostile), purpose);
        }
    }

    /** The skeleton of the reply over plain words, which every other text must leave as it is. */
    private static List<String> plain(String purpose) throws IOException {
        if (PLAIN.isEmpty()) {
            Path print = print("plain words");
            for (String p : List.of("profile", "query")) {
                Node document = COMMONMARK.parse(reply(print, p));
                PLAIN.put(p, skeleton(document));
                PLAIN_LAST.put(p, shape(document.getLastChild()));
            }
        }
        return PLAIN.get(purpose);
    }

    /** A fresh copy of the sample print with {@code text} in every place a person or a database writes. */
    private static Path print(String text) throws IOException {
        Path project = dir.resolve("case" + cases++);
        Fixtures.copyDirectory(Path.of("../src/sample"), project);
        Path shop = project.resolve("prints/shop");
        Path customer = shop.resolve("rental/customer");
        Files.writeString(customer.resolve("ddl.sql"), Files.readString(customer.resolve("ddl.sql"))
                + "\nCOMMENT ON COLUMN rental.customer.email IS '" + text.replace("'", "''") + "';\n");
        Files.writeString(customer.resolve("description.md"), "Riders.\n\n" + text + "\n");
        // a JSON string is a YAML double-quoted scalar; words first, so no note is blank
        String quoted = TextNode.valueOf("Noted: " + text).toString();
        Files.writeString(shop.resolve("manifest.annotations.yaml"), "format_version: 1\nnotes: " + quoted + "\n");
        Files.writeString(customer.resolve("statistics.annotations.yaml"), "format_version: 1\ncolumns:\n"
                + "  membership:\n    note: " + quoted + "\n"
                + "  country_code:\n    values:\n    - value: de\n      note: " + quoted + "\n");
        return project;
    }

    private static String reply(Path project, String purpose) {
        ToolHarness harness = new ToolHarness(project);
        ToolResult r = harness.call(new GetTableContextTool(harness.store, harness.paging),
                "{\"table\": \"" + TABLE + "\", \"purpose\": \"" + purpose + "\"}");
        assertFalse(r.isError(), r.text());
        assertFalse(r.text().contains("\nnext_cursor: "), "one page");
        return r.text();
    }

    /**
     * The reply's own structure: its headings down to {@code ##}, and outside the embedded sections each block's kind,
     * a list's length and a table's shape, row by row.
     */
    private static List<String> skeleton(Node document) {
        List<String> out = new ArrayList<>();
        String section = "";
        for (Node block = document.getFirstChild(); block != null; block = block.getNext()) {
            if (block instanceof Heading h && h.getLevel() <= 2) {
                section = text(h);
                out.add("h" + h.getLevel() + " " + section);
            } else if (!EMBEDDED.contains(section)) {
                out.add(shape(block));
            }
        }
        return out;
    }

    private static String shape(Node block) {
        if (block instanceof TableBlock) {
            StringBuilder rows = new StringBuilder("table");
            forEachDescendant(block, n -> {
                if (n instanceof TableRow row) {
                    int cells = 0;
                    for (Node c = row.getFirstChild(); c != null; c = c.getNext()) {
                        cells += c instanceof TableCell ? 1 : 0;
                    }
                    rows.append(' ').append(cells);
                }
            });
            return rows.toString();
        }
        if (block instanceof BulletList) {
            int items = 0;
            for (Node c = block.getFirstChild(); c != null; c = c.getNext()) {
                items++;
            }
            return "list " + items;
        }
        return block.getClass().getSimpleName();
    }

    /** The literal of the fenced block that follows the {@code ## DDL} heading. */
    private static String ddlBlock(Node document) {
        for (Node block = document.getFirstChild(); block != null; block = block.getNext()) {
            if (block instanceof Heading h && h.getLevel() == 2 && text(h).equals("DDL")
                    && block.getNext() instanceof FencedCodeBlock code) {
                return code.getLiteral();
            }
        }
        throw new AssertionError("no fenced block under ## DDL");
    }

    private static String text(Node node) {
        StringBuilder sb = new StringBuilder();
        forEachDescendant(node, n -> {
            if (n instanceof Text t) {
                sb.append(t.getLiteral());
            }
        });
        return sb.toString();
    }

    private static void forEachDescendant(Node node, Consumer<Node> visit) {
        for (Node c = node.getFirstChild(); c != null; c = c.getNext()) {
            visit.accept(c);
            forEachDescendant(c, visit);
        }
    }
}
