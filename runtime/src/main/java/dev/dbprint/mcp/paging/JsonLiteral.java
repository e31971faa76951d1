package dev.dbprint.mcp.paging;

import java.io.IOException;
import java.io.OutputStream;
import java.nio.ByteBuffer;
import java.nio.charset.StandardCharsets;

import com.fasterxml.jackson.core.SerializableString;
import com.fasterxml.jackson.core.io.JsonStringEncoder;
import com.fasterxml.jackson.core.io.SerializedString;

/**
 * A text spelled once as a JSON string literal (quotes included, escaped as the server's JSON writer escapes it) and kept
 * as UTF-8 bytes only: a UTF-8 reply copies them in ({@code writeRawValue}); the rarer character forms are decoded on
 * demand. Half the memory of a {@link SerializedString}, which keeps the string beside its bytes.
 */
public final class JsonLiteral implements SerializableString {

    private final byte[] utf8;

    private JsonLiteral(byte[] utf8) {
        this.utf8 = utf8;
    }

    public static JsonLiteral of(String text) {
        char[] escaped = JsonStringEncoder.getInstance().quoteAsString(text);
        String literal = new StringBuilder(escaped.length + 2).append('"').append(escaped).append('"').toString();
        return new JsonLiteral(literal.getBytes(StandardCharsets.UTF_8));
    }

    public int byteLength() {
        return utf8.length;
    }

    @Override
    public String getValue() {
        return new String(utf8, StandardCharsets.UTF_8);
    }

    @Override
    public int charLength() {
        return getValue().length();
    }

    /** The bytes themselves, not a copy (as {@link SerializedString} hands out its own): callers only read them. */
    @Override
    public byte[] asUnquotedUTF8() {
        return utf8;
    }

    @Override
    public int appendUnquotedUTF8(byte[] buffer, int offset) {
        if (offset + utf8.length > buffer.length) {
            return -1;
        }
        System.arraycopy(utf8, 0, buffer, offset, utf8.length);
        return utf8.length;
    }

    @Override
    public int writeUnquotedUTF8(OutputStream out) throws IOException {
        out.write(utf8);
        return utf8.length;
    }

    @Override
    public int putUnquotedUTF8(ByteBuffer buffer) {
        if (utf8.length > buffer.remaining()) {
            return -1;
        }
        buffer.put(utf8);
        return utf8.length;
    }

    // the quoted and character forms: not on the reply path, so derived from the text when asked

    @Override
    public char[] asQuotedChars() {
        return text().asQuotedChars();
    }

    @Override
    public byte[] asQuotedUTF8() {
        return text().asQuotedUTF8();
    }

    @Override
    public int appendQuotedUTF8(byte[] buffer, int offset) {
        return text().appendQuotedUTF8(buffer, offset);
    }

    @Override
    public int appendQuoted(char[] buffer, int offset) {
        return text().appendQuoted(buffer, offset);
    }

    @Override
    public int appendUnquoted(char[] buffer, int offset) {
        return text().appendUnquoted(buffer, offset);
    }

    @Override
    public int writeQuotedUTF8(OutputStream out) throws IOException {
        return text().writeQuotedUTF8(out);
    }

    @Override
    public int putQuotedUTF8(ByteBuffer buffer) throws IOException {
        return text().putQuotedUTF8(buffer);
    }

    private SerializedString text() {
        return new SerializedString(getValue());
    }

    @Override
    public String toString() {
        return getValue();
    }
}
