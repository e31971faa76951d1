package dev.dbprint.mcp.print.store;

import java.nio.file.Path;
import java.util.function.Consumer;

import dev.dbprint.mcp.print.files.FileIdentity;
import dev.dbprint.mcp.print.index.TreeStore;

/** A tree store that keeps nothing and reports what it is asked to do: each form put, each root prepared. */
final class RecordingTrees implements TreeStore {

    private final Consumer<String> put;
    private final Consumer<Path> prepared;

    RecordingTrees(Consumer<String> put, Consumer<Path> prepared) {
        this.put = put;
        this.prepared = prepared;
    }

    @Override
    public Shelf shelf(Path root) {
        return new Shelf() {

            @Override
            public Object get(Path file, String form, FileIdentity identity) {
                return null;
            }

            @Override
            public void put(Path file, String form, FileIdentity identity, Object tree) {
                put.accept(form);
            }

            @Override
            public void putBytes(Path file, String form, FileIdentity identity, byte[] bytes) {
                put.accept(form);
            }

            @Override
            public void prepare() {
                prepared.accept(root);
            }
        };
    }

    @Override
    public void flush() {
    }
}
