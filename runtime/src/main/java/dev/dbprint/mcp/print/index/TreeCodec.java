package dev.dbprint.mcp.print.index;

import java.io.DataOutputStream;
import java.io.IOException;
import java.math.BigDecimal;
import java.math.BigInteger;
import java.nio.BufferUnderflowException;
import java.nio.ByteBuffer;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

import dev.dbprint.mcp.print.yaml.YamlLoader;

/**
 * A YAML tree ({@link YamlLoader}'s shape: {@code LinkedHashMap<String,Object>}, {@code ArrayList}, {@code String},
 * {@code Boolean}, {@code Long}, {@code BigInteger}, {@code BigDecimal}, {@code Double}, {@code null}) as bytes and back,
 * exactly: a decimal keeps its scale, a double its bits, a string every UTF-16 unit (lone surrogates included), a map
 * its order. Decoding checks every length against what is left, so bytes that are not an encoded tree fail with
 * {@link IllegalArgumentException} instead of building anything large.
 */
public final class TreeCodec {

    private static final byte NULL = 0;
    private static final byte FALSE = 1;
    private static final byte TRUE = 2;
    private static final byte LONG = 3;
    private static final byte BIG_INTEGER = 4;
    private static final byte DECIMAL = 5;
    private static final byte DOUBLE = 6;
    private static final byte STRING = 7;
    private static final byte MAP = 8;
    private static final byte LIST = 9;

    /** Deeper than any tree the loader builds (its nesting limit is {@value YamlLoader#NESTING_DEPTH_LIMIT}). */
    private static final int MAX_DEPTH = YamlLoader.NESTING_DEPTH_LIMIT + 10;

    private TreeCodec() {
    }

    public static byte[] encode(Object tree) {
        Writer w = new Writer();
        w.node(tree);
        return w.toByteArray();
    }

    /**
     * Writes {@code tree} to {@code out} as its encoding's length and its encoding: one part of a larger payload, which
     * {@link #readSized} reads back.
     */
    public static void writeSized(DataOutputStream out, Object tree) throws IOException {
        byte[] encoded = encode(tree);
        out.writeInt(encoded.length);
        out.write(encoded);
    }

    /**
     * The tree {@link #writeSized} wrote at {@code in}'s position in {@code bytes} (the array {@code in} reads), with
     * {@code in} moved past it.
     *
     * @throws IllegalArgumentException when no such tree is there
     */
    public static Object readSized(ByteBuffer in, byte[] bytes) {
        int length;
        try {
            length = in.getInt();
        } catch (BufferUnderflowException e) {
            throw new IllegalArgumentException("no length", e);
        }
        if (length < 0 || length > in.remaining()) {
            throw new IllegalArgumentException("bad tree length " + length);
        }
        Object tree = decode(bytes, in.position(), length);
        in.position(in.position() + length);
        return tree;
    }

    /** @throws IllegalArgumentException when {@code bytes} do not hold exactly one encoded tree */
    public static Object decode(byte[] bytes) {
        return decode(bytes, 0, bytes.length);
    }

    /**
     * The tree encoded in {@code length} bytes of {@code bytes} from {@code from}: one part of a larger payload.
     *
     * @throws IllegalArgumentException when those bytes do not hold exactly one encoded tree
     */
    public static Object decode(byte[] bytes, int from, int length) {
        ByteBuffer in;
        try {
            in = ByteBuffer.wrap(bytes, from, length);
        } catch (IndexOutOfBoundsException e) {
            throw new IllegalArgumentException("not within the bytes", e);
        }
        try {
            Object tree = node(in, 0);
            if (in.hasRemaining()) {
                throw new IllegalArgumentException("trailing bytes");
            }
            return tree;
        } catch (BufferUnderflowException | NumberFormatException | ArithmeticException e) {
            throw new IllegalArgumentException("not an encoded tree", e);
        }
    }

    private static Object node(ByteBuffer in, int depth) {
        if (depth > MAX_DEPTH) {
            throw new IllegalArgumentException("too deep");
        }
        byte tag = in.get();
        switch (tag) {
            case NULL :
                return null;
            case FALSE :
                return Boolean.FALSE;
            case TRUE :
                return Boolean.TRUE;
            case LONG :
                return in.getLong();
            case BIG_INTEGER :
                return new BigInteger(bytes(in));
            case DECIMAL : {
                int scale = in.getInt();
                return new BigDecimal(new BigInteger(bytes(in)), scale);
            }
            case DOUBLE :
                return Double.longBitsToDouble(in.getLong());
            case STRING :
                return stringBody(in);
            case MAP : {
                int n = count(in, 2);
                LinkedHashMap<String, Object> m = new LinkedHashMap<>(Math.max(4, n * 4 / 3 + 1));
                for (int i = 0; i < n; i++) {
                    String key = string(in);
                    if (m.containsKey(key)) {
                        throw new IllegalArgumentException("duplicate key");
                    }
                    m.put(key, node(in, depth + 1));
                }
                return m;
            }
            case LIST : {
                int n = count(in, 1);
                List<Object> l = new ArrayList<>(n);
                for (int i = 0; i < n; i++) {
                    l.add(node(in, depth + 1));
                }
                return l;
            }
            default :
                throw new IllegalArgumentException("unknown tag " + tag);
        }
    }

