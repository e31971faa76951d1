package dev.dbprint.mcp.print.yaml;

import java.io.ByteArrayOutputStream;
import java.lang.invoke.MethodHandles;
import java.lang.invoke.VarHandle;
import java.nio.ByteOrder;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * Cuts a block-style YAML document down to the keys a reader needs, without parsing what it drops.
 * <p>
 * Most of a statistics.yaml is what no search reads — sketch payloads, value lists, histograms — and a full parse of
 * it costs far more than reading the bytes. This reader walks the document line by line, proves that every line lies
 * inside a strict subset of YAML (block mappings and sequences, single-line plain scalars, quoted scalars, {@code []} and
 * {@code {}}, a mapping value folded as dbprint folds a note ({@code >-}), printable UTF-8, no duplicate keys, no
 * tabs, comments, anchors, aliases, tags, other block scalars or flow collections), and copies the lines a
 * {@link Rule} keeps, verbatim, into a smaller document that {@link YamlLoader} then parses as usual. Every document in
 * the subset is valid YAML, so the kept keys parse to exactly what a full parse gives them. A document the reader
 * cannot prove — anything outside the subset, valid or not — yields {@code null}, and the caller parses the whole file,
 * so any error is the full parser's own.
 * <p>
 * A kept mapping whose every entry was dropped is written {@code {}}, so it still reads as a mapping; so is the top
 * level when the rule keeps none of its keys.
 * <p>
 * Beside the kept document it builds the tree the loader would build of it, while every kept scalar is one whose value
 * is certain without the loader ({@link SkimScalar}): the caller then parses nothing at all. The tree is left out,
 * and the kept document is all there is, as soon as one is not.
 */
public final class YamlSkim {

    /** What to do with a mapping key's entry. */
    public enum Action {
        /** Copy the entry whole. */
        KEEP,
        /** Keep the key; its entries (when its value is a mapping) are judged by the rule one level down. */
        DESCEND,
        /** Leave the entry out. */
        DROP
    }

    /**
     * Which entries to keep: {@link #action} of a key in a mapping reached in rule state {@code state} (0 at the top
     * level), and the state a {@link Action#DESCEND}ed key's mapping is judged in.
     */
    public interface Rule {

        Action action(int state, byte[] doc, int keyStart, int keyEnd);

        int child(int state, byte[] doc, int keyStart, int keyEnd);
    }

    /**
     * What a skim proved of a document.
     *
     * @param bytes the kept document
     * @param tree the plain tree {@link YamlLoader} builds of {@code bytes}, or null when a kept scalar's value is not
     *        certain without it
     */
    public record Cut(byte[] bytes, Object tree) {
    }

    /** Keeps every entry: the whole document proven, and its tree built. */
    public static final Rule WHOLE = new Rule() {

        @Override
        public Action action(int state, byte[] doc, int keyStart, int keyEnd) {
            return Action.KEEP;
        }

        @Override
        public int child(int state, byte[] doc, int keyStart, int keyEnd) {
            return 0;
        }
    };

    /** Deepest nesting followed before giving up (well under the loader's own limit). */
    static final int MAX_DEPTH = 64;
    /** Keys of a mapping compared pairwise before the rest are kept in a set. */
    static final int LISTED_KEYS = 16;
    /** Longest key accepted; YAML caps an implicit key at 1024 characters. */
    static final int MAX_KEY = 1000;

    private static final byte MAP = 1;
    private static final byte SEQ = 2;

    /** Reads eight bytes of a document as one long, first byte lowest. */
    private static final VarHandle WORDS = MethodHandles.byteArrayViewVarHandle(long[].class, ByteOrder.LITTLE_ENDIAN);
    private static final long ONES = 0x0101010101010101L;
    private static final long HIGHS = 0x8080808080808080L;

    private final byte[] in;
    private final Rule rule;
    /** The kept document, or null when only the tree is wanted. */
    private final ByteArrayOutputStream out;
    private boolean started;

