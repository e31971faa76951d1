package dev.dbprint.mcp.resource;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import java.util.Optional;

import org.junit.jupiter.api.Test;

import dev.dbprint.mcp.error.ProtocolError;

/** What a resource URI names (spec §3.1), and which URIs are malformed (§8.1), character by character. */
class DbprintUriTest {

    private static void malformed(String uri) {
        ProtocolError e = assertThrows(ProtocolError.class, () -> DbprintUri.parse(uri), uri);
        assertEquals(-32602, e.code(), uri);
        assertTrue(e.getMessage().startsWith("URI '") && e.getMessage().endsWith("' does not match the dbprint:// scheme."),
                e.getMessage());
    }

    @Test
    void aCharacterNoSegmentHoldsUnencodedMakesTheUriMalformed() {
        for (String bad : List.of("#", " ", "\t", "\u0000", "\u0001", "\u001f", "\u007f")) {
            malformed("dbprint://alpha/s.ord" + bad + "ers/ddl");
            malformed("dbprint://al" + bad + "pha/manifest");
            malformed("dbprint://alpha/s/orders" + bad + "/ddl");
            malformed("dbprint:///reference/sp" + bad + "ec");
            malformed("dbprint:///reference/" + bad);
        }
        malformed("dbprint:///reference/spec/");
        malformed("dbprint:///reference/guide/spec");
        malformed("dbprint:///reference/");
    }

    @Test
    void theVisibleCharactersAtTheEdgesOfTheRangeAreAccepted() {
        DbprintUri u = DbprintUri.parse("dbprint://!a~/s.or!de~rs/ddl");
        assertEquals("!a~", u.connection());
        assertEquals("s.or!de~rs", u.table());
        assertEquals("~spec!", DbprintUri.parse("dbprint:///reference/~spec!").document());
    }

    @Test
    void aTableIsNamedByItsDottedFqnOrItsPathAlike() {
        DbprintUri dotted = DbprintUri.parse("dbprint://alpha/s.orders/statistics?page=2&version=ab12");
        DbprintUri slashed = DbprintUri.parse("dbprint://alpha/s/orders/statistics?version=ab12&page=2");
        for (DbprintUri u : List.of(dotted, slashed)) {
            assertEquals("alpha", u.connection());
            assertEquals("s.orders", u.table());
            assertEquals(ResourceKind.STATISTICS, u.kind());
            assertEquals(Optional.of("2"), u.page());
            assertEquals(Optional.of("ab12"), u.version());
            assertNull(u.document());
        }
        DbprintUri manifest = DbprintUri.parse("dbprint://alpha/manifest");
        assertEquals(ResourceKind.MANIFEST, manifest.kind());
        assertNull(manifest.table());
        assertEquals(Optional.empty(), manifest.page());
        assertEquals(Optional.empty(), manifest.version());
        DbprintUri reference = DbprintUri.parse("dbprint:///reference/spec?page=3");
        assertTrue(reference.isReference());
        assertEquals("spec", reference.document());
        assertNull(reference.connection());
        assertEquals(Optional.of("3"), reference.page());
    }

    @Test
    void emptyPartsAndRepeatedOrUnknownQueryKeysAreMalformed() {
        for (String bad : List.of("dbprint://alpha/s./ddl", "dbprint://alpha/.s/ddl", "dbprint://alpha/s.orders/",
                "dbprint://alpha/manifest?version=1&version=2", "dbprint://alpha/manifest?page=1&", "dbprint:/alpha/manifest",
                "dbprint://alpha/manifest?page=1&x=2", "dbprint:///reference/spec?x")) {
            malformed(bad);
        }
    }

    @Test
    void listedUrisKeepTheEdgesOfEachPlainClassAndEncodeTheirNeighbours() {
        // the letters' and digits' first and last characters stay; the characters just outside them are encoded
        assertEquals("dbprint://az-AZ09~/az.AZ09:@/ddl", DbprintUri.of("az-AZ09~", "az.AZ09:@", "ddl"));
        assertEquals("dbprint://%60%7B%40%5B%2F%3A/%60%7B%5B%2F%7F%20", DbprintUri.of("`{@[/:", "`{[/\u007f "));
        // ':' and '@' are plain in a path segment only, never in the connection (a reg-name)
        assertEquals("dbprint://a%3Ab%40c/a:b@c", DbprintUri.of("a:b@c", "a:b@c"));
    }

    @Test
    void anEscapeOfAnyTwoHexDigitsDecodes() {
        assertEquals("a\tb", DbprintUri.parse("dbprint://a%09b/manifest").connection());
        assertEquals("\u0000x\u007f", DbprintUri.parse("dbprint:///reference/%00x%7F").document());
        assertEquals(Optional.of("=2"), DbprintUri.parse("dbprint://a/manifest?page=%3D2").page());
        assertEquals(Optional.of("1=2"), DbprintUri.parse("dbprint://a/manifest?page=1=2").page());
        for (String bad : List.of("dbprint://a%0/manifest", "dbprint://a%g0/manifest", "dbprint://a%0g/manifest",
                "dbprint://a/manifest?=1", "dbprint://a/manifest?", "dbprint://a/manifest?page")) {
            malformed(bad);
        }
    }
}
