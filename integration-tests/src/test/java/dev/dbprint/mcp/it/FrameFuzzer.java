package dev.dbprint.mcp.it;

import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.Iterator;
import java.util.List;
import java.util.Map;
import java.util.Random;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.ObjectNode;

/**
 * A seeded generator of JSON-RPC frames for one server: malformed JSON, wrong {@code jsonrpc}, odd {@code id} types,
 * huge strings, deep nesting, wrong-typed {@code params}, unknown methods, every advertised tool with random argument
 * values and every §3.2 resource URI shape with random queries. The same seed and surface give the same frames.
 *
 * <p>
 * Each frame says what the dispatcher's rules promise for it, so a test can account for every reply: a
 * {@link Expect#TRACKED} frame is an object with a unique string id, answered exactly once with that id; a
 * {@link Expect#NULL_ID} frame cannot be attributed (not JSON, not an object, an unusable id, over the size limit) and is
 * answered once with id null; a {@link Expect#SILENT} frame (a notification, a client's response) is never answered.
 * No frame holds a raw newline, so each is one stdio line.
 */
public final class FrameFuzzer {

    /** What the server answers a frame with. */
    public enum Expect {
        TRACKED, NULL_ID, SILENT
    }

    public record Frame(byte[] bytes, Expect expect, String id, String kind) {

        public String text() {
            return new String(bytes, StandardCharsets.UTF_8);
        }
    }

    /**
     * What the server serves: each tool's name and inputSchema (from tools/list), connection names, table FQNs. Names
     * outside these sets are generated too.
     */
    public record Surface(Map<String, JsonNode> tools, List<String> connections, List<String> tables) {
    }

    /** The frame size limit (dbprint.max-message-bytes default). */
    public static final int LIMIT_BYTES = 4 * 1024 * 1024;
    /** Below Jackson's default nesting limit (1000) with margin: parses; above {@link #DEEP_FAIL}: refused. */
    static final int DEEP_OK = 400;
    static final int DEEP_FAIL = 1500;

    static final List<String> ARTIFACTS = List.of("ddl", "statistics", "relationships", "description",
            "statistics_annotations", "relationships_annotations");
    static final List<String> CONNECTION_ARTIFACTS = List.of("manifest", "diff", "reading", "manifest_annotations");
    static final List<String> METHODS = List.of("initialize", "ping", "tools/list", "tools/call", "resources/list",
            "resources/read", "resources/templates/list", "completion/complete");
    static final List<String> TEMPLATES = List.of("dbprint:///reference/{document}{?page,version}",
            "dbprint://{connection}/manifest{?page,version}", "dbprint://{connection}/{table}/statistics{?page,version}",
            "dbprint://{connection}/{table}/description{?page,version}");
    static final List<String> VARIABLES = List.of("connection", "table", "document", "page", "version");

    private static final JsonNodeFactory F = JsonNodeFactory.instance;

    private final Random random;
    private final Surface surface;
    private final List<String> toolNames;
    private final String tag;
    private int serial;

    /** {@code tag} keeps ids from two fuzzers in one server apart. */
    public FrameFuzzer(long seed, Surface surface, String tag) {
        this.random = new Random(seed);
        this.surface = surface;
        this.toolNames = new ArrayList<>(surface.tools().keySet());
        this.tag = tag;
    }

    public Iterator<Frame> frames(int count) {
        return new Iterator<>() {

            int made;

            @Override
            public boolean hasNext() {
                return made < count;
            }

            @Override
            public Frame next() {
                made++;
                return next0();
            }
        };
    }

    Frame next0() {
        int roll = random.nextInt(1000);
        if (roll < 250) {
            return tracked("tool", toolCall());
        } else if (roll < 430) {
            return tracked("resource", resourceRead());
        } else if (roll < 500) {
            return tracked("method", random.nextInt(3) == 0 ? completion() : simpleMethod());
        } else if (roll < 570) {
            return malformed();
        } else if (roll < 630) {
            return wrongJsonrpc();
        } else if (roll < 700) {
            return oddId();
        } else if (roll < 760) {
            return wrongTypedParams();
        } else if (roll < 810) {
            return unknownMethod();
        } else if (roll < 870) {
            return deep();
        } else if (roll < 930) {
            return silent();
        } else if (roll < 960) {
            return batch();
        } else if (roll < 990) {
            return oddText();
        }
        return huge();
    }