    // one frame per open collection
    private int depth;
    private final int[] indent = new int[MAX_DEPTH];
    private final byte[] kind = new byte[MAX_DEPTH];
    /** KEEP: copy every line; DESCEND: the rule judges each key (maps); DROP: copy nothing. */
    private final Action[] mode = new Action[MAX_DEPTH];
    private final int[] state = new int[MAX_DEPTH];
    /** Keys seen in a map frame, as [start, end) pairs into {@link #in}. */
    private final int[][] keys = new int[MAX_DEPTH][];
    private final int[] keyCount = new int[MAX_DEPTH];
    /** A map frame's keys past its first {@value #LISTED_KEYS}, as text, or null. */
    @SuppressWarnings("unchecked")
    private final Set<String>[] keySet = new Set[MAX_DEPTH];
    /** For a DESCEND map frame: its header line, not yet written (start, end of the line without its newline). */
    private final int[] headerStart = new int[MAX_DEPTH];
    private final int[] headerEnd = new int[MAX_DEPTH];
    private final boolean[] headerWritten = new boolean[MAX_DEPTH];
    /** A kept frame's collection in the tree (a map or a list), else null. */
    private final Object[] node = new Object[MAX_DEPTH];

    /** Whether the tree is still being built: every kept scalar so far read with certainty. */
    private boolean building = true;
    private Object root;
    /**
     * The last byte of the current line, before {@link #lineEnd}'s result, that a plain scalar must look at: outside
     * printable ASCII, or a space, '!', '"', '#' or ':'; -1 when none.
     */
    private int special;

    // the entry that left its value to the next lines: -1 when none
    private int openIndent = -1;
    private boolean openIsKey;
    private Action openMode;
    /** The open entry's key as the tree holds it, or null (a sequence entry, or a dropped or untreed one). */
    private String openKey;
    private int openState;
    private int openLineStart;
    private int openLineEnd;

    private YamlSkim(byte[] in, Rule rule, boolean writes) {
        this.in = in;
        this.rule = rule;
        this.out = writes ? new ByteArrayOutputStream(Math.max(64, in.length / 16)) : null;
    }

    /** The kept document and its tree, or null when {@code doc} is not provably inside the subset. */
    public static Cut cut(byte[] doc, Rule rule) {
        try {
            return new YamlSkim(doc, rule, true).run();
        } catch (Unproven e) {
            return null;
        }
    }

    /**
     * The tree {@link #cut} builds, without writing the kept document out; null when {@code doc} is not provably inside
     * the subset or a kept scalar's value is not certain ({@link #cut} then tells which).
     */
    public static Object tree(byte[] doc, Rule rule) {
        try {
            return new YamlSkim(doc, rule, false).run().tree();
        } catch (Unproven e) {
            return null;
        }
    }

    /**
     * The {@link #cut} of {@code doc} with its tree but without the kept document written out, or, where a kept scalar's
     * value is not certain, the {@link #cut} itself (its document and no tree); null when {@code doc} is not provably
     * inside the subset. A document the skim cannot prove is skimmed once, not once for the tree and again for the cut.
     */
    public static Cut treeOrCut(byte[] doc, Rule rule) {
        try {
            return new YamlSkim(doc, rule, false).run();
        } catch (Unproven e) {
            return e.uncertain ? cut(doc, rule) : null;
        }
    }

    /**
     * The document strays outside what this reader proves, and the caller parses it whole; or, when {@code uncertain},
     * it lies inside but a kept scalar's value needs the loader, which a skim that writes nothing out cannot hand it.
     */
    private static final class Unproven extends RuntimeException {

        final boolean uncertain;

        Unproven(boolean uncertain) {
            super(null, null, false, false);
            this.uncertain = uncertain;
        }
    }

    private static final Unproven UNPROVEN = new Unproven(false);
    private static final Unproven UNCERTAIN = new Unproven(true);

    private static Unproven unproven() {
        return UNPROVEN;
    }

    private Cut run() {
        int n = in.length;
        if (n == 0) {
            throw unproven();
        }
        int pos = 0;
        while (pos < n) {
            int eol = lineEnd(pos);
            pos = line(pos, eol);
        }
        closeOpenAt(-1);
        while (depth > 0) {
            pop();
        }
        return new Cut(out == null ? null : out.toByteArray(), building ? root : null);
    }

