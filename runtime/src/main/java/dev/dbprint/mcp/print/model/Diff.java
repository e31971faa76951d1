package dev.dbprint.mcp.print.model;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

import dev.dbprint.mcp.error.PrintError;

/**
 * {@code diff.yaml} (format spec §2.6).
 *
 * @param header every top-level key except {@code changes}, in file order
 * @param summary the {@code summary} block, or null
 * @param changes the events in file order
 */
public record Diff(Path path, Map<String, Object> raw, Map<String, Object> header, Map<String, Object> summary,
        List<Change> changes) {

    public static Diff of(Path path, Object tree) {
        Map<String, Object> m = FormatVersion.top(path, tree);
        Map<String, Object> header = new LinkedHashMap<>(m);
        header.remove("changes");
        List<Change> changes = new ArrayList<>();
        Object c = m.get("changes");
        if (c != null) {
            List<Object> l = Raw.list(c);
            if (l == null) {
                throw PrintError.shape(path, "'changes' is not a list");
            }
            for (Object o : l) {
                changes.add(Change.of(o));
            }
        }
        return new Diff(path, m, Collections.unmodifiableMap(header), Raw.map(m, "summary"),
                Collections.unmodifiableList(changes));
    }
}