    /** A count of items each at least {@code minBytes} long, checked against what is left. */
    private static int count(ByteBuffer in, int minBytes) {
        int n = in.getInt();
        if (n < 0 || (long) n * minBytes > in.remaining()) {
            throw new IllegalArgumentException("bad count " + n);
        }
        return n;
    }

    private static byte[] bytes(ByteBuffer in) {
        byte[] b = new byte[count(in, 1)];
        in.get(b);
        if (b.length == 0) {
            throw new IllegalArgumentException("empty magnitude");
        }
        return b;
    }

    /** A map key: a string's tag, then its body. */
    private static String string(ByteBuffer in) {
        if (in.get() != STRING) {
            throw new IllegalArgumentException("expected a string");
        }
        return stringBody(in);
    }

    /**
     * UTF-16 units written as modified UTF-8: one, two or three bytes each. A string of ASCII alone (every key and path
     * of a manifest entry) is copied from the bytes as they are, with no array of chars between.
     */
    private static String stringBody(ByteBuffer in) {
        int n = count(in, 1);
        if (in.hasArray() && ascii(in.array(), in.arrayOffset() + in.position(), n)) {
            String s = new String(in.array(), in.arrayOffset() + in.position(), n, StandardCharsets.ISO_8859_1);
            in.position(in.position() + n);
            return s;
        }
        char[] chars = new char[n];
        for (int i = 0; i < n; i++) {
            int b = in.get() & 0xff;
            if (b < 0x80) {
                chars[i] = (char) b;
            } else if ((b & 0xe0) == 0xc0) {
                chars[i] = (char) (((b & 0x1f) << 6) | (in.get() & 0x3f));
            } else if ((b & 0xf0) == 0xe0) {
                chars[i] = (char) (((b & 0x0f) << 12) | ((in.get() & 0x3f) << 6) | (in.get() & 0x3f));
            } else {
                throw new IllegalArgumentException("bad string byte");
            }
        }
        return new String(chars);
    }

    private static boolean ascii(byte[] bytes, int from, int n) {
        for (int i = from; i < from + n; i++) {
            if (bytes[i] < 0) {
                return false;
            }
        }
        return true;
    }

    /**
     * A growable buffer of its own: a ByteArrayOutputStream locks on each byte written, and a never-indexed search
     * encodes every table's record, character by character, on the interpreter's and C1's code.
     */
    private static final class Writer {

        private byte[] buf = new byte[256];
        private int count;

        private void write(int b) {
            if (count == buf.length) {
                buf = Arrays.copyOf(buf, buf.length * 2);
            }
            buf[count++] = (byte) b;
        }

        private void write(byte[] b, int off, int len) {
            if (count + len > buf.length) {
                buf = Arrays.copyOf(buf, Math.max(buf.length * 2, count + len));
            }
            System.arraycopy(b, off, buf, count, len);
            count += len;
        }

        byte[] toByteArray() {
            return Arrays.copyOf(buf, count);
        }

        void node(Object o) {
            if (o == null) {
                write(NULL);
            } else if (o instanceof Boolean b) {
                write(b ? TRUE : FALSE);
            } else if (o instanceof Long l) {
                write(LONG);
                putLong(l);
            } else if (o instanceof BigInteger b) {
                write(BIG_INTEGER);
                putBytes(b.toByteArray());
            } else if (o instanceof BigDecimal d) {
                write(DECIMAL);
                putInt(d.scale());
                putBytes(d.unscaledValue().toByteArray());
            } else if (o instanceof Double d) {
                write(DOUBLE);
                putLong(Double.doubleToRawLongBits(d));
            } else if (o instanceof String s) {
                string(s);
            } else if (o instanceof Map<?, ?> m) {
                write(MAP);
                putInt(m.size());
                for (Map.Entry<?, ?> e : m.entrySet()) {
                    string((String) e.getKey());
                    node(e.getValue());
                }
            } else if (o instanceof List<?> l) {
                write(LIST);
                putInt(l.size());
                for (Object item : l) {
                    node(item);
                }
            } else {
                throw new IllegalArgumentException("not a YAML tree node: " + o.getClass().getName());
            }
        }

        private void string(String s) {
            write(STRING);
            putInt(s.length());
            for (int i = 0; i < s.length(); i++) {
                char c = s.charAt(i);
                if (c < 0x80) {
                    write(c);
                } else if (c < 0x800) {
                    write(0xc0 | (c >> 6));
                    write(0x80 | (c & 0x3f));
                } else {
                    write(0xe0 | (c >> 12));
                    write(0x80 | ((c >> 6) & 0x3f));
                    write(0x80 | (c & 0x3f));
                }
            }
        }

        private void putBytes(byte[] b) {
            putInt(b.length);
            write(b, 0, b.length);
        }

        private void putInt(int v) {
            write(v >>> 24);
            write(v >>> 16);
            write(v >>> 8);
            write(v);
        }

        private void putLong(long v) {
            putInt((int) (v >>> 32));
            putInt((int) v);
        }
    }
}