    /**
     * Where the line from {@code pos} ends; notes the line's last {@link #special} byte on the way, so that a plain
     * scalar, most of a statistics file's bytes (sketches, long values), is proven without a second look at each byte.
     * Eight bytes at a time while none of them is a newline or special ({@link #plainWord}): under the launcher's C1
     * this scan took a fifth of a never-indexed search's skim, and a word at a time costs well under half as much.
     */
    private int lineEnd(int pos) {
        byte[] b = in;
        int n = b.length;
        int e = pos;
        int last = -1;
        while (true) {
            while (e + Long.BYTES <= n && plainWord((long) WORDS.get(b, e))) {
                e += Long.BYTES;
            }
            int stop = Math.min(n, e + Long.BYTES);
            for (; e < stop; e++) {
                byte x = b[e];
                if (x >= '$') {
                    if (x == ':' || x == 0x7f) {
                        last = e;
                    }
                } else if (x == '\n') {
                    special = last;
                    return e;
                } else {
                    last = e; // a control, a space, '!', '"', '#', or part of a multi-byte character
                }
            }
            if (e >= n) {
                special = last;
                return e;
            }
        }
    }

    /**
     * Whether each of the eight bytes in {@code w} lies in '$'..'~' and none is ':': neither a newline nor a byte
     * {@link #lineEnd} notes. A byte below '$', from 0x7f up, or ':' sets its high bit in the test; a borrow or carry
     * it causes can only mark bytes above it, so the lowest such byte is always caught, and the bytes of a word that
     * fails are looked at one by one.
     */
    static boolean plainWord(long w) {
        long colon = w ^ (ONES * ':');
        return ((w - ONES * '$' | w + ONES | (colon - ONES) & ~colon | w) & HIGHS) == 0;
    }

    /** Handles the line at [start, eol); returns where the next line starts. */
    private int line(int start, int eol) {
        int ind = 0;
        while (start + ind < eol && in[start + ind] == ' ') {
            ind++;
        }
        int c = start + ind;
        if (c == eol) {
            throw unproven(); // blank line
        }
        boolean seq = in[c] == '-' && (c + 1 == eol || in[c + 1] == ' ');
        place(ind, seq);
        if (seq) {
            return sequenceEntry(start, eol, ind);
        }
        return mappingEntry(start, eol, ind, c);
    }

    /** Finds (or opens) the collection a line at {@code ind} belongs to, closing deeper ones. */
    private void place(int ind, boolean seq) {
        if (openIndent >= 0) {
            if (ind > openIndent || (seq && openIsKey && ind == openIndent)) {
                push(ind, seq ? SEQ : MAP, openMode, openState, openLineStart, openLineEnd);
                if (openMode != Action.DROP) {
                    attach(depth - 2, openKey, node[depth - 1]);
                }
                openIndent = -1;
                return;
            }
            closeOpenAt(ind);
        }
        while (depth > 0 && indent[depth - 1] > ind) {
            pop();
        }
        if (depth == 0) {
            if (ind != 0 || seq || started) {
                throw unproven(); // the top level is one mapping, and it starts the document
            }
            started = true;
            push(0, MAP, Action.DESCEND, 0, -1, -1);
            root = node[0];
            return;
        }
        if (indent[depth - 1] != ind) {
            throw unproven();
        }
        if (kind[depth - 1] == SEQ && !seq) {
            pop(); // an indentless sequence ends at its parent's next key
            if (depth == 0 || indent[depth - 1] != ind) {
                throw unproven();
            }
        }
        if ((kind[depth - 1] == SEQ) != seq) {
            throw unproven();
        }
    }

    /** The entry left open took no lines below it: its value is null. */
    private void closeOpenAt(int ind) {
        if (openIndent < 0) {
            return;
        }
        if (openMode != Action.DROP) {
            writeAncestors();
            copy(openLineStart, openLineEnd);
            attach(depth - 1, openKey, null);
        }
        openIndent = -1;
    }

