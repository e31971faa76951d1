package dev.dbprint.mcp.print.model;

import java.nio.file.Path;
import java.util.Arrays;
import java.util.Collections;
import java.util.EnumMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.function.BiFunction;

import dev.dbprint.mcp.error.PrintError;
import dev.dbprint.mcp.print.files.Containment;
import dev.dbprint.mcp.text.CodePointOrder;

/**
 * {@code manifest.yaml} (format spec §2.5).
 *
 * @param path the file read
 * @param header every top-level key except {@code tables}, in file order
 * @param tables every {@code tables} entry by FQN, in file order, followable or not
 * @param written the {@code tables} mapping as written, each entry's value as parsed, in file order
 * @param failedTables {@code failed_tables} (empty when absent)
 * @param manifestAnnotations {@code manifest_annotations} as written, or null
 * @param edgeAnnotators FQNs of the entries, followable on their text, that declare relationships.annotations.yaml: the
 *        only tables whose humans can add an edge, found once per parse rather than on every call
 * @param fqnOrder every key of {@code tables} in code-point order, the order every listing walks: sorted once per parse,
 *        where sorting thousands of names on each call cost a search about 2 ms
 * @param followableOrder the keys of the entries followable on their text, in code-point order: what a completion
 *        offers, found without building every entry
 */
