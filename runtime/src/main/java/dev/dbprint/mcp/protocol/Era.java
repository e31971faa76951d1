package dev.dbprint.mcp.protocol;

import java.util.EnumSet;
import java.util.List;
import java.util.Optional;
import java.util.Set;

/**
 * The protocol eras the server speaks, each with its revisions and its method table. Adding a revision touches this
 * seam: which era it belongs to, and what that era answers.
 */
public enum Era {

    /** The handshake revisions: {@code initialize} agrees a version, kept by the HTTP session or the stdio connection. */
    LEGACY(List.of("2025-11-25", "2025-06-18", "2025-03-26", "2024-11-05"),
            EnumSet.complementOf(EnumSet.of(Method.DISCOVER))),

    /** The stateless revisions: every request names its version and capabilities in {@code params._meta}. */
    MODERN(List.of("2026-07-28"), EnumSet.complementOf(EnumSet.of(Method.INITIALIZE, Method.PING)));

    private final List<String> versions;
    private final Set<Method> methods;

    Era(List<String> versions, Set<Method> methods) {
        this.versions = versions;
        this.methods = methods;
    }

    /** The revisions of this era, newest first. */
    public List<String> versions() {
        return versions;
    }

    public String latest() {
        return versions.get(0);
    }

    /** Whether this era answers {@code method} (else -32601). */
    public boolean answers(Method method) {
        return methods.contains(method);
    }

    /** The revision a handshake agrees to: the one asked for when this era has it, else this era's newest. */
    public String agree(String asked) {
        return versions.contains(asked) ? asked : latest();
    }

    /** The era a revision belongs to; empty for a revision this server does not speak. */
    public static Optional<Era> of(String version) {
        for (Era era : values()) {
            if (era.versions.contains(version)) {
                return Optional.of(era);
            }
        }
        return Optional.empty();
    }
}
