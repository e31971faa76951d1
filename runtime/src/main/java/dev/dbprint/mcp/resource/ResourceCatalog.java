package dev.dbprint.mcp.resource;

import java.nio.file.Path;
import java.time.Instant;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;

import dev.dbprint.mcp.config.Connections;
import dev.dbprint.mcp.config.ServedConnection;
import dev.dbprint.mcp.error.PrintError;
import dev.dbprint.mcp.error.ProtocolError;
import dev.dbprint.mcp.paging.CursorFault;
import dev.dbprint.mcp.paging.ListReply;
import dev.dbprint.mcp.paging.PagedCall;
import dev.dbprint.mcp.paging.PagedReplies;
import dev.dbprint.mcp.print.files.FileIdentity;
import dev.dbprint.mcp.print.model.Artifact;
import dev.dbprint.mcp.print.model.Manifest;
import dev.dbprint.mcp.print.model.TableEntry;
import dev.dbprint.mcp.print.store.PrintStore;
import dev.dbprint.mcp.print.store.PrintView;
import dev.dbprint.mcp.reference.ReferenceDocument;
import dev.dbprint.mcp.text.PyRepr;

/**
 * resources/list (spec §3.3), read from the disk at every call: the two reference documents, then per served
 * connection in name order its {@code manifest}, {@code diff} and {@code reading}, {@code manifest_annotations} when
 * that file is present, then per followable table in FQN order its declared producer-written kinds and the
 * user-authored files present, in the §3.3 artifact order. A connection whose manifest cannot be read keeps its
 * connection-level entries and lists no table. Each entry of a file that is on disk carries its modification time
 * ({@code annotations.lastModified}); the two reference documents, the server's rather than the print's, and a declared
 * file missing from disk carry none.
 * <p>
 * Paged by the protocol's cursor ({@code nextCursor}) through {@link PagedReplies}, at the same 20,000-character bound
 * as tool replies. The listing is a run of slots fixed by the served manifests alone (see {@link ListingSlots}):
 * a page builds, and stats the files of, only the entries it holds, and its cursor names a slot, so an optional file
 * that appears or goes, or a date that moves, after the listing began shows on the page that lists it and shifts no
 * other entry. The cursor is pinned to what fixes the slots: the served connections and their {@code manifest.yaml}.
 */
public final class ResourceCatalog {

    /** The caller a cursor belongs to, as the §8.1 sentence names it. */
    static final String METHOD = "resources/list";
    static final String CURSOR_KEY = "nextCursor";
    private static final long NANOS = 1_000_000_000L;

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

    /** The slots of the listing, pinned to each served connection's name and manifest as read now. */
    private PagedReplies.Pinned<ListReply> compute() {
        List<ServedConnection> served = new ArrayList<>(connections.set().served().values());
        served.sort((a, b) -> a.name().compareTo(b.name()));
        List<ListingSlots.Connection> listed = new ArrayList<>();
        Map<Path, FileIdentity> manifests = new HashMap<>(); // the digest needs no order
        StringBuilder names = new StringBuilder();
        for (ServedConnection c : served) {
            PrintView view = store.view(c);
            Manifest manifest = null;
            try {
                manifest = view.manifestPassing(); // a page looks at its own tables once
            } catch (PrintError e) {
                // the manifest entry's read names the error; a file that is there but does not parse is still dated
            }
            listed.add(new ListingSlots.Connection(view, manifest));
            manifests.put(view.manifestPath(), seenOrAbsent(view, view.manifestPath()));
            names.append(c.name()).append('\0');
        }
        ListReply reply = new ListReply(Map.of(), Map.of(),
                List.of(ListReply.Walk.slots("resources", new ListingSlots(listed))), false, CURSOR_KEY);
        return new PagedReplies.Pinned<>(reply, names + PrintView.digest(manifests));
    }

    private static FileIdentity seenOrAbsent(PrintView view, Path path) {
        FileIdentity identity = seen(view, path);
        return identity == null ? FileIdentity.ABSENT : identity;
    }

    /** A reference document's entry: the server's, so undated. */
    static ResourceEntry referenceEntry(ReferenceDocument document) {
        return new ResourceEntry(ReferenceResources.uri(document), false, "reference/" + document.wireName(),
                ReferenceResources.description(document), "text/markdown", null);
    }

    /** Entry {@code kind} of the connection, dated when its file is on disk; null for an absent optional one. */
    static ResourceEntry connectionEntry(PrintView view, ResourceKind kind) {
        if (kind == ResourceKind.MANIFEST_ANNOTATIONS && !view.manifestAnnotationsExist()) {
            return null;
        }
        String connection = view.connection();
        return new ResourceEntry(DbprintUri.of(connection, kind.segment()), false, connection + "/" + kind.segment(),
                kind.fileName() + " of connection " + PyRepr.repr(connection) + ": " + kind.holds(), kind.mimeType(),
                modified(seen(view, view.root().resolve(kind.fileName()))));
    }

    /**
     * The entry of {@code a} for the table, or null when the listing shows none: a producer-written kind when the
     * manifest declares it (a declared file missing from disk is still listed: its read says to re-run generate); a
     * user-authored kind when its file is present and really inside the root.
     */
    static ResourceEntry tableEntry(PrintView view, TableEntry table, Artifact a) {
        boolean lists = a.userAuthored() ? view.presentInside(table, a) : table.declares(a);
        if (!lists) {
            return null;
        }
        String connection = view.connection();
        String fqn = table.fqn();
        ResourceKind kind = ResourceKind.of(a);
        // joined at their final length: concatenation (compiled inline) grew a builder through each description's
        // 200-odd characters, about 20 KB of every page
        return new ResourceEntry(DbprintUri.of(connection, fqn, kind.segment()), false,
                String.join("/", connection, fqn, kind.segment()), String.join("", kind.fileName(), " of ",
                        PyRepr.repr(fqn), " in connection ", PyRepr.repr(connection), ": ", kind.holds()),
                kind.mimeType(), modified(table.file(a).map(f -> seen(view, f)).orElse(null)));
    }

    /**
     * {@code path} as this listing saw it: the identity the view recorded already (the manifest read, an optional
     * file's presence), else one stat, recorded like those so that the page dates each file once (the cursor is pinned
     * to the served connections and their manifests only, §3.3). Null when there is nothing to date: no file there, or
     * one that cannot be stat'ed (its read says why).
     */
    private static FileIdentity seen(PrintView view, Path path) {
        FileIdentity identity;
        try {
            identity = view.recordedOrRecord(path);
        } catch (PrintError e) {
            return null;
        }
        return identity.exists() ? identity : null;
    }

    /** The file's modification time, or null when there is no file to date. */
    private static Instant modified(FileIdentity file) {
        if (file == null) {
            return null;
        }
        long nanos = file.mtimeNanos();
        return Instant.ofEpochSecond(Math.floorDiv(nanos, NANOS), Math.floorMod(nanos, NANOS));
    }
}
