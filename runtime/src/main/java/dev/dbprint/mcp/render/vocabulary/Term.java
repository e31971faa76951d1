package dev.dbprint.mcp.render.vocabulary;

import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Objects;

/**
 * A label, flag or enum word the Markdown prints, with the one line of {@code ## Terms} that defines it (spec §4.1): what
 * it means, where json/yaml carries it, and the search_columns filter that takes it, where one does. Terms are ordered
 * by {@link #rank()} so a legend lists them the same way on every page.
 */
public record Term(int rank, String label, String definition, String carriedAs, String filter) {

    // written out: a record's own equals and hashCode are bootstrapped on first use, spinning classes that no
    // start-up cache holds, on a fresh process's first call
    @Override
    public boolean equals(Object o) {
        return o instanceof Term t && rank == t.rank && Objects.equals(label, t.label)
                && Objects.equals(definition, t.definition) && Objects.equals(carriedAs, t.carriedAs)
                && Objects.equals(filter, t.filter);
    }

    @Override
    public int hashCode() {
        return rank;
    }

    /** The legend line: {@code - <label>: <definition> (json/yaml: <where>; search_columns filter: <filter>)}. */
    public String line() {
        StringBuilder sb = new StringBuilder("- ").append(label).append(": ").append(definition).append(" (json/yaml: ")
                .append(carriedAs);
        if (filter != null) {
            sb.append("; search_columns filter: ").append(filter);
        }
        return sb.append(")\n").toString();
    }

    private static final Map<String, Term> BY_KEY = new LinkedHashMap<>();
    private static int next;

    private static Term def(String key, String label, String definition, String carriedAs, String filter) {
        Term t = new Term(next++, label, definition, carriedAs, filter);
        BY_KEY.put(key, t);
        return t;
    }

