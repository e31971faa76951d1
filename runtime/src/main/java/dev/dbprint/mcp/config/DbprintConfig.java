package dev.dbprint.mcp.config;

import java.time.Duration;
import java.util.List;
import java.util.Optional;

import io.smallrye.config.ConfigMapping;
import io.smallrye.config.WithDefault;

/** The server's own configuration; the CLI flags of {@code dbprint serve} are mapped onto these keys. */
@ConfigMapping(prefix = "dbprint")
public interface DbprintConfig {

    /** The project locator: a directory whose direct child is {@code .dbprint.yaml}, or that file; empty walks up from the working directory. */
    Optional<String> project();

    /** The {@code CONN} arguments: the connections to serve; empty resolves them from {@code .dbprint.yaml} (spec §5.1). */
    Optional<List<String>> connections();

    /** {@code stdio} (default) or {@code http}. */
    @WithDefault("stdio")
    String transport();

    /** Whether the server speaks HTTP rather than stdio. */
    default boolean http() {
        return "http".equals(transport());
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