    private void push(int ind, byte k, Action m, int st, int hStart, int hEnd) {
        if (depth == MAX_DEPTH) {
            throw unproven();
        }
        indent[depth] = ind;
        kind[depth] = k;
        mode[depth] = m;
        state[depth] = st;
        keyCount[depth] = 0;
        keySet[depth] = null;
        headerStart[depth] = hStart;
        headerEnd[depth] = hEnd;
        headerWritten[depth] = false;
        node[depth] = !building || m == Action.DROP
                ? null
                : k == MAP ? new LinkedHashMap<String, Object>() : new ArrayList<>();
        depth++;
    }

    /**
     * Adds {@code value} to frame {@code f}'s collection in the tree, under {@code key} in a map; an
     * {@link SkimScalar#UNCERTAIN} value ends the tree.
     */
    @SuppressWarnings("unchecked")
    private void attach(int f, String key, Object value) {
        if (!building) {
            return;
        }
        if (value == SkimScalar.UNCERTAIN) {
            if (out == null) {
                throw UNCERTAIN; // no tree, and no document to parse instead
            }
            building = false;
            root = null;
            return;
        }
        if (kind[f] == MAP) {
            ((Map<String, Object>) node[f]).put(key, value);
        } else {
            ((List<Object>) node[f]).add(value);
        }
    }

    /** The tree's value of the proven scalar at [start, end), when the tree is still being built. */
    private Object scalar(int start, int end) {
        return building ? SkimScalar.value(in, start, end) : null;
    }

    private void pop() {
        depth--;
        if (mode[depth] == Action.DESCEND && kind[depth] == MAP && !headerWritten[depth] && out != null) {
            // a mapping whose entries were all dropped must still read as a mapping; the top level (no header line)
            // too, since an empty document reads as null
            writeAncestors();
            if (headerStart[depth] >= 0) {
                int e = headerEnd[depth];
                while (e > headerStart[depth] && in[e - 1] == ' ') {
                    e--;
                }
                out.write(in, headerStart[depth], e - headerStart[depth]);
                out.write(' ');
            }
            out.write('{');
            out.write('}');
            out.write('\n');
        }
    }

    /** Writes the header lines of every open frame not yet written, outermost first. */
    private void writeAncestors() {
        for (int d = 0; d < depth; d++) {
            if (!headerWritten[d]) {
                if (headerStart[d] >= 0) {
                    copy(headerStart[d], headerEnd[d]);
                }
                headerWritten[d] = true;
            }
        }
    }

    private void copy(int start, int end) {
        if (out == null) {
            return;
        }
        out.write(in, start, end - start);
        out.write('\n');
    }

    private int sequenceEntry(int start, int eol, int ind) {
        int f = depth - 1;
        Action m = mode[f] == Action.DESCEND ? Action.KEEP : mode[f];
        int c = start + ind + 1;
        if (c == eol) {
            open(ind, false, m, state[f], start, eol, null);
            return eol + 1;
        }
        c++; // the space after '-'
        while (c < eol && in[c] == ' ') {
            c++;
        }
        if (c == eol) {
            open(ind, false, m, state[f], start, eol, null);
            return eol + 1;
        }
        if (in[c] == '-' && (c + 1 == eol || in[c + 1] == ' ')) {
            throw unproven(); // a sequence inside a sequence entry's line
        }
        if (c != start + ind + 2) {
            throw unproven();
        }
        int keyEnd = keyEnd(c, eol);
        if (keyEnd >= 0) {
            // the entry is a mapping whose first key shares the dash's line
            push(ind + 2, MAP, m, state[f], -1, -1);
            headerWritten[depth - 1] = true;
            if (m != Action.DROP) {
                attach(f, null, node[depth - 1]);
            }
            return entryValue(start, eol, ind + 2, c, keyEnd, m == Action.KEEP ? Action.KEEP : Action.DROP);
        }
        if (in[c] == '>') {
            throw unproven(); // a folded scalar is proven only as a mapping's value
        }
        int end = value(c, eol, ind);
        if (m == Action.KEEP) {
            writeAncestors();
            copy(start, end);
            attach(f, null, scalar(c, end));
        }
        return end + 1;
    }

