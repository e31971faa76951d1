package dev.dbprint.mcp.resource;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * One answer of completion/complete: the values offered (at most {@link #MAX_VALUES}), how many candidates matched in
 * all, and whether more matched than are offered. Ranked as a person typing expects: the candidates that begin with
 * what was typed, then those that hold it further in, each group in the candidates' own order; case is ignored.
 */
public record Completion(List<String> values, int total, boolean hasMore) {

    /** MCP's bound on the values of one completion. */
    public static final int MAX_VALUES = 100;

    /** Nothing to offer. */
    public static final Completion NONE = new Completion(List.of(), 0, false);

    /** The candidates matching {@code typed}, ranked; an empty {@code typed} matches every candidate as a prefix. */
    public static Completion ranked(Iterable<String> candidates, String typed) {
        List<String> prefixed = new ArrayList<>();
        List<String> inside = new ArrayList<>(); // only the first MAX_VALUES can ever be offered
        int total = 0;
        for (String candidate : candidates) {
            if (candidate.regionMatches(true, 0, typed, 0, typed.length())) {
                if (prefixed.size() < MAX_VALUES) {
                    prefixed.add(candidate);
                }
                total++;
            } else if (holdsFurtherIn(candidate, typed)) {
                if (inside.size() < MAX_VALUES) {
                    inside.add(candidate);
                }
                total++;
            }
        }
        List<String> values = new ArrayList<>(prefixed);
        values.addAll(inside.subList(0, Math.min(inside.size(), MAX_VALUES - values.size())));
        return new Completion(List.copyOf(values), total, total > values.size());
    }

    /** Whether {@code typed} occurs in {@code candidate} past its first character, case ignored. */
    private static boolean holdsFurtherIn(String candidate, String typed) {
        for (int at = 1; at + typed.length() <= candidate.length(); at++) {
            if (candidate.regionMatches(true, at, typed, 0, typed.length())) {
                return true;
            }
        }
        return false;
    }

    /** The {@code result} of completion/complete: {@code {"completion": {"values", "total", "hasMore"}}}. */
    public Map<String, Object> result() {
        Map<String, Object> completion = new LinkedHashMap<>();
        completion.put("values", values);
        completion.put("total", total);
        completion.put("hasMore", hasMore);
        return Map.of("completion", completion);
    }
}
