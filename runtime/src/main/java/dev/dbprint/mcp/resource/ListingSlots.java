package dev.dbprint.mcp.resource;

import java.util.List;

import dev.dbprint.mcp.paging.Slots;
import dev.dbprint.mcp.print.model.Artifact;
import dev.dbprint.mcp.print.model.Manifest;
import dev.dbprint.mcp.print.model.TableEntry;
import dev.dbprint.mcp.print.store.PrintView;
import dev.dbprint.mcp.reference.ReferenceDocument;

/**
 * The resources/list entries as {@link Slots}, laid out from the served manifests alone: a slot per reference
 * document, then per connection one per connection-level kind and, per table of its manifest in FQN order, one per
 * artifact kind in §3.3 order. Whether a slot holds an entry — the table followable, the kind declared, the optional
 * file present — and the entry's date are found when a page reaches the slot, through the connection's view: a page
 * stats the files of its own entries and no others.
 */
final class ListingSlots implements Slots {

    private static final List<ResourceKind> CONNECTION_KINDS = List.of(ResourceKind.MANIFEST, ResourceKind.DIFF,
            ResourceKind.READING, ResourceKind.MANIFEST_ANNOTATIONS);
    private static final Artifact[] ARTIFACTS = Artifact.values();

    /** A served connection as this call found it: its view, and its manifest or null when that cannot be read. */
    record Connection(PrintView view, Manifest manifest) {

        int slots() {
            return CONNECTION_KINDS.size() + (manifest == null ? 0 : manifest.fqnOrder().size() * ARTIFACTS.length);
        }
    }

    private final List<Connection> connections;
    private final int size;

    ListingSlots(List<Connection> connections) {
        this.connections = List.copyOf(connections);
        this.size = ReferenceResources.DOCUMENTS.size() + this.connections.stream().mapToInt(Connection::slots).sum();
    }

    @Override
    public int size() {
        return size;
    }

    @Override
    public ResourceEntry item(int i) {
        List<ReferenceDocument> documents = ReferenceResources.DOCUMENTS;
        if (i < documents.size()) {
            return ResourceCatalog.referenceEntry(documents.get(i));
        }
        int slot = i - documents.size();
        for (Connection c : connections) {
            if (slot < c.slots()) {
                return item(c, slot);
            }
            slot -= c.slots();
        }
        throw new IndexOutOfBoundsException(i);
    }

    private static ResourceEntry item(Connection c, int slot) {
        if (slot < CONNECTION_KINDS.size()) {
            return ResourceCatalog.connectionEntry(c.view(), CONNECTION_KINDS.get(slot));
        }
        int t = slot - CONNECTION_KINDS.size();
        // looked up by name, the entry is judged by real path now: only the tables a page reaches are
        TableEntry table = c.manifest().table(c.manifest().fqnOrder().get(t / ARTIFACTS.length));
        return table.followable() ? ResourceCatalog.tableEntry(c.view(), table, ARTIFACTS[t % ARTIFACTS.length]) : null;
    }
}