    // ---- tracked requests: an object with a fresh string id ----

    private String nextId() {
        return tag + "-" + (++serial);
    }

    private Frame tracked(String kind, ObjectNode message) {
        String id = nextId();
        message.put("id", id);
        return new Frame(bytes(message), Expect.TRACKED, id, kind);
    }

    private static ObjectNode envelope(String method) {
        return F.objectNode().put("jsonrpc", "2.0").put("method", method);
    }

    private ObjectNode toolCall() {
        ObjectNode m = envelope("tools/call");
        ObjectNode params = m.putObject("params");
        String name = random.nextInt(20) == 0 ? randomWord() : pick(toolNames);
        params.put("name", name);
        JsonNode schema = surface.tools().get(name);
        if (random.nextInt(30) == 0) {
            return m; // no arguments at all
        }
        params.set("arguments", arguments(schema));
        return m;
    }

    /** Arguments for a tool from its schema: each declared key valid, near-valid or random; sometimes extra or missing. */
    ObjectNode arguments(JsonNode schema) {
        ObjectNode args = F.objectNode();
        JsonNode properties = schema == null ? F.objectNode() : schema.path("properties");
        properties.fieldNames().forEachRemaining(key -> {
            if (random.nextInt(3) == 0) {
                return;
            }
            args.set(key, valueFor(key, properties.get(key)));
        });
        if (random.nextInt(6) == 0) {
            args.set(randomWord(), randomValue(2));
        }
        return args;
    }

    private JsonNode valueFor(String key, JsonNode property) {
        int roll = random.nextInt(10);
        if (roll < 3) {
            return randomValue(2);
        }
        JsonNode values = property.path("enum");
        if (values.isArray() && values.size() > 0) {
            String v = values.get(random.nextInt(values.size())).asText();
            return F.textNode(roll < 6 ? v : flipCase(v));
        }
        if ("boolean".equals(property.path("type").asText())) {
            return F.booleanNode(random.nextBoolean());
        }
        return F.textNode(switch (key) {
            case "table" -> tableName();
            case "connection" -> roll < 8 ? pick(surface.connections()) : randomWord();
            case "pattern", "classification", "sql_type", "sensitivity", "looks_like", "redacted" -> glob();
            case "cursor" -> cursor();
            case "section" -> random.nextBoolean()
                    ? random.nextInt(10) + "." + random.nextInt(10)
                    : "\u00a7" + random.nextInt(5) + "." + random.nextInt(5);
            default -> roll < 8 ? randomWord() : weirdString();
        });
    }

    private String tableName() {
        if (surface.tables().isEmpty() || random.nextInt(4) == 0) {
            return random.nextBoolean() ? randomWord() + "." + randomWord() : weirdString();
        }
        String t = pick(surface.tables());
        return switch (random.nextInt(6)) {
            case 0 -> t.toUpperCase();
            case 1 -> t.replace('.', '/');
            case 2 -> t + ".";
            default -> t;
        };
    }

    private String glob() {
        return switch (random.nextInt(6)) {
            case 0 -> "*";
            case 1 -> "[";
            case 2 -> "[!a-";
            case 3 -> "*" + randomWord() + "*";
            case 4 -> "?".repeat(1 + random.nextInt(40));
            default -> "[" + "]".repeat(random.nextInt(5)) + "*";
        };
    }

    private String cursor() {
        StringBuilder b = new StringBuilder();
        String alphabet = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_=.";
        int n = random.nextInt(200);
        for (int i = 0; i < n; i++) {
            b.append(alphabet.charAt(random.nextInt(alphabet.length())));
        }
        return b.length() == 0 ? "x" : b.toString();
    }

    private ObjectNode resourceRead() {
        ObjectNode m = envelope("resources/read");
        m.putObject("params").put("uri", uri());
        return m;
    }

