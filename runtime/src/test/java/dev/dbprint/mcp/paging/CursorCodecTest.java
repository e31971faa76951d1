package dev.dbprint.mcp.paging;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.Arrays;
import java.util.Base64;
import java.util.HexFormat;
import java.util.LinkedHashMap;
import java.util.Map;

import javax.crypto.Mac;
import javax.crypto.spec.SecretKeySpec;

import org.junit.jupiter.api.Test;

class CursorCodecTest {

    private final CursorCodec codec = new CursorCodec();
    private final String args = CanonicalArgs.of(Map.of("pattern", "sales.*", "detail", true));

    @Test
    void roundTrip() throws CursorFault {
        String token = codec.bind("list_tables", args, "print-1").mint(new Position(7, 2, 1234, 9));
        assertEquals(CursorCodec.TOKEN_LENGTH, token.length());
        assertTrue(token.matches("[A-Za-z0-9_-]+"));
        assertEquals(new Position(7, 2, 1234, 9), codec.open(token, "list_tables", args).requirePrint("print-1"));
    }

    /** Preparing draws the key once: the codec's cursors still open after it, and another process's do not. */
    @Test
    void preparingDrawsTheKeyTheCodecKeeps() throws CursorFault {
        CursorCodec fresh = new CursorCodec();
        fresh.prepare();
        String token = fresh.bind("list_tables", args, "p").mint(Position.START);
        fresh.prepare();
        assertEquals(Position.START, fresh.open(token, "list_tables", args).requirePrint("p"));
        CursorCodec other = new CursorCodec();
        other.prepare();
        assertThrows(CursorFault.class, () -> other.open(token, "list_tables", args));
    }

    @Test
    void tokensHaveOneLength() {
        CursorCodec.Binding b = codec.bind("get_table_context", CanonicalArgs.of(Map.of("table", "x".repeat(500))), "p");
        assertEquals(CursorCodec.TOKEN_LENGTH, b.mint(Position.START).length());
        assertEquals(CursorCodec.TOKEN_LENGTH, b.mint(new Position(Integer.MAX_VALUE, 1, 2, 3)).length());
    }

    @Test
    void otherArgumentsOrToolAreForeign() {
        String token = codec.bind("list_tables", args, "p").mint(new Position(1, 0, 0, 0));
        String otherArgs = CanonicalArgs.of(Map.of("pattern", "hr.*", "detail", true));
        CursorFault f = assertThrows(CursorFault.class, () -> codec.open(token, "list_tables", otherArgs));
        assertEquals(CursorFault.Kind.FOREIGN, f.kind());
        assertEquals("this cursor was not issued by list_tables with these arguments. Repeat the call that returned it"
                + " with the same arguments, or call again without `cursor`.", f.getMessage());
        CursorFault g = assertThrows(CursorFault.class, () -> codec.open(token, "get_manifest", args));
        assertEquals("this cursor was not issued by get_manifest with these arguments. Repeat the call that returned"
                + " it with the same arguments, or call again without `cursor`.", g.getMessage());
    }

    @Test
    void garbageAndTamperedAreNotIssued() {
        CursorFault f = assertThrows(CursorFault.class, () -> codec.open("x", "list_tables", args));
        assertEquals(CursorFault.Kind.NOT_ISSUED, f.kind());
        assertEquals("cursor 'x' is not one this server issued. Pass back a reply's `next_cursor` unchanged, or call"
                + " again without `cursor` for the first page.", f.getMessage());

        String token = codec.bind("list_tables", args, "p").mint(new Position(1, 0, 0, 0));
        char c = token.charAt(40);
        String tampered = token.substring(0, 40) + (c == 'A' ? 'B' : 'A') + token.substring(41);
        assertEquals(CursorFault.Kind.NOT_ISSUED,
                assertThrows(CursorFault.class, () -> codec.open(tampered, "list_tables", args)).kind());
        assertEquals(CursorFault.Kind.NOT_ISSUED,
                assertThrows(CursorFault.class, () -> codec.open(token + "A", "list_tables", args)).kind());
        assertEquals(CursorFault.Kind.NOT_ISSUED,
                assertThrows(CursorFault.class, () -> codec.open(token.replace(token.charAt(3), '='), "list_tables", args))
                        .kind());
        // another process (another key) never issued it
        CursorFault other = assertThrows(CursorFault.class, () -> new CursorCodec().open(token, "list_tables", args));
        assertEquals(CursorFault.Kind.NOT_ISSUED, other.kind());
        assertTrue(other.getMessage().startsWith("cursor '" + token + "' is not one this server issued."));
        // the value is spelled as Python's repr
        assertTrue(assertThrows(CursorFault.class, () -> codec.open("it's", "t", args)).getMessage()
                .startsWith("cursor \"it's\" is not one"));
    }

    @Test
    void changedPrint() throws CursorFault {
        String token = codec.bind("list_tables", args, "print-1").mint(new Position(3, 0, 0, 0));
        CursorCodec.Opened opened = codec.open(token, "list_tables", args);
        CursorFault f = assertThrows(CursorFault.class, () -> opened.requirePrint("print-2"));
        assertEquals(CursorFault.Kind.PRINT_CHANGED, f.kind());
        assertEquals("the print changed on disk since this cursor was issued, so list_tables cannot resume where it"
                + " left off. Call again without `cursor` to start over.", f.getMessage());
    }

