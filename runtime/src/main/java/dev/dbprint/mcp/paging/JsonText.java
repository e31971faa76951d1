package dev.dbprint.mcp.paging;

import java.io.IOException;
import java.io.Serializable;
import java.io.UncheckedIOException;
import java.io.Writer;
import java.math.BigDecimal;
import java.math.BigInteger;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;

import com.fasterxml.jackson.core.JsonGenerator;
import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.core.PrettyPrinter;
import com.fasterxml.jackson.core.StreamWriteFeature;
import com.fasterxml.jackson.core.json.JsonWriteFeature;
import com.fasterxml.jackson.core.util.Instantiatable;
import com.fasterxml.jackson.databind.DeserializationFeature;
import com.fasterxml.jackson.databind.JsonSerializer;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.ObjectWriter;
import com.fasterxml.jackson.databind.SerializationFeature;
import com.fasterxml.jackson.databind.SerializerProvider;
import com.fasterxml.jackson.databind.json.JsonMapper;
import com.fasterxml.jackson.databind.module.SimpleModule;

import dev.dbprint.mcp.text.PyRepr;

/**
 * The one serializer for dict replies, spelled as Python's {@code json.dumps(obj, indent=2, ensure_ascii=False)}
 * spells them: {@code "key": value}, one element per line indented two spaces per level, {@code []} and
 * {@code {}} for empty containers, no trailing spaces, non-ASCII text kept as is, and only {@code "}, {@code \},
 * and C0 controls escaped ({@code \n \r \t \b \f} by name, the rest as lowercase {@code &#92;u00XX}).
 *
 * <p>
 * Numbers: {@link java.math.BigDecimal} plain (never exponent form); integers as digits; {@code Double}/{@code Float}
 * as Python's {@code repr(float)} ({@code 1e-05}, {@code 0.5}, {@code NaN}, {@code Infinity}), which is what
 * {@code json.dumps} writes for a float. Map keys keep their insertion order; a non-string key is spelled as
 * {@code json.dumps} spells one (true/false/null, digits).
 *
 * <p>
 * Length measures are {@code String.length()} of the serialized text: UTF-16 units, never fewer than characters,
 * so a bound checked on them is a conservative bound on characters.
 */
public final class JsonText {

    private static final ObjectMapper MAPPER = build();
    private static final ObjectWriter PRETTY = MAPPER.writer(new PythonPrinter(true));
    private static final ObjectWriter COMPACT = MAPPER.writer(new PythonPrinter(false));
    private static final ObjectWriter CANONICAL = MAPPER.writer()
            .with(SerializationFeature.ORDER_MAP_ENTRIES_BY_KEYS);

    private JsonText() {
    }

    /** {@code json.dumps(value, indent=2, ensure_ascii=False)}. */
    public static String pretty(Object value) {
        return write(PRETTY, value);
    }

    /** {@code json.dumps(value, ensure_ascii=False)}: one line, separators {@code ", "} and {@code ": "}. */
    public static String compact(Object value) {
        return write(COMPACT, value);
    }

    /** Canonical text for digests: keys sorted at every depth, no whitespace at all. */
    public static String canonical(Object value) {
        return write(CANONICAL, sortKeys(value));
    }

    /** Parses JSON text back to maps, lists, strings, BigDecimal/BigInteger numbers, booleans and null. */
    public static Object parse(String text) {
        try {
            return MAPPER.readValue(text, Object.class);
        } catch (JsonProcessingException e) {
            throw new IllegalArgumentException(e.getOriginalMessage(), e);
        }
    }

    /**
     * Length of {@link #pretty(Object)} of the value when it sits at nesting {@code level} of an enclosing reply, never
     * written: the pager measures every unit it places. Maps with string keys, lists, strings, whole numbers, booleans
     * and null are measured from their parts (the layout {@link PythonPrinter} writes); any other value is counted as the
     * serializer writes it. A page of resources/list spelled each of its entries only to count it, a fifth of what a
     * listing allocated, and then set up a serializer per entry to count it, a tenth of what a page allocated.
     */
    public static int indentedLength(Object value, int level) {
        return Math.toIntExact(length(value, level));
    }

