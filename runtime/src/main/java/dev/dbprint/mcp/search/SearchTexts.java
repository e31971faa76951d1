package dev.dbprint.mcp.search;

import java.io.ByteArrayOutputStream;
import java.io.DataOutputStream;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.BufferUnderflowException;
import java.nio.ByteBuffer;
import java.nio.charset.StandardCharsets;

import dev.dbprint.mcp.print.files.FileIdentity;
import dev.dbprint.mcp.print.index.TreeStore;

/**
 * Every table's search text in one payload, which the on-disk index keeps beside the manifest it was derived under: a
 * fresh process's first search rules most tables out on their text without taking, let alone decoding, one search
 * record per table ({@link TableIndexRecord}). Each table's part holds the identities of the two statistics files its
 * text was derived from, so it answers only while both are as they were, which the walk stats as it would without the
 * index (§7.1); any other table is searched from its record or its files.
 * <p>
 * Layout, big-endian: the table count; then per table in the manifest's code-point order a flags byte
 * ({@link #KNOWN}, {@link #LOOKS_LIKE_SWITCHED_OFF}, and which identities follow: {@link #STATISTICS},
 * {@link #ANNOTATIONS}), each identity as five longs, and the text's length and UTF-8 bytes. A table not
 * {@link #KNOWN} has its flags byte alone. Bytes that are not such a payload decode to null.
 */
final class SearchTexts {

    /** The form the payload is kept in beside the manifest; a new layout takes a new name. */
    static final String FORM = TreeStore.WITH_MANIFEST + "search-texts-1";

    private static final int KNOWN = 1;
    private static final int LOOKS_LIKE_SWITCHED_OFF = 2;
    private static final int STATISTICS = 4;
    private static final int ANNOTATIONS = 8;
    private static final int FLAGS = KNOWN | LOOKS_LIKE_SWITCHED_OFF | STATISTICS | ANNOTATIONS;
    private static final int IDENTITY_BYTES = 5 * Long.BYTES;

    private final byte[] bytes;
    /** {@link #bytes} for absolute reads, which several walkers may make at once. */
    private final ByteBuffer fields;
    /** Where each table's flags byte is. */
    private final int[] at;

    private SearchTexts(byte[] bytes, int[] at) {
        this.bytes = bytes;
        this.fields = ByteBuffer.wrap(bytes);
        this.at = at;
    }

    /** The texts {@code bytes} hold for a manifest of {@code tables} tables, or null when they hold none. */
    static SearchTexts decode(byte[] bytes, int tables) {
        try {
            ByteBuffer in = ByteBuffer.wrap(bytes);
            if (in.getInt() != tables) {
                return null;
            }
            int[] at = new int[tables];
            for (int i = 0; i < tables; i++) {
                at[i] = in.position();
                int flags = in.get();
                if ((flags & ~FLAGS) != 0 || (flags & KNOWN) == 0 && flags != 0) {
                    return null;
                }
                if (flags != 0) {
                    int identities = Integer.bitCount(flags & (STATISTICS | ANNOTATIONS));
                    in.position(in.position() + identities * IDENTITY_BYTES);
                    int length = in.getInt();
                    if (length < 0 || length > in.remaining()) {
                        return null;
                    }
                    in.position(in.position() + length);
                }
            }
            return in.hasRemaining() ? null : new SearchTexts(bytes, at);
        } catch (BufferUnderflowException | IllegalArgumentException e) {
            return null;
        }
    }

    /** Whether table {@code i}'s text is held here, at some identities. */
    boolean knows(int i) {
        return (bytes[at[i]] & KNOWN) != 0;
    }

    /**
     * Whether table {@code i}'s text was derived from its files at exactly these identities (null: no such file to
     * read), compared in place.
     */
    boolean holds(int i, FileIdentity statistics, FileIdentity annotations) {
        int flags = bytes[at[i]];
        if ((flags & KNOWN) == 0 || (flags & STATISTICS) != 0 != (statistics != null)
                || (flags & ANNOTATIONS) != 0 != (annotations != null)) {
            return false;
        }
        int from = at[i] + 1;
        if (statistics != null) {
            if (!spells(from, statistics)) {
                return false;
            }
            from += IDENTITY_BYTES;
        }
        return annotations == null || spells(from, annotations);
    }

