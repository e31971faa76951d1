package dev.dbprint.mcp.paging;

import java.util.ArrayList;
import java.util.Collections;
import java.util.List;

/**
 * Pages a Markdown document (§4.1, §4.6): get_table_context's {@code format: "md"} and get_reference.
 *
 * <p>
 * The document is its sections in order, each a list of rows (a Markdown line or block, carrying its own line
 * breaks); its text is every row concatenated. Section 0 is the identity: on the first page the legend goes right
 * after it, on every later page at the top. Each page's legend is {@link Legend#forRows(List)} of the rows that page
 * holds, so it defines only the terms those rows print.
 *
 * <p>
 * A page holds whole sections until the next would cross {@link Pager#MAX_CHARS}; then the page ends, unless that
 * section is larger than a page of its own, in which case it continues row by row from here and on the next pages, a
 * page ending at a row boundary. A single row larger than a page is split at a character boundary (never inside a
 * surrogate pair), its first piece taking the room left on the current page. When what remains of the whole
 * document fits on the current page without a cursor line, the page takes it all and is the last.
 *
 * <p>
 * Every page but the last ends with {@code "\n" + CURSOR_LINE_PREFIX + cursor}. Each page is well-formed on its own: one
 * that ends inside a fenced code block closes it just before that line, and the next page opens it again (its opening
 * line repeated) right after its legend. Removing the cursor line, the legend and those two fence lines, the pages
 * concatenate to {@link #document(List)}. The bound counts all of them.
 */
public final class DocumentPager extends PageSequence<DocumentPage> {

    /** The last line of every page but the last, before the cursor token (the spec's lost literal). */
    public static final String CURSOR_LINE_PREFIX = "next_cursor: ";

    /** The terms block for the rows of one page; {@code ""} when they print no term. */
    @FunctionalInterface
    public interface Legend {

        String forRows(List<String> rowsOnPage);

        /**
         * A fresh tally for one page being filled. The pager asks, for each row it tries, how long the legend would be
         * with it; a legend that can answer from the rows already placed overrides this, so filling a page is not
         * quadratic in its rows. The default answers with {@link #forRows} of every row.
         */
        default Tally tally() {
            return new Recount(this);
        }

        Legend NONE = rows -> "";
    }

    /** The legend length of a page being filled: rows are {@link #add}ed in page order. */
    public interface Tally {

        void add(String row);

        /** {@code forRows(rows added + more).length()}. */
        int lengthWith(List<String> more);
    }

    /** The tally that keeps the rows and asks the legend again each time. */
    private static final class Recount implements Tally {

        private final Legend legend;
        private final List<String> rows = new ArrayList<>();

        Recount(Legend legend) {
            this.legend = legend;
        }

        @Override
        public void add(String row) {
            rows.add(row);
        }

        @Override
        public int lengthWith(List<String> more) {
            List<String> all = new ArrayList<>(rows);
            all.addAll(more);
            return legend.forRows(all).length();
        }
    }

    private final List<List<String>> sections;
    private final Legend legend;
    private final CursorMint mint;
    private final int max;
    private final int cursorLen;
    private final int lastSection;
    /** The fenced block each row begins inside, by section and row (null: none). */
    private final Fence[][] openAt;
    /** The room a page ending inside a fenced block needs to close it: a line break, the fence, a line break. */
    private final int closeRoom;

    public DocumentPager(List<List<String>> sections, Legend legend, CursorMint mint) {
        this(sections, legend, mint, Pager.MAX_CHARS);
    }

