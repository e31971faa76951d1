package dev.dbprint.mcp.print.yaml;

import java.math.BigDecimal;
import java.math.BigInteger;
import java.nio.ByteBuffer;
import java.nio.CharBuffer;
import java.nio.charset.CharsetDecoder;
import java.nio.charset.CoderResult;
import java.nio.charset.CodingErrorAction;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Collection;
import java.util.IdentityHashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;

import org.yaml.snakeyaml.LoaderOptions;
import org.yaml.snakeyaml.composer.Composer;
import org.yaml.snakeyaml.constructor.AbstractConstruct;
import org.yaml.snakeyaml.constructor.SafeConstructor;
import org.yaml.snakeyaml.error.Mark;
import org.yaml.snakeyaml.error.MarkedYAMLException;
import org.yaml.snakeyaml.error.YAMLException;
import org.yaml.snakeyaml.nodes.Node;
import org.yaml.snakeyaml.nodes.ScalarNode;
import org.yaml.snakeyaml.nodes.Tag;
import org.yaml.snakeyaml.parser.ParserImpl;
import org.yaml.snakeyaml.reader.StreamReader;
import org.yaml.snakeyaml.resolver.Resolver;

import dev.dbprint.mcp.error.PrintError;

/**
 * Parses print YAML into a plain tree, with the loader hardened against hostile input.
 * <p>
 * The tree holds only: {@code LinkedHashMap<String,Object>} (file key order; a non-string key becomes
 * {@link #keyText(Object)} of its value), {@code ArrayList<Object>}, {@code String}, {@code Boolean}, {@code Long} or
 * {@code BigInteger} (integers), {@code BigDecimal} (floats), {@code Double} (only {@code .inf}, {@code -.inf},
 * {@code .nan}) and {@code null}.
 * <p>
 * <b>Numbers keep their spelling.</b> A float is a {@link BigDecimal} built from the scalar text (underscores removed), so
 * its scale is the file's: {@code 12.50} stays {@code 12.50}, {@code 0.00001} stays {@code 0.00001}, and
 * {@link BigDecimal#toPlainString()} reproduces a positional spelling exactly. An exponent spelling is turned positional
 * ({@code 6.6e-05} reads back as {@code 0.000066}, {@code 1.0e-05} as {@code 0.000010}); a leading {@code +} or leading
 * zeros are not kept. {@link #spell(Object)} is the one function that spells a parsed scalar back.
 * <p>
 * <b>Timestamps stay strings.</b> An implicit or explicit {@code !!timestamp} is the scalar text as written (never a
 * {@code java.util.Date}); {@code !!binary} likewise stays its base64 text, {@code !!set} becomes a mapping to nulls,
 * {@code !!pairs} a list of two-element lists.
 * <p>
 * Limits: no recursive keys and no recursive structures at all, nesting depth {@value #NESTING_DEPTH_LIMIT}, at most
 * {@value #CODE_POINT_LIMIT} code points (64 MiB of text: real statistics files with long value lists and sketches run
 * to megabytes, this leaves an order of magnitude headroom while still bounding memory), duplicate keys refused, and
 * aliases adding at most {@value #ALIAS_EXPANSION_LIMIT} nodes and {@value #ALIAS_TEXT_LIMIT} characters to what the
 * file writes out ({@link AliasBudget}); how many aliases there are is not limited. Input must be UTF-8 (a leading BOM
 * is accepted).
 * <p>
 * Thread-safe: a snakeyaml {@code Yaml} is not, so one is built per parse.
 */
public final class YamlLoader {

    /** Largest document accepted, in code points: 64 MiB. */
    public static final int CODE_POINT_LIMIT = 64 * 1024 * 1024;
    public static final int NESTING_DEPTH_LIMIT = 100;
    /** Nodes a document's aliases may add, in total, once each is expanded into a copy of the node it names. */
    public static final int ALIAS_EXPANSION_LIMIT = 1_000_000;
    /**
     * Characters of scalar text a document's aliases may add, in total: 16 Mi, a quarter of what a file may write out,
     * and far beyond what repeating a print's small mappings comes to.
     */
    public static final int ALIAS_TEXT_LIMIT = 16 * 1024 * 1024;

    /**
     * Heap a parse may take per byte of YAML, at most: the decoded text, snakeyaml's node graph and the plain tree of a
     * dense file (a long list of small mappings) come to about twelve times the file; twenty leaves room for what
     * else the heap holds. A larger file is refused before parsing, since an OutOfMemoryError can strike any thread.
     */
    static final int HEAP_PER_YAML_BYTE = 20;

    private final int codePointLimit;
    private final long maxParseBytes;

    public YamlLoader() {
        this(CODE_POINT_LIMIT, Runtime.getRuntime().maxMemory() / HEAP_PER_YAML_BYTE);
    }

    /** For tests: a lower code point limit. */
    YamlLoader(int codePointLimit) {
        this(codePointLimit, Long.MAX_VALUE);
    }

