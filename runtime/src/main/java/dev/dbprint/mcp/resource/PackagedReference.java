package dev.dbprint.mcp.resource;

import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.util.List;
import java.util.Optional;

/**
 * The two server-global reference resources (spec §3.2): the packaged format specification and assertion DSL
 * specification, served whole. The guide is get_reference's alone and is no resource.
 * <p>
 * Reads the classpath copy directly through {@link #bytes(String)}; when {@code reference.ReferenceDocuments} (which
 * also honours an operator directory) is on the same branch, that one method should delegate to it so the resources
 * and get_reference serve the same bytes.
 */
final class PackagedReference {

    /** The documents, in the order resources/list gives them. */
    static final List<String> DOCUMENTS = List.of("spec", "assertions");

    private static final String LOCATION = "dbprint/reference/";

    private PackagedReference() {
    }

    static String description(String document) {
        return switch (document) {
            case "spec" ->
                "The dbprint format specification this server packages, whole: what every print file and field means. get_reference returns one section by its number, e.g. 2.5.";
            case "assertions" ->
                "The dbprint assertion DSL specification this server packages, whole. get_reference with document assertions returns one section by its number.";
            default -> throw new IllegalArgumentException(document);
        };
    }

    /** The document's bytes, or empty when this server packages no document by that name. */
    static Optional<byte[]> bytes(String document) {
        if (!DOCUMENTS.contains(document)) {
            return Optional.empty();
        }
        ClassLoader loader = Thread.currentThread().getContextClassLoader();
        if (loader == null) {
            loader = PackagedReference.class.getClassLoader();
        }
        try (InputStream in = loader.getResourceAsStream(LOCATION + document + ".md")) {
            if (in == null) {
                throw new IllegalStateException("the packaged reference document " + document + ".md is missing");
            }
            return Optional.of(in.readAllBytes());
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }
}
