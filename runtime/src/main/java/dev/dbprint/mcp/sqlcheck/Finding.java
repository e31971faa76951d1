package dev.dbprint.mcp.sqlcheck;

import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Set;

import dev.dbprint.mcp.render.context.Term;

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
            return name().toLowerCase(java.util.Locale.ROOT);
        }
    }

    /** What a finding is about; the wire word is its name in lower case. */
    public enum Kind {

        UNKNOWN_TABLE("a table the print does not hold"), AMBIGUOUS_TABLE(
                "an unqualified table name several schemas of the print hold"), UNPROFILED_TABLE(
                        "a table the last generate run could not profile, so its columns are unknown"), UNKNOWN_COLUMN(
                                "a column its table's statistics do not carry"), AMBIGUOUS_COLUMN(
                                        "an unqualified column that more than one table in scope has"), UNKNOWN_QUALIFIER(
                                                "a qualifier naming no table or alias in scope"), VALUE_NOT_STORED(
                                                        "a literal compared with a column whose value list is its whole domain, and not in that list"), VALUE_SPELLINGS(
                                                                "a literal stored under several spellings: the predicate matches only one of them"), PATTERN_MATCHES_NOTHING(
                                                                        "a LIKE pattern that matches no value of a column's whole-domain list"), TYPE_MISMATCH(
                                                                                "a literal whose type does not fit the column's sql_type"), NULL_COMPARISON(
                                                                                        "= NULL or <> NULL, which is never true: NULL compares as unknown"), ALWAYS_NULL(
                                                                                                "a predicate on a column the print shows as NULL on every scanned row"), JOIN_NOT_IN_PRINT(
                                                                                                        "a join whose columns match no relationship the print holds between the two tables"), JOIN_REJECTED(
                                                                                                                "a join on a relationship a person rejected in relationships.annotations.yaml"), JOIN_PARTIAL(
                                                                                                                        "a join on part of a multi-column relationship"), SENSITIVE_COLUMN(
                                                                                                                                "a column the print marks sensitive or redacted, selected"), STALE_STATISTICS(
                                                                                                                                        "tables whose statistics are older than their max_age_days (list_tables freshness)"), NOT_A_QUERY(
                                                                                                                                                "a statement that is not a query: only its table names are checked"), DUPLICATE_ALIAS(
                                                                                                                                                        "two tables of one FROM clause answering to the same name"), ALIAS_IN_WHERE(
                                                                                                                                                                "an output alias used in WHERE, which this dialect evaluates before the select list"), POSITION_OUT_OF_RANGE(
                                                                                                                                                                        "a GROUP BY or ORDER BY position past the select list"), UNGROUPED_COLUMN(
                                                                                                                                                                                "a selected column neither grouped nor inside an aggregate"), SET_OPERATION_COLUMNS(
                                                                                                                                                                                        "branches of a UNION, INTERSECT or EXCEPT selecting different numbers of columns"), REDACTED_VALUE(
                                                                                                                                                                                                "a literal compared with a column whose values the print withholds, so it cannot be checked"), NOT_IN_NULLABLE(
                                                                                                                                                                                                        "NOT IN over values that hold a NULL, which then matches no row"), MISSING_JOIN_PREDICATE(
                                                                                                                                                                                                                "two related tables in one FROM clause with no predicate joining them: every pair of rows"), FAN_OUT(
                                                                                                                                                                                                                        "an aggregate over a join whose other side repeats each key, so sums and counts multiply"), LIMIT_WITHOUT_ORDER(
                                                                                                                                                                                                                                "a LIMIT without ORDER BY: which rows come back is up to the engine");

        private final String definition;

        Kind(String definition) {
            this.definition = definition;
        }

        public String wire() {
            return name().toLowerCase(java.util.Locale.ROOT);
        }

        public String definition() {
            return definition;
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