    /** Every §3.1/§3.2 URI shape, with real and invented names and random queries, plus junk that only looks close. */
    String uri() {
        String base = switch (random.nextInt(9)) {
            case 0, 1 -> "dbprint://" + connection() + "/" + pick(CONNECTION_ARTIFACTS);
            case 2, 3, 4 -> "dbprint://" + connection() + "/" + tableName() + "/" + artifact();
            case 5 -> "dbprint:///reference/" + (random.nextBoolean()
                    ? pick(List.of("spec", "assertions"))
                    : randomWord());
            case 6 -> "dbprint://" + connection() + "/" + tableName().replace('.', '/') + "/" + artifact();
            case 7 -> pick(List.of("", "foo", "dbprint:", "dbprint://", "dbprint:///", "DBPRINT://shop/manifest",
                    "dbprint://shop/../../../etc/passwd/ddl", "dbprint://shop/%2e%2e/%2e%2e/ddl", "file:///etc/passwd",
                    "http://127.0.0.1/", "dbprint://shop/manifest/../diff", "dbprint:///reference/",
                    "dbprint:////reference/spec", "dbprint://shop//ddl", "dbprint://:80/manifest",
                    "dbprint://user@shop/manifest", "dbprint://shop/rental.bike/ddl#frag"));
            default -> "dbprint://" + weirdString() + "/" + weirdString();
        };
        return base + query();
    }

    private String connection() {
        return random.nextInt(5) == 0 ? randomWord() : pick(surface.connections());
    }

    private String artifact() {
        return random.nextInt(8) == 0 ? randomWord() : pick(ARTIFACTS);
    }

    private String query() {
        return switch (random.nextInt(10)) {
            case 0, 1, 2, 3 -> "";
            case 4 -> "?page=" + (random.nextInt(7) - 2);
            case 5 -> "?page=" + (1 + random.nextInt(4)) + "&version=" + cursor();
            case 6 -> "?version=" + cursor();
            case 7 -> "?" + randomWord() + "=" + randomWord();
            case 8 -> pick(List.of("?page=", "?page=1e3", "?page=2&page=3", "?page=1.0", "?page=%31", "?&", "?",
                    "?page=99999999999999999999", "?page=1&version=", "?page=+1", "?page=0x2"));
            default -> "?page=1&" + randomWord();
        };
    }

    private ObjectNode simpleMethod() {
        String method = pick(List.of("ping", "tools/list", "resources/list", "resources/templates/list", "initialize"));
        ObjectNode m = envelope(method);
        switch (random.nextInt(4)) {
            case 0 -> m.putObject("params").put("cursor", cursor());
            case 1 -> m.putObject("params").put("protocolVersion", randomWord());
            case 2 -> m.set("params", F.nullNode());
            default -> {
            }
        }
        return m;
    }

    /** completion/complete of a real or invented template and variable, a typed value and a filled connection. */
    private ObjectNode completion() {
        ObjectNode m = envelope("completion/complete");
        ObjectNode params = m.putObject("params");
        ObjectNode ref = params.putObject("ref");
        ref.put("type", random.nextInt(10) == 0 ? pick(List.of("ref/prompt", randomWord())) : "ref/resource");
        ref.put("uri", random.nextInt(10) == 0 ? uri() : pick(TEMPLATES));
        String typed = tableName();
        params.putObject("argument").put("name", random.nextInt(10) == 0 ? randomWord() : pick(VARIABLES))
                .put("value", random.nextInt(5) == 0 ? weirdString() : typed.substring(0, random.nextInt(typed.length() + 1)));
        if (random.nextBoolean()) {
            params.putObject("context").putObject("arguments").put("connection", connection());
        }
        return m;
    }

    private ObjectNode unknownMethodMessage() {
        String method = random.nextBoolean()
                ? pick(List.of("prompts/list", "sampling/createMessage",
                        "resources/subscribe", "logging/setLevel", "tools/call2", "Tools/List", "", " ping",
                        "Completion/Complete"))
                : randomWord() + "/" + randomWord();
        return envelope(method);
    }

