package dev.dbprint.mcp.cli;

import java.io.ByteArrayOutputStream;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.json.JsonMapper;

import dev.dbprint.mcp.paging.PagingWarmup;
import dev.dbprint.mcp.protocol.JsonCodec;

/**
 * Loads and initialises Jackson on a thread of its own while Quarkus boots on the main one: the first frame, an
 * {@code initialize} a client sends the moment it spawns the server, is parsed and answered with it, and a cold JVM
 * spent tens of milliseconds there (among them the locale data behind Jackson's default date format) on the reader's
 * thread, after the boot. The mapper built here is thrown away; what is kept is the JVM's loaded and initialised
 * classes, which every mapper shares. Then it pages a small reply ({@link PagingWarmup}), for a session's first paged
 * call.
 */
final class JsonWarmup implements Runnable {

    private static final String FRAME = "{\"jsonrpc\":\"2.0\",\"id\":1,\"method\":\"initialize\",\"params\":{\"protocolVersion\":"
            + "\"2025-11-25\",\"capabilities\":{},\"clientInfo\":{\"name\":\"warm-up\",\"version\":\"1\"}}}";

    static void start() {
        Thread t = new Thread(new JsonWarmup(), "dbprint-json-warmup");
        t.setDaemon(true);
        t.start();
    }

    @Override
    public void run() {
        try {
            JsonMapper mapper = JsonMapper.builder().build();
            JsonNode frame = mapper.readTree(FRAME);
            JsonCodec.utf8Writer(mapper).writeValue(new ByteArrayOutputStream(), frame); // as replies are written
            PagingWarmup.run();
        } catch (Exception | LinkageError e) {
            // nothing depends on it: the first frame then pays for what was not loaded here
        }
    }
}
