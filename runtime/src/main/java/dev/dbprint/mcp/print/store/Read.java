package dev.dbprint.mcp.print.store;

import dev.dbprint.mcp.print.files.FileIdentity;

/** What a read found: the identity it was read at ({@link FileIdentity#ABSENT} and a null value when absent). */
public record Read<T>(FileIdentity identity, T value) {

    public boolean present() {
        return identity.exists();
    }
}