    private Frame unknownMethod() {
        return tracked("unknown-method", unknownMethodMessage());
    }

    private Frame wrongJsonrpc() {
        ObjectNode m = envelope(pick(METHODS));
        switch (random.nextInt(6)) {
            case 0 -> m.put("jsonrpc", "1.0");
            case 1 -> m.put("jsonrpc", 2.0);
            case 2 -> m.set("jsonrpc", F.nullNode());
            case 3 -> m.remove("jsonrpc");
            case 4 -> m.put("jsonrpc", "2.0 ");
            default -> m.set("jsonrpc", F.arrayNode().add("2.0"));
        }
        return tracked("wrong-jsonrpc", m);
    }

    /** Ids the dispatcher cannot echo: objects, arrays, booleans; or null, which it echoes as null. */
    private Frame oddId() {
        ObjectNode m = envelope(pick(METHODS));
        switch (random.nextInt(5)) {
            case 0 -> m.set("id", F.objectNode().put("a", 1));
            case 1 -> m.set("id", F.arrayNode().add(1));
            case 2 -> m.put("id", random.nextBoolean());
            default -> m.set("id", F.nullNode());
        }
        return new Frame(bytes(m), Expect.NULL_ID, null, "odd-id");
    }

    private Frame wrongTypedParams() {
        ObjectNode m = envelope(pick(METHODS));
        switch (random.nextInt(6)) {
            case 0 -> m.set("params", F.arrayNode().add(1).add("x"));
            case 1 -> m.put("params", "tools");
            case 2 -> m.put("params", random.nextInt());
            case 3 -> {
                m.put("method", "tools/call");
                m.putObject("params").put("name", random.nextInt()).set("arguments", F.arrayNode());
            }
            case 4 -> {
                m.put("method", "tools/call");
                m.putObject("params").put("name", pick(toolNames)).put("arguments", "{}");
            }
            default -> {
                m.put("method", "resources/read");
                m.putObject("params").set("uri", randomValue(2));
            }
        }
        return tracked("wrong-params", m);
    }

    private Frame deep() {
        boolean parses = random.nextBoolean();
        int depth = parses ? 10 + random.nextInt(DEEP_OK - 10) : DEEP_FAIL + random.nextInt(5000);
        StringBuilder open = new StringBuilder();
        StringBuilder close = new StringBuilder();
        for (int i = 0; i < depth; i++) {
            boolean array = random.nextBoolean();
            open.append(array ? "[" : "{\"k\":");
            close.insert(0, array ? "]" : "}");
        }
        String nested = open + "\"leaf\"" + close;
        String id = nextId();
        // written by hand: Jackson's own writer refuses to nest past its limit, which is the point of the frame
        String text = random.nextBoolean()
                ? "{\"jsonrpc\":\"2.0\",\"id\":\"" + id + "\",\"method\":\"tools/call\",\"params\":{\"name\":\""
                        + pick(toolNames) + "\",\"arguments\":{\"" + (random.nextBoolean() ? "table" : "deep") + "\":"
                        + nested + "}}}"
                : "{\"jsonrpc\":\"2.0\",\"id\":\"" + id + "\",\"method\":\"resources/read\",\"params\":{\"uri\":"
                        + nested + "}}";
        byte[] bytes = text.getBytes(StandardCharsets.UTF_8);
        // a frame too deep to parse is never attributed to its id
        return parses ? new Frame(bytes, Expect.TRACKED, id, "deep") : new Frame(bytes, Expect.NULL_ID, null, "too-deep");
    }

