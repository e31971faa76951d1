package dev.dbprint.mcp.protocol;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;

import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.Map;

import org.junit.jupiter.api.Test;

import com.fasterxml.jackson.annotation.JsonValue;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;

/**
 * A reply's bytes ({@link JsonCodec#bytes}) written through the thread's reused buffer: each reply is its own bytes,
 * whatever the thread wrote before, a longer or a shorter one, and the buffer a large reply grew; the same bytes as
 * Jackson's own for any text; and a reply written while another is half written on the thread is its own too.
 */
class JsonCodecTest {

    private static final ObjectMapper MAPPER = new ServerObjectMapper().objectMapper();

    @Test
    void eachReplyOnAThreadIsItsOwnBytesWhateverCameBefore() throws Exception {
        JsonCodec codec = new JsonCodec(MAPPER);
        List<JsonNode> replies = List.of(reply(20_000), reply(3), reply(200_000), reply(0), reply(50_000), reply(1));
        for (int round = 0; round < 2; round++) {
            for (JsonNode r : replies) {
                byte[] expected = JsonCodec.utf8Writer(MAPPER).writeValueAsBytes(r);
                assertArrayEquals(expected, codec.bytes(r), () -> "a reply of " + r.path("id") + " characters");
            }
        }
    }

    @Test
    void anyTextIsTheBytesJacksonWrites() throws Exception {
        JsonCodec codec = new JsonCodec(MAPPER);
        for (String text : List.of("caf\u00e9 \u65e5\u672c", "a\ud800b", "z\udc00", "a\ud83d\ude00b", "one\r\ntwo\r\n",
                "\u00e9\ud800\ud83d\ude00\r\n".repeat(5_000))) {
            ObjectNode result = MAPPER.createObjectNode().put("text", text);
            result.putPOJO("resources", List.of(Map.of("name", text)));
            JsonNode r = MAPPER.createObjectNode().put("jsonrpc", "2.0").put("id", 1).set("result", result);
            byte[] expected = JsonCodec.utf8Writer(MAPPER).writeValueAsBytes(r);
            assertArrayEquals(expected, codec.bytes(r), () -> text.substring(0, Math.min(text.length(), 20)));
        }
    }

    /**
     * A value that writes a reply of its own while the outer reply is written, past the point where the outer one has
     * filled the writer's block into the thread's buffer: both replies are whole.
     */
    @Test
    void aReplyWrittenWhileAnotherIsHalfWrittenLeavesBothWhole() throws Exception {
        JsonCodec codec = new JsonCodec(MAPPER);
        JsonNode inner = reply(10);
        ObjectNode outer = MAPPER.createObjectNode().put("before", "x".repeat(40_000));
        outer.putPOJO("inner", new Nested(codec, inner));
        String innerText = new String(JsonCodec.utf8Writer(MAPPER).writeValueAsBytes(inner), StandardCharsets.UTF_8);

        assertEquals(MAPPER.createObjectNode().put("before", "x".repeat(40_000)).put("inner", innerText),
                MAPPER.readTree(codec.bytes(outer)));
        assertArrayEquals(JsonCodec.utf8Writer(MAPPER).writeValueAsBytes(inner), codec.bytes(inner), "and after");
    }

    /** Written as the text of {@code reply}, as the codec writes it at the time. */
    private record Nested(JsonCodec codec, JsonNode reply) {

        @JsonValue
        String text() {
            return new String(codec.bytes(reply), StandardCharsets.UTF_8);
        }
    }

    @Test
    void aCharacterBeyondTheBmpIsItsFourBytes() {
        JsonCodec codec = new JsonCodec(MAPPER);
        ObjectNode r = MAPPER.createObjectNode().put("t", "a\ud83d\ude00b");
        assertEquals("{\"t\":\"a\ud83d\ude00b\"}", new String(codec.bytes(r), StandardCharsets.UTF_8));
    }

    /** A result whose text is {@code chars} long, as POJO members (a resources/list page's way) and a tree. */
    private static JsonNode reply(int chars) {
        ObjectNode result = MAPPER.createObjectNode();
        result.putPOJO("resources", List.of(Map.of("uri", "dbprint://c/" + "x".repeat(chars))));
        return MAPPER.createObjectNode().put("jsonrpc", "2.0").put("id", chars).set("result", result);
    }
}
