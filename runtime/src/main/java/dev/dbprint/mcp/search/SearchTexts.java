package dev.dbprint.mcp.search;

import java.io.ByteArrayOutputStream;
import java.io.DataOutputStream;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.BufferUnderflowException;
import java.nio.ByteBuffer;
import java.nio.charset.StandardCharsets;
import java.util.function.Predicate;

import dev.dbprint.mcp.print.files.ContainmentMemo.GroupStamps;
import dev.dbprint.mcp.print.files.FileIdentity;
import dev.dbprint.mcp.print.files.PlainEntries.Stamp;
import dev.dbprint.mcp.print.index.TreeStore;

/**
 * What a walk found of every table, in one payload the on-disk index keeps beside the manifest it was derived under:
 * each table's search text, with the identities of the two statistics files it was derived from, and the stamps of the
 * table's directory and its parent when its declared files were last found no link. A fresh process's first search
 * then rules most tables out on their text without taking, let alone decoding, one search record per table
 * ({@link TableIndexRecord}), and confirms each entry inside the root from two directory stamps instead of a stat per
 * declared file. A text answers only while both files keep those identities, which the walk stats as it would without
 * the index (§7.1), and stamps only while the directories keep them ({@code ContainmentMemo#recall}); any other table
 * is searched from its record or its files, any other entry judged path by path. With the stamps go the table's
 * directory, its two statistics files as the entry resolves them and the entry's row count ({@link Place}): such a
 * table is then walked without building its manifest entry at all, ruled out on its text or searched from its record
 * (each built entry weighs about 4 KB, which a walk of thousands of tables left for a young collection to copy).
 * <p>
 * A table a file of which failed by its content ({@link TableIndex.Failure#CONTENT}) is kept too, flagged: its text is
 * that of what did read, and a walk names it unreadable without taking its record. One this process may not open
 * ({@link TableIndex.Failure#ACCESS}) is not: another process may be of other groups.
 * <p>
 * Layout, big-endian: the table count; then per table in the manifest's code-point order a flags byte; the place
 * ({@link #GROUP}: the two stamps, each its device, inode, change time and when it was taken; a byte of which files
 * the entry declares, whether it gives a row count and whether statistics.annotations.yaml was absent; the three paths
 * relative to the root, each a length and UTF-8 bytes; the row count, when given); and ({@link #KNOWN}) each identity the flags name ({@link #STATISTICS},
 * {@link #ANNOTATIONS}: five longs), then the text's length and UTF-8 bytes. Bytes that are not such a payload decode
 * to null.
 */
final class SearchTexts {

    /** The form the payload is kept in beside the manifest; a new layout takes a new name. */
    static final String FORM = TreeStore.WITH_MANIFEST + "search-texts-4";

    private static final int KNOWN = 1;
    private static final int LOOKS_LIKE_SWITCHED_OFF = 2;
    private static final int STATISTICS = 4;
    private static final int ANNOTATIONS = 8;
    private static final int GROUP = 16;
    /** A file of the table failed by its content at the identity kept: the table is named unreadable. */
    private static final int FAILED = 32;
    /** What only a known text's part sets. */
    private static final int TEXT_FLAGS = KNOWN | LOOKS_LIKE_SWITCHED_OFF | STATISTICS | ANNOTATIONS | FAILED;
    private static final int IDENTITY_BYTES = 5 * Long.BYTES;
    private static final int STAMPS_BYTES = 8 * Long.BYTES;
    /** In a place's declared byte: the entry declares statistics.yaml, statistics.annotations.yaml. */
    private static final int DECLARES_STATISTICS = 1;
    private static final int DECLARES_ANNOTATIONS = 2;

    /** In a place's declared byte: the entry gives a {@code row_count}, eight bytes after the paths. */
    private static final int ROW_COUNT = 4;
    /** In a place's declared byte: statistics.annotations.yaml was found absent from the directory at its stamp. */
    private static final int ANNOTATIONS_ABSENT = 8;

    /**
     * Where a table's entry puts its directory and two statistics files (relative to the connection root; statistics
     * null when the entry declares none), whether it declares statistics.annotations.yaml, its {@code row_count} (null
     * when it gives none), the stamps its directory and parent had when its declared files were last found no link, and
     * whether statistics.annotations.yaml was found absent from the directory while it had that stamp: while it has it
     * still, no name was made in it since, and a walk takes the file for absent without a system call.
     */
    record Place(GroupStamps stamps, String directory, String statistics, String annotations,
            boolean annotationsDeclared, Long rowCount, boolean annotationsAbsent) {
    }

    private final byte[] bytes;
    /** {@link #bytes} for absolute reads, which several walkers may make at once. */
    private final ByteBuffer fields;
    /** Where each table's flags byte is. */
    private final int[] at;
    /** Where each table's text part (its identities, then its text) starts. */
    private final int[] textPart;

    private SearchTexts(byte[] bytes, int[] at, int[] textPart) {
        this.bytes = bytes;
        this.fields = ByteBuffer.wrap(bytes);
        this.at = at;
        this.textPart = textPart;
    }

