package dev.dbprint.mcp.print.model;

import java.nio.file.Path;
import java.util.List;
import java.util.Map;

/**
 * {@code manifest.annotations.yaml} (format spec §2.7.3): {@code format_version} and an optional {@code notes}.
 *
 * @param notes the notes text, or null when absent
 */
public record ManifestAnnotations(Path path, Map<String, Object> raw, String notes) {

    /** Whether there is any note text to show (absent and blank notes are both legal). */
    public boolean hasNotes() {
        return notes != null && !notes.isBlank();
    }

    /** Checks the schema and builds the model. */
    public static ManifestAnnotations of(Path path, Object tree) {
        SchemaCheck c = new SchemaCheck(path);
        Map<String, Object> m = c.mapping(SchemaCheck.TOP, tree);
        c.closed(SchemaCheck.TOP, m, List.of("format_version", "notes"));
        c.required(SchemaCheck.TOP, m, "format_version");
        c.formatVersion(m);
        // §2.7.3: an empty notes key is legal, so a bare `notes:` (null) reads as absent
        String notes = m.get("notes") != null ? c.string("notes", m.get("notes")) : null;
        return new ManifestAnnotations(path, m, notes);
    }
}
