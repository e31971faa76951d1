package dev.dbprint.mcp.tool;

import java.util.concurrent.ConcurrentHashMap;
import java.util.function.Supplier;

/**
 * A value derived from a parsed print file, kept while the {@link dev.dbprint.mcp.print.store.PrintStore} keeps serving the
 * same parse. The store hands out the same object for a file whose identity is unchanged and a new one after any
 * change, so comparing that object by identity is exactly the §7.1 freshness check, made once, by the store; the call
 * still reads the file through its view, which records it for the cursor. One slot per key (a connection).
 */
final class PerParse<T> {

    private record Slot<T>(Object source, T value) {
    }

    private final ConcurrentHashMap<String, Slot<T>> slots = new ConcurrentHashMap<>();

    T get(String key, Object source, Supplier<T> derive) {
        Slot<T> slot = slots.get(key);
        if (slot != null && slot.source() == source) {
            return slot.value();
        }
        T value = derive.get();
        slots.put(key, new Slot<>(source, value));
        return value;
    }
}
