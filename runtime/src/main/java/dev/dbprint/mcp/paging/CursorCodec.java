package dev.dbprint.mcp.paging;

import java.nio.ByteBuffer;
import java.nio.charset.StandardCharsets;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.security.SecureRandom;
import java.util.Arrays;
import java.util.Base64;
import java.util.Objects;

/**
 * Opaque cursors: base64url (no padding) of a fixed 66-byte record, authenticated with HMAC-SHA256 under a key drawn
 * once per process (so a restart retires every cursor as "not one this server issued"), when the first cursor is minted
 * or opened, or {@link #prepare() prepared} off the calls' threads: a call whose reply is one page hashes and draws
 * nothing, since a first SecureRandom or digest sets up the JDK's security providers, about 10 ms of a session's first
 * call.
 *
 * <pre>
 * [0]      format version (1)
 * [1]      reserved (0)
 * [2..18)  call digest  = SHA-256("tool" NUL args)[0..16)         — which tool, which other arguments ({@link CanonicalArgs})
 * [18..34) print digest = SHA-256(printDigest)[0..16)              — every print file the reply read, as pinned
 * [34..50) position     = four big-endian int32 ({@link Position})
 * [50..66) tag          = HMAC-SHA256(key, bytes[0..50))[0..16)
 * </pre>
 *
 * Every token is {@value #TOKEN_LENGTH} characters of {@code [A-Za-z0-9_-]}, so a pager reserves its exact length and
 * JSON never escapes it. Nothing in it names a path.
 *
 * <p>
 * Flow of a paged call:
 *
 * <pre>
 * String args = CanonicalArgs.of(argumentsWithoutCursor);
 * CursorCodec.Opened opened = cursor == null ? null : codec.open(cursor, tool, args); // NOT_ISSUED / FOREIGN
 * ... compute the whole reply deterministically, through the PrintView ...
 * String print = view.digest();
 * Position start = opened == null ? Position.START : opened.requirePrint(print);  // PRINT_CHANGED
 * Page page = new Pager(reply, codec.bind(tool, args, print)).pageAt(start);       // stale position: PRINT_CHANGED
 * </pre>
 */
public final class CursorCodec {

    public static final int TOKEN_LENGTH = 88;
    private static final int RECORD = 66;
    private static final int SIGNED = 50;
    private static final byte VERSION = 1;

    private static final CursorCodec PROCESS_WIDE = new CursorCodec();

    /** The key, or null until the first cursor of a codec that draws its own is minted or opened. */
    private byte[] key;

    /** A codec with a fresh random 256-bit key, drawn at its first use. */
    public CursorCodec() {
    }

    /** A codec with the given key (tests; two codecs with one key accept each other's cursors). */
    public CursorCodec(byte[] key) {
        if (key == null || key.length < 16) {
            throw new IllegalArgumentException("cursor key must be at least 16 bytes");
        }
        this.key = key.clone();
    }

    private synchronized byte[] key() {
        if (key == null) {
            key = randomKey();
        }
        return key;
    }

    /**
     * Mints a cursor and drops it, so that the process's first real one finds the key drawn and the JDK's digest and
     * SecureRandom set up: on a thread no call waits for, at a moment no call is under way ({@code ReadAhead}).
     */
    public void prepare() {
        bind("", "", "").mint(Position.START);
    }

    /** The codec of this process: its key is made once, at first use, and never leaves memory. */
    public static CursorCodec processWide() {
        return PROCESS_WIDE;
    }

    /**
     * A mint for cursors of one reply: this tool, these other arguments ({@link CanonicalArgs}), these pinned print
     * files.
     */
    public Binding bind(String tool, String args, String printDigest) {
        return new Binding(tool, args, Objects.requireNonNull(printDigest, "printDigest"));
    }

    /**
     * Decodes and authenticates {@code token}, then checks that it was issued by {@code tool} under the arguments
     * {@code args} ({@link CanonicalArgs}). The print is checked later, by {@link Opened#requirePrint(String)}, once
     * the reply has been computed.
     */
    public Opened open(String token, String tool, String args) throws CursorFault {
        Objects.requireNonNull(token, "token");
        byte[] record = decode(token);
        if (record == null) {
            throw CursorFault.notIssued(token);
        }
        byte[] tag = Arrays.copyOfRange(record, SIGNED, RECORD);
        if (!MessageDigest.isEqual(tag, tag(record)) || record[0] != VERSION || record[1] != 0) {
            throw CursorFault.notIssued(token);
        }
        if (!MessageDigest.isEqual(Arrays.copyOfRange(record, 2, 18), callDigest(tool, args))) {
            throw CursorFault.foreign(tool);
        }
        ByteBuffer pos = ByteBuffer.wrap(record, 34, 16);
        int a = pos.getInt(), b = pos.getInt(), c = pos.getInt(), d = pos.getInt();
        if (a < 0 || b < 0 || c < 0 || d < 0) {
            throw CursorFault.notIssued(token); // never minted by us; unreachable without the key
        }
        return new Opened(tool, Arrays.copyOfRange(record, 18, 34), new Position(a, b, c, d));
    }

