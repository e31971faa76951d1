package dev.dbprint.mcp.paging;

import java.util.LinkedHashMap;
import java.util.Map;

/**
 * A call's arguments other than {@code cursor}, as canonical JSON (keys sorted at every depth, no whitespace): what names
 * the call in the reply cache and, hashed by {@link CursorCodec} only when a cursor is minted or opened, in its cursors.
 * Hashed only then, since a digest sets up the JDK's security providers, which a first call that pages nothing need not.
 * Pass the arguments as the tool acts on them — after case folding of {@code format} and {@code purpose} — so spellings
 * that mean the same call are the same text. A {@code cursor} key, if present, is ignored. An omitted key and a key
 * given its default are different argument sets, as the caller sent them.
 */
public final class CanonicalArgs {

    private CanonicalArgs() {
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
        return JsonText.canonical(copy);
    }
}
