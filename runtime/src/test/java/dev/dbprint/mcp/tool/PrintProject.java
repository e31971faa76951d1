package dev.dbprint.mcp.tool;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;

import dev.dbprint.mcp.paging.JsonText;
import dev.dbprint.mcp.print.Fixtures;
import dev.dbprint.mcp.tool.call.ToolResult;

/**
 * A fixture project written by a test: {@code .dbprint.yaml} naming one connection {@code shop}, and that connection's
 * print under {@code prints/shop/}.
 */
final class PrintProject {

    static final String CONNECTION = "shop";

    final Path dir;
    final Path root;

    /** @param connectionYaml lines nested under {@code connections.shop} besides the adapter (may be empty) */
    PrintProject(Path dir, String defaultsYaml, String connectionYaml) {
        this.dir = dir;
        this.root = dir.resolve("prints").resolve(CONNECTION);
        StringBuilder y = new StringBuilder();
        if (!defaultsYaml.isEmpty()) {
            y.append("defaults:\n").append(indent(defaultsYaml, "  "));
        }
        y.append("connections:\n  shop:\n    adapter: postgres\n").append(indent(connectionYaml, "    "));
        Fixtures.write(dir.resolve(".dbprint.yaml"), y.toString());
    }

    PrintProject(Path dir) {
        this(dir, "", "");
    }

    ToolHarness harness() {
        return new ToolHarness(dir);
    }

    /** Writes {@code text} at {@code relative} under the connection root (atomically: a new inode each time). */
    Path file(String relative, String text) {
        Path target = root.resolve(relative);
        Path tmp = target.resolveSibling(target.getFileName() + ".tmp");
        Fixtures.write(tmp, text);
        try {
            return Files.move(tmp, target, StandardCopyOption.REPLACE_EXISTING, StandardCopyOption.ATOMIC_MOVE);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    Path manifest(String tablesYaml) {
        return manifest("", tablesYaml);
    }

    /** A manifest with {@code headerYaml} top-level lines before {@code tables:}. */
    Path manifest(String headerYaml, String tablesYaml) {
        return file("manifest.yaml", "format_version: 1\nconnection: shop\n" + headerYaml + "tables:\n"
                + indent(tablesYaml, "  "));
    }

    /** One manifest {@code tables} entry (YAML lines, not indented under the map). */
    static String entry(String fqn, String... fieldLines) {
        StringBuilder s = new StringBuilder(fqn).append(":\n  type: table\n  path: ")
                .append(fqn.replace('.', '/')).append('\n');
        for (String line : fieldLines) {
            s.append("  ").append(line).append('\n');
        }
        return s.toString();
    }

    static String indent(String text, String by) {
        if (text.isEmpty()) {
            return "";
        }
        StringBuilder out = new StringBuilder();
        for (String line : text.split("\n", -1)) {
            if (!line.isEmpty()) {
                out.append(by).append(line);
            }
            out.append('\n');
        }
        return out.toString().replaceAll("\n+$", "\n");
    }

    // ---------------------------------------------------------------- reading replies

    @SuppressWarnings("unchecked")
    static Map<String, Object> json(ToolResult r) {
        if (r.isError()) {
            throw new AssertionError("tool fault: " + r.text());
        }
        return (Map<String, Object>) JsonText.parse(r.text());
    }

    /** Every page of a call, following next_cursor; each page checked against the 20,000-character bound. */
    static List<Map<String, Object>> pages(ToolHarness h, Object tool, String argsJson) {
        List<Map<String, Object>> out = new ArrayList<>();
        String args = argsJson;
        while (true) {
            ToolResult r = h.call(tool, args);
            if (r.text().length() > 20_000) {
                throw new AssertionError("page of " + r.text().length() + " characters");
            }
            Map<String, Object> page = json(r);
            out.add(page);
            Object cursor = page.get("next_cursor");
            if (cursor == null) {
                return out;
            }
            String base = argsJson.trim();
            args = base.substring(0, base.length() - 1) + (base.equals("{}") ? "" : ", ") + "\"cursor\": \""
                    + cursor + "\"}";
        }
    }
}
