package dev.dbprint.mcp.paging;

import java.nio.charset.StandardCharsets;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.HexFormat;
import java.util.LinkedHashMap;
import java.util.Map;

/**
 * Digest of a call's arguments other than {@code cursor}: SHA-256 (hex) of their canonical JSON (keys sorted at every
 * depth, no whitespace). Pass the arguments as the tool acts on them — after case folding of {@code format} and
 * {@code purpose} — so spellings that mean the same call share a digest. A {@code cursor} key, if present, is
 * ignored. An omitted key and a key given its default are different argument sets, as the caller sent them.
 */
public final class ArgsDigest {

    private ArgsDigest() {
    }

    public static String of(Map<String, ?> args) {
        Map<String, Object> copy = new LinkedHashMap<>();
        if (args != null) {
            args.forEach((k, v) -> {
                if (!"cursor".equals(k)) {
                    copy.put(k, v);
                }
            });
        }
        return HexFormat.of().formatHex(sha256(JsonText.canonical(copy)));
    }

    static byte[] sha256(String text) {
        try {
            return MessageDigest.getInstance("SHA-256").digest(text.getBytes(StandardCharsets.UTF_8));
        } catch (NoSuchAlgorithmException e) {
            throw new IllegalStateException(e);
        }
    }
}