    /** A string argument from 64 KiB to past the frame limit: refused whole when over it, served when under. */
    private Frame huge() {
        int size = random.nextBoolean()
                ? 64 * 1024 + random.nextInt(1024 * 1024)
                : LIMIT_BYTES + 1 + random.nextInt(512 * 1024);
        ObjectNode m = envelope(random.nextBoolean() ? "tools/call" : "resources/read");
        String big = "x".repeat(size);
        if (m.get("method").asText().equals("tools/call")) {
            m.putObject("params").put("name", pick(toolNames)).putObject("arguments").put("table", big);
        } else {
            m.putObject("params").put("uri", "dbprint://" + pick(surface.connections()) + "/" + big + "/ddl");
        }
        String id = nextId();
        m.put("id", id);
        byte[] bytes = bytes(m);
        return bytes.length > LIMIT_BYTES
                ? new Frame(bytes, Expect.NULL_ID, null, "over-limit")
                : new Frame(bytes, Expect.TRACKED, id, "huge");
    }

    /** Notifications (with or without a valid envelope) and client responses: nothing is answered. */
    private Frame silent() {
        ObjectNode m = switch (random.nextInt(5)) {
            case 0 -> envelope("notifications/initialized");
            case 1 -> envelope("notifications/cancelled");
            case 2 -> {
                ObjectNode n = envelope("tools/call");
                n.putObject("params").put("name", pick(toolNames));
                yield n;
            }
            case 3 -> F.objectNode().put("jsonrpc", "2.0").put("id", nextId()).set("result", F.objectNode());
            default -> unknownMethodMessage().put("jsonrpc", "1.0");
        };
        return new Frame(bytes(m), Expect.SILENT, null, "silent");
    }

    /** A batch of tracked requests is answered with an array of their replies. */
    private Frame batch() {
        ArrayNode batch = F.arrayNode();
        int n = 1 + random.nextInt(4);
        List<String> ids = new ArrayList<>();
        for (int i = 0; i < n; i++) {
            ObjectNode m = random.nextBoolean() ? simpleMethod() : resourceRead();
            String id = nextId();
            m.put("id", id);
            ids.add(id);
            batch.add(m);
        }
        return new Frame(bytes(batch), Expect.TRACKED, String.join(",", ids), "batch");
    }

    /** Text that is not one JSON value: truncations, garbage, unbalanced, trailing tokens, bare scalars. */
    private Frame malformed() {
        ObjectNode valid = envelope(pick(METHODS));
        valid.put("id", nextId());
        String text = ServerProcess.write(valid);
        String bad = switch (random.nextInt(8)) {
            case 0 -> text.substring(0, 1 + random.nextInt(text.length() - 1));
            case 1 -> text + pick(List.of("}", "x", "{}", " 1", "]"));
            case 2 -> "{" + text;
            case 3 -> text.replace("\"", "'");
            case 4 -> text.replace(":", "=");
            case 5 -> garbage();
            case 6 -> "\uFEFF" + text.replace("{", "{,");
            default -> pick(List.of("{", "[", "nul", "tru", "{\"jsonrpc\":", "\"unterminated", "{\"a\":1,}",
                    "NaN", "{\"id\":1 \"method\":\"ping\"}", "//comment", "'single'"));
        };
        return new Frame(bad.getBytes(StandardCharsets.UTF_8), Expect.NULL_ID, null, "malformed");
    }