    private int mappingEntry(int start, int eol, int ind, int c) {
        int keyEnd = keyEnd(c, eol);
        if (keyEnd < 0) {
            throw unproven();
        }
        int f = depth - 1;
        Action a = switch (mode[f]) {
            case KEEP -> Action.KEEP;
            case DROP -> Action.DROP;
            case DESCEND -> rule.action(state[f], in, keyStart(c), keyTextEnd(c, keyEnd));
        };
        return entryValue(start, eol, ind, c, keyEnd, a);
    }

    /**
     * The key at [c, keyEnd) (keyEnd at its ':') starts an entry of the innermost mapping; its value follows on this
     * line or below.
     */
    private int entryValue(int start, int eol, int ind, int c, int keyEnd, Action a) {
        int f = depth - 1;
        remember(f, keyStart(c), keyTextEnd(c, keyEnd));
        int v = keyEnd + 1;
        while (v < eol && in[v] == ' ') {
            v++;
        }
        if (v == eol) {
            int childState = a == Action.DESCEND ? rule.child(state[f], in, keyStart(c), keyTextEnd(c, keyEnd)) : 0;
            open(ind, true, a, childState, start, eol, treeKey(a, c, keyEnd));
            return eol + 1;
        }
        if (v == keyEnd + 1) {
            throw unproven();
        }
        int end = value(v, eol, ind);
        if (a != Action.DROP) {
            writeAncestors();
            copy(start, end);
            attach(f, treeKey(a, c, keyEnd), scalar(v, end));
        }
        return end + 1;
    }

    /** The key at [c, keyEnd) as the tree holds it, for a kept entry while the tree is built; else null. */
    private String treeKey(Action a, int c, int keyEnd) {
        return building && a != Action.DROP ? SkimScalar.key(in, c, keyEnd) : null;
    }

    private void open(int ind, boolean isKey, Action m, int st, int lineStart, int lineEnd, String key) {
        openIndent = ind;
        openIsKey = isKey;
        openKey = key;
        openMode = m;
        openState = st;
        openLineStart = lineStart;
        openLineEnd = lineEnd;
    }

    // ---------------------------------------------------------------- keys

    /**
     * Where the key starting at {@code c} ends — the index of its ':' — or -1 when the line does not start with a key
     * this reader accepts: a plain key that can only read as a string, or a quoted one on one line.
     */
    private int keyEnd(int c, int eol) {
        int e;
        byte b = in[c];
        if (b == '\'') {
            e = singleQuotedEnd(c, eol);
            if (e < 0) {
                return -1;
            }
        } else if (b == '"') {
            e = c + 1;
            while (e < eol && in[e] != '"') {
                if (in[e] == '\\' || !printable(e)) {
                    return -1;
                }
                e += charLength(e);
            }
            if (e == eol) {
                return -1;
            }
            e++;
        } else {
            if (!plainKeyStart(c, eol)) {
                return -1;
            }
            e = c + 1;
            while (e < eol && plainKeyPart(in[e])) {
                e++;
            }
            if (SkimScalar.resolvesOtherwise(in, c, e)) {
                // a boolean, null or float key, whose duplicates a byte comparison would miss
                return -1;
            }
        }
        if (e - c > MAX_KEY || e >= eol || in[e] != ':' || (e + 1 < eol && in[e + 1] != ' ')) {
            return -1;
        }
        return e;
    }

    /** Where a single-quoted scalar opening at {@code c} closes on this line (after its quote), or -1. */
    private int singleQuotedEnd(int c, int eol) {
        int e = c + 1;
        while (e < eol) {
            if (in[e] == '\'') {
                if (e + 1 < eol && in[e + 1] == '\'') {
                    e += 2;
                    continue;
                }
                return e + 1;
            }
            if (!printable(e)) {
                return -1;
            }
            e += charLength(e);
        }
        return -1;
    }

    private static boolean plainKeyPart(byte b) {
        return (b >= 'a' && b <= 'z') || (b >= 'A' && b <= 'Z') || (b >= '0' && b <= '9') || b == '_' || b == '-'
                || b == '.';
    }

