package dev.dbprint.mcp.paging;

import java.util.Arrays;

/**
 * Where a page begins: four non-negative integers whose meaning belongs to the pager that issued them, carried
 * inside a cursor at a fixed width.
 *
 * <ul>
 * <li>{@link Pager}: {@code a} = unit index (header keys, then the items of each list in turn), {@code b} = part
 * number about to be sent (0 = the unit whole, else 2..{@code d}), {@code c} = character offset into the unit's
 * compact JSON where that part begins, {@code d} = the unit's part count.</li>
 * <li>{@link DocumentPager}: {@code a} = section, {@code b} = row within it, {@code c} = character offset within the
 * row (0 unless an oversize row continues), {@code d} = 0.</li>
 * </ul>
 */
public record Position(int a, int b, int c, int d) {

    /** The first page. */
    public static final Position START = new Position(0, 0, 0, 0);

    public Position {
        if (a < 0 || b < 0 || c < 0 || d < 0) {
            throw new IllegalArgumentException("negative position field");
        }
    }

    // written out: a record's own equals and hashCode are bootstrapped on first use, spinning classes that no
    // start-up cache holds, on a fresh process's first call
    @Override
    public boolean equals(Object o) {
        return o instanceof Position p && a == p.a && b == p.b && c == p.c && d == p.d;
    }

    @Override
    public int hashCode() {
        return Arrays.hashCode(new int[]{a, b, c, d});
    }
}
