package dev.dbprint.mcp.tool.call;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;

import java.nio.charset.StandardCharsets;

import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import com.fasterxml.jackson.databind.util.RawValue;

import dev.dbprint.mcp.paging.JsonLiteral;
import dev.dbprint.mcp.protocol.JsonCodec;

/** A kept page's JSON literal is spelled exactly as the JSON writer spells the text, so a reply is byte-identical. */
class ToolResultTest {

    static final ObjectMapper MAPPER = new ObjectMapper();

    @ParameterizedTest
    @ValueSource(strings = {"", "plain", "quote \" and backslash \\ and slash /", "line\nbreak\ttab\r\u0000\u001f\u007f",
            "caf\u00e9 \u2028 \u2029 \uD83D\uDE00 \uFFFD", "<script>&amp;</script>", "next_cursor: abc+/=="})
    void theLiteralIsWhatTheWriterWrites(String text) throws Exception {
        assertEquals(MAPPER.writeValueAsString(text), JsonLiteral.of(text).getValue());
        ObjectNode plain = MAPPER.createObjectNode().put("text", text);
        ObjectNode raw = MAPPER.createObjectNode().putRawValue("text", new RawValue(JsonLiteral.of(text)));
        assertArrayEquals(MAPPER.writeValueAsString(plain).getBytes(StandardCharsets.UTF_8),
                JsonCodec.utf8Writer(MAPPER).writeValueAsBytes(raw), "as bytes, as the string was written before");
        assertArrayEquals(MAPPER.writeValueAsString(plain).getBytes(StandardCharsets.UTF_8),
                JsonCodec.utf8Writer(MAPPER).writeValueAsBytes(plain));
        assertEquals(MAPPER.writeValueAsString(plain), MAPPER.writeValueAsString(raw));
        assertEquals(MAPPER.writeValueAsString(text), JsonLiteral.of(text).toString());
    }
}
