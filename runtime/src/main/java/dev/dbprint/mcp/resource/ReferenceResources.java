package dev.dbprint.mcp.resource;

import java.util.List;
import java.util.Optional;

import dev.dbprint.mcp.reference.ReferenceDocument;

/**
 * The two server-global reference resources (spec §3.2): the format specification and the assertion DSL
 * specification, served whole from {@link dev.dbprint.mcp.reference.ReferenceDocuments} — the same bytes
 * get_reference slices, the packaged copies or an operator's {@code dbprint.reference.directory}. The reading guide is
 * get_reference's alone and is no resource.
 */
final class ReferenceResources {

    /** The documents, in the order resources/list gives them. */
    static final List<ReferenceDocument> DOCUMENTS = List.of(ReferenceDocument.SPEC, ReferenceDocument.ASSERTIONS);

    private ReferenceResources() {
    }

    static String uri(ReferenceDocument document) {
        return DbprintUri.REFERENCE + document.wireName();
    }

    static String description(ReferenceDocument document) {
        return switch (document) {
            case SPEC ->
                "The dbprint format specification this server packages, whole: what every print file and field means. get_reference returns one section by its number, e.g. 2.5.";
            case ASSERTIONS ->
                "The dbprint assertion DSL specification this server packages, whole. get_reference with document assertions returns one section by its number.";
            default -> throw new IllegalArgumentException(document.name());
        };
    }

    /** The resource a reference URI's {@code <document>} names, if it names one. */
    static Optional<ReferenceDocument> named(String document) {
        return DOCUMENTS.stream().filter(d -> d.wireName().equals(document)).findFirst();
    }
}
