package dev.dbprint.mcp.resource;

import java.util.Arrays;
import java.util.Optional;

/**
 * A parsed resource URI (spec §3.1): either the server-global {@code dbprint:///reference/<document>} — recognised
 * first, so an empty authority is never read as a zero-length connection, not even beside a connection named
 * {@code reference} — or {@code dbprint://<connection>/<rest>}, where {@code <rest>} is a connection-level kind or
 * {@code <table>/<kind>} with the table as its dotted FQN or slash-delimited path (both name the same table, since no
 * path segment holds a dot). The optional query is {@code page} and {@code version}, each at most once; any other key,
 * a key without {@code =}, an empty segment, or an unknown kind makes the URI malformed.
 * <p>
 * No percent-decoding: connection names, FQN segments ({@code [a-z0-9_-]}) and versions (hex) never need it, and
 * decoding would give one resource two spellings.
 *
 * @param uri the URI as the client sent it (echoed in error details)
 * @param document the reference document named, or null for a connection-scoped URI
 * @param connection the connection, or null for a reference URI
 * @param table the dotted FQN, or null for a connection-level or reference kind
 * @param kind the kind, or null for a reference URI
 * @param page the {@code page} value as written (validated against the page count later), or empty
 * @param version the {@code version} value, or empty
 */
public record DbprintUri(String uri, String document, String connection, String table, ResourceKind kind,
        Optional<String> page, Optional<String> version) {

    public static final String SCHEME = "dbprint://";
    public static final String REFERENCE = SCHEME + "/reference/";

    public boolean isReference() {
        return document != null;
    }

    /**
     * @throws dev.dbprint.mcp.error.ProtocolError -32602 when {@code uri} is not one this server can address
     */
    public static DbprintUri parse(String uri) {
        if (!uri.startsWith(SCHEME)) {
            throw ResourceErrors.malformed(uri);
        }
        int q = uri.indexOf('?');
        String path = q < 0 ? uri : uri.substring(0, q);
        String[] query = query(uri, q);
        Optional<String> page = Optional.ofNullable(query[0]);
        Optional<String> version = Optional.ofNullable(query[1]);
        if (path.startsWith(REFERENCE)) {
            String document = path.substring(REFERENCE.length());
            if (!segment(document)) {
                throw ResourceErrors.malformed(uri);
            }
            return new DbprintUri(uri, document, null, null, null, page, version);
        }
        String rest = path.substring(SCHEME.length());
        String[] parts = rest.split("/", -1);
        if (parts.length < 2 || !Arrays.stream(parts).allMatch(DbprintUri::segment)) {
            throw ResourceErrors.malformed(uri);
        }
        String connection = parts[0];
        String last = parts[parts.length - 1];
        if (parts.length == 2) {
            Optional<ResourceKind> k = ResourceKind.connectionLevel(last);
            if (k.isPresent()) {
                return new DbprintUri(uri, null, connection, null, k.get(), page, version);
            }
            throw ResourceErrors.malformed(uri);
        }
        ResourceKind kind = ResourceKind.perTable(last).orElseThrow(() -> ResourceErrors.malformed(uri));
        String table = String.join(".", Arrays.asList(parts).subList(1, parts.length - 1));
        if (Arrays.stream(table.split("\\.", -1)).anyMatch(String::isEmpty)) {
            throw ResourceErrors.malformed(uri);
        }
        return new DbprintUri(uri, null, connection, table, kind, page, version);
    }

    /** [page, version] from the query after index {@code q}, each null when absent. */
    private static String[] query(String uri, int q) {
        String[] out = new String[2];
        if (q < 0) {
            return out;
        }
        for (String pair : uri.substring(q + 1).split("&", -1)) {
            int eq = pair.indexOf('=');
            if (eq < 0) {
                throw ResourceErrors.malformed(uri);
            }
            int slot = switch (pair.substring(0, eq)) {
                case "page" -> 0;
                case "version" -> 1;
                default -> throw ResourceErrors.malformed(uri);
            };
            if (out[slot] != null) {
                throw ResourceErrors.malformed(uri);
            }
            out[slot] = pair.substring(eq + 1);
        }
        return out;
    }

    /** A non-empty path segment with no character a URI path segment cannot hold unencoded here. */
    private static boolean segment(String s) {
        if (s.isEmpty()) {
            return false;
        }
        for (int i = 0; i < s.length(); i++) {
            char c = s.charAt(i);
            if (c == '/' || c == '?' || c == '#' || c <= 0x20 || c == 0x7f) {
                return false;
            }
        }
        return true;
    }
}