public record Manifest(Path path, Map<String, Object> header, Map<String, TableEntry> tables, Map<String, Object> written,
        List<String> failedTables, String manifestAnnotations, List<String> edgeAnnotators, List<String> fqnOrder,
        List<String> followableOrder) {

    public String connection() {
        return Raw.str(header, "connection");
    }

    public TableEntry table(String fqn) {
        return tables.get(fqn);
    }

    /** The entries a reader can follow, in file order. */
    public List<TableEntry> followable() {
        return tables.values().stream().filter(TableEntry::followable).toList();
    }

    /**
     * Tables whose entries are built when first looked up and kept from then on (the on-disk index's form of a
     * manifest).
     */
    public interface BuiltOnLookup {

        /** The same tables, each looked up without keeping an entry the look-up builds. */
        Map<String, TableEntry> unkept();

        /** The heap the entries built and kept so far are estimated to hold, in bytes. */
        long keptWeight();
    }

    /**
     * The heap the entries built since this manifest was read are estimated to hold, beside what it was read as
     * ({@link BuiltOnLookup}); 0 when every entry was built with it.
     */
    public long builtWeight() {
        return tables instanceof BuiltOnLookup built ? built.keptWeight() : 0;
    }

    /**
     * This manifest for a caller that looks at each table once (a page of resources/list): where entries are built as
     * they are looked up ({@link BuiltOnLookup}), one built for this caller is not kept, so paging through thousands of
     * tables leaves the cached manifest as it found it rather than holding an entry for every table listed.
     */
    public Manifest passing() {
        return tables instanceof BuiltOnLookup built
                ? new Manifest(path, header, built.unkept(), written, failedTables, manifestAnnotations, edgeAnnotators,
                        fqnOrder, followableOrder)
                : this;
    }

    /**
     * A copy whose entries are re-judged by {@code check} (entry, current judgement → null when it stays followable, else
     * the reason it is not) as they are looked up: a call that follows one table judges that table alone, and only a
     * call that walks every entry pays for every entry.
     */
    public Manifest recheck(BiFunction<TableEntry, Boolean, String> check) {
        return recheck(check, tables.size());
    }

    /**
     * As {@link #recheck(BiFunction)}, for a caller that looks up about {@code lookups} tables: its map of judged
     * entries starts that large.
     */
    public Manifest recheck(BiFunction<TableEntry, Boolean, String> check, int lookups) {
        return new Manifest(path, header, new RecheckedTables(tables, check, lookups), written, failedTables,
                manifestAnnotations, edgeAnnotators, fqnOrder, followableOrder);
    }

    /**
     * Builds the model from a parsed {@code manifest.yaml} under connection root {@code root} (absolute, normalised),
     * judging each entry's containment lexically.
     *
     * @throws PrintError of kind SHAPE when the document is not the shape every reader below it walks
     */
    public static Manifest of(Path path, Path root, Object tree) {
        Map<String, Object> m = FormatVersion.top(path, tree);
        if (!m.containsKey("tables")) {
            throw PrintError.shape(path, "'tables' is missing");
        }
        Map<String, Object> rawTables = Raw.map(m.get("tables"));
        if (rawTables == null) {
            throw PrintError.shape(path, "'tables' is not a mapping");
        }
        Map<String, Object> header = new LinkedHashMap<>(m);
        header.remove("tables");
        Map<String, TableEntry> tables = new LinkedHashMap<>();
        for (Map.Entry<String, Object> e : rawTables.entrySet()) {
            tables.put(e.getKey(), entry(root, e.getKey(), e.getValue()));
        }
        List<String> annotators = tables.values().stream()
                .filter(t -> t.followable() && t.declares(Artifact.RELATIONSHIPS_ANNOTATIONS)).map(TableEntry::fqn).toList();
        String[] order = tables.keySet().toArray(String[]::new);
        Arrays.sort(order, CodePointOrder.INSTANCE);
        List<String> fqnOrder = List.of(order);
        return of(path, header, Collections.unmodifiableMap(tables), Collections.unmodifiableMap(rawTables), annotators,
                fqnOrder, fqnOrder.stream().filter(fqn -> tables.get(fqn).followable()).toList());
    }

    /**
     * A manifest from its parts as {@link #of(Path, Path, Object)} found them once, kept by the on-disk index: the
     * header checked again here (it is small), the tables as given, perhaps built as they are looked up.
     *
     * @throws PrintError of kind SHAPE when the header is not the shape every reader below it walks
     */
    public static Manifest of(Path path, Map<String, Object> header, Map<String, TableEntry> tables,
            Map<String, Object> written, List<String> edgeAnnotators, List<String> fqnOrder,
            List<String> followableOrder) {
        List<String> failed = List.of();
        if (header.get("failed_tables") != null) {
            failed = Raw.strings(header, "failed_tables");
            if (failed == null) {
                throw PrintError.shape(path, "'failed_tables' is not a list of strings");
            }
        }
        Object ma = header.get("manifest_annotations");
        if (ma != null && !(ma instanceof String)) {
            throw PrintError.shape(path, "'manifest_annotations' is not a string");
        }
        return new Manifest(path, Collections.unmodifiableMap(header), tables, written, failed, (String) ma,
                edgeAnnotators, fqnOrder, followableOrder);
    }

    /**
     * One {@code tables} entry, {@code value} as parsed, judged for containment lexically under connection root
     * {@code root} (absolute, normalised).
     */
    public static TableEntry entry(Path root, String fqn, Object value) {
        Map<String, Object> raw = Raw.map(value);
        if (raw == null) {
            return new TableEntry(fqn, Map.of(), false, "entry is not a mapping", null, null, null, null, null, null, null,
                    Map.of(), Map.of());
        }
        String reason = null;
        Object p = raw.get("path");
        String pathText = p instanceof String s ? s : null;
        Path dir = null;
        if (pathText == null) {
            reason = "path is not a string";
        } else {
            dir = Containment.resolveLexically(root, root, pathText);
            if (dir == null) {
                reason = Containment.lexicalReason("path", pathText);
            }
        }
        Map<String, String> artifacts = new LinkedHashMap<>();
        Map<Artifact, Path> files = new EnumMap<>(Artifact.class);
        Object a = raw.get("artifacts");
        if (a != null) {
            Map<String, Object> am = Raw.map(a);
            if (am == null) {
                reason = reason != null ? reason : "artifacts is not a mapping";
            } else {
                for (Map.Entry<String, Object> ae : am.entrySet()) {
                    if (!(ae.getValue() instanceof String name)) {
                        reason = reason != null ? reason : "artifacts." + ae.getKey() + " is not a string";
                        continue;
                    }
                    artifacts.put(ae.getKey(), name);
                    if (dir != null) {
                        Path file = Containment.resolveLexically(root, dir, name);
                        if (file == null) {
                            reason = reason != null
                                    ? reason
                                    : Containment.lexicalReason("artifacts." + ae.getKey(), name);
                        } else {
                            Artifact.ofKey(ae.getKey()).ifPresent(k -> files.put(k, file));
                        }
                    }
                }
            }
        }
        Object pa = raw.get("profiled_at");
        TableEntry t = new TableEntry(fqn, raw, true, null, pathText, dir, Raw.str(raw, "type"), Raw.lng(raw, "row_count"),
                Raw.lng(raw, "columns"), pa instanceof String s ? s : pa == null ? null : String.valueOf(pa),
                raw.get("max_age_days"), Collections.unmodifiableMap(artifacts),
                Collections.unmodifiableMap(files));
        return reason == null ? t : t.withContainment(false, reason);
    }
}
