package dev.dbprint.mcp.resource;

import dev.dbprint.mcp.error.ErrorCatalog;
import dev.dbprint.mcp.error.PrintError;
import dev.dbprint.mcp.error.ProtocolError;

/**
 * The resources/read and resources/list failures of spec §8.1, as JSON-RPC errors with their code and exact detail.
 * A print fault is the print's, not the caller's, so it is -32603 — except the kind the manifest never declares, which
 * the caller can avoid by checking the object's type (-32602).
 */
final class ResourceErrors {

    private ResourceErrors() {
    }

    static ProtocolError malformed(String uri) {
        return ProtocolError.invalidParams(ErrorCatalog.malformedUri(uri));
    }

    /** An optional per-table file no human has written. */
    static ProtocolError notAuthored(String fileName, String table) {
        return ProtocolError.invalidParams(ErrorCatalog.optionalNotAuthored(fileName, table));
    }

    /** manifest.annotations.yaml absent: the same sentence, scoped to the connection it belongs to. */
    static ProtocolError notAuthoredForConnection(String fileName, String connection) {
        return ProtocolError.invalidParams(ErrorCatalog.optionalNotAuthoredForConnection(fileName, connection));
    }

    /** A reference URI naming a document that is not a resource (the guide is get_reference's alone). */
    static ProtocolError noSuchDocument(String uri) {
        return ProtocolError.invalidParams(ErrorCatalog.noSuchReferenceDocument(uri));
    }

    static ProtocolError pageOutOfRange(String uri, int pages) {
        return ProtocolError.invalidParams(ErrorCatalog.noSuchPage(uri, pages));
    }

    static ProtocolError pageWithoutVersion(String uri) {
        return ProtocolError.invalidParams(ErrorCatalog.pageWithoutVersion(uri));
    }

    static ProtocolError staleVersion(String uri) {
        return ProtocolError.invalidParams(ErrorCatalog.versionMovedOn(uri));
    }

    /**
     * A print fault met reading {@code u}: -32602 for the two the caller asked for wrongly, -32603 for everything the
     * print got wrong — except a file rewritten at every read of it under a versioned read, which is past any version
     * the caller pinned before the call: the answer a rewrite between pages gets (§3.4).
     */
    static ProtocolError of(PrintError e, DbprintUri u) {
        return switch (e.kind()) {
            case UNKNOWN_TABLE, UNPROFILED, NOT_DECLARED -> ProtocolError.invalidParams(e.detail());
            case UNSTABLE -> u.version().isPresent() ? staleVersion(u.uri()) : ProtocolError.internal(e.detail());
            default -> ProtocolError.internal(e.detail());
        };
    }
}
