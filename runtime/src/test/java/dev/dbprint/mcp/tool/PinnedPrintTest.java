package dev.dbprint.mcp.tool;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.nio.file.attribute.FileTime;
import java.util.List;
import java.util.Map;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import com.fasterxml.jackson.databind.node.ObjectNode;

import dev.dbprint.mcp.paging.CursorFault;
import dev.dbprint.mcp.paging.JsonText;
import dev.dbprint.mcp.paging.ListReply;
import dev.dbprint.mcp.paging.PagedReplies;
import dev.dbprint.mcp.paging.Pager;
import dev.dbprint.mcp.print.Fixtures;
import dev.dbprint.mcp.print.store.PrintStore;
import dev.dbprint.mcp.print.store.PrintView;
import dev.dbprint.mcp.tool.call.ToolCall;

/**
 * The store-level contract paging rests on (§4.8, §7.1): a reply computed through a {@link PrintView} pins its cursor to
 * the identity of every file the view read, so a file rewritten between page 1 and page 2 fails page 2 — by content,
 * by modification time alone, or by a new inode with the same size and time.
 */
class PinnedPrintTest {

    @TempDir
    Path dir;

    private final PrintStore store = new PrintStore();
    private final PagedReplies paging = new PagedReplies();

    private Path manifest(int tables) {
        StringBuilder s = new StringBuilder("format_version: 1\ntables:\n");
        for (int i = 0; i < tables; i++) {
            s.append(String.format("  s.table_with_a_long_name_%05d:%n    path: s/t%05d%n", i, i));
        }
        return Fixtures.write(dir.resolve("manifest.yaml"), s.toString());
    }

    /** Calls list_tables: the page as JSON. */
    private Map<?, ?> page(String cursor) {
        ObjectNode args = ToolHarness.MAPPER.createObjectNode();
        if (cursor != null) {
            args.put("cursor", cursor);
        }
        var r = paging.list(new ToolCall("list_tables", args, null), () -> {
            PrintView view = store.view("shop", dir);
            List<String> names = List.copyOf(view.index().tables().keySet());
            return new PagedReplies.Pinned<>(ListReply.of(Map.of(), "tables", names), view.digest());
        });
        return (Map<?, ?>) JsonText.parse(r.text());
    }

    private static void assertPrintChanged(Runnable call) {
        CursorFault fault = assertThrows(CursorFault.class, call::run);
        assertEquals("the print changed on disk since this cursor was issued, so list_tables cannot resume where it left"
                + " off. Call again without `cursor` to start over.", fault.getMessage());
    }

    @Test
    void anUnchangedFileServesPageTwoWithoutParsingAgain() {
        manifest(1000);
        Map<?, ?> first = page(null);
        long parses = store.counters().parses();
        Map<?, ?> second = page((String) first.get(Pager.NEXT_CURSOR));
        assertEquals(parses, store.counters().parses());
        assertTrue(((List<?>) second.get("tables")).size() > 0);
        assertEquals(1000, ((Number) second.get("total")).intValue());
    }

    @Test
    void aRewriteBetweenPagesFailsPageTwo() {
        manifest(1000);
        Map<?, ?> first = page(null);
        manifest(1001);
        assertPrintChanged(() -> page((String) first.get(Pager.NEXT_CURSOR)));
    }

    @Test
    void aTouchAloneFailsPageTwo() throws Exception {
        Path file = manifest(1000);
        Files.setLastModifiedTime(file, FileTime.fromMillis(1_600_000_000_000L));
        Map<?, ?> first = page(null);
        Files.setLastModifiedTime(file, FileTime.fromMillis(1_600_000_000_001L));
        assertPrintChanged(() -> page((String) first.get(Pager.NEXT_CURSOR)));
    }

    @Test
    void theSameBytesUnderANewInodeFailPageTwo() throws Exception {
        Path file = manifest(1000);
        FileTime t = FileTime.fromMillis(1_600_000_000_000L);
        Files.setLastModifiedTime(file, t);
        Map<?, ?> first = page(null);
        Path copy = Files.copy(file, dir.resolve("manifest.yaml.new"));
        Files.setLastModifiedTime(copy, t);
        Files.move(copy, file, StandardCopyOption.REPLACE_EXISTING, StandardCopyOption.ATOMIC_MOVE);
        assertPrintChanged(() -> page((String) first.get(Pager.NEXT_CURSOR)));
    }
}
