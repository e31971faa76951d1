package dev.dbprint.mcp.resource;

import java.io.ByteArrayOutputStream;
import java.nio.ByteBuffer;
import java.nio.charset.CharacterCodingException;
import java.nio.charset.CodingErrorAction;
import java.nio.charset.StandardCharsets;
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
 * Percent-encoding (RFC 3986 §2.1) is decoded, segment by segment and in the query, before anything is matched, so
 * {@code dbprint://my%20conn/manifest} names connection {@code my conn}; a {@code %} not followed by two hex digits, or
 * escapes that do not decode as UTF-8, make the URI malformed. {@link #of} spells the URIs the server lists the RFC's
 * way: every character outside a component's allowed set percent-encoded, so each listed URI reads back.
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
        String[] pathAndQuery = uri.split("\\?", 2);
        String path = pathAndQuery[0];
        String[] query = pathAndQuery.length == 1 ? new String[2] : query(uri, pathAndQuery[1]);
        Optional<String> page = Optional.ofNullable(query[0]);
        Optional<String> version = Optional.ofNullable(query[1]);
        if (path.startsWith(REFERENCE)) {
            String document = path.substring(REFERENCE.length());
            if (!segment(document)) {
                throw ResourceErrors.malformed(uri);
            }
            return new DbprintUri(uri, decode(uri, document), null, null, null, page, version);
        }
        String rest = path.substring(SCHEME.length());
        String[] parts = rest.split("/", -1);
        if (parts.length < 2 || !Arrays.stream(parts).allMatch(DbprintUri::segment)) {
            throw ResourceErrors.malformed(uri);
        }
        for (int i = 0; i < parts.length; i++) {
            parts[i] = decode(uri, parts[i]);
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

    /** [page, version] from {@code query} (what follows the first {@code ?}), each null when absent. */
    private static String[] query(String uri, String query) {
        String[] out = new String[2];
        for (String pair : query.split("&", -1)) {
            String[] keyValue = pair.split("=", 2);
            if (keyValue.length == 1) {
                throw ResourceErrors.malformed(uri);
            }
            int slot = switch (decode(uri, keyValue[0])) {
                case "page" -> 0;
                case "version" -> 1;
                default -> throw ResourceErrors.malformed(uri);
            };
            if (out[slot] != null) {
                throw ResourceErrors.malformed(uri);
            }
            out[slot] = decode(uri, keyValue[1]);
        }
        return out;
    }

    /**
     * The URI of a connection's resource: {@code dbprint://<connection>/<segment>/...}, the connection spelled as an RFC
     * 3986 reg-name and each segment as a path segment, percent-encoding (UTF-8, upper-case hex) every other character.
     */
    public static String of(String connection, String... segments) {
        // sized for the usual URI, nothing to encode: every entry of resources/list makes one
        int length = SCHEME.length() + connection.length();
        for (String segment : segments) {
            length += 1 + segment.length();
        }
        StringBuilder b = new StringBuilder(length).append(SCHEME);
        encode(b, connection, "");
        for (String segment : segments) {
            encode(b.append('/'), segment, ":@");
        }
        return b.toString();
    }

    /** RFC 3986 unreserved and sub-delims: what a reg-name and a path segment both hold unencoded. */
    private static final String PLAIN = "-._~!$&'()*+,;=";

    private static void encode(StringBuilder b, String text, String alsoPlain) {
        if (ascii(text)) { // its own UTF-8 bytes, read without a copy
            for (int i = 0; i < text.length(); i++) {
                encode(b, text.charAt(i), alsoPlain);
            }
            return;
        }
        for (byte x : text.getBytes(StandardCharsets.UTF_8)) {
            encode(b, (char) (x & 0xff), alsoPlain);
        }
    }

    /** One byte of the UTF-8 text, {@code c} below 256. */
    private static void encode(StringBuilder b, char c, String alsoPlain) {
        if ((c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || (c >= '0' && c <= '9') || PLAIN.indexOf(c) >= 0
                || alsoPlain.indexOf(c) >= 0) {
            b.append(c);
        } else {
            b.append('%').append(Character.toUpperCase(Character.forDigit(c >> 4, 16)))
                    .append(Character.toUpperCase(Character.forDigit(c & 0xf, 16)));
        }
    }

    private static boolean ascii(String text) {
        for (int i = 0; i < text.length(); i++) {
            if (text.charAt(i) >= 0x80) {
                return false;
            }
        }
        return true;
    }

    /** {@code text} with its percent-escapes decoded as UTF-8; a broken escape makes {@code uri} malformed. */
    private static String decode(String uri, String text) {
        if (text.indexOf('%') < 0) {
            return text;
        }
        ByteArrayOutputStream bytes = new ByteArrayOutputStream(text.length());
        for (int i = 0; i < text.length(); i++) {
            char c = text.charAt(i);
            if (c != '%') {
                bytes.writeBytes(String.valueOf(c).getBytes(StandardCharsets.UTF_8));
                continue;
            }
            int hi = i + 2 < text.length() ? Character.digit(text.charAt(i + 1), 16) : -1;
            int lo = hi < 0 ? -1 : Character.digit(text.charAt(i + 2), 16);
            if (lo < 0) {
                throw ResourceErrors.malformed(uri);
            }
            bytes.write(hi << 4 | lo);
            i += 2;
        }
        try {
            return StandardCharsets.UTF_8.newDecoder().onMalformedInput(CodingErrorAction.REPORT)
                    .onUnmappableCharacter(CodingErrorAction.REPORT).decode(ByteBuffer.wrap(bytes.toByteArray()))
                    .toString();
        } catch (CharacterCodingException e) {
            throw ResourceErrors.malformed(uri);
        }
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
