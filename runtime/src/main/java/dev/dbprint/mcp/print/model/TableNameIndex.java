package dev.dbprint.mcp.print.model;

import java.util.ArrayList;
import java.util.Collection;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

/**
 * A print's table names as a caller may write them: whole ({@code arboretum.seedbank.accession}) or with leading parts
 * left out ({@code seedbank.accession}), as a statement running under a search path writes them and as an agent writes
 * the two-part name it sees in SQL. Built once over the names, so a print of thousands of tables resolves a name with
 * one map lookup.
 */
public final class TableNameIndex {

    private final Map<String, List<String>> byLastPart = new HashMap<>();

    public TableNameIndex(Collection<String> fqns) {
        for (String fqn : fqns) {
            byLastPart.computeIfAbsent(lastPart(fqn), k -> new ArrayList<>()).add(fqn);
        }
    }

    /**
     * The FQNs the written name spells, or ends; failing that, those a shorter tail of it spells, since a caller may
     * prefix what the print keys (a BigQuery project, a Snowflake or Redshift database before a schema.table print).
     *
     * @param parts the written name's parts, unquoted
     */
    public List<String> matches(List<String> parts) {
        List<String> candidates = byLastPart.getOrDefault(parts.get(parts.size() - 1), List.of());
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

    /** The part after a dotted name's last dot, or the whole name. */
    public static String lastPart(String fqn) {
        return fqn.substring(fqn.lastIndexOf('.') + 1);
    }
}
