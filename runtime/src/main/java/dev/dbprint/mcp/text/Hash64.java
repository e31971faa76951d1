package dev.dbprint.mcp.text;

/**
 * A fast 64-bit hash of text and numbers, for telling states and names apart, not for secrets: FNV-1a over a text's
 * characters and MurmurHash3's finaliser. Where a digest from the JDK's security providers would do the same job, a
 * session's first use of one sets the providers up, about 10 ms of its first call.
 */
public final class Hash64 {

    private Hash64() {
    }

    /** FNV-1a over the text's characters, then its length through {@link #mix(long)}: where a text ends is fixed. */
    public static long of(CharSequence text) {
        long h = 0xcbf29ce484222325L;
        for (int i = 0; i < text.length(); i++) {
            h = (h ^ text.charAt(i)) * 0x100000001b3L;
        }
        return mix(h ^ text.length());
    }

    /** MurmurHash3's 64-bit finaliser: every input bit moves about half the output bits. */
    public static long mix(long h) {
        h ^= h >>> 33;
        h *= 0xff51afd7ed558ccdL;
        h ^= h >>> 33;
        h *= 0xc4ceb9fe1a85ec53L;
        return h ^ (h >>> 33);
    }
}