    // ---- population
    public static final Term OVER_ROWS_SCANNED = def("scanned", "over the rows scanned",
            "the claim holds for the rows this run read, not necessarily for the whole table", "scope.rows_scanned",
            null);
    public static final Term SCOPE = def("scope", "scope",
            "the statistics describe part of the table: rows scanned, and the sample fraction asked for or the filter applied",
            "scope", null);
    public static final Term EXACT = def("exact", "exact", "counted exactly (COUNT / COUNT DISTINCT)",
            "row_count_method: exact, cardinality_method: exact", null);
    public static final Term APPROXIMATE = def("approximate", "approximate",
            "an estimate, not a count (a catalog estimate or a sketch)",
            "row_count_method: approximate, cardinality_method: approximate", null);
    public static final Term MEANINGS = def("meanings", "meanings: not documented here",
            "no note says what the values mean: read codes, units and defaults from the code",
            "meanings_documented: false", null);
    public static final Term CATALOG_ONLY = def("catalog_only", "catalog only",
            "no query was issued for this object: its columns and types come from the catalog, and no row was counted"
                    + " and no value measured",
            "statistics.catalog_only: true", null);
    public static final Term MISSING = def("missing", "Missing",
            "artifacts the manifest declares for this table whose file is absent from disk", "_missing", null);
    public static final Term CORRUPT = def("corrupt", "could not be read",
            "an artifact that does not parse or does not match its schema; only its own section is left out",
            "_corrupted", null);
    // ---- what identifies a row and when rows were written (profile header)
    public static final Term GRAIN = def("grain", "Grain",
            "the column sets that identify one row, from the catalog and from a bounded search over column pairs; with"
                    + " none, whether that search tested every candidate pair, stopped at its cap or did not run",
            "statistics.grain", null);
    public static final Term GRAIN_DECLARED = def("grain_declared", "declared unique",
            "the catalog declares these columns a primary key or unique constraint",
            "statistics.grain.keys[].detection: declared", null);
    public static final Term GRAIN_MEASURED = def("grain_measured", "measured unique",
            "no two rows read share these columns' values: an observation over the rows read, not a constraint",
            "statistics.grain.keys[].detection: measured", null);
    public static final Term TIMELINE = def("timeline", "Timeline",
            "one date column's rows counted per day, week or month (a bucket): how many buckets hold a row and their"
                    + " span, the fewest and most rows in one, the latest three with their rows (a period still being"
                    + " written shows here), and the share of the scanned rows bucketed (a NULL date is in none)",
            "statistics.timeline: column, unit, buckets[].start, buckets[].count, coverage", null);
    public static final Term DAY = def("unit:day", "day", "each bucket is one calendar day", "statistics.timeline.unit: day",
            null);
    public static final Term WEEK = def("unit:week", "week", "each bucket is one week", "statistics.timeline.unit: week",
            null);
    public static final Term MONTH = def("unit:month", "month", "each bucket is one calendar month",
            "statistics.timeline.unit: month", null);
    public static final Term GAPS = def("gaps", "gaps",
            "periods between the first and the last bucket in which no row falls; the print lists no empty bucket, so"
                    + " they are counted from the bucket starts",
            "statistics.timeline.buckets[].start (two starts more than one unit apart)", null);
    // ---- per column
    public static final Term NOT_NULL = def("not_null", "not null", "the DDL forbids NULL in the column",
            "statistics.columns.<column>.nullable: false", null);
    public static final Term NULLS = def("nulls", "nulls",
            "share of the scanned rows where the column is NULL; none means no scanned row was",
            "null_rate (statistics.columns.<column>.null_rate; query: values.<column>.null_rate, nulls.<column>)", null);
    public static final Term NULLS_TOGETHER = def("nulls_together", "Nulls together",
            "each line is one exact set of columns NULL on the same rows, every other column holding a value there, with"
                    + " how many scanned rows hold it and their share; none is the rows with no NULL; an observation,"
                    + " not a constraint",
            "statistics.null_patterns: patterns[].columns, patterns[].count, coverage", null);
    public static final Term NOT_MEASURED = def("not_measured", "not measured",
            "the share is unknown: nothing was read to measure it (a catalog-only view reads no row)",
            "null_rate: null (query: nulls.<column>, joins.refers_to[].null_rate)", null);
    public static final Term CANDIDATE_KEY = def("candidate_key", "candidate key",
            "distinct values on (nearly) every scanned row: a measured uniqueness, not a constraint",
            "inferred.candidate_key: true", "candidate_key");
    public static final Term LOOKS_LIKE = def("looks_like", "looks like",
            "the value shape most sampled values matched (a detection, not a constraint)", "inferred.looks_like",
            "looks_like");
    public static final Term SENSITIVITY = def("sensitivity", "sensitivity",
            "personal or secret data detected in the column; its absence is no proof the column is safe",
            "inferred.sensitivity", "sensitivity");
    public static final Term REDACTED = def("redacted", "redacted",
            "the literals are withheld (mask, hash or drop); only counts are published", "redacted", "redacted");
    public static final Term COUNTS_ONLY = def("counts_only", "counts only",
            "a redacted column's list: each value's count in list order, with no literal published",
            "values[].count (query: values.<column>.entries[].count, no value)", null);
    public static final Term WHOLE_DOMAIN = def("whole_domain", "the whole domain",
            "the list holds every distinct non-null value the column has",
            "values_coverage: 1.0 (query: values.<column>.coverage_statement)", null);
    public static final Term TOP_5 = def("top5", "top 5",
            "the five most frequent listed values with their shares of the non-null scanned rows; the list is a sample, not the domain",
            "values (the whole list), values_coverage", null);
    public static final Term SAMPLE = def("sample", "a sample",
            "the most frequent values only: a value absent here may still occur in the column",
            "values.<column>.coverage_statement, values.<column>.shown_coverage", null);
    public static final Term FREQUENT = def("frequent", "frequent values, not a domain",
            "values each holding at least 1% of the non-null scanned rows and twice an even share (sentinels such as -1)",
            "values.<column>.coverage_statement, values.<column>.shown_coverage", null);
    public static final Term SPELLING = def("spelling", "also spelled",
            "other stored spellings of the same value (trimmed and case-folded equal), counted separately",
            "values[].spelling_of", null);
    public static final Term RANGE = def("range", "range", "the smallest and largest non-null value scanned",
            "range.min, range.max", null);
    public static final Term MEAN = def("mean", "mean", "arithmetic mean of the scanned values", "mean", null);
    public static final Term ZEROS = def("zeros", "zeros", "scanned values equal to 0", "zero_count", null);
    public static final Term NEGATIVES = def("negatives", "negatives", "scanned values below 0", "negative_count",
            null);
    public static final Term EMPTIES = def("empties", "empty strings", "scanned values equal to ''", "empty_count",
            null);
    public static final Term LENGTH = def("length", "length", "shortest and longest value in characters (bytes for binary)",
            "length.min, length.max", null);
    public static final Term OCCURRENCES = def("occurrences", "occurrences",
            "instances of a part (a key or element inside the column) in the scanned rows", "parts.<path>.occurrences",
            null);
    public static final Term UNMEASURED = def("unmeasured", "unmeasured", "fields this run tried and failed to measure",
            "unmeasured", null);
    public static final Term LIVE = def("live", "live", "the newest value is under 7 days old",
            "freshness.classification: live", null);
    public static final Term STALE = def("stale", "stale", "the newest value is 7 to 89 days old",
            "freshness.classification: stale", null);
    public static final Term DORMANT = def("dormant", "dormant", "the newest value is 90 or more days old",
            "freshness.classification: dormant", null);
    public static final Term UNIFORM = def("uniform", "uniform",
            "no value is more than twice as frequent as another", "distribution: uniform", null);
    public static final Term IMBALANCED = def("imbalanced", "imbalanced",
            "some values are more than twice as frequent as others", "distribution: imbalanced", null);
    public static final Term DOMINANT = def("dominant", "dominant value",
            "one value holds at least 95% of the non-null rows", "distribution: dominant_value", null);
    public static final Term LONG_TAIL = def("long_tail", "long tail",
            "more distinct values than listed, and the listed ones cover under 30% of the non-null rows",
            "distribution: long_tail", null);
    // ---- relationships
    public static final Term DECLARED = def("declared", "declared", "a foreign key the database catalog declares",
            "detection: declared", null);
    public static final Term INFERRED = def("inferred", "inferred",
            "a join guessed from column naming: usable, but not enforced and not cardinality-guaranteed",
            "detection: inferred", null);
    public static final Term MEASURED = def("measured", "measured",
            "a join proposed because one column's values were contained in the other's: evidence, not a constraint",
            "detection: measured", null);
    public static final Term ANNOTATED = def("annotated", "annotated",
            "a join a person added in relationships.annotations.yaml: never declared in the database",
            "detection: annotated", null);
    public static final Term NOT_STATED = def("not_stated", "detection not stated",
            "the print does not say how this join was found", "detection (absent)", null);
    public static final Term ON_DELETE = def("on_delete", "on delete",
            "what the database does to the referencing rows when the referenced row is deleted (CASCADE, RESTRICT,"
                    + " NO ACTION, SET NULL, SET DEFAULT), as its catalog declares",
            "on_delete", null);
    public static final Term ON_UPDATE = def("on_update", "on update",
            "what the database does to the referencing rows when the referenced key is updated (CASCADE, RESTRICT,"
                    + " NO ACTION, SET NULL, SET DEFAULT), as its catalog declares",
            "on_update", null);
    public static final Term PATH = def("path", "path", "the join key is the named key inside the column's JSON value",
            "path, target_path, referencer_path", null);
    public static final Term NOT_A_TARGET = def("not_a_target", "not a join target",
            "no declared-unique column, so no inferred edge can point at this table", "relationships.eligible_target: false",
            null);
    public static final Term FANOUT = def("fanout", "fan-out", "average rows per distinct referencing key",
            "observed.fanout_avg", null);
    public static final Term TARGET_COVERAGE = def("target_coverage", "target coverage",
            "share of the referenced table's distinct keys the edge reaches", "observed.target_coverage", null);
    public static final Term INHERITED = def("inherited", "from",
            "a note inherited from the source column this column is derived from", "inherited_notes", null);
    public static final Term CLAIMS = def("claims", "claims",
            "statistics a person asserts the column keeps (checked against each new print by dbprint check)",
            "annotations.columns.<column>.claims", null);
    public static final Term GRAIN_KEY = def("grain_key", "key",
            "columns a person says identify one row of the table", "annotations.grain.keys", null);
    // ---- classifications (search_columns classification filter)
    public static final Term C_BOOLEAN = classification("boolean", "an explicit BOOLEAN column");
    public static final Term C_JSON = classification("json", "a document column (JSON, JSONB, VARIANT, ...)");
    public static final Term C_COMPOSITE = classification("composite", "an array, record or map read through its parts");
    public static final Term C_SPATIAL = classification("spatial", "geometries; compared by spatial predicates, never counted");
    public static final Term C_VECTOR = classification("vector", "an embedding column");
    public static final Term C_FK = classification("foreign_key_candidate", "has a foreign key, declared or inferred");
    public static final Term C_CATEGORICAL = classification("categorical",
            "at most enumeration_threshold (default 50) distinct values, so its value list is complete");
    public static final Term C_TEMPORAL = classification("temporal", "date or time values, many distinct");
    public static final Term C_NUMERIC = classification("numeric", "numbers, many distinct");
    public static final Term C_BINARY = classification("binary", "bytes, many distinct; counted, never listed");
    public static final Term C_TEXT = classification("text", "character values, many distinct");
    public static final Term C_UNSUPPORTED = classification("unsupported", "a type the producer could not summarise");

