package dev.dbprint.mcp.print;

import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.Collections;
import java.util.HexFormat;
import java.util.Map;
import java.util.Optional;
import java.util.SortedMap;
import java.util.TreeMap;

import dev.dbprint.mcp.print.model.Artifact;
import dev.dbprint.mcp.print.model.Diff;
import dev.dbprint.mcp.print.model.Manifest;
import dev.dbprint.mcp.print.model.ManifestAnnotations;
import dev.dbprint.mcp.print.model.Relationships;
import dev.dbprint.mcp.print.model.RelationshipsAnnotations;
import dev.dbprint.mcp.print.model.Statistics;
import dev.dbprint.mcp.print.model.StatisticsAnnotations;
import dev.dbprint.mcp.print.model.TableEntry;

/**
 * One call's window on one connection's print. Every read goes through the {@link PrintStore} and is recorded here as
 * {@code path → identity}, absences included, so {@link #digest()} names exactly the state of every file the call's reply
 * depended on: a cursor or a resource {@code version} pinned to it goes stale when any of them changes or appears. The
 * first identity seen for a path is the one kept.
 * <p>
 * Not shared between calls; safe to use from one thread (the recording map is synchronised all the same).
 * <p>
 * Absent files: the connection-level optional files and undeclared user-authored per-table files read as
 * {@link Optional#empty()}; a file the manifest declares but that is absent is {@link PrintError.Kind#MISSING_FILE}.
 */
public final class PrintView {

    public static final String MANIFEST = "manifest.yaml";
    public static final String DIFF = "diff.yaml";
    public static final String READING = "reading.md";
    public static final String MANIFEST_ANNOTATIONS = "manifest.annotations.yaml";

    private final PrintStore store;
    private final String connection;
    private final Path root;
    private final Path realRoot;
    private final SortedMap<Path, FileIdentity> touched = Collections.synchronizedSortedMap(new TreeMap<>());
    private final ContainmentMemo containment;
    /**
     * Set when one call saw a file at two identities (read in two forms, or recorded then read, across a rewrite): its
     * reply may mix two versions of that file, so no cursor or page version it issues may ever be followed.
     */
    private volatile boolean torn;
    private Manifest manifest;

    PrintView(PrintStore store, String connection, Path connectionRoot) {
        this.store = store;
        this.connection = connection;
        this.root = connectionRoot.toAbsolutePath().normalize();
        this.realRoot = Containment.realRoot(root);
        this.containment = new ContainmentMemo(root, realRoot);
    }

    public String connection() {
        return connection;
    }

    /** The connection root, absolute and normalised. */
    public Path root() {
        return root;
    }

    // ---------------------------------------------------------------- connection-level files

    public Path manifestPath() {
        return root.resolve(MANIFEST);
    }

    public Path diffPath() {
        return root.resolve(DIFF);
    }

    public Path readingPath() {
        return root.resolve(READING);
    }

    public Path manifestAnnotationsPath() {
        return root.resolve(MANIFEST_ANNOTATIONS);
    }

    /**
     * The manifest, entries judged for containment by real path on this call. Read once per view.
     *
     * @throws PrintError NO_MANIFEST when absent, PARSE, SHAPE
     */
    public Manifest manifest() {
        if (manifest == null) {
            manifest = index().recheck((entry, ok) -> realReason(entry));
        }
        return manifest;
    }

    /**
     * The table's entry, whether followable or not.
     *
     * @throws PrintError UNPROFILED when only {@code failed_tables} names it, UNKNOWN_TABLE when nothing does (§8)
     */
    public TableEntry requireTable(String fqn) {
        TableEntry entry = manifest().table(fqn);
        if (entry != null) {
            return entry;
        }
        throw manifest().failedTables().contains(fqn)
                ? PrintError.unprofiled(fqn)
                : PrintError.unknownTable(fqn, connection);
    }

    /**
     * The manifest as parsed and cached, its entries judged for containment on their text alone. For a reply built from
     * the index itself (list_tables, get_manifest), which follows no entry to a file: the real-path judgement of
     * {@link #manifest()} stats every declared file of every entry, which on a print of thousands of tables costs more
     * than the whole reply. A caller that reads a table's files must use {@link #manifest()}.
     *
     * @throws PrintError NO_MANIFEST when absent, PARSE, SHAPE
     */
    public Manifest index() {
        Path p = manifestPath();
        PrintStore.Read<Manifest> r = read(p, "manifest", (path, bytes) -> Manifest.of(path, root,
                store.yamlLoader().load(path, bytes)));
        if (!r.present()) {
            throw PrintError.noManifest(p);
        }
        return r.value();
    }

    /** The table's entry, or empty when the manifest has none by that FQN. */
    public Optional<TableEntry> table(String fqn) {
        return Optional.ofNullable(manifest().table(fqn));
    }