    /** The payload {@code bytes} hold for a manifest of {@code tables} tables, or null when they hold none. */
    static SearchTexts decode(byte[] bytes, int tables) {
        try {
            ByteBuffer in = ByteBuffer.wrap(bytes);
            if (in.getInt() != tables) {
                return null;
            }
            int[] at = new int[tables];
            int[] textPart = new int[tables];
            // each table passed by a method of its own, which C1 compiles after a few hundred tables: this method runs
            // once, so its loop stays interpreted to the end
            for (int i = 0; i < tables; i++) {
                if (!pass(in, i, at, textPart)) {
                    return null;
                }
            }
            return in.hasRemaining() ? null : new SearchTexts(bytes, at, textPart);
        } catch (BufferUnderflowException | IllegalArgumentException e) {
            return null;
        }
    }

    /** Passes table {@code i}, noting where its flags and its text part start; false when it is not laid out so. */
    private static boolean pass(ByteBuffer in, int i, int[] at, int[] textPart) {
        at[i] = in.position();
        int flags = in.get();
        if ((flags & ~(TEXT_FLAGS | GROUP)) != 0 || (flags & KNOWN) == 0 && (flags & TEXT_FLAGS) != 0) {
            return false;
        }
        if ((flags & GROUP) != 0) {
            in.position(in.position() + STAMPS_BYTES);
            int declares = in.get();
            if ((declares & ~(DECLARES_STATISTICS | DECLARES_ANNOTATIONS | ROW_COUNT | ANNOTATIONS_ABSENT)) != 0) {
                return false;
            }
            for (int path = 0; path < 3; path++) {
                skipText(in);
            }
            in.position(in.position() + ((declares & ROW_COUNT) != 0 ? Long.BYTES : 0));
        }
        textPart[i] = in.position();
        if ((flags & KNOWN) != 0) {
            in.position(in.position() + identities(flags) * IDENTITY_BYTES);
            skipText(in);
        }
        return true;
    }

    /** Passes a length and that many bytes. */
    private static void skipText(ByteBuffer in) {
        int length = in.getInt();
        if (length < 0 || length > in.remaining()) {
            throw new IllegalArgumentException("bad length");
        }
        in.position(in.position() + length);
    }

    private static int identities(int flags) {
        return Integer.bitCount(flags & (STATISTICS | ANNOTATIONS));
    }

    private int flags(int i) {
        return bytes[at[i]];
    }

    /** Whether table {@code i}'s text is held here, at some identities. */
    boolean knows(int i) {
        return (flags(i) & KNOWN) != 0;
    }

