package dev.dbprint.mcp.print.store;

import static dev.dbprint.mcp.text.Hash64.mix;

import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.security.SecureRandom;
import java.util.HexFormat;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.atomic.LongAdder;
import java.util.function.Function;

import dev.dbprint.mcp.error.PrintError;
import dev.dbprint.mcp.print.cache.Weighed;
import dev.dbprint.mcp.print.files.Containment;
import dev.dbprint.mcp.print.files.ContainmentMemo;
import dev.dbprint.mcp.print.files.FileIdentity;
import dev.dbprint.mcp.print.files.PlainEntries;
import dev.dbprint.mcp.print.files.PresizedMap;
import dev.dbprint.mcp.print.index.TreeStore;
import dev.dbprint.mcp.print.model.Artifact;
import dev.dbprint.mcp.print.model.Diff;
import dev.dbprint.mcp.print.model.Manifest;
import dev.dbprint.mcp.print.model.ManifestAnnotations;
import dev.dbprint.mcp.print.model.Relationships;
import dev.dbprint.mcp.print.model.RelationshipsAnnotations;
import dev.dbprint.mcp.print.model.Statistics;
import dev.dbprint.mcp.print.model.StatisticsAnnotations;
import dev.dbprint.mcp.print.model.TableEntry;
import dev.dbprint.mcp.print.model.TableNameIndex;
import dev.dbprint.mcp.print.yaml.SearchFields;
import dev.dbprint.mcp.print.yaml.YamlLoader;
import dev.dbprint.mcp.print.yaml.YamlSkim;
import dev.dbprint.mcp.text.Hash64;

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
    /** The tables a page of resources/list looks up, about: a page of 17 KB lists 36 entries of some 8 tables. */
    private static final int PAGE_LOOKUPS = 16;
    /** The files, and verdicts, a walk records of one table, at most: its directory and two statistics files. */
    private static final int PATHS_PER_TABLE = 3;

    private final PrintStore store;
    private final String connection;
    private final Path root;
    private final Path realRoot;
    // concurrent: a search records thousands of files from several threads at once
    private final PresizedMap<Path, FileIdentity> touched;
    /**
     * The sum of {@link #entryHash} over {@link #touched}, added as each path is first recorded: the walkers of a search
     * hash their own tables, where a pass over thousands of entries after the walk delayed every reply.
     */
    private final LongAdder touchedHashes = new LongAdder();
    private final ContainmentMemo containment;
    /**
     * Set when one call saw a file at two identities (read in two forms, or recorded then read, across a rewrite): its
     * reply may mix two versions of that file, so no cursor or page version it issues may ever be followed.
     */
    private volatile boolean torn;
    private Manifest manifest;
    /** The manifest {@link #manifest} rechecks, its entries judged on their text alone; read with it. */
    private Manifest lexical;
    /** What an earlier process found of an entry's directory, as its caller keeps it ({@link #recallGroups}), or null. */
    private volatile Function<TableEntry, ContainmentMemo.GroupStamps> recall;
    /** Whether the print is small enough for its index to keep statistics.yaml whole; judged once per view. */
    private Boolean smallPrint;

    PrintView(PrintStore store, String connection, Path connectionRoot) {
        this.store = store;
        this.connection = connection;
        this.root = connectionRoot.toAbsolutePath().normalize();
        this.realRoot = Containment.realRoot(root);
        PrintStore.ViewSizes sizes = store.viewSizes(root);
        this.touched = new PresizedMap<>(sizes.touched());
        this.containment = store.containment(root, realRoot, sizes.judged());
    }

    /**
     * A walk over {@code tables} tables of the manifest begins on this call: the maps it fills (files touched,
     * containment verdicts and stamps, and the store's plain directories) are made for it now rather than grown from 16
     * entries through a dozen copies, while a call that walks nothing keeps them small. Called on the call's thread
     * before the walk's threads start: until then that thread alone writes this view.
     */
    public void walking(int tables) {
        int paths = (int) Math.min((long) tables * PATHS_PER_TABLE, PrintStore.ViewSizes.MAX_HINT);
        touched.expect(paths);
        containment.expect(paths);
        store.walking(tables);
    }

    /** The entries a map made for {@link #touched} holds. */
    int touchedSizedFor() {
        return touched.sizedFor();
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
            lexical = index();
            manifest = lexical.recheck((entry, ok) -> realReason(entry));
        }
        return manifest;
    }

    /**
     * As {@link #manifest()}, for a call that looks at each table once (a page of resources/list): an entry the index's
     * form builds for it is not kept in the cached manifest ({@link Manifest#passing()}), and its judged entries start
     * as few as a page looks up. Not read once per view: the caller holds it.
     */
    public Manifest manifestPassing() {
        return index().passing().recheck((entry, ok) -> realReason(entry), PAGE_LOOKUPS);
    }

    /**
     * The table's entry, whether followable or not.
     *
     * @throws PrintError UNPROFILED when only {@code failed_tables} names it, UNKNOWN_TABLE when nothing does (§8),
     *         naming the table it means when it matches exactly one by its last parts
     */
    public TableEntry requireTable(String fqn) {
        TableEntry entry = manifest().table(fqn);
        if (entry != null) {
            return entry;
        }
        if (manifest().failedTables().contains(fqn)) {
            throw PrintError.unprofiled(fqn);
        }
        throw PrintError.unknownTable(fqn, connection, meant(fqn).orElse(null));
    }

    /**
     * The one table a name the manifest does not key means: the one it matches by its last parts (an agent writes the
     * two-part name of a three-part print), as check_sql maps a name it reads; empty when none or several match.
     */
    public Optional<String> meant(String written) {
        List<String> matches = new TableNameIndex(index().fqnOrder()).matches(List.of(written.split("\\.", -1)));
        return matches.size() == 1 ? Optional.of(matches.get(0)) : Optional.empty();
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
        Read<Manifest> r = recorded(p,
                abs -> store.model(realRoot, root, abs, TreeStore.MANIFEST_FORM, yamlParser(),
                        (path, tree) -> Manifest.of(path, root, tree), new ManifestForm(root)));
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
        return Optional.ofNullable(yamlModel(diffPath(), "diff", false, Diff::of).value());
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
                yamlModel(manifestAnnotationsPath(), "manifest_annotations", true, ManifestAnnotations::of).value());
    }

    // ---------------------------------------------------------------- per-table files

    /** Whether the file for {@code artifact} is present on disk (recorded like a read). */
    public boolean exists(TableEntry table, Artifact artifact) {
        return table.file(artifact).map(this::exists).orElse(false);
    }

    /**
     * Whether the file for {@code artifact} is present on disk and really inside the connection root, the presence
     * recorded like a read: what a listing shows of a user-authored file.
     */
    public boolean presentInside(TableEntry table, Artifact artifact) {
        Optional<Path> file = table.file(artifact);
        return file.isPresent() && exists(file.get()) && containment.inside(file.get().toAbsolutePath().normalize());
    }

    /**
     * statistics.yaml whole. On a print of at most {@value #WHOLE_TABLE_FILES} tables its tree is kept in the
     * on-disk index too, so a later process's first get_table_context or resolve_value decodes it instead of parsing
     * the file cold (a 100 KB one took about 35 ms of that first call); a larger print's index keeps only each table's
     * search record, which search builds from {@link #searchStatistics}.
     */
    public Optional<Statistics> statistics(TableEntry table) {
        return tableModel(table, Artifact.STATISTICS, Artifact.STATISTICS.key(), keepsWholeTableFiles(), yamlParser(),
                Statistics::of);
    }

    /**
     * Tables up to which a print's index keeps each statistics.yaml and relationships.yaml whole (docs/server.md §7.4).
     */
    static final int WHOLE_TABLE_FILES = 100;

    private boolean keepsWholeTableFiles() {
        if (smallPrint == null) {
            smallPrint = index().fqnOrder().size() <= WHOLE_TABLE_FILES;
        }
        return smallPrint;
    }

    /**
     * statistics.yaml read for search alone: only the keys {@link SearchFields} names, the rest of the file proven valid
     * YAML but not parsed ({@link YamlSkim}). A model without value lists, histograms or sketches: it serves
     * search_columns and nothing else. Errors are those of a full read. The model is kept neither on disk nor in the
     * parse cache ({@link PrintStore#passing}): search keeps the table's index it builds from it, in memory and as the
     * table's search record in the on-disk index, and a skim costs about what decoding the tree would.
     */
    public Optional<Statistics> searchStatistics(TableEntry table) {
        return tableRead(table, Artifact.STATISTICS, file -> recorded(file,
                abs -> store.passing(realRoot, abs, "statistics_search", this::searchTree, Statistics::of)));
    }

    /**
     * relationships.yaml, kept in the on-disk index on a print of at most {@value #WHOLE_TABLE_FILES} tables as
     * statistics.yaml is: a later process's first get_table_context decodes it rather than running the YAML parser on
     * it cold.
     */
    public Optional<Relationships> relationships(TableEntry table) {
        return tableModel(table, Artifact.RELATIONSHIPS, Artifact.RELATIONSHIPS.key(), keepsWholeTableFiles(),
                yamlParser(), Relationships::of);
    }

    public Optional<StatisticsAnnotations> statisticsAnnotations(TableEntry table) {
        return tableModel(table, Artifact.STATISTICS_ANNOTATIONS, Artifact.STATISTICS_ANNOTATIONS.key(), true,
                yamlParser(), StatisticsAnnotations::of);
    }

    public Optional<RelationshipsAnnotations> relationshipsAnnotations(TableEntry table) {
        return tableModel(table, Artifact.RELATIONSHIPS_ANNOTATIONS, Artifact.RELATIONSHIPS_ANNOTATIONS.key(), true,
                yamlParser(), RelationshipsAnnotations::of);
    }

    /** ddl.sql as text (UTF-8, malformed bytes replaced); see {@link #rawBytes(Path)} for the exact bytes. */
    public Optional<String> ddl(TableEntry table) {
        return tableText(table, Artifact.DDL);
    }

    public Optional<String> description(TableEntry table) {
        return tableText(table, Artifact.DESCRIPTION);
    }

    /**
     * {@code scan} of a whole file inside the connection root (for resources/read, which then reads it in pieces with
     * {@link #range}), recorded like a read and kept by identity; see {@link PrintStore#scan}.
     *
     * @return absent ({@link Read#present()} false) when there is no file
     * @throws PrintError NOT_FOLLOWABLE when {@code path} leads outside the connection root
     */
    public <T extends Weighed> Read<T> scan(Path path, String form, Scan<T> scan) {
        Path p = contained(path);
        return recorded(p, abs -> store.scan(realRoot, abs, form, scan));
    }

    /**
     * {@code length} bytes from {@code from} of a file inside the connection root, as it was at identity {@code at}
     * (what {@link #scan} found); empty when it has changed since.
     *
     * @throws PrintError NOT_FOLLOWABLE when {@code path} leads outside the connection root
     */
    public Optional<byte[]> range(Path path, FileIdentity at, long from, int length) {
        return store.range(realRoot, contained(path), at, from, length);
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

    /** Every file this view touched, by absolute path, with the identity first seen: a copy, in no order. */
    public Map<Path, FileIdentity> touched() {
        return Map.copyOf(touched.map());
    }

    /** The identity this view recorded for {@code path} (the first it saw), or null when it never touched it. */
    public FileIdentity recorded(Path path) {
        return touched.map().get(path.toAbsolutePath().normalize());
    }

    /**
     * Whether this view's connection has an on-disk index, where what is derived from a table's files may be kept
     * ({@link #derived}): without one, a look-up would only cost a stat before each read.
     */
    public boolean keepsDerived() {
        return store.keepsDerived(root);
    }

    /**
     * What the on-disk index keeps as derived in {@code form} from the files of {@code from} of the table whose
     * directory is {@code tableDir}, for exactly the identities there (each one this view recorded), as the bytes it was
     * kept as, or null. It is no read of the print: the caller has stat'ed every file and found it {@link #openable} on
     * this call, and bytes are handed back only for the identities they were derived at.
     */
    public byte[] derived(Path tableDir, String form, Map<Path, FileIdentity> from) {
        return store.derived(root, tableDir, form, from);
    }

    /**
     * Keeps {@code bytes}, derived in {@code form} from the files of {@code from} at those identities of the table whose
     * directory is {@code tableDir}.
     */
    public void keepDerived(Path tableDir, String form, Map<Path, FileIdentity> from, byte[] bytes) {
        store.keepDerived(root, tableDir, form, from, bytes);
    }

    /**
     * Whether the on-disk index keeps anything derived in {@code form} from the files of the table whose directory is
     * {@code tableDir}, at whatever identities: where it keeps nothing, a caller reads the files at once rather than stat
     * them first for a look-up ({@link #derived}) that cannot find anything.
     */
    public boolean holdsDerived(Path tableDir, String form) {
        return store.holdsDerived(root, tableDir, form);
    }

    /**
     * What the on-disk index keeps in {@code form} (one {@link dev.dbprint.mcp.print.index.TreeStore#WITH_MANIFEST}),
     * derived from the print as a whole for the manifest at the identity this view read it at, or null. The deriver
     * checks each file its bytes rest on, as for {@link #derived}, and {@link #openable} before using what it holds.
     */
    public byte[] withManifest(String form) {
        FileIdentity at = recorded(manifestPath());
        return at == null ? null : store.withManifest(root, manifestPath(), form, at);
    }

    /** Keeps {@code bytes} in {@code form}, derived from the print for the manifest at the identity this view read. */
    public void keepWithManifest(String form, byte[] bytes) {
        FileIdentity at = recorded(manifestPath());
        if (at != null) {
            store.keepWithManifest(root, manifestPath(), form, at, bytes);
        }
    }

    /**
     * Whether bytes kept {@link #keepWithManifest with the manifest} may carry a file's {@code identity}: not one read
     * within the racy window of its last change, which a later process could not tell from a second write.
     */
    public boolean keeps(FileIdentity identity) {
        return store.keeps(root, identity);
    }

    /**
     * Lets {@link #manifest()}'s entries be judged from what an earlier process found of each one's directory, as the
     * caller kept it in the index ({@link #group}): an entry whose directory and parent keep the stamps they had then is
     * confirmed from two stats, not one per declared file ({@link ContainmentMemo#recall}); any other is judged path by
     * path. Set before the entries are looked up.
     */
    public void recallGroups(Function<TableEntry, ContainmentMemo.GroupStamps> from) {
        recall = from;
    }

    /**
     * Whether the entry of table {@code fqn}, whose directory is {@code directory}, is inside the root by the stamps an
     * earlier process found it at ({@link #group}), as {@link #manifest()} confirms a recalled entry, without building
     * the entry: a search walks a table its kept text stands for on the paths kept with that text. False when the
     * stamps do not hold (or {@link #manifest()} was not read): the entry is then looked up and judged as any other.
     */
    public boolean insideByStamps(String fqn, Path directory, ContainmentMemo.GroupStamps stamps) {
        Manifest judged = lexical;
        return judged != null && containment.confirmed(directory, stamps,
                () -> judged.passing().tables().get(fqn).files());
    }

    /**
     * Whether {@code file} was found absent from its directory while the directory had {@code directoryStamp}, as
     * {@link #group} gives the stamp: for a later process to {@link #recallAbsent recall}.
     */
    public boolean absentAt(Path file, PlainEntries.Stamp directoryStamp) {
        return containment.absentAt(file, directoryStamp);
    }

    /**
     * Takes what an earlier process found of {@code file} (absolute, normalised): absent from its directory while the
     * directory had {@code directoryStamp}. While the directory has it still, this call records the file absent and
     * judges it inside by its directory without a system call of its own ({@link ContainmentMemo#recallAbsent}).
     */
    public void recallAbsent(Path file, PlainEntries.Stamp directoryStamp) {
        containment.recallAbsent(file, directoryStamp);
    }

    /**
     * Whether {@code file} (absolute, normalised) really lies inside the connection root, judged as every path of this
     * call is.
     */
    public boolean inside(Path file) {
        return containment.inside(file);
    }

    /**
     * The stamps the entry's containment now rests on, for a later process to {@link #recallGroups recall}; null when
     * its files were judged one by one.
     */
    public ContainmentMemo.GroupStamps group(TableEntry entry) {
        return containment.group(entry.dir(), entry.files());
    }

    /**
     * Whether what the index derived from {@code file} at {@code identity} (this view's record of it) may stand for
     * reading it: not for a file this process cannot open now, which is read, and fails, as with no index.
     */
    public boolean openable(Path file, FileIdentity identity) {
        return store.openable(file, identity);
    }

    /** Records {@code path}'s current identity without reading it (e.g. to pin a listing to a file's presence). */
    public FileIdentity record(Path path) {
        return record(path, false);
    }

    /**
     * As {@link #record(Path)}, for a file likely there (last seen there, or declared by the manifest), which one stat
     * settles, or not, which is first probed for absence (a miss then costs no exception).
     */
    public FileIdentity record(Path path, boolean likelyPresent) {
        return recordNormal(path.toAbsolutePath().normalize(), likelyPresent);
    }

    /**
     * The identity this view recorded for {@code path}, else the one {@link #record(Path)} records now: the path made
     * absolute and normal once, for a caller that dates each file of a resources/list page.
     */
    public FileIdentity recordedOrRecord(Path path) {
        Path p = path.toAbsolutePath().normalize();
        FileIdentity id = touched.map().get(p);
        return id != null ? id : recordNormal(p, false);
    }

    /** As {@link #record(Path, boolean)}, for {@code p} already absolute and normal. */
    private FileIdentity recordNormal(Path p, boolean likelyPresent) {
        FileIdentity id = store.identity(p, likelyPresent, containment);
        touch(p, id);
        return id;
    }

    /**
     * A short hex digest (16 hex digits) of the touched set: each path with its identity, absences included. Equal
     * digests mean every file read is as it was.
     */
    public String digest() {
        if (torn) {
            // unrepeatable: a later call can never present it as its own, so it fails as "changed" and starts over
            byte[] nonce = new byte[8];
            Nonces.SECURE.nextBytes(nonce);
            return HexFormat.of().formatHex(nonce);
        }
        return spell(touched.map().size(), touchedHashes.sum());
    }

    /**
     * Made at the first torn view, not with the class: a first SecureRandom sets up the JDK's security providers, about
     * 10 ms that every session's first read of the print would otherwise pay.
     */
    private static final class Nonces {

        static final SecureRandom SECURE = new SecureRandom();
    }

    private void touch(Path p, FileIdentity id) {
        FileIdentity first = touched.map().putIfAbsent(p, id);
        if (first == null) {
            touchedHashes.add(entryHash(p.toString(), id));
        } else if (!first.equals(id)) {
            torn = true;
        }
    }

    /**
     * The digest of {@code touched}, whatever map holds it: the sum, modulo 2<sup>64</sup>, of one 64-bit hash per entry,
     * so no order is needed. A search over thousands of tables digests as many paths; sorting them and hashing them
     * through SHA-256 took a tenth of a warm search. The digest only tells print states apart (a cursor or page version
     * against the print now), as its 64 bits did before; it is no secret and guards nothing against an adversary.
     */
    public static String digest(Map<Path, FileIdentity> touched) {
        long sum = 0;
        for (Map.Entry<Path, FileIdentity> e : touched.entrySet()) {
            sum += entryHash(e.getKey().toString(), e.getValue());
        }
        return spell(touched.size(), sum);
    }

    private static String spell(long entries, long hashSum) {
        return HexFormat.of().toHexDigits(mix(entries + hashSum));
    }

    /** The path's hash, then each identity field through the finaliser. */
    private static long entryHash(String path, FileIdentity id) {
        long h = Hash64.of(path);
        h = mix(h ^ id.dev());
        h = mix(h ^ id.ino());
        h = mix(h ^ id.size());
        h = mix(h ^ id.mtimeNanos());
        return mix(h ^ id.ctimeNanos());
    }

    /**
     * What this view's reply rested on, for keeping the reply while it holds; empty when the view is torn, since such a
     * reply may mix two versions of a file and must never be served again.
     */
    public Optional<ReadSet> readSet() {
        store.sawView(root, touched.map().size(), containment.verdicts().size());
        return torn ? Optional.empty() : Optional.of(new ReadSet(store, root, touched.map(), containment));
    }

    // ---------------------------------------------------------------- internals

    private String realReason(TableEntry entry) {
        Function<TableEntry, ContainmentMemo.GroupStamps> from = recall;
        ContainmentMemo.GroupStamps recalled = from == null ? null : from.apply(entry);
        if (recalled != null) {
            containment.recall(entry.dir(), entry.files(), recalled);
        }
        Path outside = containment.firstOutside(entry.dir(), entry.files());
        if (outside == null) {
            return null;
        }
        if (outside.equals(entry.dir())) {
            return "path resolves outside the connection root";
        }
        // the first declared file, in the order judged, at that path (two kinds may declare one file)
        Artifact kind = entry.files().entrySet().stream().filter(f -> f.getValue().equals(outside)).findFirst()
                .orElseThrow().getKey();
        return "artifacts." + kind.key() + " resolves outside the connection root";
    }

    private Path contained(Path path) {
        Path p = path.toAbsolutePath().normalize();
        if (!p.startsWith(root) || !containment.inside(p)) {
            throw PrintError.outsideRoot(p, root);
        }
        return p;
    }

    private boolean exists(Path p) {
        return record(p).exists();
    }

    private <T> Read<T> read(Path p, String form, PrintStore.Loader<T> loader) {
        return recorded(p, abs -> store.read(realRoot, abs, form, loader));
    }

    /**
     * Runs one store read of {@code p} and records the identity it read, or the one the failed read found the file at
     * ({@link FailedRead}): what is there after the failure may be a file mended since, which the reply never read.
     */
    private <T> Read<T> recorded(Path p, Function<Path, Read<T>> reader) {
        Path abs = p.toAbsolutePath().normalize();
        try {
            Read<T> r = reader.apply(abs);
            touch(abs, r.identity());
            return r;
        } catch (PrintError e) {
            // the failed read still depended on the file; one whose stat failed has no identity but what is there now
            touch(abs, e instanceof FailedRead failed ? failed.at() : safeIdentity(abs));
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

    /**
     * Every YAML file of the print is read skim first ({@link dev.dbprint.mcp.print.yaml.YamlLoader#loadSkimFirst}): the
     * parser's tree or error, built without the parser for a file the skim proves (most of dbprint's output; a cold
     * parse of a 100 KB statistics.yaml took 40–50 ms of a first call, the skim about 10).
     */
    private PrintStore.Parser yamlParser() {
        return store.yamlLoader()::loadSkimFirst;
    }

    /**
     * The search fields of a statistics.yaml: when the skim proves the file, the tree it built of what it kept, or its
     * cut parsed where a kept value needs the loader ({@link YamlSkim#treeOrCut}); else the whole file parsed.
     */
    private Object searchTree(Path path, byte[] bytes) {
        YamlSkim.Cut cut = bytes.length <= YamlLoader.CODE_POINT_LIMIT
                ? YamlSkim.treeOrCut(bytes, SearchFields.RULE)
                : null;
        if (cut != null) {
            if (cut.tree() != null) {
                return cut.tree();
            }
            try {
                return store.yamlLoader().load(path, cut.bytes());
            } catch (PrintError e) {
                // not expected for a proven document; the full parse decides
            }
        }
        return store.yamlLoader().load(path, bytes);
    }

    /**
     * A model built from {@code p}'s YAML tree, in memory and, when {@code persist}, in the on-disk tree store (the small
     * files every call of a kind reads across the print: the manifest, annotations, search fields).
     */
    private <T> Read<T> yamlModel(Path p, String form, boolean persist, PrintStore.ModelBuilder<T> builder) {
        return yamlModel(p, form, persist, yamlParser(), builder);
    }

    private <T> Read<T> yamlModel(Path p, String form, boolean persist, PrintStore.Parser parser,
            PrintStore.ModelBuilder<T> builder) {
        return recorded(p, abs -> store.model(realRoot, persist ? root : null, abs, form, parser, builder));
    }

    private <T> Optional<T> tableModel(TableEntry table, Artifact artifact, String form, boolean persist,
            PrintStore.Parser parser, PrintStore.ModelBuilder<T> builder) {
        return tableRead(table, artifact, file -> yamlModel(file, form, persist, parser, builder));
    }

    private Optional<String> tableText(TableEntry table, Artifact artifact) {
        return tableRead(table, artifact, file -> read(file, "text", PrintView::decode));
    }

    /** What {@code read} makes of the table's file for {@code artifact}, once that file is known to be followable. */
    private <T> Optional<T> tableRead(TableEntry table, Artifact artifact, Function<Path, Read<T>> read) {
        Optional<Path> file = followableFile(table, artifact);
        if (file.isEmpty()) {
            return Optional.empty();
        }
        return present(table, artifact, file.get(), read.apply(file.get()));
    }

    /**
     * Where {@code artifact}'s file is for {@code table} — empty for an undeclared producer-written kind — once the
     * entry is known to be followable and the file to stay inside the connection root by real path.
     *
     * @throws PrintError NOT_FOLLOWABLE otherwise
     */
    public Optional<Path> followableFile(TableEntry table, Artifact artifact) {
        if (!table.followable()) {
            // the manifest's fault, named as §8.1 names a manifest of the wrong shape: <path>: <reason>
            throw PrintError.notFollowable(manifestPath(), table.fqn(), table.notFollowableReason());
        }
        Optional<Path> file = table.file(artifact);
        if (file.isPresent() && !judgedWithEntry(table, artifact) && !containment.inside(file.get())) {
            throw PrintError.fileOutsideRoot(file.get(), table.fqn(), artifact.fileName());
        }
        return file;
    }

    /**
     * Whether {@code table} declares {@code artifact} and is the very entry this call's {@link #manifest()} found
     * followable, which judged each declared file inside the root by real path: a search asks for two files of every
     * table, and judging them again cost a quarter of its walk.
     */
    private boolean judgedWithEntry(TableEntry table, Artifact artifact) {
        Manifest judged = manifest;
        return judged != null && table.files().containsKey(artifact) && judged.tables().get(table.fqn()) == table;
    }

    private <T> Optional<T> present(TableEntry table, Artifact artifact, Path file, Read<T> r) {
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
