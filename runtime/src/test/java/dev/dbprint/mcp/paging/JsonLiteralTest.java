package dev.dbprint.mcp.paging;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;

import java.io.ByteArrayOutputStream;
import java.nio.ByteBuffer;
import java.util.Arrays;

import org.junit.jupiter.api.Test;

import com.fasterxml.jackson.core.io.SerializedString;

/** {@link JsonLiteral} answers every form Jackson may ask for as a {@link SerializedString} of the same literal would. */
class JsonLiteralTest {

    static final String TEXT = "a \"quoted\" caf\u00e9 \uD83D\uDE00\nline";

    @Test
    void everyFormMatchesASerializedStringOfTheLiteral() throws Exception {
        JsonLiteral literal = JsonLiteral.of(TEXT);
        SerializedString same = new SerializedString(literal.getValue());
        assertEquals(same.getValue(), literal.getValue());
        assertEquals(same.charLength(), literal.charLength());
        assertArrayEquals(same.asUnquotedUTF8(), literal.asUnquotedUTF8());
        assertEquals(literal.byteLength(), literal.asUnquotedUTF8().length);
        assertArrayEquals(same.asQuotedUTF8(), literal.asQuotedUTF8());
        assertArrayEquals(same.asQuotedChars(), literal.asQuotedChars());

        byte[] bytes = new byte[200], expected = new byte[200];
        assertEquals(same.appendUnquotedUTF8(expected, 3), literal.appendUnquotedUTF8(bytes, 3));
        assertArrayEquals(expected, bytes);
        assertEquals(-1, literal.appendUnquotedUTF8(new byte[4], 0), "too small: the caller takes the bytes whole");
        assertEquals(same.appendQuotedUTF8(expected, 0), literal.appendQuotedUTF8(bytes, 0));
        assertArrayEquals(expected, bytes);

        char[] chars = new char[200], expectedChars = new char[200];
        assertEquals(same.appendUnquoted(expectedChars, 1), literal.appendUnquoted(chars, 1));
        assertArrayEquals(expectedChars, chars);
        assertEquals(same.appendQuoted(expectedChars, 1), literal.appendQuoted(chars, 1));
        assertArrayEquals(expectedChars, chars);

        ByteArrayOutputStream out = new ByteArrayOutputStream(), expectedOut = new ByteArrayOutputStream();
        assertEquals(same.writeUnquotedUTF8(expectedOut), literal.writeUnquotedUTF8(out));
        assertEquals(same.writeQuotedUTF8(expectedOut), literal.writeQuotedUTF8(out));
        assertArrayEquals(expectedOut.toByteArray(), out.toByteArray());

        ByteBuffer buffer = ByteBuffer.allocate(200), expectedBuffer = ByteBuffer.allocate(200);
        assertEquals(same.putUnquotedUTF8(expectedBuffer), literal.putUnquotedUTF8(buffer));
        assertEquals(same.putQuotedUTF8(expectedBuffer), literal.putQuotedUTF8(buffer));
        assertArrayEquals(Arrays.copyOf(expectedBuffer.array(), expectedBuffer.position()),
                Arrays.copyOf(buffer.array(), buffer.position()));
        assertEquals(-1, literal.putUnquotedUTF8(ByteBuffer.allocate(4)));
    }
}