    /** diff.yaml, or empty when absent. */
    public Optional<Diff> diff() {
        return Optional.ofNullable(yamlModel(diffPath(), "diff", Diff::of).value());
    }

    /** diff.yaml, or NO_DIFF ({@code no diff available at <path>. ...}). */
    public Diff requireDiff() {
        return diff().orElseThrow(() -> PrintError.noDiff(diffPath()));
    }

    public boolean manifestAnnotationsExist() {
        return exists(manifestAnnotationsPath());
    }

    /** manifest.annotations.yaml, schema-checked; empty when absent (§2.7.3: presence is the signal). */
    public Optional<ManifestAnnotations> manifestAnnotations() {
        return Optional.ofNullable(
                yamlModel(manifestAnnotationsPath(), "manifest_annotations", ManifestAnnotations::of).value());
    }

    // ---------------------------------------------------------------- per-table files

    /** Whether the file for {@code artifact} is present on disk (recorded like a read). */
    public boolean exists(TableEntry table, Artifact artifact) {
        return table.file(artifact).map(this::exists).orElse(false);
    }

    public Optional<Statistics> statistics(TableEntry table) {
        return tableModel(table, Artifact.STATISTICS, Statistics::of);
    }

    public Optional<Relationships> relationships(TableEntry table) {
        return tableModel(table, Artifact.RELATIONSHIPS, Relationships::of);
    }

    public Optional<StatisticsAnnotations> statisticsAnnotations(TableEntry table) {
        return tableModel(table, Artifact.STATISTICS_ANNOTATIONS, StatisticsAnnotations::of);
    }

    public Optional<RelationshipsAnnotations> relationshipsAnnotations(TableEntry table) {
        return tableModel(table, Artifact.RELATIONSHIPS_ANNOTATIONS, RelationshipsAnnotations::of);
    }

    /** ddl.sql as text (UTF-8, malformed bytes replaced); see {@link #rawBytes(Path)} for the exact bytes. */
    public Optional<String> ddl(TableEntry table) {
        return tableText(table, Artifact.DDL);
    }

    public Optional<String> description(TableEntry table) {
        return tableText(table, Artifact.DESCRIPTION);
    }

    /**
     * The exact bytes of a file inside the connection root (for resources/read), recorded and cached by identity.
     *
     * @return empty when absent
     * @throws PrintError NOT_FOLLOWABLE when {@code path} leads outside the connection root
     */
    public Optional<byte[]> rawBytes(Path path) {
        Path p = contained(path);
        return Optional.ofNullable(read(p, "bytes", (x, b) -> b).value());
    }

    /**
     * Checks that a YAML file inside the connection root parses (the verdict cached by identity like any read), for a
     * reader that serves the file's bytes but must surface its parse error (§8.1).
     *
     * @throws PrintError PARSE, or NOT_FOLLOWABLE when {@code path} leads outside the connection root
     */
    public void requireYaml(Path path) {
        read(contained(path), "parses", (p, b) -> {
            store.yamlLoader().load(p, b);
            return Boolean.TRUE;
        });
    }

    // ---------------------------------------------------------------- what the call read

    /** Every file this view touched, by absolute path (sorted), with the identity first seen. */
    public Map<Path, FileIdentity> touched() {
        synchronized (touched) {
            return Collections.unmodifiableSortedMap(new TreeMap<>(touched));
        }
    }

    /** Records {@code path}'s current identity without reading it (e.g. to pin a listing to a file's presence). */
    public FileIdentity record(Path path) {
        Path p = path.toAbsolutePath().normalize();
        FileIdentity id = store.identity(p);
        touch(p, id);
        return id;
    }

    /**
     * A short hex digest (16 hex digits of SHA-256) of the sorted touched set: each path with its identity, absences
     * included. Equal digests mean every file read is as it was.
     */
    public String digest() {
        if (torn) {
            // unrepeatable: a later call can never present it as its own, so it fails as "changed" and starts over
            byte[] nonce = new byte[8];
            SECURE.nextBytes(nonce);
            return HexFormat.of().formatHex(nonce);
        }
        synchronized (touched) {
            return digest(touched);
        }
    }

    private static final java.security.SecureRandom SECURE = new java.security.SecureRandom();

    private void touch(Path p, FileIdentity id) {
        FileIdentity first = touched.putIfAbsent(p, id);
        if (first != null && !first.equals(id)) {
            torn = true;
        }
    }

