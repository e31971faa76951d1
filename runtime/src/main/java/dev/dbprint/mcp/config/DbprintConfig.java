package dev.dbprint.mcp.config;

import java.time.Duration;
import java.util.List;
import java.util.Locale;
import java.util.Optional;

import io.quarkus.runtime.annotations.StaticInitSafe;
import io.smallrye.config.ConfigMapping;
import io.smallrye.config.WithDefault;

/**
 * The server's own configuration; the CLI flags of {@code dbprint-mcp} are mapped onto these keys. Read at static init,
 * from which stdio serves: the CLI sets them as system properties before Quarkus starts.
 */
@StaticInitSafe
@ConfigMapping(prefix = "dbprint")
public interface DbprintConfig {

    /**
     * The project locator: a directory whose direct child is {@code .dbprint.yaml}, or that file; empty walks up from
     * the working directory. The command line also takes a git address here, and sets the key to its checkout.
     */
    Optional<String> project();

    /** The {@code CONN} arguments: the connections to serve; empty resolves them from {@code .dbprint.yaml} (spec §5.1). */
    Optional<List<String>> connections();

    /** How the server speaks to its client: {@code stdio} (the default) or {@code http}. */
    @WithDefault("stdio")
    Transport transport();

    /** Whether the server speaks HTTP rather than stdio. */
    default boolean http() {
        return transport() == Transport.HTTP;
    }

    /** Largest request body (HTTP) or frame (stdio) accepted, in bytes; larger ones are refused (413 / -32600). */
    @WithDefault("4194304")
    int maxMessageBytes();

    /** The bounds of the HTTP transport. */
    HttpLimits httpLimits();

    /** The {@code dbprint.http-limits.*} keys. */
    interface HttpLimits {

        /** Most Streamable HTTP sessions open at once; past it {@code initialize} gets 503 until one ends or expires. */
        @WithDefault("1000")
        int maxSessions();

        /** How long a Streamable HTTP session lives unused; its next request then gets 404. */
        @WithDefault("30M")
        Duration sessionIdleTimeout();

        /** How long a request's body may take to arrive once its headers have: a slower one gets 408 and is closed. */
        @WithDefault("30S")
        Duration bodyTimeout();
    }

    /** Where the reference documents served by {@code get_reference} and {@code dbprint:///reference/...} come from. */
    Reference reference();

    /** How many computed replies are kept for calls repeated while the print is unchanged. */
    ReplyCache replyCache();

    /** How much of the parsed print files is kept in memory between calls. */
    ParseCache parseCache();

    /** How much of the compact per-table search records is kept in memory between calls. */
    SearchCache searchCache();

    /** The on-disk index of parsed trees that lets a new process skip parsing what an earlier one parsed. */
    Index index();

    /** The {@code dbprint.parse-cache.*} keys. */
    interface ParseCache {

        /**
         * The most estimated heap, in bytes, that parsed print files (models of statistics.yaml, annotations, and raw
         * bytes for resources/read) hold in memory; the least recently used go first. Each connection's manifest.yaml,
         * read by every call, is kept whatever it weighs and counts against this bound. Unset: a quarter of the JVM's maximum heap.
         */
        Optional<Long> maxBytes();
    }

    /** The {@code dbprint.search-cache.*} keys. */
    interface SearchCache {

        /**
         * The most estimated heap, in bytes, of the per-table records search_columns walks (one per table: its
         * columns' names, types, detections and notes); the least recently used go first. Unset: a quarter of the
         * JVM's maximum heap, which holds a 20,000-table print's records in 256 MB (an eighth did not, and a search
         * then read most of them back from the on-disk index).
         */
        Optional<Long> maxBytes();
    }

    /** The {@code dbprint.index.*} keys. */
    interface Index {

        /**
         * Whether parsed trees of the manifest, the annotation files and the search fields of statistics.yaml are kept
         * on disk, so a later process reads them instead of parsing. An entry is used only while its file's identity
         * (device, inode, size, modification and change time) is unchanged; replies are the same with it on or off.
         */
        @WithDefault("true")
        boolean enabled();

        /**
         * Where the index lives: two files per connection root (the manifest's tree, and the rest). Unset:
         * {@code $XDG_CACHE_HOME/dbprint-mcp}, else {@code $HOME/.cache/dbprint-mcp}. Used only when it and its files are
         * owned by the user the server runs as and writable by no one else.
         */
        Optional<String> directory();
    }

    /** The values of {@code dbprint.transport}, spelled in lower case. */
    enum Transport {

        /** One client that spawned the server, JSON-RPC frames on stdin and stdout; no socket is opened. */
        STDIO,
        /** Streamable HTTP on {@code /mcp} and the legacy HTTP+SSE transport on {@code /sse}, on a loopback address. */
        HTTP;

        /** The transport a flag or setting names, exactly as spelled on the wire ({@code stdio}, {@code http}). */
        public static Optional<Transport> named(String value) {
            for (Transport t : values()) {
                if (t.wireName().equals(value)) {
                    return Optional.of(t);
                }
            }
            return Optional.empty();
        }

        public String wireName() {
            return name().toLowerCase(Locale.ROOT);
        }
    }

    /** The {@code dbprint.reply-cache.*} keys. */
    interface ReplyCache {

        /**
         * The most characters of reply pages kept, counting each page's text and the UTF-8 bytes of its JSON spelling;
         * the least recently used reply goes first. 0 computes every reply anew.
         */
        @WithDefault("32000000")
        long maxChars();
    }

    /** The {@code dbprint.reference.*} keys. */
    interface Reference {

        /**
         * A directory holding {@code spec.md}, {@code assertions.md} and {@code guide.md} to serve instead of the
         * copies packaged in the jar, e.g. a newer revision an operator keeps beside the project. Each file is read
         * when first asked for and re-read when its size or modification time changes; a missing one fails the call
         * that needs it.
         * Empty (the default) serves the packaged copies.
         */
        Optional<String> directory();
    }
}
