package dev.dbprint.mcp.tool;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Path;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import dev.dbprint.mcp.paging.PageSequence;
import dev.dbprint.mcp.paging.Position;
import dev.dbprint.mcp.print.PrintStore;
import dev.dbprint.mcp.print.ReadSet;

/**
 * A kept reply builds a page it lacks only from the same reply computed again: a reply computed from another print
 * (another digest, as when the print moved between the check and the computation) never fills in its pages.
 */
class ReplyCacheEntryTest {

    @TempDir
    Path dir;

    /** Pages named by the reply they come from and the row they begin at. */
    private record Row(String text, Position next) implements PageSequence.Step {

        @Override
        public boolean isLast() {
            return next == null;
        }
    }

    private static PageSequence<Row> reply(String name) {
        return new PageSequence<>() {

            @Override
            protected Row build(Position start) {
                return new Row(name + " from row " + start.a(), new Position(start.a() + 1, 0, 0, 0));
            }
        };
    }

    @Test
    void aPageItLacksIsBuiltOnlyFromTheSameReplyComputedAgain() throws Exception {
        ReadSet nothingRead = new PrintStore().view("c", dir).readSet().orElseThrow();
        ReplyCache cache = new ReplyCache(1_000_000);
        ReplyCache.Entry<Row> kept = cache.put("call", "", "print-1", nothingRead, reply("first"));
        assertEquals("first from row 0", kept.pageAt(Position.START).text());
        Position second = new Position(1, 0, 0, 0);
        assertNull(kept.pageAt(second), "only the pages built are kept");

        assertFalse(kept.rearm("print-2", reply("other print")));
        assertNull(kept.pageAt(second), "nothing of another print's reply is kept in its place");

        assertTrue(kept.rearm("print-1", reply("again")));
        assertEquals("again from row 1", kept.pageAt(second).text());
        assertEquals("first from row 0", kept.pageAt(Position.START).text());
        assertEquals(kept, cache.get("call", ""));
    }
}
