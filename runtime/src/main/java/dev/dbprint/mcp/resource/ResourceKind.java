package dev.dbprint.mcp.resource;

import java.util.Optional;

import dev.dbprint.mcp.print.model.Artifact;
import dev.dbprint.mcp.print.store.PrintView;

/**
 * The resource kinds of spec §3.2, in the order §3.3 enumerates them within their scope: what the URI's last segment
 * spells, the mimeType, the file behind it, and the label and description resources/list and
 * resources/templates/list give it. The descriptions say what the file holds and which tool returns the same content
 * interpreted, since an agent reading the raw file gets none of the interpretation the tools apply.
 */
public enum ResourceKind {

    // one constant to two lines, as written: the formatter would stair-step these long argument lists
    // @formatter:off
    MANIFEST("manifest", "application/yaml", PrintView.MANIFEST, null,
            "the index of every table the print holds, with each table's artifacts, row count and profiling time, and the tables the last run could not profile. get_manifest returns it paged and filterable by pattern; list_tables lists table names with their freshness."),
    DIFF("diff", "application/yaml", PrintView.DIFF, null,
            "what the last generate run found changed against the previous print, without the relationship events about edges a human rejected. get_diff returns it filtered by table or event kind."),
    READING("reading", "text/markdown", PrintView.READING, null,
            "the reading guide the generate run wrote beside this print: how to read its files and fields. get_reference with document guide returns the installed dbprint version's own guide by heading."),
    MANIFEST_ANNOTATIONS("manifest_annotations", "application/yaml", PrintView.MANIFEST_ANNOTATIONS, null,
            "notes a human wrote that hold across tables, such as what a shared code means. get_table_context carries them as its Connection notes section."),
    DDL("ddl", "application/sql", Artifact.DDL.fileName(), Artifact.DDL,
            "the object's DDL as the database reported it. get_table_context with purpose query returns it with the joins, the data dictionary and the literal values its columns hold."),
    STATISTICS("statistics", "application/yaml", Artifact.STATISTICS.fileName(), Artifact.STATISTICS,
            "the measured statistics of every column as written, sketches included. get_table_context returns them interpreted; resolve_value gives a filter value's stored spelling; search_columns finds columns across tables."),
    RELATIONSHIPS("relationships", "application/yaml", Artifact.RELATIONSHIPS.fileName(), Artifact.RELATIONSHIPS,
            "the declared, inferred and measured joins to and from this table, without the edges a human rejected. get_table_context returns them as its Joins (purpose query) or Relationships (purpose profile) section."),
    DESCRIPTION("description", "text/markdown", Artifact.DESCRIPTION.fileName(), Artifact.DESCRIPTION,
            "the narrative a human wrote about this table: grain, units, derivation, deliberate exclusions. get_table_context includes it."),
    STATISTICS_ANNOTATIONS("statistics_annotations", "application/yaml", Artifact.STATISTICS_ANNOTATIONS.fileName(), Artifact.STATISTICS_ANNOTATIONS,
            "notes a human wrote on this table's columns and values. get_table_context merges them into its data dictionary and column values; search_columns and resolve_value carry them too."),
    RELATIONSHIPS_ANNOTATIONS("relationships_annotations", "application/yaml", Artifact.RELATIONSHIPS_ANNOTATIONS.fileName(), Artifact.RELATIONSHIPS_ANNOTATIONS,
            "a human's verdicts and notes on this table's outgoing edges, including edges rejected or added by hand. get_table_context applies them to the joins it returns.");
    // @formatter:on

    private final String segment;
    private final String mimeType;
    private final String fileName;
    private final Artifact artifact;
    private final String holds;

    ResourceKind(String segment, String mimeType, String fileName, Artifact artifact, String holds) {
        this.segment = segment;
        this.mimeType = mimeType;
        this.fileName = fileName;
        this.artifact = artifact;
        this.holds = holds;
    }

    /** The URI's last segment, and the resource's name suffix. */
    public String segment() {
        return segment;
    }

    public String mimeType() {
        return mimeType;
    }

    /** The file the format fixes for the kind. */
    public String fileName() {
        return fileName;
    }

    /** The per-table artifact, or empty for a connection-level kind. */
    public Optional<Artifact> artifact() {
        return Optional.ofNullable(artifact);
    }

    public boolean perTable() {
        return artifact != null;
    }

    /** A connection-level kind may be absent from disk by design only when a human has not authored it. */
    public boolean optional() {
        return this == MANIFEST_ANNOTATIONS || (artifact != null && artifact.userAuthored());
    }

    /** What the file holds and which tool returns it interpreted. */
    public String holds() {
        return holds;
    }

    /** A YAML-typed artifact: a read surfaces its parse failure (§8.1). */
    public boolean yaml() {
        return mimeType.equals("application/yaml");
    }

    public static Optional<ResourceKind> connectionLevel(String segment) {
        for (ResourceKind k : values()) {
            if (!k.perTable() && k.segment.equals(segment)) {
                return Optional.of(k);
            }
        }
        return Optional.empty();
    }

    public static Optional<ResourceKind> perTable(String segment) {
        for (ResourceKind k : values()) {
            if (k.perTable() && k.segment.equals(segment)) {
                return Optional.of(k);
            }
        }
        return Optional.empty();
    }

    public static ResourceKind of(Artifact artifact) {
        ResourceKind k = BY_ARTIFACT[artifact.ordinal()];
        if (k == null) {
            throw new IllegalArgumentException(String.valueOf(artifact));
        }
        return k;
    }

    /**
     * The kind of each artifact, by its ordinal: looked up for every entry of resources/list, so a look-up copies no
     * {@code values()} array.
     */
    private static final ResourceKind[] BY_ARTIFACT = new ResourceKind[Artifact.values().length];

    static {
        for (ResourceKind k : values()) {
            if (k.artifact != null) {
                BY_ARTIFACT[k.artifact.ordinal()] = k;
            }
        }
    }
}
