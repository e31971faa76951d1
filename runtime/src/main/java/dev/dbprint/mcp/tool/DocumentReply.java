package dev.dbprint.mcp.tool;

import java.nio.file.Path;
import java.util.List;
import java.util.Map;

import dev.dbprint.mcp.error.DetailedFault;
import dev.dbprint.mcp.error.ErrorCatalog;
import dev.dbprint.mcp.paging.ListReply;
import dev.dbprint.mcp.paging.Pager;

/**
 * A parsed print document paged as a list reply (get_manifest §4.4, get_diff §4.5): every top-level key but the paged
 * one rides the first page whole, the paged collection follows, and {@code total} rides every page.
 */
final class DocumentReply {

    private DocumentReply() {
    }

    static ListReply of(Path file, Map<String, Object> header, ListReply.Walk walk) {
        for (String reserved : List.of(Pager.TOTAL, Pager.NEXT_CURSOR)) {
            if (header.containsKey(reserved)) {
                // the paged reply spends these keys on its own count and cursor; answering with either would be a lie
                throw new DetailedFault(ErrorCatalog.reservedTopLevelKey(file, reserved,
                        reserved.equals(Pager.TOTAL) ? "count" : "cursor"));
            }
        }
        return new ListReply(header, Map.of(), List.of(walk), true);
    }
}
