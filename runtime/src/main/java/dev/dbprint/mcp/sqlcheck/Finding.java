package dev.dbprint.mcp.sqlcheck;

import java.util.LinkedHashMap;
import java.util.Locale;
import java.util.Map;
import java.util.Set;

import dev.dbprint.mcp.render.vocabulary.Term;

/**
 * One thing check_sql found in a statement: how bad it is, where it is, what it says, the print fact it rests on (the
 * file, relative to the connection's print directory, and the field in it), and the change that would fix it.
 *
 * @param terms the legend terms the message and fix print, besides the severity and kind
 */
public record Finding(Severity severity, Kind kind, int line, int column, String message, String file, String field,
        String fix, Set<Term> terms) {

    public enum Severity {

        /** The statement fails, or returns rows it was not written to return. */
        ERROR,
        /** Likely wrong, or right only by luck of the data. */
        WARNING,
        /** Worth knowing while reading its result. */
        NOTE;

        public String wire() {
            return name().toLowerCase(Locale.ROOT);
        }
    }

    /**
     * What a finding is about; the wire word is its name in lower case. Each kind fixes its severity rule: the severity
     * when the print proves the statement fails or returns no row or other rows, and the one when the proof is weaker —
     * over sampled rows, or a predicate that still matches some rows.
     */
    public enum Kind {

        // one constant to two lines, as written: the formatter would stair-step these argument lists
        // @formatter:off
        UNKNOWN_TABLE(Severity.ERROR, Severity.ERROR, "a table the print does not hold"),
        AMBIGUOUS_TABLE(Severity.WARNING, Severity.WARNING, "an unqualified table name several schemas of the print hold"),
        UNPROFILED_TABLE(Severity.WARNING, Severity.WARNING,
                "a table the last generate run could not profile, so its columns are unknown"),
        UNKNOWN_COLUMN(Severity.ERROR, Severity.ERROR, "a column its table's statistics do not carry"),
        AMBIGUOUS_COLUMN(Severity.ERROR, Severity.ERROR, "an unqualified column that more than one table in scope has"),
        UNKNOWN_QUALIFIER(Severity.ERROR, Severity.ERROR, "a qualifier naming no table or alias in scope"),
        VALUE_NOT_STORED(Severity.ERROR, Severity.WARNING,
                "a literal compared with a column whose value list is its whole domain, and not in that list"),
        VALUE_SPELLINGS(Severity.WARNING, Severity.WARNING,
                "a literal stored under several spellings: the predicate matches only one of them"),
        PATTERN_MATCHES_NOTHING(Severity.ERROR, Severity.WARNING,
                "a LIKE pattern that matches no value of a column's whole-domain list"),
        TYPE_MISMATCH(Severity.ERROR, Severity.ERROR, "a literal whose type does not fit the column's sql_type"),
        NULL_COMPARISON(Severity.ERROR, Severity.ERROR, "= NULL or <> NULL, which is never true: NULL compares as unknown"),
        ALWAYS_NULL(Severity.ERROR, Severity.WARNING, "a predicate on a column the print shows as NULL on every scanned row"),
        JOIN_NOT_IN_PRINT(Severity.WARNING, Severity.WARNING,
                "a join whose columns match no relationship the print holds between the two tables"),
        JOIN_REJECTED(Severity.ERROR, Severity.ERROR,
                "a join on a relationship a person rejected in relationships.annotations.yaml"),
        JOIN_PARTIAL(Severity.WARNING, Severity.WARNING, "a join on part of a multi-column relationship"),
        SENSITIVE_COLUMN(Severity.WARNING, Severity.WARNING, "a column the print marks sensitive or redacted, selected"),
        STALE_STATISTICS(Severity.NOTE, Severity.NOTE,
                "tables whose statistics are older than their max_age_days (list_tables freshness)"),
        NOT_A_QUERY(Severity.NOTE, Severity.NOTE, "a statement that is not a query: only its table names are checked"),
        DUPLICATE_ALIAS(Severity.ERROR, Severity.ERROR, "two tables of one FROM clause answering to the same name"),
        ALIAS_IN_WHERE(Severity.ERROR, Severity.ERROR,
                "an output alias used in WHERE, which this dialect evaluates before the select list"),
        POSITION_OUT_OF_RANGE(Severity.ERROR, Severity.ERROR, "a GROUP BY or ORDER BY position past the select list"),
        UNGROUPED_COLUMN(Severity.ERROR, Severity.ERROR, "a selected column neither grouped nor inside an aggregate"),
        SET_OPERATION_COLUMNS(Severity.ERROR, Severity.ERROR,
                "branches of a UNION, INTERSECT or EXCEPT selecting different numbers of columns"),
        REDACTED_VALUE(Severity.NOTE, Severity.NOTE,
                "a literal compared with a column whose values the print withholds, so it cannot be checked"),
        NOT_IN_NULLABLE(Severity.ERROR, Severity.WARNING, "NOT IN over values that hold a NULL, which then matches no row"),
        MISSING_JOIN_PREDICATE(Severity.WARNING, Severity.WARNING,
                "two related tables in one FROM clause with no predicate joining them: every pair of rows"),
        FAN_OUT(Severity.WARNING, Severity.WARNING,
                "an aggregate over a join whose other side repeats each key, so sums and counts multiply"),
        LIMIT_WITHOUT_ORDER(Severity.NOTE, Severity.NOTE, "a LIMIT without ORDER BY: which rows come back is up to the engine");
        // @formatter:on

        private final Severity proven;
        private final Severity weaker;
        private final String definition;

        Kind(Severity proven, Severity weaker, String definition) {
            this.proven = proven;
            this.weaker = weaker;
            this.definition = definition;
        }

        public String wire() {
            return name().toLowerCase(Locale.ROOT);
        }

        public String definition() {
            return definition;
        }

        /** A finding of this kind at {@code at}, as the print proves it. */
        Finding at(int[] at, String message, String file, String field, String fix, Set<Term> terms) {
            return at(at, false, message, file, field, fix, terms);
        }

        /** A finding of this kind at {@code at}; {@code weaker}: the proof is weaker (a sample, a partial match). */
        Finding at(int[] at, boolean weaker, String message, String file, String field, String fix, Set<Term> terms) {
            return new Finding(weaker ? this.weaker : proven, this, at[0], at[1], message, file, field, fix, terms);
        }
    }

    /** The finding as json/yaml carry it. */
    public Map<String, Object> toMap() {
        Map<String, Object> m = new LinkedHashMap<>();
        m.put("severity", severity.wire());
        m.put("kind", kind.wire());
        m.put("line", line);
        m.put("column", column);
        m.put("message", message);
        if (file != null) {
            Map<String, Object> fact = new LinkedHashMap<>();
            fact.put("file", file);
            if (field != null) {
                fact.put("field", field);
            }
            m.put("fact", fact);
        }
        m.put("fix", fix);
        return m;
    }
}
