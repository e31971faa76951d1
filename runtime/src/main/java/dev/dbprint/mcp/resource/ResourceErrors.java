package dev.dbprint.mcp.resource;

import dev.dbprint.mcp.print.PrintError;
import dev.dbprint.mcp.protocol.ProtocolError;
import dev.dbprint.mcp.text.PyRepr;

/**
 * The resources/read and resources/list failures of spec §8.1, as JSON-RPC errors with their code and exact detail.
 * A print fault is the print's, not the caller's, so it is -32603 — except the kind the manifest never declares, which
 * the caller can avoid by checking the object's type (-32602).
 */
final class ResourceErrors {

    private ResourceErrors() {
    }

    static ProtocolError malformed(String uri) {
        return ProtocolError.invalidParams("URI " + PyRepr.repr(uri) + " does not match the dbprint:// scheme.");
    }

    /** An optional per-table file no human has written. */
    static ProtocolError notAuthored(String fileName, String table) {
        return ProtocolError.invalidParams(
                fileName + " is optional and not authored for table " + PyRepr.repr(table) + ".");
    }

    /** manifest.annotations.yaml absent: the same sentence, scoped to the connection it belongs to. */
    static ProtocolError notAuthoredForConnection(String fileName, String connection) {
        return ProtocolError.invalidParams(
                fileName + " is optional and not authored for connection " + PyRepr.repr(connection) + ".");
    }

    /** A reference URI naming a document that is not a resource (the guide is get_reference's alone). */
    static ProtocolError noSuchDocument(String uri) {
        return ProtocolError.invalidParams("URI " + PyRepr.repr(uri)
                + " names no reference document. Reference resources: ['dbprint:///reference/spec', 'dbprint:///reference/assertions']; get_reference serves the guide.");
    }

    static ProtocolError pageOutOfRange(String uri, int pages) {
        return ProtocolError.invalidParams(
                PyRepr.repr(uri) + " names no page of this resource: pages run 1 to " + pages + ".");
    }

    static ProtocolError pageWithoutVersion(String uri) {
        return ProtocolError.invalidParams(PyRepr.repr(uri)
                + " asks for a page past the first without `version`. Pass the `version` the first page's `_meta` reported, as `?page=<n>&version=<v>`.");
    }

    static ProtocolError staleVersion(String uri) {
        return ProtocolError.invalidParams(PyRepr.repr(uri)
                + ": the file changed on disk since that version was read. Read page 1 again for its current version.");
    }

    /** A print fault: -32602 for the two the caller asked for wrongly, -32603 for everything the print got wrong. */
    static ProtocolError of(PrintError e) {
        return switch (e.kind()) {
            case UNKNOWN_TABLE, UNPROFILED, NOT_DECLARED -> ProtocolError.invalidParams(e.detail());
            default -> ProtocolError.internal(e.detail());
        };
    }
}