    /** A letter or '_' — or '.' before a lower-case letter, a part path such as {@code .status}. */
    private boolean plainKeyStart(int c, int eol) {
        byte b = in[c];
        if ((b >= 'a' && b <= 'z') || (b >= 'A' && b <= 'Z') || b == '_') {
            return true;
        }
        return b == '.' && c + 1 < eol && in[c + 1] >= 'a' && in[c + 1] <= 'z';
    }

    /** The first byte of the key's text (inside its quotes for a quoted key). */
    private int keyStart(int c) {
        return in[c] == '\'' || in[c] == '"' ? c + 1 : c;
    }

    /** The end of the key's text (before its closing quote for a quoted key). */
    private int keyTextEnd(int c, int keyEnd) {
        return in[c] == '\'' || in[c] == '"' ? keyEnd - 1 : keyEnd;
    }

    /** Records a key of map frame {@code f}, refusing a duplicate. */
    private void remember(int f, int start, int end) {
        boolean quoted = start > 0 && in[start - 1] == '\'';
        int count = keyCount[f];
        int[] ks = keys[f];
        if (ks == null) {
            ks = keys[f] = new int[2 * LISTED_KEYS];
        }
        if (count >= LISTED_KEYS) {
            rememberInSet(f, ks, start, end, quoted);
            return;
        }
        for (int i = 0; i < count; i++) {
            if (sameKey(ks[2 * i], ks[2 * i + 1], start, end, quoted)) {
                throw unproven();
            }
        }
        // a single-quoted key is stored with a marker bit so '' reads as one quote when compared
        ks[2 * count] = quoted ? ~start : start;
        ks[2 * count + 1] = end;
        keyCount[f] = count + 1;
    }

    /**
     * Past its first {@value #LISTED_KEYS} keys a mapping's keys are kept as text in a set: a manifest's {@code tables}
     * holds thousands, and comparing each with every one before it took most of its skim.
     */
    private void rememberInSet(int f, int[] ks, int start, int end, boolean quoted) {
        Set<String> set = keySet[f];
        if (set == null) {
            set = keySet[f] = new HashSet<>();
            for (int i = 0; i < LISTED_KEYS; i++) {
                boolean q = ks[2 * i] < 0;
                set.add(keyText(q ? ~ks[2 * i] : ks[2 * i], ks[2 * i + 1], q));
            }
        }
        if (!set.add(keyText(start, end, quoted))) {
            throw unproven();
        }
        keyCount[f]++;
    }

    /** A key's text as its bytes, one per char, with a single-quoted key's doubled quotes read as one. */
    private String keyText(int start, int end, boolean quoted) {
        String text = new String(in, start, end - start, StandardCharsets.ISO_8859_1);
        return quoted ? text.replace("''", "'") : text;
    }

    private boolean sameKey(int aStart, int aEnd, int bStart, int bEnd, boolean bQuoted) {
        boolean aQuoted = aStart < 0;
        int a = aQuoted ? ~aStart : aStart;
        int b = bStart;
        while (a < aEnd && b < bEnd) {
            if (in[a] != in[b]) {
                return false;
            }
            a += aQuoted && in[a] == '\'' ? 2 : 1;
            b += bQuoted && in[b] == '\'' ? 2 : 1;
        }
        return a >= aEnd && b >= bEnd;
    }

    // ---------------------------------------------------------------- values

    /**
     * Checks the scalar (or {@code []} / {@code {}}) starting at {@code c} on the line ending at {@code eol}; returns
     * where the last line it spans ends. {@code ind} is the indentation of the entry that holds it.
     */
    private int value(int c, int eol, int ind) {
        byte b = in[c];
        if (b == '\'') {
            return singleQuoted(c, eol, ind);
        }
        if (b == '"') {
            return doubleQuoted(c, eol, ind);
        }
        if (b == '[' || b == '{') {
            if (c + 1 < eol && in[c + 1] == (b == '[' ? ']' : '}') && trailingSpaces(c + 2, eol)) {
                return eol;
            }
            throw unproven();
        }
        if (b == '>') {
            return folded(c, eol, ind);
        }
        plain(c, eol);
        return eol;
    }