    /** For tests: a lower code point limit and a heap that parses at most {@code maxParseBytes} of YAML. */
    YamlLoader(int codePointLimit, long maxParseBytes) {
        this.codePointLimit = codePointLimit;
        this.maxParseBytes = maxParseBytes;
    }

    /**
     * Parses {@code bytes} (the content of {@code path}) into a plain tree.
     *
     * @throws PrintError of kind {@link PrintError.Kind#PARSE}, message {@code <path>: YAML parse error: <message>}
     */
    public Object load(Path path, byte[] bytes) {
        refuseUpFront(path, bytes);
        return parse(path, bytes);
    }

    /**
     * As {@link #load}, sooner for a file that lies inside {@link YamlSkim}'s subset (dbprint's manifest and
     * annotation files mostly do): when the skim proves the whole document and reads every scalar with certainty, its
     * tree, which is the parser's; else the parse. The same tree, or the same error, as {@link #load}.
     */
    public Object loadSkimFirst(Path path, byte[] bytes) {
        refuseUpFront(path, bytes);
        // within the code point limit however the bytes decode: past it, only the parser says where it failed
        Object tree = bytes.length <= codePointLimit ? YamlSkim.tree(bytes, YamlSkim.WHOLE) : null;
        return tree != null ? tree : parse(path, bytes);
    }

    private void refuseUpFront(Path path, byte[] bytes) {
        if (bytes.length > 4L * codePointLimit) {
            throw PrintError.parse(path, "The incoming YAML document exceeds the limit: " + codePointLimit + " code points.");
        }
        if (bytes.length > maxParseBytes) {
            throw tooLargeToParse(path, bytes.length);
        }
    }

    private Object parse(Path path, byte[] bytes) {
        String text = decodeUtf8(path, bytes);
        Object constructed;
        try {
            constructed = construct(path, text);
        } catch (YAMLException e) {
            throw PrintError.parse(path, describe(e));
        } catch (StackOverflowError e) {
            throw PrintError.parse(path, "document nests too deeply");
        }
        return new Normalizer(path).normalize(constructed);
    }

    /** The error of a file this heap cannot parse: refused up front, or found out by an OutOfMemoryError. */
    public static PrintError tooLargeToParse(Path path, long bytes) {
        return PrintError.io(path, "file too large to parse in this server's memory (" + bytes + " bytes)");
    }

    /** What {@code Yaml.load} does, its parser's events passed through an {@link AliasBudget}. */
    private Object construct(Path path, String text) {
        LoaderOptions options = options();
        Composer composer = new Composer(new AliasBudget(new ParserImpl(new StreamReader(text), options), path,
                ALIAS_EXPANSION_LIMIT, ALIAS_TEXT_LIMIT), new Resolver(), options);
        PrintConstructor constructor = new PrintConstructor(options);
        constructor.setComposer(composer);
        return constructor.getSingleData(Object.class);
    }

    private LoaderOptions options() {
        LoaderOptions options = new LoaderOptions();
        // AliasBudget bounds what aliases expand to; their number alone says nothing of it
        options.setMaxAliasesForCollections(Integer.MAX_VALUE);
        options.setAllowRecursiveKeys(false);
        options.setNestingDepthLimit(NESTING_DEPTH_LIMIT);
        options.setCodePointLimit(codePointLimit);
        options.setAllowDuplicateKeys(false);
        options.setProcessComments(false);
        options.setWrappedToRootException(false);
        return options;
    }

    private static String decodeUtf8(Path path, byte[] bytes) {
        CharsetDecoder decoder = StandardCharsets.UTF_8.newDecoder()
                .onMalformedInput(CodingErrorAction.REPORT)
                .onUnmappableCharacter(CodingErrorAction.REPORT);
        ByteBuffer in = ByteBuffer.wrap(bytes);
        CharBuffer out = CharBuffer.allocate(bytes.length);
        CoderResult result = decoder.decode(in, out, true);
        if (!result.isError()) {
            result = decoder.flush(out);
        }
        if (result.isError()) {
            throw PrintError.parse(path, "invalid UTF-8 byte sequence at byte offset " + in.position());
        }
        out.flip();
        if (out.length() > 0 && out.charAt(0) == '\uFEFF') {
            out.position(1);
        }
        return out.toString();
    }

    /** snakeyaml's problem text on one line: {@code <context> (line l, column c): <problem> (line l, column c)}. */
    static String describe(YAMLException e) {
        String text;
        if (e instanceof MarkedYAMLException m) {
            StringBuilder sb = new StringBuilder();
            if (m.getContext() != null) {
                sb.append(m.getContext());
                appendMark(sb, m.getContextMark());
                sb.append(": ");
            }
            sb.append(m.getProblem() == null ? "invalid YAML" : m.getProblem());
            appendMark(sb, m.getProblemMark());
            text = sb.toString();
        } else {
            text = e.getMessage() == null ? e.getClass().getSimpleName() : e.getMessage();
        }
        return text.replaceAll("\\s+", " ").trim();
    }

