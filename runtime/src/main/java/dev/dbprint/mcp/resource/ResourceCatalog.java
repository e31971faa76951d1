package dev.dbprint.mcp.resource;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.TreeMap;

import dev.dbprint.mcp.config.Connections;
import dev.dbprint.mcp.config.ServedConnection;
import dev.dbprint.mcp.error.PrintError;
import dev.dbprint.mcp.error.ProtocolError;
import dev.dbprint.mcp.paging.CursorFault;
import dev.dbprint.mcp.paging.ListReply;
import dev.dbprint.mcp.print.files.Containment;
import dev.dbprint.mcp.print.files.FileIdentity;
import dev.dbprint.mcp.print.model.Artifact;
import dev.dbprint.mcp.print.model.Manifest;
import dev.dbprint.mcp.print.model.TableEntry;
import dev.dbprint.mcp.print.store.PrintStore;
import dev.dbprint.mcp.print.store.PrintView;
import dev.dbprint.mcp.reference.ReferenceDocument;
import dev.dbprint.mcp.reply.PagedCall;
import dev.dbprint.mcp.reply.PagedReplies;
import dev.dbprint.mcp.text.PyRepr;

/**
 * resources/list (spec §3.3), computed from the disk at every call: the two reference documents, then per served
 * connection in name order its {@code manifest}, {@code diff} and {@code reading}, {@code manifest_annotations} when
 * that file is present, then per followable table in FQN order its declared producer-written kinds and the
 * user-authored files present, in the §3.3 artifact order. A connection whose manifest cannot be read keeps its
 * connection-level entries and lists no table.
 * <p>
 * Paged by the protocol's cursor ({@code nextCursor}) through {@link PagedReplies}, at the same 20,000-character bound
 * as tool replies. The cursor is pinned to every file whose state decided the listing — each served manifest, and the
 * presence of each optional file — since a cursor carries a position in the list, and an entry appearing or vanishing
 * between pages would otherwise shift it and repeat or skip one silently.
 */
public final class ResourceCatalog {

    /** The caller a cursor belongs to, as the §8.1 sentence names it. */
    static final String METHOD = "resources/list";
    static final String CURSOR_KEY = "nextCursor";

    private final PrintStore store;
    private final Connections connections;
    private final PagedReplies paging;

    public ResourceCatalog(PrintStore store, Connections connections, PagedReplies paging) {
        this.store = store;
        this.connections = connections;
        this.paging = paging;
    }

    /** The page of the listing the cursor names (the first without one): {@code resources} and {@code nextCursor}. */
    public Map<String, Object> list(Optional<String> cursor) {
        try {
            return paging.listPage(PagedCall.of(METHOD, Map.of(), cursor), this::compute).body();
        } catch (CursorFault e) {
            if (e.kind() == CursorFault.Kind.NOT_ISSUED) {
                // the tool sentence names next_cursor; resources/list hands its cursor back as nextCursor
                throw ProtocolError.invalidParams(CursorFault.notIssued(cursor.orElse(""), CURSOR_KEY).getMessage());
            }
            throw ProtocolError.invalidParams(e.getMessage());
        }
    }

    private PagedReplies.Pinned<ListReply> compute() {
        Map<Path, FileIdentity> touched = new HashMap<>(); // the digest needs no order
        List<Map<String, Object>> entries = entries(touched);
        ListReply reply = new ListReply(Map.of(), Map.of(), List.of(ListReply.Walk.list("resources", entries)), false,
                CURSOR_KEY);
        return new PagedReplies.Pinned<>(reply, PrintView.digest(touched));
    }

    private List<Map<String, Object>> entries(Map<Path, FileIdentity> touched) {
        List<Map<String, Object>> out = new ArrayList<>();
        for (ReferenceDocument document : ReferenceResources.DOCUMENTS) {
            out.add(entry(ReferenceResources.uri(document), "reference/" + document.wireName(),
                    ReferenceResources.description(document), "text/markdown"));
        }
        List<ServedConnection> served = new ArrayList<>(connections.set().served().values());
        served.sort((a, b) -> a.name().compareTo(b.name()));
        for (ServedConnection c : served) {
            PrintView view = store.view(c);
            connection(view, out);
            touched.putAll(view.touched());
        }
        return out;
    }

    private void connection(PrintView view, List<Map<String, Object>> out) {
        String c = view.connection();
        for (ResourceKind kind : List.of(ResourceKind.MANIFEST, ResourceKind.DIFF, ResourceKind.READING)) {
            out.add(connectionEntry(c, kind));
        }
        if (view.manifestAnnotationsExist()) {
            out.add(connectionEntry(c, ResourceKind.MANIFEST_ANNOTATIONS));
        }
        Manifest manifest;
        try {
            manifest = view.manifest();
        } catch (PrintError e) {
            return; // the manifest entry's read names the error
        }
        Path realRoot = Containment.realRoot(view.root());
        for (String fqn : new TreeMap<>(manifest.tables()).keySet()) {
            TableEntry table = manifest.table(fqn);
            if (!table.followable()) {
                continue;
            }
            for (Artifact a : Artifact.values()) {
                if (lists(view, realRoot, table, a)) {
                    out.add(tableEntry(c, fqn, ResourceKind.of(a)));
                }
            }
        }
    }

    /**
     * A producer-written kind when the manifest declares it (a declared file missing from disk is still listed: its
     * read says to re-run generate); a user-authored kind when its file is present and really inside the root.
     */
    private static boolean lists(PrintView view, Path realRoot, TableEntry table, Artifact a) {
        if (!a.userAuthored()) {
            return table.declares(a);
        }
        Optional<Path> file = table.file(a);
        return file.isPresent() && view.exists(table, a) && Containment.realInside(realRoot, file.get());
    }

    private static Map<String, Object> connectionEntry(String connection, ResourceKind kind) {
        return entry(DbprintUri.of(connection, kind.segment()), connection + "/" + kind.segment(),
                kind.fileName() + " of connection " + PyRepr.repr(connection) + ": " + kind.holds(),
                kind.mimeType());
    }

    private static Map<String, Object> tableEntry(String connection, String fqn, ResourceKind kind) {
        return entry(DbprintUri.of(connection, fqn, kind.segment()),
                connection + "/" + fqn + "/" + kind.segment(), kind.fileName() + " of " + PyRepr.repr(fqn)
                        + " in connection " + PyRepr.repr(connection) + ": " + kind.holds(),
                kind.mimeType());
    }

    private static Map<String, Object> entry(String uri, String name, String description, String mimeType) {
        return described("uri", uri, name, description, mimeType);
    }

    /** A resource or template entry: its address under {@code key}, then name, description and mimeType. */
    static Map<String, Object> described(String key, String address, String name, String description,
            String mimeType) {
        Map<String, Object> e = new LinkedHashMap<>();
        e.put(key, address);
        e.put("name", name);
        e.put("description", description);
        e.put("mimeType", mimeType);
        return e;
    }
}