    /**
     * A folded block scalar as dbprint writes a note: the header {@code >-} alone, then one or more lines all at one
     * indentation deeper than the entry's, none blank, none indented further, none ending in a space and none starting
     * with '#', so that its value is plainly the lines joined by single spaces. Returns where its last line ends.
     */
    private int folded(int c, int eol, int ind) {
        if (c + 2 != eol || in[c + 1] != '-') {
            throw unproven();
        }
        int contentIndent = -1;
        int end = eol;
        while (end + 1 < in.length) {
            int from = end + 1;
            int k = from;
            while (k < in.length && in[k] == ' ') {
                k++;
            }
            int indent = k - from;
            if (contentIndent >= 0 && indent < contentIndent) {
                break; // the scalar ended; the line is the structure's
            }
            int e = lineEnd(from);
            if (k == e || indent <= ind || (contentIndent >= 0 && indent != contentIndent) || in[k] == '#'
                    || in[e - 1] == ' ') {
                throw unproven();
            }
            contentIndent = indent;
            for (int i = k; i < e; i++) {
                byte x = in[i];
                if (x < ' ' || x >= 0x7f) {
                    if (!printable(i)) {
                        throw unproven();
                    }
                    i += charLength(i) - 1;
                }
            }
            end = e;
        }
        if (contentIndent < 0) {
            throw unproven(); // no line at all: an empty value
        }
        return end;
    }

    /** A plain scalar on one line: no indicator first, no ": " or " #" inside, no ':' last. */
    private void plain(int c, int eol) {
        byte b = in[c];
        boolean startOk = (b >= 'a' && b <= 'z') || (b >= 'A' && b <= 'Z') || (b >= '0' && b <= '9') || b == '_'
                || b == '.' || b == '/' || b == '+' || b == '(' || b == ')' || b == '$' || b == '^' || b == '='
                || b == ';' || b == '~' || (b & 0x80) != 0 || (b == '-' && c + 1 < eol && in[c + 1] != ' ');
        if (!startOk || (b == '=' && c + 1 == eol)) {
            throw unproven();
        }
        if (special < c) {
            return; // the rest of the line is printable ASCII with no space, '#' or ':'
        }
        int last = c;
        int i = c;
        while (i < eol) {
            byte x = in[i];
            if (x >= ' ' && x < 0x7f) {
                if (x == ':' && (i + 1 == eol || in[i + 1] == ' ')) {
                    throw unproven();
                }
                if (x == '#' && in[i - 1] == ' ') {
                    throw unproven();
                }
                if (x != ' ') {
                    last = i;
                }
                i++;
            } else {
                if (!printable(i)) {
                    throw unproven();
                }
                last = i;
                i += charLength(i);
            }
        }
        if (in[last] == ':') {
            throw unproven();
        }
    }

    private boolean trailingSpaces(int from, int eol) {
        for (int i = from; i < eol; i++) {
            if (in[i] != ' ') {
                return false;
            }
        }
        return true;
    }

    /** A single-quoted scalar, possibly over several lines each indented deeper than its entry. */
    private int singleQuoted(int c, int eol, int ind) {
        int i = c + 1;
        int lineEnd = eol;
        while (true) {
            while (i < lineEnd) {
                if (in[i] == '\'') {
                    if (i + 1 < lineEnd && in[i + 1] == '\'') {
                        i += 2;
                        continue;
                    }
                    if (!trailingSpaces(i + 1, lineEnd)) {
                        throw unproven();
                    }
                    return lineEnd;
                }
                if (!printable(i)) {
                    throw unproven();
                }
                i += charLength(i);
            }
            i = continuation(lineEnd, ind);
            lineEnd = lineEnd(i);
        }
    }

