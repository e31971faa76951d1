package dev.dbprint.mcp.paging;

import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * Pages a one-name listing once, as a first {@code list_tables} pages its reply, and a one-line document, as a first
 * {@code get_table_context} pages its Markdown, keeping nothing: run beside the boot, on a thread that has the second
 * processor to itself, so that a session's first paged call finds this code run before — its lambdas linked, its
 * classes initialised — and Jackson's serializers for a reply's maps and lists built (Jackson looks a map's class over
 * as a bean the first time it writes one). On JDK 17 that was most of a first list_tables's own work, done in the
 * interpreter while the call waited.
 */
public final class PagingWarmup {

    private PagingWarmup() {
    }

    public static void run() {
        PagedReplies paging = new PagedReplies(0);
        Map<String, Object> header = new LinkedHashMap<>();
        paging.list(PagedCall.of("list_tables", Map.of(), Optional.empty()),
                () -> new PagedReplies.Pinned<>(ListReply.of(header, "tables", List.of("warm.up")), ""));
        paging.document(PagedCall.of("get_table_context", Map.of("table", "warm.up"), Optional.empty()),
                () -> new PagedReplies.Pinned<>(
                        new PagedReplies.Document(List.of(List.of("# warm.up")), DocumentPager.Legend.NONE), ""));
    }
}
