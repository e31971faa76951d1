package dev.dbprint.mcp.sqlcheck;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

import dev.dbprint.mcp.print.model.Manifest;

/**
 * The print's table names as a statement may write them: whole ({@code rental.ride}) or with leading parts left out
 * ({@code ride}), since a statement runs under a search path the print does not know. Built once per parse of the
 * manifest, so a print of thousands of tables resolves a name with one map lookup.
 */
final class TableNames {

    private final Map<String, List<String>> byLastPart = new HashMap<>();
    private final Map<String, List<String>> failedByLastPart = new HashMap<>();
    private final List<String> all;

    TableNames(Manifest manifest) {
        this.all = manifest.fqnOrder();
        for (String fqn : all) {
            byLastPart.computeIfAbsent(lastPart(fqn), k -> new ArrayList<>()).add(fqn);
        }
        for (String fqn : manifest.failedTables()) {
            failedByLastPart.computeIfAbsent(lastPart(fqn), k -> new ArrayList<>()).add(fqn);
        }
    }

    /** Every profiled table the written name can mean: the one FQN it spells, or every FQN it ends. */
    List<String> matches(List<String> parts) {
        return match(byLastPart, parts);
    }

    /** As {@link #matches(List)} among the tables the last run could not profile. */
    List<String> unprofiled(List<String> parts) {
        return match(failedByLastPart, parts);
    }

    /**
     * The FQNs the written name spells, or ends; failing that, those a shorter tail of it spells, since a statement may
     * prefix what the print keys (a BigQuery project, a Snowflake or Redshift database before a schema.table print).
     */
    private static List<String> match(Map<String, List<String>> index, List<String> parts) {
        List<String> candidates = index.getOrDefault(parts.get(parts.size() - 1), List.of());
        for (int from = 0; from < parts.size(); from++) {
            String written = String.join(".", parts.subList(from, parts.size()));
            List<String> out = new ArrayList<>();
            for (String fqn : candidates) {
                if (fqn.equals(written)) {
                    return List.of(fqn);
                }
                if (from == 0 && fqn.endsWith("." + written)) {
                    out.add(fqn);
                }
            }
            if (!out.isEmpty()) {
                return out;
            }
        }
        return List.of();
    }

    /** The names nearest the written one, whole or by last part, best first. */
    List<String> nearest(List<String> parts) {
        return Nearest.names(String.join(".", parts), all, true);
    }

    static String lastPart(String fqn) {
        return fqn.substring(fqn.lastIndexOf('.') + 1);
    }
}
