package dev.dbprint.mcp.freshness;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.regex.Pattern;

import dev.dbprint.mcp.config.ConnectionConfig;
import dev.dbprint.mcp.glob.Fnmatch;
import dev.dbprint.mcp.print.model.Raw;
import dev.dbprint.mcp.print.model.TableEntry;
import dev.dbprint.mcp.text.PyRepr;

/**
 * Resolves the {@code max_age_days} a table is judged against the way {@code dbprint list} and {@code dbprint check}
 * do offline (server spec §4.2, CONFIG.md {@code max_age_days} and {@code rules}): the manifest entry's own recorded
 * value; else the connection's value (default 7) overridden by every {@code rules} entry matching the table by name,
 * in declaration order ({@code defaults}' rules first), the last one setting it winning.
 *
 * <p>
 * A rule carrying {@code min_rows} needs a row count no offline reader has, so it is never applied; a table it names
 * by name whose threshold comes from the rules is marked {@link Threshold#byNameOnly()} when that rule sets
 * {@code max_age_days} (a size-gated rule that sets only {@code sample} or {@code statistics} cannot change the
 * threshold, so it is not worth a warning).
 *
 * <p>
 * Refusals mirror CONFIG.md: a recorded value that is negative or not whole refuses that table alone, the connection
 * default never substituted; a configuration dbprint refuses at load refuses every table that needs the rules; a
 * table the matching rules narrow both by {@code filter} and by {@code sample} is refused alone.
 *
 * <p>
 * {@code read_rows} (a rule key since dbprint 0.10) is a setting like the others: a rule carrying it sets something,
 * and it never moves the threshold. Beside {@code min_rows} in one rule it is refused at load, as dbprint refuses it
 * (docs/spec-readings.md says how this reading was reached).
 *
 * <p>
 * The settings are read here as written ({@link ConnectionConfig#settings()}), each value judged where it is used.
 */
public final class ThresholdResolver {

    /** The connection default when neither {@code defaults} nor the connection sets one (CONFIG.md). */
    public static final long DEFAULT_MAX_AGE_DAYS = 7;
    /** The keys read only inside a rule, refused on the connection or in {@code defaults}. */
    private static final List<String> RULE_ONLY_KEYS = List.of("scope", "sample", "filter", "min_rows");
    /** The keys of a rule that set something (CONFIG.md {@code rules}). */
    private static final List<String> SETTING_KEYS = List.of("sample", "filter", "statistics", "max_age_days",
            "max_rows_scanned", "read_rows");

    private record Rule(int number, List<Pattern> include, List<Pattern> exclude, boolean sizeGated, Object maxAgeDays,
            boolean sample, boolean filter, boolean ceiling) {

        boolean matches(String lowered) {
            return include.stream().anyMatch(p -> p.matcher(lowered).matches())
                    && exclude.stream().noneMatch(p -> p.matcher(lowered).matches());
        }
    }

    private final Object connectionValue;
    private final List<Rule> rules = new ArrayList<>();
    private final String loadError;

    /**
     * @param connection the connection's name, for messages
     * @param settings the connection's settings as written, {@code defaults} cascaded in
     */
    private ThresholdResolver(String connection, Map<String, Object> settings) {
        Object value = settings.get("max_age_days");
        this.connectionValue = value == null ? (Object) DEFAULT_MAX_AGE_DAYS : value;
        String error = validateConnection(settings);
        if (error == null) {
            error = readRules(settings);
        }
        this.loadError = error == null
                ? null
                : "connection " + PyRepr.repr(connection) + " in .dbprint.yaml: " + error
                        + "; dbprint refuses this configuration at load, so no threshold resolves for a table whose"
                        + " manifest entry records none";
    }

    /** The resolver of the connection's thresholds. */
    public static ThresholdResolver of(ConnectionConfig connection) {
        return new ThresholdResolver(connection.name(), connection.settings());
    }

    /** The threshold for the table of this manifest entry. */
    public Threshold forEntry(TableEntry entry) {
        Object recorded = entry.maxAgeDays();
        if (recorded != null) {
            String refusal = WholeDays.refusal(recorded);
            if (refusal != null) {
                return Threshold.refused("the manifest entry records max_age_days " + refusal
                        + "; a recorded threshold must be a whole number of days, not negative (format spec §2.5),"
                        + " and the connection's rules are not substituted for it");
            }
            return Threshold.of(recorded, false);
        }
        return fromRules(entry.fqn());
    }

