package dev.dbprint.mcp.print.index;

import java.nio.file.Path;
import java.util.Map;

import dev.dbprint.mcp.config.CacheRoot;
import dev.dbprint.mcp.config.DbprintConfig;
import dev.dbprint.mcp.print.files.FileIdentity;

/**
 * Parsed YAML trees kept across processes, by file and identity: a stdio client starts one server per session, and
 * without this every session would parse the same print again. A tree is handed back only for the very identity
 * (device, inode, size, modification and change time: {@link FileIdentity}) it was parsed at, and kept only when that
 * identity was read outside the racy window of the file's last change, so it is the tree a parse would give; the store
 * is a cache, never a source of truth, and anything wrong with it only costs a parse.
 */
public interface TreeStore {

    /**
     * The form a connection's manifest model is read in: the parse cache keeps it whatever it weighs, one per manifest
     * file, and a shelf keeps its tree apart from the rest.
     */
    String MANIFEST_FORM = "manifest";

    /**
     * The prefix of a form kept beside the manifest, in a shelf's manifest part: what is derived from the print as a
     * whole under the manifest's identity (every table's search text), which a first call reads without the large table
     * of every other tree.
     */
    String WITH_MANIFEST = "manifest:";

    /** The trees of one connection root. */
    interface Shelf {

        /** The tree kept for {@code file} in {@code form} at {@code identity}, or null. */
        Object get(Path file, String form, FileIdentity identity);

        /**
         * Whether a tree is kept for {@code file} in {@code form} at any identity: only files that were there are kept,
         * so a hint that the file is there still (a cold process stats it once instead of probing first).
         */
        default boolean holds(Path file, String form) {
            return false;
        }

        /** Reads now what a first lookup would wait for (the table of what is kept), so that lookup does not. */
        default void prepare() {
        }

        /** Keeps {@code tree}, parsed from {@code file} at {@code identity}. */
        void put(Path file, String form, FileIdentity identity, Object tree);

        /**
         * The bytes kept for {@code file} in {@code form} at {@code identity}, checked but not decoded, or null: for a
         * form its owner encodes itself rather than as a tree ({@link #putBytes}).
         */
        default byte[] bytes(Path file, String form, FileIdentity identity) {
            return null;
        }

        /** Keeps {@code bytes}, a form of {@code file} at {@code identity} that its owner encoded and decodes. */
        default void putBytes(Path file, String form, FileIdentity identity, byte[] bytes) {
        }

        /**
         * The bytes derived in {@code form} from several files (a table's search record from its two statistics files),
         * kept under {@code key} for exactly the files and identities of {@code from}, or null. They are the deriver's
         * own encoding, handed back as kept: a record can then be read in part.
         */
        default byte[] derived(Path key, String form, Map<Path, FileIdentity> from) {
            return null;
        }

        /** Keeps {@code bytes}, derived from the files of {@code from} at their identities there (in that order). */
        default void putDerived(Path key, String form, Map<Path, FileIdentity> from, byte[] bytes) {
        }

        /**
         * Whether what is derived from a file at {@code identity} may be kept: the rule {@link #putDerived} applies to
         * each of its files, for bytes that carry identities of their own ({@link #putBytes} beside the manifest).
         */
        default boolean keeps(FileIdentity identity) {
            return true;
        }
    }

    /** The shelf of a connection root, or null when nothing is kept. */
    Shelf shelf(Path root);

    /**
     * The shelf of a connection root this process has asked for already, else null: what a flush may write to without
     * opening an index no call used. A store with nothing to open answers as {@link #shelf} does.
     */
    default Shelf opened(Path root) {
        return shelf(root);
    }

    /** Writes what was added since the last flush; waits for it. */
    void flush();

    /** Keeps nothing. */
    TreeStore NONE = new TreeStore() {

        @Override
        public Shelf shelf(Path root) {
            return null;
        }

        @Override
        public void flush() {
        }
    };

    /** The store {@code dbprint.index.*} configures. */
    static TreeStore of(DbprintConfig config) {
        if (!config.index().enabled()) {
            return NONE;
        }
        return new DiskTreeStore(config.index().directory().map(Path::of).orElseGet(CacheRoot::ofUser));
    }
}
