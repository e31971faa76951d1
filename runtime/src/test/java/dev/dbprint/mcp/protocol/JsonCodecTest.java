package dev.dbprint.mcp.protocol;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;

import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.Map;

import org.junit.jupiter.api.Test;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;

/**
 * A reply's bytes ({@link JsonCodec#bytes}) written through the thread's reused buffer: each reply is its own bytes,
 * whatever the thread wrote before, a longer or a shorter one, and the buffer a large reply grew.
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