    /** A cursor that decoded, authenticated and belongs to this call; not yet checked against the print. */
    public static final class Opened {

        private final String tool;
        private final byte[] print;
        private final Position position;

        private Opened(String tool, byte[] print, Position position) {
            this.tool = tool;
            this.print = print;
            this.position = position;
        }

        /** The position the next page begins at, provided the print the reply read is the one the cursor pinned. */
        public Position requirePrint(String printDigest) throws CursorFault {
            if (!MessageDigest.isEqual(print, digest16(printDigest))) {
                throw CursorFault.printChanged(tool);
            }
            return position;
        }
    }

    /** Mints the cursors of one reply. */
    public final class Binding implements CursorMint {

        private final String tool;
        private final String args;
        private final String print;

        private Binding(String tool, String args, String print) {
            this.tool = tool;
            this.args = args;
            this.print = print;
        }

        /** Hashes the call and the print here, not when bound: most replies are one page and mint nothing. */
        @Override
        public String mint(Position next) {
            byte[] record = new byte[RECORD];
            record[0] = VERSION;
            System.arraycopy(callDigest(tool, args), 0, record, 2, 16);
            System.arraycopy(digest16(print), 0, record, 18, 16);
            ByteBuffer.wrap(record, 34, 16).putInt(next.a()).putInt(next.b()).putInt(next.c()).putInt(next.d());
            System.arraycopy(tag(record), 0, record, SIGNED, 16);
            return Base64.getUrlEncoder().withoutPadding().encodeToString(record);
        }

        @Override
        public int tokenLength() {
            return TOKEN_LENGTH;
        }

        @Override
        public CursorFault stale() {
            return CursorFault.printChanged(tool);
        }
    }

    private static byte[] decode(String token) {
        if (token.length() != TOKEN_LENGTH) {
            return null;
        }
        // The url-safe decoder throws on any character outside [A-Za-z0-9_-] but '=', and padding at this length
        // leaves fewer than RECORD bytes: no character check of our own is needed.
        try {
            byte[] record = Base64.getUrlDecoder().decode(token);
            return record.length == RECORD ? record : null;
        } catch (IllegalArgumentException e) {
            return null;
        }
    }

    /**
     * HMAC-SHA256 (RFC 2104) of the signed bytes, built on the digest rather than {@code javax.crypto.Mac}: the JDK's
     * first Mac sets up its cryptography framework (provider checks, policy files), which cost the process's first
     * cursor 75–100 ms of a cold JVM; the digest is set up already.
     */
    private byte[] tag(byte[] record) {
        byte[] k = key();
        if (k.length > HMAC_BLOCK) {
            k = digest().digest(k);
        }
        MessageDigest sha = digest();
        sha.update(pad(k, (byte) 0x36));
        sha.update(record, 0, SIGNED);
        byte[] inner = sha.digest();
        sha.update(pad(k, (byte) 0x5c));
        sha.update(inner);
        return Arrays.copyOf(sha.digest(), 16);
    }

    private static final int HMAC_BLOCK = 64;

    /** The key, zero-filled to SHA-256's block, each byte xor-ed with {@code with}. */
    private static byte[] pad(byte[] k, byte with) {
        byte[] padded = new byte[HMAC_BLOCK];
        for (int i = 0; i < HMAC_BLOCK; i++) {
            padded[i] = (byte) ((i < k.length ? k[i] : 0) ^ with);
        }
        return padded;
    }

    private static MessageDigest digest() {
        try {
            return MessageDigest.getInstance("SHA-256");
        } catch (NoSuchAlgorithmException e) {
            throw new IllegalStateException(e);
        }
    }

    private static byte[] callDigest(String tool, String args) {
        return sha256(tool + '\0' + args);
    }

    private static byte[] digest16(String printDigest) {
        return sha256(Objects.requireNonNull(printDigest, "printDigest"));
    }

    /** The first 16 bytes of the text's SHA-256. */
    private static byte[] sha256(String text) {
        return Arrays.copyOf(digest().digest(text.getBytes(StandardCharsets.UTF_8)), 16);
    }

    private static byte[] randomKey() {
        byte[] k = new byte[32];
        new SecureRandom().nextBytes(k);
        return k;
    }
}
