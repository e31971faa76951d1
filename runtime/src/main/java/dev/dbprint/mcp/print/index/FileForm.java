package dev.dbprint.mcp.print.index;

import java.util.Objects;

/**
 * A file in one form it is read or kept in: the key of the print store's cache (a path) and of an index shelf's
 * entries (a name under the connection root). {@code equals} and {@code hashCode} are written out: a record's own are
 * bootstrapped at first use, which spins method-handle classes that no start-up cache holds, on a fresh process's first
 * call.
 *
 * @param <F> how the file is named
 */
public record FileForm<F>(F file, String form) {

    @Override
    public boolean equals(Object o) {
        return o instanceof FileForm<?> k && file.equals(k.file) && form.equals(k.form);
    }

    @Override
    public int hashCode() {
        return Objects.hash(file, form);
    }
}