    /**
     * Whether table {@code i}'s text was derived from its files at exactly these identities (null: no such file to
     * read), compared in place.
     */
    boolean holds(int i, FileIdentity statistics, FileIdentity annotations) {
        int flags = flags(i);
        if ((flags & KNOWN) == 0 || (flags & STATISTICS) != 0 != (statistics != null)
                || (flags & ANNOTATIONS) != 0 != (annotations != null)) {
            return false;
        }
        int from = textPart[i];
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

    /**
     * Whether table {@code i}'s text, which it {@link #knows}, was derived with its statistics.annotations.yaml present
     * (an absent file's identity is kept as {@link FileIdentity#ABSENT}).
     */
    boolean annotationsPresent(int i) {
        int flags = flags(i);
        return (flags & ANNOTATIONS) != 0
                && !spells(textPart[i] + ((flags & STATISTICS) != 0 ? IDENTITY_BYTES : 0), FileIdentity.ABSENT);
    }

    /**
     * Whether a file of table {@code i}, which {@link #holds}, failed by its content at the identity kept
     * ({@link TableIndex#failure()}): its text is that of what did read, and the table is named unreadable.
     */
    boolean failed(int i) {
        return (flags(i) & FAILED) != 0;
    }

    /** Whether statistics.yaml of table {@code i}, which {@link #holds}, lists {@code looks_like} in {@code disabled}. */
    boolean looksLikeSwitchedOff(int i) {
        return (flags(i) & LOOKS_LIKE_SWITCHED_OFF) != 0;
    }

    /** As {@link TableIndex#mayContain} for table {@code i}, which {@link #holds}: its UTF-8 text searched in place. */
    boolean mayContain(int i, String lowerText) {
        if (lowerText.indexOf(TableIndex.SEPARATOR) >= 0) {
            return true;
        }
        int start = textPart[i] + identities(flags(i)) * IDENTITY_BYTES;
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

    /** The stamps table {@code i}'s entry was last found inside the root at, or null. */
    GroupStamps group(int i) {
        if ((flags(i) & GROUP) == 0) {
            return null;
        }
        int from = at[i] + 1;
        return new GroupStamps(stamp(from), stamp(from + 4 * Long.BYTES));
    }

    /** Where table {@code i}'s entry puts its files, with its {@link #group stamps}; null when none is kept. */
    Place place(int i) {
        GroupStamps stamps = group(i);
        if (stamps == null) {
            return null;
        }
        int from = at[i] + 1 + STAMPS_BYTES;
        int declares = bytes[from++];
        String[] paths = new String[3];
        for (int path = 0; path < 3; path++) {
            int length = fields.getInt(from);
            paths[path] = new String(bytes, from + 4, length, StandardCharsets.UTF_8);
            from += 4 + length;
        }
        return new Place(stamps, paths[0], (declares & DECLARES_STATISTICS) != 0 ? paths[1] : null, paths[2],
                (declares & DECLARES_ANNOTATIONS) != 0, (declares & ROW_COUNT) != 0 ? fields.getLong(from) : null,
                (declares & ANNOTATIONS_ABSENT) != 0);
    }

    private Stamp stamp(int from) {
        return new Stamp(fields.getLong(from), fields.getLong(from + 8), fields.getLong(from + 16),
                fields.getLong(from + 24));
    }

    /**
     * The payload for these tables, in the manifest's code-point order: each table's group as given, and its text from
     * its index as found (at the identities its text was derived at) when {@code keeps} each of them (none within the
     * racy window), else — for a table not found and {@code kept} knows — as kept, else none (a table searched from its
     * record or files on every first search).
     */
    static byte[] encode(TableIndex[] indexes, Place[] groups, SearchTexts kept, Predicate<FileIdentity> keeps) {
        ByteArrayOutputStream buffer = new ByteArrayOutputStream(1 << 16);
        DataOutputStream out = new DataOutputStream(buffer);
        try {
            out.writeInt(indexes.length);
            for (int i = 0; i < indexes.length; i++) {
                // a failure of this process's access is kept in its memory alone, as TableIndexRecord keeps it
                byte[] text = indexes[i] == null || !keptAt(indexes[i], keeps)
                        || indexes[i].failure() == TableIndex.Failure.ACCESS ? null : exact(indexes[i].text());
                int flags = groups[i] != null ? GROUP : 0;
                if (text != null) {
                    flags |= KNOWN | (indexes[i].looksLikeSwitchedOff() ? LOOKS_LIKE_SWITCHED_OFF : 0)
                            | (indexes[i].failure() == TableIndex.Failure.CONTENT ? FAILED : 0)
                            | (indexes[i].statistics() != null ? STATISTICS : 0)
                            | (indexes[i].annotations() != null ? ANNOTATIONS : 0);
                } else if (indexes[i] == null && kept != null && kept.knows(i)) {
                    flags |= kept.flags(i) & TEXT_FLAGS;
                }
                out.writeByte(flags);
                if (groups[i] != null) {
                    write(out, groups[i]);
                }
                if (text != null) {
                    write(out, indexes[i].statistics());
                    write(out, indexes[i].annotations());
                    out.writeInt(text.length);
                    out.write(text);
                } else if ((flags & KNOWN) != 0) {
                    int from = kept.textPart[i];
                    int end = i + 1 < kept.at.length ? kept.at[i + 1] : kept.bytes.length;
                    out.write(kept.bytes, from, end - from);
                }
            }
        } catch (IOException e) {
            throw new UncheckedIOException(e); // not thrown by a stream into memory
        }
        return buffer.toByteArray();
    }

    /** Whether a later process may trust {@code index}'s text at the identities it was derived at. */
    static boolean keptAt(TableIndex index, Predicate<FileIdentity> keeps) {
        return (index.statistics() == null || keeps.test(index.statistics()))
                && (index.annotations() == null || keeps.test(index.annotations()));
    }

    /** {@code text} in UTF-8, or null when a lone surrogate (a note may hold one) does not survive it. */
    private static byte[] exact(String text) {
        byte[] utf8 = text.getBytes(StandardCharsets.UTF_8);
        return new String(utf8, StandardCharsets.UTF_8).equals(text) ? utf8 : null;
    }

    private static void write(DataOutputStream out, FileIdentity identity) throws IOException {
        if (identity != null) {
            out.writeLong(identity.dev());
            out.writeLong(identity.ino());
            out.writeLong(identity.size());
            out.writeLong(identity.mtimeNanos());
            out.writeLong(identity.ctimeNanos());
        }
    }

    private static void write(DataOutputStream out, Place place) throws IOException {
        write(out, place.stamps().parent());
        write(out, place.stamps().directory());
        out.writeByte((place.statistics() != null ? DECLARES_STATISTICS : 0)
                | (place.annotationsDeclared() ? DECLARES_ANNOTATIONS : 0) | (place.rowCount() != null ? ROW_COUNT : 0)
                | (place.annotationsAbsent() ? ANNOTATIONS_ABSENT : 0));
        for (String path : new String[]{place.directory(), place.statistics() == null ? "" : place.statistics(),
                place.annotations()}) {
            byte[] utf8 = path.getBytes(StandardCharsets.UTF_8);
            out.writeInt(utf8.length);
            out.write(utf8);
        }
        if (place.rowCount() != null) {
            out.writeLong(place.rowCount());
        }
    }

    private static void write(DataOutputStream out, Stamp stamp) throws IOException {
        out.writeLong(stamp.dev());
        out.writeLong(stamp.ino());
        out.writeLong(stamp.ctimeNanos());
        out.writeLong(stamp.takenMillis());
    }
}