    /** A pager with another bound (tests). */
    DocumentPager(List<List<String>> sections, Legend legend, CursorMint mint, int maxChars) {
        List<List<String>> copy = new ArrayList<>();
        for (List<String> s : sections) {
            copy.add(List.copyOf(s));
        }
        this.sections = Collections.unmodifiableList(copy);
        this.legend = legend == null ? Legend.NONE : legend;
        this.mint = mint;
        this.max = maxChars;
        this.cursorLen = 1 + CURSOR_LINE_PREFIX.length() + mint.tokenLength();
        int last = -1;
        for (int s = 0; s < copy.size(); s++) {
            if (!copy.get(s).isEmpty()) {
                last = s;
            }
        }
        this.lastSection = last;
        this.openAt = new Fence[copy.size()][];
        Fence open = null;
        int room = 0;
        for (int s = 0; s < copy.size(); s++) {
            openAt[s] = new Fence[copy.get(s).size()];
            for (int r = 0; r < openAt[s].length; r++) {
                openAt[s][r] = open;
                for (String line : copy.get(s).get(r).split("\n", -1)) {
                    open = Fence.after(open, line);
                    room = open == null ? room : Math.max(room, open.length() + 2);
                }
            }
        }
        this.closeRoom = room;
    }

    /** The whole document: every row of every section, concatenated. */
    public static String document(List<List<String>> sections) {
        StringBuilder out = new StringBuilder();
        sections.forEach(s -> s.forEach(out::append));
        return out.toString();
    }

    /** {@code "\n" + "next_cursor: " + cursor}: what every page but the last ends with. */
    public static String cursorLine(String cursor) {
        return "\n" + CURSOR_LINE_PREFIX + cursor;
    }

    // ---------------------------------------------------------------- filling

    /** Rows placed on the page being filled, with their running length. */
    private final class Fill {

        final boolean firstPage;
        /** The opening line of the fenced block the page begins inside, repeated at its top; {@code ""} when none. */
        final String reopen;
        final List<String> rows = new ArrayList<>();
        final Tally tally = legend.tally();
        int identityLen;
        long len;

        Fill(boolean firstPage, String reopen) {
            this.firstPage = firstPage;
            this.reopen = reopen;
            this.len = reopen.length();
        }

        void add(int section, String row) {
            rows.add(row);
            tally.add(row);
            len += row.length();
            if (firstPage && section == 0) {
                identityLen += row.length();
            }
        }

        /** Whether the page plus {@code more} fits, with the cursor line reserved when {@code cursor}. */
        boolean fits(List<String> more, boolean cursor) {
            long total = len + (cursor ? cursorLen + closeRoom : 0);
            for (String m : more) {
                total += m.length();
            }
            if (total > max) {
                return false;
            }
            return total + tally.lengthWith(more) <= max;
        }
    }

    @Override
    protected DocumentPage build(Position start) throws CursorFault {
        validate(start);
        Fence open = start.equals(Position.START) ? null : openAt[start.a()][start.b()];
        Fill fill = new Fill(start.equals(Position.START), open == null ? "" : open.opener() + "\n");
        int s = start.a(), r = start.b(), off = start.c();
        for (; s < sections.size(); s++, r = 0, off = 0) {
            List<String> sec = sections.get(s);
            if (sec.isEmpty()) {
                continue;
            }
            if (r == 0 && off == 0) {
                if (fill.fits(sec, true)) {
                    for (String row : sec) {
                        fill.add(s, row);
                    }
                    continue;
                }
                if (restFits(fill, s, 0, 0)) {
                    return placeRest(fill, s, 0, 0);
                }
                if (!fill.rows.isEmpty() && freshFits(sec, s == lastSection)) {
                    return finish(fill, new Position(s, 0, 0, 0));
                }
            }
            for (; r < sec.size(); r++, off = 0) {
                String frag = sec.get(r).substring(off);
                if (fill.fits(List.of(frag), true)) {
                    fill.add(s, frag);
                    continue;
                }
                if (restFits(fill, s, r, off)) {
                    return placeRest(fill, s, r, off);
                }
                boolean lastRow = s == lastSection && r == sec.size() - 1;
                if (!fill.rows.isEmpty() && freshFits(List.of(frag), lastRow)) {
                    return finish(fill, new Position(s, r, off, 0));
                }
                int take = maxPrefix(fill, frag);
                if (take == 0) {
                    if (fill.rows.isEmpty()) {
                        throw new IllegalStateException("the legend alone leaves no room on a page");
                    }
                    return finish(fill, new Position(s, r, off, 0));
                }
                fill.add(s, frag.substring(0, take));
                return finish(fill, new Position(s, r, off + take, 0));
            }
        }
        return finish(fill, null);
    }