    /** JSON scalars, and objects with raw invalid UTF-8 or lone surrogate escapes inside a tracked request. */
    private Frame oddText() {
        switch (random.nextInt(4)) {
            case 0 -> {
                String scalar = pick(List.of("1", "\"ping\"", "null", "true", "[]", "[1,2]", "[[]]", "-0", "1e999"));
                // [] is an empty batch (-32600, id null); [1,2] two invalid requests in one array; others one error
                return new Frame(scalar.getBytes(StandardCharsets.UTF_8), Expect.NULL_ID, null, "scalar");
            }
            case 1 -> {
                String id = nextId();
                byte[] head = ("{\"jsonrpc\":\"2.0\",\"id\":\"" + id
                        + "\",\"method\":\"tools/call\",\"params\":{\"name\":\"" + pick(toolNames)
                        + "\",\"arguments\":{\"table\":\"").getBytes(StandardCharsets.UTF_8);
                byte[] bad = {(byte) 0xff, (byte) 0xfe, (byte) 0xc3, 'a', (byte) 0xed, (byte) 0xa0, (byte) 0x80};
                byte[] tail = "\"}}}".getBytes(StandardCharsets.UTF_8);
                byte[] all = new byte[head.length + bad.length + tail.length];
                System.arraycopy(head, 0, all, 0, head.length);
                System.arraycopy(bad, 0, all, head.length, bad.length);
                System.arraycopy(tail, 0, all, head.length + bad.length, tail.length);
                return new Frame(all, Expect.TRACKED, id, "invalid-utf8");
            }
            case 2 -> {
                String id = nextId();
                String text = "{\"jsonrpc\":\"2.0\",\"id\":\"" + id + "\",\"method\":\"resources/read\",\"params\":"
                        + "{\"uri\":\"dbprint://shop/\\ud800\\udfff\\udc00/ddl\"}}";
                return new Frame(text.getBytes(StandardCharsets.UTF_8), Expect.TRACKED, id, "lone-surrogate");
            }
            default -> {
                String id = nextId();
                String text = "{\"jsonrpc\":\"2.0\",\"id\":\"" + id + "\",\"method\":\"tools/call\",\"params\":"
                        + "{\"name\":\"" + pick(toolNames) + "\",\"arguments\":{\"table\":\"\\u0000\\t\\r\\u001b[2J\","
                        + "\"connection\":\"\\u202e\"}}}";
                return new Frame(text.getBytes(StandardCharsets.UTF_8), Expect.TRACKED, id, "control-chars");
            }
        }
    }

    /** Printable noise behind an {@code @}, which no JSON value starts with. */
    private String garbage() {
        StringBuilder b = new StringBuilder("@");
        int n = random.nextInt(300);
        for (int i = 0; i < n; i++) {
            b.append((char) (32 + random.nextInt(95)));
        }
        return b.toString();
    }

    // ---- values ----

    JsonNode randomValue(int depth) {
        return switch (random.nextInt(depth > 0 ? 9 : 7)) {
            case 0 -> F.nullNode();
            case 1 -> F.booleanNode(random.nextBoolean());
            case 2 -> F.numberNode(random.nextInt());
            case 3 -> F.numberNode(random.nextDouble() * 1e300);
            case 4 -> F.textNode("");
            case 5 -> F.textNode(weirdString());
            case 6 -> F.textNode(randomWord());
            case 7 -> {
                ArrayNode a = F.arrayNode();
                int n = random.nextInt(4);
                for (int i = 0; i < n; i++) {
                    a.add(randomValue(depth - 1));
                }
                yield a;
            }
            default -> {
                ObjectNode o = F.objectNode();
                int n = random.nextInt(4);
                for (int i = 0; i < n; i++) {
                    o.set(randomWord(), randomValue(depth - 1));
                }
                yield o;
            }
        };
    }

    private String randomWord() {
        StringBuilder b = new StringBuilder();
        int n = 1 + random.nextInt(12);
        for (int i = 0; i < n; i++) {
            b.append((char) ('a' + random.nextInt(26)));
        }
        return b.toString();
    }

    /** Strings a careless parser trips on: quotes, backslashes, globs, paths, non-ASCII, very long. */
    private String weirdString() {
        return switch (random.nextInt(10)) {
            case 0 -> "'; DROP TABLE x; --";
            case 1 -> "../../../../etc/passwd";
            case 2 -> "\\\"\\\\\u0000";
            case 3 -> "\u00e9\u6f22\ud83d\ude00\u0301";
            case 4 -> "a".repeat(1 + random.nextInt(20_000));
            case 5 -> "%s%n%x{}${jndi:ldap://x}";
            case 6 -> "/etc/passwd";
            case 7 -> " ";
            case 8 -> "\u2028\u2029\u0085";
            default -> "*[?]!{}";
        };
    }

    private String flipCase(String s) {
        return random.nextBoolean() ? s.toUpperCase() : s.substring(0, 1).toUpperCase() + s.substring(1);
    }

    private <T> T pick(List<T> list) {
        return list.get(random.nextInt(list.size()));
    }

    private static byte[] bytes(JsonNode node) {
        return ServerProcess.write(node).getBytes(StandardCharsets.UTF_8);
    }
}
