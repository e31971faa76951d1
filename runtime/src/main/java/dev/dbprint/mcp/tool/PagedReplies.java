package dev.dbprint.mcp.tool;

import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.function.Supplier;

import jakarta.enterprise.context.ApplicationScoped;

import dev.dbprint.mcp.paging.ArgsDigest;
import dev.dbprint.mcp.paging.CursorCodec;
import dev.dbprint.mcp.paging.CursorFault;
import dev.dbprint.mcp.paging.DocumentPager;
import dev.dbprint.mcp.paging.ListReply;
import dev.dbprint.mcp.paging.Page;
import dev.dbprint.mcp.paging.Pager;
import dev.dbprint.mcp.paging.Position;

/**
 * The one path from a computed reply to the page a call receives (spec §4.8). The cursor is opened against the tool and
 * its other arguments before anything is read; the reply is then computed from the print as it is now, and the cursor
 * must name that same print (the digest of every file the reply read) or the call fails saying the print changed.
 */
@ApplicationScoped
public class PagedReplies {

    /** A reply and the digest of the print files it was computed from. */
    public record Pinned<T>(T reply, String printDigest) {
    }

    /** A Markdown document as sections of rows, with the legend each page carries. */
    public record Document(List<List<String>> sections, DocumentPager.Legend legend) {
    }

    private final CursorCodec codec = CursorCodec.processWide();

    public ToolResult list(ToolCall call, Supplier<Pinned<ListReply>> compute) {
        return ToolResult.ok(listPage(call, compute).text());
    }

    /** The page itself, for a tool that re-renders it (yaml). */
    public Page listPage(ToolCall call, Supplier<Pinned<ListReply>> compute) {
        try {
            return listPage(call.tool(), call.argumentsWithoutCursor(), call.cursor(), compute);
        } catch (CursorFault e) {
            throw new ToolFault(e.getMessage());
        }
    }

    /**
     * The same path for a caller that is not a tool — the protocol's own {@code resources/list} (§3.3) — which reports
     * a cursor fault on its own channel.
     *
     * @param caller names the list the cursor belongs to, as the §8 sentences spell it
     * @param arguments every argument but the cursor
     */
    public Page listPage(String caller, Map<String, ?> arguments, Optional<String> cursor,
            Supplier<Pinned<ListReply>> compute) throws CursorFault {
        String args = ArgsDigest.of(arguments);
        CursorCodec.Opened opened = cursor.isEmpty() ? null : codec.open(cursor.get(), caller, args);
        Pinned<ListReply> pinned = compute.get();
        Pager pager = new Pager(pinned.reply(), codec.bind(caller, args, pinned.printDigest()));
        return opened == null ? pager.first() : pager.pageAt(start(opened, pinned));
    }

    public ToolResult document(ToolCall call, Supplier<Pinned<Document>> compute) {
        String args = ArgsDigest.of(call.argumentsWithoutCursor());
        try {
            CursorCodec.Opened opened = open(call, args);
            Pinned<Document> pinned = compute.get();
            DocumentPager pager = new DocumentPager(pinned.reply().sections(), pinned.reply().legend(),
                    codec.bind(call.tool(), args, pinned.printDigest()));
            return ToolResult.ok((opened == null ? pager.first() : pager.pageAt(start(opened, pinned))).text());
        } catch (CursorFault e) {
            throw new ToolFault(e.getMessage());
        }
    }

    private CursorCodec.Opened open(ToolCall call, String args) throws CursorFault {
        return call.cursor().isEmpty() ? null : codec.open(call.cursor().get(), call.tool(), args);
    }

    private static Position start(CursorCodec.Opened opened, Pinned<?> pinned) throws CursorFault {
        return opened.requirePrint(pinned.printDigest());
    }
}