    private static long length(Object value, int level) {
        if (value instanceof String s) {
            return stringLength(s);
        }
        if (value == null) {
            return 4;
        }
        if (value instanceof Boolean b) {
            return b ? 4 : 5;
        }
        if (value instanceof Integer || value instanceof Long || value instanceof Short || value instanceof Byte) {
            return Long.toString(((Number) value).longValue()).length();
        }
        if (value instanceof List<?> list) {
            long entries = 0;
            for (Object element : list) {
                entries += 1 + 2L * (level + 1) + length(element, level + 1);
            }
            return container(list.size(), entries, level);
        }
        if (value instanceof Map<?, ?> map) {
            long entries = 0;
            for (Map.Entry<?, ?> e : map.entrySet()) {
                if (!(e.getKey() instanceof String key)) {
                    return counted(value, level); // a key spelled as json.dumps spells one that is not a string
                }
                entries += 1 + 2L * (level + 1) + stringLength(key) + 2 + length(e.getValue(), level + 1);
            }
            return container(map.size(), entries, level);
        }
        return counted(value, level);
    }

    /**
     * An object or list of {@code n} entries at {@code level} whose lines (break and indentation included) add up to
     * {@code entries}: its brackets, the commas between, and the break and indentation before the closing one.
     */
    private static long container(int n, long entries, int level) {
        return n == 0 ? 2 : 1 + entries + (n - 1) + 1 + 2L * level + 1;
    }

    /** {@link #indentedLength} of a value as the serializer writes it, counted and never held. */
    private static long counted(Object value, int level) {
        Count count = new Count();
        try {
            PRETTY.writeValue(count, value);
        } catch (IOException e) {
            throw new UncheckedIOException(e); // a count throws nothing itself
        }
        return count.chars + 2L * level * count.breaks;
    }

    /** What a writer is given, counted: its characters and line breaks. */
    private static final class Count extends Writer {

        private long chars;
        private long breaks;

        @Override
        public void write(char[] buffer, int offset, int length) {
            chars += length;
            for (int i = offset; i < offset + length; i++) {
                if (buffer[i] == '\n') {
                    breaks++;
                }
            }
        }

        @Override
        public void write(String text, int offset, int length) {
            chars += length;
            for (int i = offset; i < offset + length; i++) {
                if (text.charAt(i) == '\n') {
                    breaks++;
                }
            }
        }

        @Override
        public void write(int c) {
            chars++;
            if (c == '\n') {
                breaks++;
            }
        }

        @Override
        public void flush() {
        }

        @Override
        public void close() {
        }
    }

    /** Length of an already-serialized pretty text once nested at {@code level}: each line break gains 2·level spaces. */
    public static int indentedLength(String prettyText, int level) {
        int breaks = 0;
        for (int i = 0; i < prettyText.length(); i++) {
            if (prettyText.charAt(i) == '\n') {
                breaks++;
            }
        }
        return prettyText.length() + 2 * level * breaks;
    }

    /** Length of the string once serialized as a JSON string, quotes included. */
    public static int stringLength(String s) {
        int n = 2;
        for (int i = 0; i < s.length(); i++) {
            n += escapedLength(s.charAt(i));
        }
        return n;
    }

    /** How many characters one UTF-16 unit takes inside a JSON string as this class writes it. */
    public static int escapedLength(char c) {
        if (c == '"' || c == '\\') {
            return 2;
        }
        if (c < 0x20) {
            return (c == '\n' || c == '\r' || c == '\t' || c == '\b' || c == '\f') ? 2 : 6;
        }
        return 1;
    }

    private static String write(ObjectWriter writer, Object value) {
        try {
            return writer.writeValueAsString(value);
        } catch (JsonProcessingException e) {
            throw new UncheckedIOException(e);
        }
    }

    private static Object sortKeys(Object value) {
        if (value instanceof Map<?, ?> m) {
            TreeMap<String, Object> sorted = new TreeMap<>();
            for (Map.Entry<?, ?> e : m.entrySet()) {
                sorted.put(String.valueOf(e.getKey()), sortKeys(e.getValue()));
            }
            return sorted;
        }
        if (value instanceof Iterable<?> it) {
            List<Object> out = new ArrayList<>();
            for (Object o : it) {
                out.add(sortKeys(o));
            }
            return out;
        }
        return value;
    }