    public static String digest(Map<Path, FileIdentity> touched) {
        try {
            MessageDigest md = MessageDigest.getInstance("SHA-256");
            // a view's own map is already in path order; a copy is made only for another map
            Map<Path, FileIdentity> sorted = touched instanceof SortedMap<Path, FileIdentity> s && s.comparator() == null
                    ? touched
                    : new TreeMap<>(touched);
            sorted.forEach((p, id) -> {
                md.update(p.toString().getBytes(StandardCharsets.UTF_8));
                md.update((byte) 0);
                md.update(id.token().getBytes(StandardCharsets.UTF_8));
                md.update((byte) '\n');
            });
            return HexFormat.of().formatHex(md.digest(), 0, 8);
        } catch (NoSuchAlgorithmException e) {
            throw new IllegalStateException(e);
        }
    }

    /**
     * What this view's reply rested on, for keeping the reply while it holds; empty when the view is torn, since such a
     * reply may mix two versions of a file and must never be served again.
     */
    public Optional<ReadSet> readSet() {
        return torn ? Optional.empty() : Optional.of(new ReadSet(store, root, touched(), containment.verdicts()));
    }

    // ---------------------------------------------------------------- internals

    private String realReason(TableEntry entry) {
        if (!containment.insideExpected(entry.dir())) {
            return "path resolves outside the connection root";
        }
        for (Map.Entry<Artifact, Path> f : entry.files().entrySet()) {
            if (!containment.insideExpected(f.getValue())) {
                return "artifacts." + f.getKey().key() + " resolves outside the connection root";
            }
        }
        return null;
    }

    private Path contained(Path path) {
        Path p = path.toAbsolutePath().normalize();
        if (!p.startsWith(root) || !containment.inside(p)) {
            throw new PrintError(PrintError.Kind.NOT_FOLLOWABLE, p, p + ": leads outside the connection root " + root);
        }
        return p;
    }

    private boolean exists(Path p) {
        return record(p).exists();
    }

    private <T> PrintStore.Read<T> read(Path p, String form, PrintStore.Loader<T> loader) {
        Path abs = p.toAbsolutePath().normalize();
        try {
            PrintStore.Read<T> r = store.read(abs, form, loader);
            touch(abs, r.identity());
            return r;
        } catch (PrintError e) {
            // the failed read still depended on the file: record what is there now
            touch(abs, safeIdentity(abs));
            throw e;
        }
    }

    private FileIdentity safeIdentity(Path p) {
        try {
            return store.identity(p);
        } catch (PrintError e) {
            return FileIdentity.ABSENT;
        }
    }

    private interface ModelBuilder<T> {

        T build(Path path, Object tree);
    }

    private <T> PrintStore.Read<T> yamlModel(Path p, String form, ModelBuilder<T> builder) {
        return read(p, form, (path, bytes) -> builder.build(path, store.yamlLoader().load(path, bytes)));
    }

    private <T> Optional<T> tableModel(TableEntry table, Artifact artifact, ModelBuilder<T> builder) {
        Optional<Path> file = followableFile(table, artifact);
        if (file.isEmpty()) {
            return Optional.empty();
        }
        PrintStore.Read<T> r = yamlModel(file.get(), artifact.key(), builder);
        return present(table, artifact, file.get(), r);
    }

    private Optional<String> tableText(TableEntry table, Artifact artifact) {
        Optional<Path> file = followableFile(table, artifact);
        if (file.isEmpty()) {
            return Optional.empty();
        }
        return present(table, artifact, file.get(), read(file.get(), "text", PrintView::decode));
    }

    /**
     * Where {@code artifact}'s file is for {@code table} — empty for an undeclared producer-written kind — once the
     * entry is known to be followable and the file to stay inside the connection root by real path.
     *
     * @throws PrintError NOT_FOLLOWABLE otherwise
     */
    public Optional<Path> followableFile(TableEntry table, Artifact artifact) {
        if (!table.followable()) {
            throw new PrintError(PrintError.Kind.NOT_FOLLOWABLE, null, "table '" + table.fqn()
                    + "' cannot be read: its manifest entry " + table.notFollowableReason() + ".");
        }
        Optional<Path> file = table.file(artifact);
        if (file.isPresent() && !containment.inside(file.get())) {
            throw new PrintError(PrintError.Kind.NOT_FOLLOWABLE, file.get(), "table '" + table.fqn()
                    + "' cannot be read: its " + artifact.fileName() + " resolves outside the connection root.");
        }
        return file;
    }

    private <T> Optional<T> present(TableEntry table, Artifact artifact, Path file, PrintStore.Read<T> r) {
        if (r.present()) {
            return Optional.of(r.value());
        }
        if (table.declares(artifact)) {
            throw PrintError.missingFile(table.declaredFileName(artifact).orElse(artifact.fileName()), file);
        }
        return Optional.empty();
    }

    private static String decode(Path path, byte[] bytes) {
        return new String(bytes, StandardCharsets.UTF_8);
    }
}