    /** A double-quoted scalar with only YAML's escapes, possibly over several lines each indented deeper. */
    private int doubleQuoted(int c, int eol, int ind) {
        int i = c + 1;
        int lineEnd = eol;
        while (true) {
            while (i < lineEnd) {
                byte x = in[i];
                if (x == '"') {
                    if (!trailingSpaces(i + 1, lineEnd)) {
                        throw unproven();
                    }
                    return lineEnd;
                }
                if (x == '\\') {
                    i = escape(i + 1, lineEnd);
                    continue;
                }
                if (!printable(i)) {
                    throw unproven();
                }
                i += charLength(i);
            }
            if (in[lineEnd - 1] == '\\' || in[lineEnd - 1] == ' ') {
                throw unproven(); // an escaped line break, or spaces a fold would trim
            }
            i = continuation(lineEnd, ind);
            lineEnd = lineEnd(i);
        }
    }

    /** The escape after a backslash at {@code i}; returns the index after it. */
    private int escape(int i, int eol) {
        if (i >= eol) {
            throw unproven();
        }
        byte e = in[i];
        int hex = switch (e) {
            case 'x' -> 2;
            case 'u' -> 4;
            case 'U' -> 8;
            case '0', 'a', 'b', 't', 'n', 'v', 'f', 'r', 'e', ' ', '"', '/', '\\', 'N', '_', 'L', 'P' -> 0;
            default -> throw unproven();
        };
        if (hex == 8) {
            throw unproven(); // a code point beyond what this reader checks
        }
        if (i + hex >= eol && hex > 0) {
            throw unproven();
        }
        for (int k = 1; k <= hex; k++) {
            byte h = in[i + k];
            if (!((h >= '0' && h <= '9') || (h >= 'a' && h <= 'f') || (h >= 'A' && h <= 'F'))) {
                throw unproven();
            }
        }
        return i + 1 + hex;
    }

    /**
     * The first content byte of the next non-blank line after the quoted scalar's line ending at {@code eol} (a blank
     * line inside a quoted scalar is a line break in its value): it must exist and be indented deeper than the entry.
     */
    private int continuation(int eol, int ind) {
        int next = eol + 1;
        while (true) {
            if (next >= in.length) {
                throw unproven();
            }
            int e = lineEnd(next);
            int k = next;
            while (k < e && in[k] == ' ') {
                k++;
            }
            if (k < e) {
                if (k - next <= ind) {
                    throw unproven();
                }
                return k;
            }
            next = e + 1;
        }
    }

    // ---------------------------------------------------------------- characters

    /**
     * Whether the character at {@code i} is printable as YAML reads it and not a line break: ASCII from space to '~',
     * and well-formed UTF-8 outside the C1 controls, the surrogates, U+FEFF, U+FFFE/U+FFFF and the three non-ASCII
     * line breaks (U+0085, U+2028, U+2029).
     */
    private boolean printable(int i) {
        int b = in[i] & 0xff;
        if (b < 0x80) {
            return b >= 0x20 && b < 0x7f;
        }
        int cp = codePoint(i);
        return cp >= 0xa0 && cp != 0x2028 && cp != 0x2029 && cp != 0xfeff && cp != 0xfffe && cp != 0xffff
                && !(cp >= 0xd800 && cp <= 0xdfff);
    }

    /** The code point of the well-formed UTF-8 sequence at {@code i}; an ill-formed one is unproven. */
    private int codePoint(int i) {
        int b = in[i] & 0xff;
        int len = b >= 0xf0 ? 4 : b >= 0xe0 ? 3 : b >= 0xc2 ? 2 : 0;
        if (len == 0 || b > 0xf4 || i + len > in.length) {
            throw unproven();
        }
        int cp = b & (0x3f >> (len - 1));
        for (int k = 1; k < len; k++) {
            int x = in[i + k] & 0xff;
            if ((x & 0xc0) != 0x80) {
                throw unproven();
            }
            cp = (cp << 6) | (x & 0x3f);
        }
        if ((len == 3 && cp < 0x800) || (len == 4 && (cp < 0x10000 || cp > 0x10ffff))) {
            throw unproven(); // overlong or out of range
        }
        return cp;
    }

    private int charLength(int i) {
        int b = in[i] & 0xff;
        return b < 0x80 ? 1 : b >= 0xf0 ? 4 : b >= 0xe0 ? 3 : 2;
    }
}