    private static ObjectMapper build() {
        SimpleModule numbers = new SimpleModule("dbprint-python-numbers");
        numbers.addSerializer(Double.class, new JsonSerializer<Double>() {

            @Override
            public void serialize(Double v, JsonGenerator gen, SerializerProvider p) throws IOException {
                gen.writeNumber(pythonFloat(v));
            }
        });
        numbers.addSerializer(double.class, new JsonSerializer<Double>() {

            @Override
            public void serialize(Double v, JsonGenerator gen, SerializerProvider p) throws IOException {
                gen.writeNumber(pythonFloat(v));
            }
        });
        numbers.addSerializer(Float.class, new JsonSerializer<Float>() {

            @Override
            public void serialize(Float v, JsonGenerator gen, SerializerProvider p) throws IOException {
                gen.writeNumber(Float.isNaN(v) || Float.isInfinite(v) ? pythonFloat(v.doubleValue()) : PyRepr.floatRepr(v));
            }
        });
        // written as Jackson's own serializer writes them, but registered: unregistered, Jackson first looks at each as a
        // bean, whose deprecated members make annotation proxy classes no start-up cache holds (milliseconds of a first
        // reply's interpreted work)
        numbers.addSerializer(BigDecimal.class, new JsonSerializer<BigDecimal>() {

            @Override
            public void serialize(BigDecimal v, JsonGenerator gen, SerializerProvider p) throws IOException {
                gen.writeNumber(v);
            }
        });
        numbers.addSerializer(BigInteger.class, new JsonSerializer<BigInteger>() {

            @Override
            public void serialize(BigInteger v, JsonGenerator gen, SerializerProvider p) throws IOException {
                gen.writeNumber(v);
            }
        });
        ObjectMapper mapper = JsonMapper.builder()
                .enable(StreamWriteFeature.WRITE_BIGDECIMAL_AS_PLAIN)
                .disable(JsonWriteFeature.WRITE_HEX_UPPER_CASE)
                .disable(JsonWriteFeature.WRITE_NAN_AS_STRINGS)
                .enable(DeserializationFeature.USE_BIG_DECIMAL_FOR_FLOATS)
                .enable(DeserializationFeature.USE_BIG_INTEGER_FOR_INTS)
                .addModule(numbers)
                .build();
        mapper.getSerializerProvider().setNullKeySerializer(new JsonSerializer<Object>() {

            @Override
            public void serialize(Object v, JsonGenerator gen, SerializerProvider p) throws IOException {
                gen.writeFieldName("null");
            }
        });
        return mapper;
    }

    private static String pythonFloat(double d) {
        if (Double.isNaN(d)) {
            return "NaN";
        }
        if (Double.isInfinite(d)) {
            return d > 0 ? "Infinity" : "-Infinity";
        }
        return PyRepr.floatRepr(d);
    }

    /** Python's layout: indent=2 with {@code ","} item separator, or one line with {@code ", "}; {@code ": "} always. */
    static final class PythonPrinter implements PrettyPrinter, Instantiatable<PythonPrinter>, Serializable {

        private static final long serialVersionUID = 1L;
        private final boolean indent;
        private int depth;

        PythonPrinter(boolean indent) {
            this.indent = indent;
        }

        @Override
        public PythonPrinter createInstance() {
            return new PythonPrinter(indent);
        }

        private void newline(JsonGenerator g) throws IOException {
            g.writeRaw('\n');
            for (int i = 0; i < depth; i++) {
                g.writeRaw("  ");
            }
        }

        @Override
        public void writeRootValueSeparator(JsonGenerator g) throws IOException {
            g.writeRaw('\n');
        }

        @Override
        public void writeStartObject(JsonGenerator g) throws IOException {
            open(g, '{');
        }

        @Override
        public void beforeObjectEntries(JsonGenerator g) throws IOException {
            beforeFirst(g);
        }

        @Override
        public void writeObjectFieldValueSeparator(JsonGenerator g) throws IOException {
            g.writeRaw(": ");
        }

        @Override
        public void writeObjectEntrySeparator(JsonGenerator g) throws IOException {
            separator(g);
        }

        /** Between two members or two elements: a comma and a new line, or Python's compact ", ". */
        private void separator(JsonGenerator g) throws IOException {
            if (indent) {
                g.writeRaw(',');
                newline(g);
            } else {
                g.writeRaw(", ");
            }
        }

        @Override
        public void writeEndObject(JsonGenerator g, int entries) throws IOException {
            close(g, entries, '}');
        }

        @Override
        public void writeStartArray(JsonGenerator g) throws IOException {
            open(g, '[');
        }

        @Override
        public void beforeArrayValues(JsonGenerator g) throws IOException {
            beforeFirst(g);
        }

        /** Objects and arrays are laid out alike, Python's way: one member or element a line when indented. */
        private void open(JsonGenerator g, char bracket) throws IOException {
            g.writeRaw(bracket);
            depth++;
        }

        private void beforeFirst(JsonGenerator g) throws IOException {
            if (indent) {
                newline(g);
            }
        }

        /** An empty container stays {@code {}} / {@code []} on one line, as json.dumps writes it. */
        private void close(JsonGenerator g, int count, char bracket) throws IOException {
            depth--;
            if (indent && count > 0) {
                newline(g);
            }
            g.writeRaw(bracket);
        }

        @Override
        public void writeArrayValueSeparator(JsonGenerator g) throws IOException {
            separator(g);
        }

        @Override
        public void writeEndArray(JsonGenerator g, int values) throws IOException {
            close(g, values, ']');
        }
    }
}