    private boolean spells(int from, FileIdentity identity) {
        return fields.getLong(from) == identity.dev() && fields.getLong(from + 8) == identity.ino()
                && fields.getLong(from + 16) == identity.size() && fields.getLong(from + 24) == identity.mtimeNanos()
                && fields.getLong(from + 32) == identity.ctimeNanos();
    }

    /** Whether statistics.yaml of table {@code i}, which {@link #holds}, lists {@code looks_like} in {@code disabled}. */
    boolean looksLikeSwitchedOff(int i) {
        return (bytes[at[i]] & LOOKS_LIKE_SWITCHED_OFF) != 0;
    }

    /** As {@link TableIndex#mayContain} for table {@code i}, which {@link #holds}: its UTF-8 text searched in place. */
    boolean mayContain(int i, String lowerText) {
        if (lowerText.indexOf(TableIndex.SEPARATOR) >= 0) {
            return true;
        }
        int start = at[i] + 1 + Integer.bitCount(bytes[at[i]] & (STATISTICS | ANNOTATIONS)) * IDENTITY_BYTES;
        int length = fields.getInt(start);
        // a needle that is no valid UTF-16 is spelt with a replacement here: a false may-match, which the record decides
        byte[] needle = lowerText.getBytes(StandardCharsets.UTF_8);
        int end = start + 4 + length - needle.length;
        for (int from = start + 4; from <= end; from++) {
            if (matchesAt(from, needle)) {
                return true;
            }
        }
        return false;
    }

    private boolean matchesAt(int from, byte[] needle) {
        for (int k = 0; k < needle.length; k++) {
            if (bytes[from + k] != needle[k]) {
                return false;
            }
        }
        return true;
    }

    /**
     * The texts of these tables, in the manifest's code-point order: each an index as built or taken from a record
     * (whose identities its text was derived at), else — for a table {@code kept} holds — that part of {@code kept}, else
     * nothing (a table read from its record or files on every first search).
     */
    static byte[] encode(TableIndex[] indexes, SearchTexts kept) {
        ByteArrayOutputStream buffer = new ByteArrayOutputStream(1 << 16);
        DataOutputStream out = new DataOutputStream(buffer);
        try {
            out.writeInt(indexes.length);
            for (int i = 0; i < indexes.length; i++) {
                if (indexes[i] != null) {
                    write(out, indexes[i]);
                } else if (kept != null && kept.knows(i)) {
                    int end = i + 1 < kept.at.length ? kept.at[i + 1] : kept.bytes.length;
                    out.write(kept.bytes, kept.at[i], end - kept.at[i]);
                } else {
                    out.writeByte(0);
                }
            }
        } catch (IOException e) {
            throw new UncheckedIOException(e); // not thrown by a stream into memory
        }
        return buffer.toByteArray();
    }

    private static void write(DataOutputStream out, TableIndex index) throws IOException {
        byte[] text = index.text().getBytes(StandardCharsets.UTF_8);
        if (!new String(text, StandardCharsets.UTF_8).equals(index.text())) {
            out.writeByte(0); // a lone surrogate (a note may hold one) does not survive UTF-8: the record decides
            return;
        }
        out.writeByte(KNOWN | (index.looksLikeSwitchedOff() ? LOOKS_LIKE_SWITCHED_OFF : 0)
                | (index.statistics() != null ? STATISTICS : 0) | (index.annotations() != null ? ANNOTATIONS : 0));
        for (FileIdentity identity : new FileIdentity[]{index.statistics(), index.annotations()}) {
            if (identity != null) {
                out.writeLong(identity.dev());
                out.writeLong(identity.ino());
                out.writeLong(identity.size());
                out.writeLong(identity.mtimeNanos());
                out.writeLong(identity.ctimeNanos());
            }
        }
        out.writeInt(text.length);
        out.write(text);
    }
}