    private static Term classification(String word, String definition) {
        return def("class:" + word, word, definition, "classification: " + word, "classification");
    }

    /** The classification word's term, or null for a word the format does not define (printed as is). */
    public static Term classificationOf(String word) {
        return word == null ? null : BY_KEY.get("class:" + word);
    }

    /** The distribution enum word's term ({@code long_tail} prints as long tail). */
    public static Term distributionOf(String word) {
        if (word == null) {
            return null;
        }
        return switch (word) {
            case "uniform" -> UNIFORM;
            case "imbalanced" -> IMBALANCED;
            case "dominant_value" -> DOMINANT;
            case "long_tail" -> LONG_TAIL;
            default -> null;
        };
    }

    /** The timeline unit's term, or null for a word the format does not define (printed as is). */
    public static Term unitOf(String word) {
        return word == null ? null : BY_KEY.get("unit:" + word);
    }

    public static Term freshnessOf(String word) {
        if (word == null) {
            return null;
        }
        return switch (word) {
            case "live" -> LIVE;
            case "stale" -> STALE;
            case "dormant" -> DORMANT;
            default -> null;
        };
    }

    /** The detection word's term; {@link #NOT_STATED} for an edge that carries none. */
    public static Term detectionOf(String word) {
        if (word == null) {
            return NOT_STATED;
        }
        return switch (word) {
            case "declared" -> DECLARED;
            case "inferred" -> INFERRED;
            case "measured" -> MEASURED;
            case "annotated" -> ANNOTATED;
            default -> null;
        };
    }

    private static final int PERCENTILE_RANK = 10_000;

    /** Whether {@code key} is {@code p} and ASCII digits (the regex {@code p\d+}, without compiling it per key). */
    public static boolean isPercentileKey(String key) {
        if (key.length() < 2 || key.charAt(0) != 'p') {
            return false;
        }
        for (int i = 1; i < key.length(); i++) {
            char c = key.charAt(i);
            if (c < '0' || c > '9') {
                return false;
            }
        }
        return true;
    }

    /** {@code P50} for the key {@code p50}. */
    public static Term percentile(String key) {
        String digits = key.substring(1);
        int n = 0;
        for (int i = 0; i < digits.length(); i++) {
            n = n * 10 + (digits.charAt(i) - '0');
        }
        int rank = PERCENTILE_RANK + n;
        return new Term(rank, "P" + digits, "the value " + Integer.parseInt(digits)
                + "% of the non-null scanned values are at or below", "percentiles." + key, null);
    }
}
