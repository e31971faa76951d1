package dev.dbprint.mcp.render.context;

import java.math.BigDecimal;
import java.util.ArrayList;
import java.util.List;
import java.util.Objects;

import dev.dbprint.mcp.print.model.ColumnStats;
import dev.dbprint.mcp.print.model.Raw;
import dev.dbprint.mcp.print.model.StatisticsAnnotations;
import dev.dbprint.mcp.print.model.ValueEntry;

/**
 * The part of a column's value list an exact-match predicate can be written from (spec §4.1 value table): a complete
 * list whole, a sampled list's five most frequent values (a spelling group counting as one), or a numeric/temporal
 * column's frequent values — each at least 1% of the non-null scanned rows and twice an even spread over its
 * cardinality, at most five. Shared by the Markdown value table and the json/yaml {@code values} block.
 */
public record ValueList(Kind kind, List<Group> groups, long nonNull, long shownCount, boolean redacted, boolean scoped) {

    public enum Kind {
        COMPLETE, SAMPLED, FREQUENT
    }

    /** A listed value with its note, and the other spellings grouped under it. */
    public record Shown(ValueEntry entry, String note) {
    }

    public record Group(Shown head, List<Shown> spellings) {

        long count() {
            long c = Math.max(0, head.entry.count());
            for (Shown s : spellings) {
                c += Math.max(0, s.entry.count());
            }
            return c;
        }
    }

    static final int SHOWN = 5;

    /** The column's list as the value table shows it, or null when the column has no row there. */
    public static ValueList of(ColumnStats c, StatisticsAnnotations.Column annotation, Long tableRowsScanned,
            boolean scoped) {
        if (c.values() == null) {
            return null;
        }
        long rows = c.rowsScanned() != null ? c.rowsScanned() : tableRowsScanned == null ? 0 : tableRowsScanned;
        long nonNull = Math.max(0, rows - (c.nullCount() == null ? 0 : c.nullCount()));
        boolean redacted = c.redacted() != null;
        List<ValueNoteLookup> notes = ValueNoteLookup.of(annotation);
        List<Group> groups = groups(c.values(), notes, redacted);
        Kind kind;
        if (c.isWholeDomain()) {
            kind = Kind.COMPLETE;
        } else if (c.valuesCoverage() == null) {
            kind = Kind.FREQUENT; // a numeric or temporal list, complete or not
            List<Group> frequent = new ArrayList<>();
            Long card = c.cardinality();
            for (Group g : groups) {
                long n = g.count();
                if (card != null && card > 0 && nonNull > 0 && n * 100 >= nonNull
                        && BigDecimal.valueOf(n).multiply(BigDecimal.valueOf(card))
                                .compareTo(BigDecimal.valueOf(2 * nonNull)) >= 0
                        && frequent.size() < SHOWN) {
                    frequent.add(g);
                }
            }
            if (frequent.isEmpty()) {
                return null;
            }
            groups = frequent;
        } else {
            kind = Kind.SAMPLED;
            groups = groups.subList(0, Math.min(SHOWN, groups.size()));
        }
        long shown = groups.stream().mapToLong(Group::count).sum();
        return new ValueList(kind, List.copyOf(groups), nonNull, shown, redacted, scoped);
    }

    /** The coverage statement the Markdown cell and json/yaml {@code coverage_statement} share. */
    public String coverageStatement() {
        String of = scoped ? "of the non-null rows scanned" : "of the non-null rows";
        return switch (kind) {
            case COMPLETE -> "the whole domain" + (scoped ? " over the rows scanned" : "")
                    + (groups.isEmpty() ? " (no non-null value)" : "");
            case SAMPLED -> "a sample: these " + groups.size() + " cover " + Shares.percent(shownCount, nonNull) + " " + of;
            case FREQUENT -> "frequent values, not a domain: together " + Shares.percent(shownCount, nonNull) + " " + of;
        };
    }

    /** The share the shown entries cover, rounded as a rate (sampled and frequent lists). */
    public BigDecimal shownCoverage() {
        return Shares.rate(shownCount, nonNull);
    }

    private static List<Group> groups(List<ValueEntry> values, List<ValueNoteLookup> notes, boolean redacted) {
        List<Group> out = new ArrayList<>();
        for (ValueEntry v : values) {
            Shown s = new Shown(v, redacted ? null : ValueNoteLookup.find(notes, v.value()));
            Group into = null;
            if (v.hasSpellingOf() && !redacted) {
                for (Group g : out) {
                    if (ValueNoteLookup.same(g.head.entry.value(), v.spellingOf())) {
                        into = g;
                        break;
                    }
                }
            }
            if (into == null) {
                out.add(new Group(s, new ArrayList<>()));
            } else {
                into.spellings.add(s);
            }
        }
        return out;
    }

    /** A value note of statistics.annotations.yaml, matched to a listed value by its parsed value. */
    record ValueNoteLookup(Object value, String note) {

        static List<ValueNoteLookup> of(StatisticsAnnotations.Column a) {
            List<ValueNoteLookup> out = new ArrayList<>();
            if (a != null) {
                a.values().forEach(v -> out.add(new ValueNoteLookup(v.value(), v.note())));
            }
            return out;
        }

        static String find(List<ValueNoteLookup> notes, Object value) {
            for (ValueNoteLookup n : notes) {
                if (same(n.value, value)) {
                    return n.note;
                }
            }
            return null;
        }

        static boolean same(Object a, Object b) {
            if (a instanceof Number x && b instanceof Number y) {
                return Raw.compare(x, y) == 0;
            }
            return Objects.equals(a, b);
        }
    }
}
