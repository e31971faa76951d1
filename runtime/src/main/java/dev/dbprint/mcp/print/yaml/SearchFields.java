package dev.dbprint.mcp.print.yaml;

/**
 * The keys of a statistics.yaml that search_columns reads (server spec §4.3), as a {@link YamlSkim.Rule}: the file's
 * format_version (a later MAJOR is refused, not searched), the table's row count, scope, catalog-only marker and
 * disabled checks, and per column — and per part, at any depth — its type, classification, rows scanned, occurrences,
 * inferred block and redaction marker. Nothing else: a model read through
 * this rule holds no value list, no histogram and no sketch, and serves search alone.
 */
public final class SearchFields implements YamlSkim.Rule {

    public static final SearchFields RULE = new SearchFields();

    private static final int TOP = 0;
    private static final int COLUMNS = 1;
    private static final int COLUMN = 2;
    private static final int PARTS = 3;

    // arrays, not lists: under C1 an iterator per key judged was a tenth of what a never-indexed search allocated
    private static final String[] TABLE_KEYS = {"format_version", "row_count", "scope", "catalog_only", "disabled"};
    private static final String[] COLUMN_KEYS = {"sql_type", "classification", "rows_scanned", "occurrences",
            "inferred", "redacted"};

    private SearchFields() {
    }

    @Override
    public YamlSkim.Action action(int state, byte[] doc, int start, int end) {
        return switch (state) {
            case TOP -> SkimScalar.is(doc, start, end, "columns")
                    ? YamlSkim.Action.DESCEND
                    : keep(TABLE_KEYS, doc, start, end);
            case COLUMNS, PARTS -> YamlSkim.Action.DESCEND;
            default -> SkimScalar.is(doc, start, end, "parts") ? YamlSkim.Action.DESCEND : keep(COLUMN_KEYS, doc, start, end);
        };
    }

    @Override
    public int child(int state, byte[] doc, int start, int end) {
        return switch (state) {
            case TOP -> COLUMNS;
            case COLUMNS, PARTS -> COLUMN;
            default -> PARTS;
        };
    }

    private static YamlSkim.Action keep(String[] keys, byte[] doc, int start, int end) {
        // compared in place: a string of every key of every column would be most of what a skim allocates
        for (String key : keys) {
            if (SkimScalar.is(doc, start, end, key)) {
                return YamlSkim.Action.KEEP;
            }
        }
        return YamlSkim.Action.DROP;
    }
}
