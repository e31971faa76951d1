package dev.dbprint.mcp.protocol;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.nio.charset.StandardCharsets;

import jakarta.inject.Inject;
import jakarta.inject.Singleton;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.core.json.JsonWriteFeature;
import com.fasterxml.jackson.databind.DeserializationFeature;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.ObjectReader;
import com.fasterxml.jackson.databind.ObjectWriter;

import dev.dbprint.mcp.error.ProtocolCatalog;

/**
 * The server's JSON on the wire: a frame's text parsed, a reply written as bytes. Each thread that writes replies keeps
 * a buffer of up to 64 KB for them.
 */
@Singleton
public class JsonCodec {

    private final ObjectMapper mapper;
    private final ObjectReader frames;
    /** The writer of UTF-8 replies, made once: every reply of a busy server goes through it. */
    private final ObjectWriter utf8;
    private final ThreadLocal<ReplyBuffer> buffers = ThreadLocal.withInitial(ReplyBuffer::new);

    @Inject
    JsonCodec(ObjectMapper mapper) {
        this.mapper = mapper;
        this.frames = mapper.reader().with(DeserializationFeature.FAIL_ON_TRAILING_TOKENS);
        this.utf8 = utf8Writer(mapper);
    }

    /**
     * The writer for UTF-8 replies: it spells a character outside the BMP as its four UTF-8 bytes, as a string writer
     * does, where Jackson's byte writer would otherwise escape each half of its surrogate pair.
     */
    public static ObjectWriter utf8Writer(ObjectMapper mapper) {
        return mapper.writer().with(JsonWriteFeature.COMBINE_UNICODE_SURROGATES_IN_UTF8);
    }

    /** A frame's text as one JSON value; anything else is a -32700 parse error. */
    JsonNode parse(String text) {
        JsonNode message;
        try {
            message = frames.readTree(text);
        } catch (JsonProcessingException e) {
            throw ProtocolCatalog.notJson(e.getOriginalMessage());
        }
        if (message == null || message.isMissingNode()) {
            throw ProtocolCatalog.emptyMessage();
        }
        return message;
    }

    /**
     * A reply in UTF-8, written straight: no string is built for a reply only sent as bytes. It is written into its
     * thread's buffer, which keeps its size from reply to reply, and copied out once at its length, so a page of
     * resources/list allocates its bytes about once. A reply begun while its thread's buffer holds another (none does
     * today) is written by Jackson alone.
     */
    byte[] bytes(JsonNode reply) {
        ReplyBuffer buffer = buffers.get();
        if (buffer.size() != 0) {
            return standalone(reply);
        }
        try {
            utf8.writeValue(buffer, reply);
            return buffer.toByteArray();
        } catch (IOException e) {
            throw new IllegalStateException(e); // not thrown by a stream in memory but for an unwritable value
        } finally {
            buffer.clear();
        }
    }

    /** As {@link #bytes}, in a buffer of the reply's own. */
    private byte[] standalone(JsonNode reply) {
        try {
            return utf8.writeValueAsBytes(reply);
        } catch (JsonProcessingException e) {
            throw new IllegalStateException(e);
        }
    }

    /**
     * A reply written as text, then encoded: the same bytes but where the reply holds a lone surrogate, which is '?'
     * here and a JSON escape in {@link #bytes}. The legacy SSE stream and a parse error have always been written so.
     */
    byte[] textBytes(JsonNode reply) {
        try {
            return mapper.writeValueAsString(reply).getBytes(StandardCharsets.UTF_8);
        } catch (JsonProcessingException e) {
            throw new IllegalStateException(e);
        }
    }

    /**
     * A thread's reply bytes, kept between replies up to {@link #KEPT} bytes (a page of a listing is about 20 KB); a
     * larger reply's buffer is let go once it is copied out.
     */
    private static final class ReplyBuffer extends ByteArrayOutputStream {

        private static final int KEPT = 64 * 1024;

        ReplyBuffer() {
            super(KEPT / 2);
        }

        void clear() {
            reset();
            if (buf.length > KEPT) {
                buf = new byte[KEPT / 2];
            }
        }
    }
}