    private void validate(Position p) throws CursorFault {
        if (p.equals(Position.START)) {
            return;
        }
        if (p.d() != 0 || p.a() >= sections.size() || p.b() >= sections.get(p.a()).size()
                || p.c() >= sections.get(p.a()).get(p.b()).length()) {
            throw mint.stale();
        }
    }

    private boolean freshFits(List<String> rows, boolean last) {
        Fill fresh = new Fill(false, "");
        return fresh.fits(rows, !last);
    }

    /** What a row is handed to: its section and its text. */
    @FunctionalInterface
    private interface RowSink {

        /** False to stop the walk. */
        boolean take(int section, String row);
    }

    /** Hands every row from row {@code r} of section {@code s}, its first {@code off} characters skipped, on. */
    private boolean eachRowFrom(int s, int r, int off, RowSink sink) {
        for (int si = s; si < sections.size(); si++) {
            List<String> sec = sections.get(si);
            for (int ri = si == s ? r : 0; ri < sec.size(); ri++) {
                if (!sink.take(si, si == s && ri == r ? sec.get(ri).substring(off) : sec.get(ri))) {
                    return false;
                }
            }
        }
        return true;
    }

    private boolean restFits(Fill fill, int s, int r, int off) {
        List<String> rest = new ArrayList<>();
        long[] len = {fill.len};
        // stopping once the rows alone pass the bound only spares collecting a long rest: fits() makes the exact check
        return eachRowFrom(s, r, off, (section, row) -> (len[0] += row.length()) <= max && rest.add(row))
                && fill.fits(rest, false);
    }

    private DocumentPage placeRest(Fill fill, int s, int r, int off) {
        eachRowFrom(s, r, off, (section, row) -> {
            fill.add(section, row);
            return true;
        });
        return finish(fill, null);
    }

    /** The longest prefix of {@code frag} that fits after the page's rows with the cursor line reserved. */
    private int maxPrefix(Fill fill, String frag) {
        int lo = 0, hi = frag.length();
        while (lo < hi) {
            int mid = (lo + hi + 1) >>> 1;
            if (fill.fits(List.of(frag.substring(0, mid)), true)) {
                lo = mid;
            } else {
                hi = mid - 1;
            }
        }
        int take = lo;
        while (take > 0 && !(fill.fits(List.of(frag.substring(0, take)), true) && !Pager.splitsPair(frag, take))) {
            take--; // a legend that is not monotone in its rows, or a surrogate pair at the cut
        }
        return take;
    }

    private DocumentPage finish(Fill fill, Position next) {
        String legendText = legend.forRows(Collections.unmodifiableList(fill.rows));
        StringBuilder body = new StringBuilder(fill.reopen);
        fill.rows.forEach(body::append);
        int at = fill.firstPage ? fill.identityLen : 0;
        body.insert(at, legendText);
        String cursor = null;
        String close = "";
        if (next != null) {
            // a page that ends inside a fenced block closes it, so what follows the page is not read as code
            Fence open = openAt[next.a()][next.b()];
            if (open != null) {
                close = (body.charAt(body.length() - 1) == '\n' ? "" : "\n") + open.closer();
                body.append(close);
            }
            cursor = mint.mint(next);
            if (cursor.length() != mint.tokenLength()) {
                throw new IllegalStateException("cursor length differs from the length reserved");
            }
            body.append(cursorLine(cursor));
        }
        if (body.length() > max) {
            throw new IllegalStateException("page of " + body.length() + " characters passes " + max);
        }
        return new DocumentPage(body.toString(), legendText, at, fill.reopen, close, next, cursor);
    }
}