    @Test
    void argsDigestIsCanonicalAndIgnoresCursor() {
        Map<String, Object> a = new LinkedHashMap<>();
        a.put("pattern", "s*");
        a.put("detail", true);
        Map<String, Object> b = new LinkedHashMap<>();
        b.put("cursor", "whatever");
        b.put("detail", true);
        b.put("pattern", "s*");
        assertEquals(CanonicalArgs.of(a), CanonicalArgs.of(b));
        assertNotEquals(CanonicalArgs.of(a), CanonicalArgs.of(Map.of("pattern", "s*")));
        assertNotEquals(CanonicalArgs.of(Map.of("detail", "true")), CanonicalArgs.of(Map.of("detail", true)));
    }

    @Test
    void aKeyShorterThanSixteenBytesIsRefused() {
        assertThrows(IllegalArgumentException.class, () -> new CursorCodec(new byte[15]));
        assertThrows(IllegalArgumentException.class, () -> new CursorCodec(null));
        new CursorCodec(new byte[16]);
    }

    /**
     * A record signed with the right key but of a format this server does not write (another version, a flag set, a
     * negative position) is refused as not issued: only what {@link CursorCodec.Binding#mint} writes opens.
     */
    @Test
    void aSignedRecordOfAnotherFormatIsNotIssued() throws Exception {
        byte[] key = "0123456789abcdef0123456789abcdef".getBytes(java.nio.charset.StandardCharsets.US_ASCII);
        CursorCodec keyed = new CursorCodec(key);
        String token = keyed.bind("list_tables", args, "p").mint(new Position(1, 2, 3, 4));
        assertEquals(new Position(1, 2, 3, 4), keyed.open(token, "list_tables", args).requirePrint("p"));
        byte[] record = Base64.getUrlDecoder().decode(token);
        for (int[] change : new int[][]{{0, 2}, {1, 1}, {34, 0x80}, {38, 0x80}, {42, 0x80}, {46, 0x80}}) {
            byte[] forged = record.clone();
            forged[change[0]] = (byte) change[1];
            Mac mac = Mac.getInstance("HmacSHA256");
            mac.init(new SecretKeySpec(key, "HmacSHA256"));
            mac.update(forged, 0, 50);
            System.arraycopy(mac.doFinal(), 0, forged, 50, 16);
            String spelled = Base64.getUrlEncoder().withoutPadding().encodeToString(forged);
            CursorFault f = assertThrows(CursorFault.class, () -> keyed.open(spelled, "list_tables", args),
                    "byte " + change[0]);
            assertEquals(CursorFault.Kind.NOT_ISSUED, f.kind(), "byte " + change[0]);
        }
    }

    @Test
    void onlyTheUrlSafeAlphabetSpellsACursor() throws CursorFault {
        CursorCodec keyed = new CursorCodec(new byte[32]);
        CursorCodec.Binding mint = keyed.bind("t", args, "p");
        for (int i = 0; i < 200; i++) {
            String token = mint.mint(new Position(i, 0, i * 7919, 0));
            assertEquals(new Position(i, 0, i * 7919, 0), keyed.open(token, "t", args).requirePrint("p"));
            String standard = token.replace('-', '+').replace('_', '/');
            if (!standard.equals(token)) {
                String s = standard;
                assertEquals(CursorFault.Kind.NOT_ISSUED,
                        assertThrows(CursorFault.class, () -> keyed.open(s, "t", args)).kind());
            }
        }
    }

    /** A position is equal to another with the same four numbers; each of them tells two positions apart. */
    @Test
    void positionsAreEqualByTheirFourNumbers() {
        Position p = new Position(1, 2, 3, 4);
        assertEquals(p, new Position(1, 2, 3, 4));
        assertEquals(p.hashCode(), new Position(1, 2, 3, 4).hashCode());
        for (Position other : new Position[]{new Position(9, 2, 3, 4), new Position(1, 9, 3, 4), new Position(1, 2, 9, 4),
                new Position(1, 2, 3, 9)}) {
            assertNotEquals(p, other);
            assertNotEquals(p.hashCode(), other.hashCode(), other.toString());
        }
        assertNotEquals(Position.START, "START");
    }

    /**
     * The tag is HMAC-SHA256 of the signed bytes as the JDK's own Mac computes it, for keys shorter and longer than a
     * block.
     */
    @Test
    void theTagIsHmacSha256AsTheJdkComputesIt() throws Exception {
        for (int length : new int[]{16, 32, 64, 65, 100}) {
            byte[] key = new byte[length];
            for (int i = 0; i < length; i++) {
                key[i] = (byte) (i * 31 + length);
            }
            String token = new CursorCodec(key).bind("list_tables", CanonicalArgs.of(Map.of()), "p")
                    .mint(new Position(1, 2, 3, 4));
            byte[] record = Base64.getUrlDecoder().decode(token);
            Mac mac = Mac.getInstance("HmacSHA256");
            mac.init(new SecretKeySpec(key, "HmacSHA256"));
            mac.update(record, 0, 50);
            assertEquals(HexFormat.of().formatHex(Arrays.copyOf(mac.doFinal(), 16)),
                    HexFormat.of().formatHex(Arrays.copyOfRange(record, 50, 66)), "key of " + length);
        }
    }
}
