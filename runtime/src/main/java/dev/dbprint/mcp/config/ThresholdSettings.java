package dev.dbprint.mcp.config;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;

/**
 * What one connection's {@code .dbprint.yaml} says that its tables' {@code max_age_days} is resolved from (CONFIG.md
 * {@code max_age_days} and {@code rules}), each value as written: the file's shape is read here, and the freshness
 * package judges the values and refuses what dbprint refuses.
 *
 * @param maxAgeDays the connection's {@code max_age_days} ({@code defaults} cascaded in), or null when unset
 * @param outsideRules the keys read only inside a rule ({@code scope}, {@code sample}, {@code filter},
 *        {@code min_rows}) that the connection or {@code defaults} sets, in that order
 * @param rulesNotAList whether {@code rules} is set to something other than a list
 * @param rules the {@code rules} entries, those from {@code defaults} first; empty when unset or not a list
 */
public record ThresholdSettings(Object maxAgeDays, List<String> outsideRules, boolean rulesNotAList,
        List<Rule> rules) {

    private static final List<String> RULE_ONLY_KEYS = List.of("scope", "sample", "filter", "min_rows");
    /** The keys of a rule that set something (CONFIG.md {@code rules}). */
    public static final List<String> SETTING_KEYS = List.of("sample", "filter", "statistics", "max_age_days",
            "max_rows_scanned", "read_rows");

    /**
     * One {@code rules} entry, each value as written (null when unset).
     *
     * @param mapping whether the entry is a mapping; every other field is empty when it is not
     * @param include the {@code include} globs, or null when unset ({@code *})
     * @param exclude the {@code exclude} globs, or null when unset (none)
     * @param globsNotStrings whether {@code include} or {@code exclude} is set to something other than a list of
     *        strings
     * @param setsSomething whether any of {@link #SETTING_KEYS} is set
     * @param sample whether {@code sample} is set
     * @param filter whether {@code filter} is set
     * @param maxRowsScanned whether {@code max_rows_scanned} is set
     */
    public record Rule(boolean mapping, List<String> include, List<String> exclude, boolean globsNotStrings,
            Object minRows, Object readRows, Object maxAgeDays, boolean sample, boolean filter, boolean maxRowsScanned,
            boolean setsSomething) {

        static Rule of(Object entry) {
            if (!(entry instanceof Map<?, ?> rule)) {
                return new Rule(false, null, null, false, null, null, null, false, false, false, false);
            }
            List<String> include = strings(rule.get("include"));
            List<String> exclude = strings(rule.get("exclude"));
            boolean globsNotStrings = rule.containsKey("include") && include == null
                    || rule.containsKey("exclude") && exclude == null;
            return new Rule(true, include, exclude, globsNotStrings, rule.get("min_rows"), rule.get("read_rows"),
                    rule.get("max_age_days"), rule.get("sample") != null, rule.get("filter") != null,
                    rule.get("max_rows_scanned") != null, SETTING_KEYS.stream().anyMatch(k -> rule.get(k) != null));
        }
    }

    static ThresholdSettings of(Map<String, Object> settings) {
        List<String> outside = RULE_ONLY_KEYS.stream().filter(settings::containsKey).toList();
        Object rules = settings.get("rules");
        List<Rule> read = new ArrayList<>();
        if (rules instanceof List<?> entries) {
            entries.forEach(e -> read.add(Rule.of(e)));
        }
        return new ThresholdSettings(settings.get("max_age_days"), outside, rules != null && !(rules instanceof List),
                List.copyOf(read));
    }

    /** A list whose items are all strings, else null. */
    private static List<String> strings(Object value) {
        return value instanceof List<?> list && list.stream().allMatch(String.class::isInstance)
                ? list.stream().map(String.class::cast).toList()
                : null;
    }
}
