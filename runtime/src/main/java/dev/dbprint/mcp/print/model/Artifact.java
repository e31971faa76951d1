package dev.dbprint.mcp.print.model;

import java.util.Optional;

/**
 * A per-table artifact kind (format spec §1.4), by its key in a manifest entry's {@code artifacts} map and the file name
 * the format fixes for it.
 */
public enum Artifact {

    DDL("ddl", "ddl.sql", false), STATISTICS("statistics", "statistics.yaml", false), RELATIONSHIPS("relationships",
            "relationships.yaml", false), DESCRIPTION("description", "description.md", true), STATISTICS_ANNOTATIONS(
                    "statistics_annotations", "statistics.annotations.yaml",
                    true), RELATIONSHIPS_ANNOTATIONS("relationships_annotations", "relationships.annotations.yaml", true);

    private static final Artifact[] ALL = values();

    private final String key;
    private final String fileName;
    private final boolean userAuthored;

    Artifact(String key, String fileName, boolean userAuthored) {
        this.key = key;
        this.fileName = fileName;
        this.userAuthored = userAuthored;
    }

    /** The key in the manifest's {@code artifacts} map, and the resource name (§3.2). */
    public String key() {
        return key;
    }

    /** The file name the format fixes for this kind. */
    public String fileName() {
        return fileName;
    }

    /** A human-authored file: read when present even if the manifest does not declare it. */
    public boolean userAuthored() {
        return userAuthored;
    }

    public static Optional<Artifact> ofKey(String key) {
        for (Artifact a : ALL) { // values() clones its array: a walk looks up every declared file of every entry
            if (a.key.equals(key)) {
                return Optional.of(a);
            }
        }
        return Optional.empty();
    }
}