    private static void appendMark(StringBuilder sb, Mark mark) {
        if (mark != null) {
            sb.append(" (line ").append(mark.getLine() + 1).append(", column ").append(mark.getColumn() + 1).append(')');
        }
    }

    /**
     * The text of a parsed scalar as the file spelled it where that is recoverable: a float positionally at its written
     * scale, an integer in decimal, a string as itself, {@code null} as {@code null}.
     */
    public static String spell(Object scalar) {
        if (scalar instanceof BigDecimal d) {
            return d.toPlainString();
        }
        if (scalar instanceof Double d) {
            if (d.isNaN()) {
                return ".nan";
            }
            return d > 0 ? ".inf" : "-.inf";
        }
        return String.valueOf(scalar);
    }

    /** How a non-string mapping key becomes a string key. */
    public static String keyText(Object key) {
        return key instanceof String s ? s : spell(key);
    }

    /** SafeConstructor with floats as BigDecimal and timestamps/binary kept as scalar text. */
    private static final class PrintConstructor extends SafeConstructor {

        PrintConstructor(LoaderOptions options) {
            super(options);
            // what the Yaml facade would copy from the options, which this loader does not go through
            setAllowDuplicateKeys(options.isAllowDuplicateKeys());
            setWrappedToRootException(options.isWrappedToRootException());
            ConstructYamlFloat doubles = new ConstructYamlFloat();
            this.yamlConstructors.put(Tag.FLOAT, new AbstractConstruct() {

                @Override
                public Object construct(Node node) {
                    String text = constructScalar((ScalarNode) node).replace("_", "");
                    String lower = text.toLowerCase(Locale.ROOT);
                    if (lower.endsWith(".inf") || lower.equals(".nan") || text.indexOf(':') >= 0) {
                        Object d = doubles.construct(node);
                        return text.indexOf(':') >= 0 && d instanceof Double dd && Double.isFinite(dd)
                                ? BigDecimal.valueOf(dd)
                                : d;
                    }
                    try {
                        return new BigDecimal(text);
                    } catch (NumberFormatException e) {
                        return doubles.construct(node);
                    }
                }
            });
            AbstractConstruct scalarText = new AbstractConstruct() {

                @Override
                public Object construct(Node node) {
                    return constructScalar((ScalarNode) node);
                }
            };
            this.yamlConstructors.put(Tag.TIMESTAMP, scalarText);
            this.yamlConstructors.put(Tag.BINARY, scalarText);
        }
    }

    /** Copies the constructed graph into a plain tree, each alias into a copy of its own; refuses cycles. */
    private static final class Normalizer {

        private final Path path;
        private final IdentityHashMap<Object, Boolean> ancestors = new IdentityHashMap<>();

        Normalizer(Path path) {
            this.path = path;
        }

        Object normalize(Object o) {
            if (o == null || o instanceof String || o instanceof Boolean || o instanceof Long || o instanceof BigInteger
                    || o instanceof BigDecimal || o instanceof Double) {
                return o;
            }
            if (o instanceof Integer i) {
                return i.longValue();
            }
            if (o instanceof Number n) {
                return new BigDecimal(n.toString());
            }
            if (o instanceof Map<?, ?> || o instanceof Collection<?> || o instanceof Object[]) {
                return container(o);
            }
            return String.valueOf(o);
        }

        private Object container(Object o) {
            if (ancestors.containsKey(o)) {
                throw PrintError.parse(path, "recursive alias: a node contains an alias to itself or to an ancestor");
            }
            ancestors.put(o, Boolean.TRUE);
            try {
                if (o instanceof Map<?, ?> map) {
                    LinkedHashMap<String, Object> out = new LinkedHashMap<>(Math.max(4, map.size() * 4 / 3 + 1));
                    for (Map.Entry<?, ?> e : map.entrySet()) {
                        Object rawKey = e.getKey();
                        String key = rawKey instanceof Map<?, ?> || rawKey instanceof Collection<?>
                                ? String.valueOf(normalize(rawKey))
                                : keyText(rawKey instanceof Integer i ? (Object) i.longValue() : rawKey);
                        if (out.containsKey(key)) {
                            throw PrintError.parse(path, "found duplicate key " + key + " (after reading keys as strings)");
                        }
                        out.put(key, normalize(e.getValue()));
                    }
                    return out;
                }
                if (o instanceof Set<?> set) {
                    LinkedHashMap<String, Object> out = new LinkedHashMap<>();
                    for (Object k : set) {
                        out.put(keyText(k), null);
                    }
                    return out;
                }
                Collection<?> items = o instanceof Object[] arr ? Arrays.asList(arr) : (Collection<?>) o;
                List<Object> out = new ArrayList<>(items.size());
                for (Object item : items) {
                    out.add(normalize(item));
                }
                return out;
            } finally {
                ancestors.remove(o);
            }
        }
    }
}
