package dev.dbprint.mcp.reference;

import java.io.IOException;
import java.io.InputStream;
import java.nio.ByteBuffer;
import java.nio.charset.CharacterCodingException;
import java.nio.charset.CodingErrorAction;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.BasicFileAttributes;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.EnumMap;
import java.util.HexFormat;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;

import jakarta.enterprise.context.ApplicationScoped;
import jakarta.inject.Inject;

import dev.dbprint.mcp.config.DbprintConfig;
import dev.dbprint.mcp.error.DetailedFault;
import dev.dbprint.mcp.error.ErrorCatalog;

/**
 * The three reference documents (spec §3.2, §4.6), read lazily — nothing is loaded or parsed at start-up — and kept
 * once read. By default the copies packaged at {@code dbprint/reference/<document>.md} on the classpath, which never
 * change; with {@code dbprint.reference.directory} set, {@code <directory>/<document>.md}, re-read when the file's size
 * or modification time moves, so a long-running server serves what is on disk.
 *
 * <p>
 * {@link #text}, {@link #bytes} and {@link #version} are what the {@code dbprint:///reference/spec} and
 * {@code .../assertions} resources serve: the same bytes get_reference slices.
 */
@ApplicationScoped
public class ReferenceDocuments {

    static final String CLASSPATH = "dbprint/reference/";

    /** One document as read: its bytes, their UTF-8 text, a digest naming this revision, and its heading tree. */
    public static final class Loaded {

        private final ReferenceDocument document;
        private final byte[] bytes;
        private final String text;
        private final String version;
        private final Object stamp;
        private volatile Sections sections;

        private Loaded(ReferenceDocument document, byte[] bytes, String text, Object stamp) {
            this.document = document;
            this.bytes = bytes;
            this.text = text;
            this.version = sha256(bytes);
            this.stamp = stamp;
        }

        public ReferenceDocument document() {
            return document;
        }

        /** The file's bytes, unchanged (a copy). */
        public byte[] bytes() {
            return bytes.clone();
        }

        public String text() {
            return text;
        }

        /** SHA-256 of the bytes, in hex: identifies this revision of the document (the cursor pins it). */
        public String version() {
            return version;
        }

        /** The heading tree, parsed on first use. */
        public Sections sections() {
            Sections s = sections;
            if (s == null) {
                s = Sections.parse(document, text);
                sections = s;
            }
            return s;
        }
    }

    private final Optional<Path> directory;
    private final Map<ReferenceDocument, Loaded> cache = new EnumMap<>(ReferenceDocument.class);

    @Inject
    public ReferenceDocuments(DbprintConfig config) {
        this(config.reference().directory().filter(d -> !d.isBlank()).map(Path::of));
    }

    /** Documents from {@code directory}, or from the classpath when it is empty. */
    public ReferenceDocuments(Optional<Path> directory) {
        this.directory = Objects.requireNonNull(directory);
    }

    /** The document as it is now: read on first use, re-read from an operator directory when the file changed. */
    public Loaded get(ReferenceDocument document) {
        Object stamp = directory.isPresent() ? stamp(file(document)) : CLASSPATH;
        synchronized (cache) {
            Loaded cached = cache.get(document);
            if (cached != null && cached.stamp.equals(stamp)) {
                return cached;
            }
        }
        Loaded loaded = directory.isPresent() ? readFile(document, stamp) : readClasspath(document);
        synchronized (cache) {
            cache.put(document, loaded);
        }
        return loaded;
    }

    public String text(ReferenceDocument document) {
        return get(document).text();
    }

    public byte[] bytes(ReferenceDocument document) {
        return get(document).bytes();
    }

    /** {@link Loaded#version()} of the document as it is now. */
    public String version(ReferenceDocument document) {
        return get(document).version();
    }

    public Sections sections(ReferenceDocument document) {
        return get(document).sections();
    }

    /** Where the document is read from, for messages: a path, or {@code classpath:dbprint/reference/spec.md}. */
    public String source(ReferenceDocument document) {
        return directory.isPresent() ? file(document).toString() : "classpath:" + CLASSPATH + document.fileName();
    }

    private Path file(ReferenceDocument document) {
        return directory.orElseThrow().resolve(document.fileName());
    }

    private Object stamp(Path file) {
        try {
            BasicFileAttributes a = Files.readAttributes(file, BasicFileAttributes.class);
            return a.size() + "/" + a.lastModifiedTime() + "/" + a.fileKey();
        } catch (IOException e) {
            throw unreadable(file.toString(), e);
        }
    }

    private Loaded readFile(ReferenceDocument document, Object stamp) {
        Path file = file(document);
        try {
            byte[] bytes = Files.readAllBytes(file);
            return new Loaded(document, bytes, decode(bytes, file.toString()), stamp);
        } catch (IOException e) {
            throw unreadable(file.toString(), e);
        }
    }

    private Loaded readClasspath(ReferenceDocument document) {
        String path = CLASSPATH + document.fileName();
        ClassLoader loader = Thread.currentThread().getContextClassLoader();
        if (loader == null) {
            loader = ReferenceDocuments.class.getClassLoader();
        }
        try (InputStream in = loader.getResourceAsStream(path)) {
            if (in == null) {
                throw new DetailedFault(ErrorCatalog.referenceNotPackaged(path));
            }
            byte[] bytes = in.readAllBytes();
            return new Loaded(document, bytes, decode(bytes, "classpath:" + path), CLASSPATH);
        } catch (IOException e) {
            throw unreadable("classpath:" + path, e);
        }
    }

    private static String decode(byte[] bytes, String where) {
        try {
            return StandardCharsets.UTF_8.newDecoder().onMalformedInput(CodingErrorAction.REPORT)
                    .onUnmappableCharacter(CodingErrorAction.REPORT).decode(ByteBuffer.wrap(bytes))
                    .toString();
        } catch (CharacterCodingException e) {
            throw new DetailedFault(ErrorCatalog.referenceNotUtf8(where), e);
        }
    }

    private static DetailedFault unreadable(String where, IOException e) {
        return new DetailedFault(ErrorCatalog.referenceUnreadable(where, e), e);
    }

    static String sha256(byte[] bytes) {
        try {
            return HexFormat.of().formatHex(MessageDigest.getInstance("SHA-256").digest(bytes));
        } catch (NoSuchAlgorithmException e) {
            throw new IllegalStateException(e);
        }
    }
}