    /** What the connection's rules resolve {@code fqn} to, matching by name alone. */
    public Threshold fromRules(String fqn) {
        if (loadError != null) {
            return Threshold.refused(loadError);
        }
        String lowered = fqn.toLowerCase(Locale.ROOT);
        Object value = connectionValue;
        boolean sizeGatedThreshold = false;
        Rule sample = null, filter = null;
        for (Rule rule : rules) {
            if (!rule.matches(lowered)) {
                continue;
            }
            if (rule.sizeGated()) {
                sizeGatedThreshold |= rule.maxAgeDays() != null;
                continue;
            }
            if (rule.maxAgeDays() != null) {
                value = rule.maxAgeDays();
            }
            if (rule.filter()) {
                filter = rule;
            }
            if (rule.sample()) {
                sample = rule;
            } else if (rule.ceiling()) {
                sample = null; // a later ceiling discards an earlier fraction (CONFIG.md max_rows_scanned)
            }
            if (sample != null && filter != null) {
                Rule first = sample.number() < filter.number() ? sample : filter;
                Rule second = first == sample ? filter : sample;
                return Threshold.refused("the rules narrow this table both by a predicate and by a fraction - rules "
                        + "entry " + first.number() + " sets " + (first == sample ? "sample" : "filter")
                        + " and rules entry " + second.number() + " sets " + (second == sample ? "sample" : "filter")
                        + " (entries counted from 1, those from defaults first); dbprint refuses to judge such a table"
                        + " until one of the two rules stops matching it");
            }
        }
        return Threshold.of(value, sizeGatedThreshold);
    }

    // ---------------------------------------------------------------- load-time checks (CONFIG.md)

    private static String validateConnection(Map<String, Object> settings) {
        String outside = RULE_ONLY_KEYS.stream().filter(settings::containsKey).findFirst().orElse(null);
        if (outside != null) {
            return "'" + outside + "' is set on the connection or in defaults, where it is read only inside a rule";
        }
        Object value = settings.get("max_age_days");
        if (value != null) {
            String refusal = WholeDays.refusal(value);
            if (refusal != null) {
                return "max_age_days " + refusal + " (it must be a whole number of days, not negative)";
            }
        }
        return null;
    }

    private String readRules(Map<String, Object> settings) {
        List<Object> list = Raw.list(settings, "rules");
        if (list == null) {
            return settings.get("rules") == null ? null : "rules is not a list";
        }
        for (int i = 0; i < list.size(); i++) {
            int number = i + 1;
            String where = "rules entry " + number + " (counted from 1, those from defaults first) ";
            Map<String, Object> rule = Raw.map(list.get(i));
            if (rule == null) {
                return where + "is not a mapping";
            }
            List<String> includeGlobs = Raw.strings(rule, "include");
            List<String> excludeGlobs = Raw.strings(rule, "exclude");
            if (rule.containsKey("include") && includeGlobs == null || rule.containsKey("exclude") && excludeGlobs == null) {
                return where + "has an include or exclude that is not a list of globs";
            }
            List<Pattern> include = globs(includeGlobs, List.of("*"));
            List<Pattern> exclude = globs(excludeGlobs, List.of());
            if (include.isEmpty()) {
                return where + "has include: [], which matches no table";
            }
            Object minRows = rule.get("min_rows");
            if (minRows != null && !(WholeDays.refusal(minRows) == null && WholeDays.days(minRows).signum() > 0)) {
                return where + "has min_rows " + WholeDays.spelled(minRows) + ", which is not a positive integer";
            }
            if (minRows != null && rule.get("read_rows") != null) {
                return where + "sets read_rows beside min_rows, a pair dbprint (0.10 on) never accepts in one rule";
            }
            Object maxAge = rule.get("max_age_days");
            if (maxAge != null && WholeDays.refusal(maxAge) != null) {
                return where + "has max_age_days " + WholeDays.refusal(maxAge)
                        + " (it must be a whole number of days, not negative)";
            }
            boolean sample = rule.get("sample") != null;
            boolean filter = rule.get("filter") != null;
            if (sample && filter) {
                return where + "sets both sample and filter, which never go together";
            }
            if (SETTING_KEYS.stream().allMatch(k -> rule.get(k) == null)) {
                return where + "sets nothing (none of " + String.join(", ", SETTING_KEYS) + ")";
            }
            rules.add(new Rule(number, include, exclude, minRows != null, maxAge, sample, filter,
                    rule.get("max_rows_scanned") != null));
        }
        return null;
    }

    /** The globs lowercased and compiled; {@code absent} when unset. */
    private static List<Pattern> globs(List<String> globs, List<String> absent) {
        if (globs == null) {
            return absent.stream().map(Fnmatch::compile).toList();
        }
        return globs.stream().map(g -> Fnmatch.compile(g.toLowerCase(Locale.ROOT))).toList();
    }
}
