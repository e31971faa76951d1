package dev.dbprint.mcp.search;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.WeakHashMap;
import java.util.concurrent.ForkJoinPool;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.AtomicReferenceArray;
import java.util.stream.IntStream;

import dev.dbprint.mcp.error.PrintError;
import dev.dbprint.mcp.paging.ListReply;
import dev.dbprint.mcp.print.cache.WeighedCache;
import dev.dbprint.mcp.print.files.FileIdentity;
import dev.dbprint.mcp.print.model.Artifact;
import dev.dbprint.mcp.print.model.Manifest;
import dev.dbprint.mcp.print.model.Statistics;
import dev.dbprint.mcp.print.model.StatisticsAnnotations;
import dev.dbprint.mcp.print.model.TableEntry;
import dev.dbprint.mcp.print.store.PrintView;
import dev.dbprint.mcp.print.store.StripedLocks;

/**
 * The search_columns walk (§4.3): every table of the manifest in FQN order, each table's {@link TableIndex} in order,
 * kept when {@link ColumnPredicates} accepts an entry.
 * <p>
 * A file that cannot be read removes only what it alone supplied: a statistics.yaml that does not parse (or is declared
 * and absent, or leads outside the root — as does a manifest entry a reader cannot follow) removes the table's columns,
 * a statistics.annotations.yaml that does not parse or match its schema removes only the annotations, and either way the
 * table is named in {@code unreadable_tables}. A failure that recurs at the file's identity — of its content, or of this
 * process's access to it — is kept with the table's index (in memory and, but for access, on disk and in the texts), so
 * a later search reads neither file again while both keep their identities, and still names the table.
 * <p>
 * Every call stats both files of every table through the {@link PrintView} (§7.1). A table whose files keep the
 * identities its index was built at is searched from that index; any other is read again — statistics.yaml through the
 * search cut ({@link PrintView#searchStatistics}), which parses only what search reads. Indexes are kept by table
 * directory in a cache bounded by their estimated weight ({@code dbprint.search-cache.max-bytes}) and, where the
 * connection has an on-disk index, as records there under both files' identities ({@link TableIndexRecord}): a fresh
 * process's first walk takes each table's record once its files are stat'ed, and builds only what changed. Beside the
 * manifest the index keeps every table's text with the identities it was derived at ({@link SearchTexts}): a table
 * whose files still have them and whose text the predicates rule out ({@link ColumnPredicates#mayMatch}) is passed
 * without its record; a record's columns are decoded only for a table whose text they cannot rule out. Such a table is
 * walked on the paths, row count and stamps kept with its text, its manifest entry never built. A table the index
 * keeps no record of is read at once, its files stat'ed by that read alone.
 * Tables are walked on every available processor; the reply is assembled in FQN order afterwards. Thread-safe.
 */
public final class ColumnSearch {

    /** What the walk found: the matches in reply order and the two table lists, each sorted. */
    public record Result(List<ColumnMatch> matches, List<String> unreadableTables, List<String> switchedOffTables) {

        /** The §4.8 reply: the two table lists on the first page when non-empty, then {@code matches} and {@code total}. */
        public ListReply reply() {
            Map<String, Object> header = new LinkedHashMap<>();
            if (!unreadableTables.isEmpty()) {
                header.put("unreadable_tables", unreadableTables);
            }
            if (!switchedOffTables.isEmpty()) {
                header.put("switched_off_tables", switchedOffTables);
            }
            return ListReply.of(header, "matches", matches);
        }
    }

    /**
     * One table's share of the walk: its index (null when its columns could not be read, or when the print's
     * {@link SearchTexts} ruled it out), whether it is named unreadable, and whether such a ruled-out table has
     * {@code looks_like} switched off.
     */
    private record Walked(TableIndex index, boolean unreadable, boolean switchedOff) {

        Walked(TableIndex index, boolean unreadable) {
            this(index, unreadable, false);
        }

        /** A table searched from {@code index}: named unreadable when a file failed at the identity it holds. */
        static Walked of(TableIndex index) {
            return new Walked(index, index.unreadable());
        }

        /** A table ruled out, no index taken: one of four, since thousands a walk are. */
        static Walked ruledOut(boolean unreadable, boolean switchedOff) {
            return RULED_OUT[(unreadable ? 2 : 0) + (switchedOff ? 1 : 0)];
        }

        /**
         * Whether its index stands, for any process, for the files at the identities it holds: not one built round a
         * failure it does not hold (the file is read again next time), nor one this process's access failed.
         */
        boolean shared() {
            return index != null && unreadable == index.unreadable() && index.failure() != TableIndex.Failure.ACCESS;
        }
    }

    private static final Walked[] RULED_OUT = {new Walked(null, false, false), new Walked(null, false, true),
            new Walked(null, true, false), new Walked(null, true, true)};
    private static final Walked UNREADABLE = Walked.ruledOut(true, false);

    /** One table's share of the reply: its matching columns, and whether it is named unreadable or switched off. */
    private record Found(List<ColumnMatch> matches, boolean unreadable, boolean switchedOff) {

        /** No match: one of four, since most tables of a walk add none. */
        static Found none(boolean unreadable, boolean switchedOff) {
            return NONE[(unreadable ? 2 : 0) + (switchedOff ? 1 : 0)];
        }
    }

    private static final Found[] NONE = {new Found(List.of(), false, false), new Found(List.of(), false, true),
            new Found(List.of(), true, false), new Found(List.of(), true, true)};

    /** Walks tables on every processor; its threads are daemons, made on the first search. */
    private static final class Walkers {

        // numbered here: a worker's pool index is not yet assigned when the factory names it
        static final AtomicInteger MADE = new AtomicInteger();
        static final ForkJoinPool POOL = new ForkJoinPool(Runtime.getRuntime().availableProcessors(), pool -> {
            var t = ForkJoinPool.defaultForkJoinWorkerThreadFactory.newThread(pool);
            t.setName("dbprint-search-" + MADE.getAndIncrement());
            t.setDaemon(true);
            return t;
        }, null, false);
    }

    private final WeighedCache<Path, TableIndex> indexes;
    /**
     * Reads of a table's files hold its table directory's monitor: two walks at once on a cold print (two searches, or a
     * search beside check_sql's hint) would otherwise each parse every statistics.yaml, which the parse cache does not
     * keep; the second takes the index the first built.
     */
    private final StripedLocks reads = new StripedLocks(256);
    /** The {@link SearchTexts} last taken from or written to an index, for the manifest they were derived under. */
    private final WalkTexts.Last lastTexts = new WalkTexts.Last();

    /**
     * Where each table the kept texts stand for puts its files, resolved once for those texts: every cached reply's read
     * set, and this search's indexes, then share one path of a file, rather than hold one made by each call (on 7,003
     * tables, some 16 objects a table for each cached reply). Weak: it goes with the texts.
     */
    private final Map<SearchTexts, AtomicReferenceArray<Placed>> placements = Collections
            .synchronizedMap(new WeakHashMap<>());

    /** A table's place as the kept texts give it, and its files resolved. */
    private record Placed(SearchTexts.Place place, Located table) {
    }

    /** The pool tables are walked on; null for the process's own ({@link Walkers}), made on the first search. */
    private final ForkJoinPool walkers;

    public ColumnSearch(long maxBytes) {
        this(maxBytes, null);
    }

    /** For tests: a search that walks on {@code walkers}, whatever the processors. */
    ColumnSearch(long maxBytes, ForkJoinPool walkers) {
        this.indexes = new WeighedCache<>(maxBytes);
        this.walkers = walkers;
    }

    public Result run(PrintView view, ColumnPredicates predicates) {
        Manifest manifest = view.manifest();
        Map<String, TableEntry> all = manifest.tables();
        List<String> names = manifest.fqnOrder();
        Found[] found = new Found[names.size()];
        WalkTexts texts = view.keepsDerived() ? WalkTexts.of(view, names, lastTexts) : null;
        SearchTexts kept = texts == null ? null : texts.kept();
        AtomicReferenceArray<Placed> placed = kept == null
                ? null
                : placements.computeIfAbsent(kept, k -> new AtomicReferenceArray<>(names.size()));
        view.walking(names.size());
        // looking an entry up judges its containment: that too runs on the walkers; each table is matched where it is
        // walked, so a walk holds the matches, never every table's index at once
        (walkers != null ? walkers : Walkers.POOL).submit(() -> IntStream.range(0, found.length).parallel().forEach(i -> {
            Found passed = placed == null ? null : placed(view, names.get(i), i, texts, kept, placed, predicates);
            if (passed != null) {
                found[i] = passed;
            } else {
                TableEntry entry = all.get(names.get(i));
                found[i] = find(entry, walk(view, entry, i, texts, predicates), predicates);
            }
        })).join();
        if (texts != null) {
            texts.keepIfChanged(all);
        }
        List<ColumnMatch> matches = new ArrayList<>();
        // names are unique and in code-point order: the lists come out sorted as §4.3 asks
        List<String> unreadable = new ArrayList<>();
        List<String> switchedOff = new ArrayList<>();
        for (int i = 0; i < found.length; i++) {
            matches.addAll(found[i].matches());
            if (found[i].unreadable()) {
                unreadable.add(names.get(i));
            }
            if (found[i].switchedOff()) {
                switchedOff.add(names.get(i));
            }
        }
        return new Result(matches, List.copyOf(unreadable), List.copyOf(switchedOff));
    }

    /** What one walked table adds to the reply. */
    private static Found find(TableEntry entry, Walked walked, ColumnPredicates predicates) {
        return find(entry.fqn(), entry.rowCount(), walked, predicates);
    }

    /** What table {@code fqn}, whose manifest entry gives {@code rowCount} (or none), adds to the reply. */
    private static Found find(String fqn, Long rowCount, Walked walked, ColumnPredicates predicates) {
        TableIndex index = walked.index();
        if (index == null) {
            return Found.none(walked.unreadable(), walked.switchedOff() && predicates.filtersLooksLike());
        }
        boolean switchedOff = predicates.filtersLooksLike() && index.looksLikeSwitchedOff();
        if (index.packed() || !predicates.mayMatch(index)) { // still packed: the walk ruled it out on its text
            return Found.none(walked.unreadable(), switchedOff);
        }
        SearchedColumn.TableFacts table = new SearchedColumn.TableFacts(fqn,
                rowCount != null ? rowCount : index.rowCount(), index.scope());
        List<ColumnMatch> matches = new ArrayList<>(0);
        for (SearchedColumn c : index.columns()) {
            ColumnMatch m = predicates.match(table, c);
            if (m != null) {
                matches.add(m);
            }
        }
        return new Found(matches, walked.unreadable(), switchedOff);
    }

    /**
     * What the {@code i}-th table, {@code fqn}, adds to the reply, decided as {@link #walk} decides it without building
     * its manifest entry (about 4 KB each, which a walk of thousands of tables left for a young collection to copy),
     * from the paths and stamps the print's {@code texts} keep with its text: the entry is confirmed inside the root by
     * those stamps, both statistics files are stat'ed (§7.1) and keep the identities the text was derived at, and this
     * process may open them. The table is then ruled out on its text, or searched from the index this process keeps of
     * it (built from those identities) or else its record. Null where any of that does not hold: the table is then
     * walked as any other.
     */
    private Found placed(PrintView view, String fqn, int i, WalkTexts texts, SearchTexts print,
            AtomicReferenceArray<Placed> placements, ColumnPredicates predicates) {
        Placed placed = placements.get(i);
        if (placed == null) {
            SearchTexts.Place place = print.knows(i) ? print.place(i) : null;
            if (place == null) {
                return null;
            }
            Path root = view.root();
            placed = new Placed(place, new Located(root.resolve(place.directory()),
                    place.statistics() == null ? null : root.resolve(place.statistics()),
                    root.resolve(place.annotations())));
            placements.set(i, placed);
        }
        SearchTexts.Place place = placed.place();
        Located table = placed.table();
        if (!view.insideByStamps(fqn, table.dir(), place.stamps())) {
            return null;
        }
        if (place.annotationsAbsent()) {
            // the directory keeps the stamp it had when the file was found absent: no probe, and no stat below
            view.recallAbsent(table.annotations(), place.stamps().directory());
        }
        if (!place.annotationsDeclared() && !view.inside(table.annotations())) {
            return null;
        }
        Identities now;
        try {
            now = new Identities(table.statistics() == null ? null : view.record(table.statistics(), true),
                    view.record(table.annotations(), print.annotationsPresent(i)));
        } catch (PrintError e) {
            return null;
        }
        if (!print.holds(i, now.statistics(), now.annotations()) || !table.openable(view, now)) {
            return null;
        }
        Walked ruledOut = ruledOut(print, i, predicates);
        if (ruledOut != null) {
            return find(fqn, null, ruledOut, predicates);
        }
        // a later search of this process: the index its first took, as walk() takes it, its entry still not built
        TableIndex inMemory = indexes.get(table.dir());
        Walked indexed = indexed(table, inMemory != null ? inMemory : stored(view, table, now), inMemory != null, now,
                texts, i, predicates);
        return indexed == null ? null : find(fqn, place.rowCount(), indexed, predicates);
    }

    /**
     * The {@code i}-th table searched from {@code kept} (this process's own index of it when {@code inMemory}, else the
     * on-disk record; null for none), its columns decoded when {@code predicates} may match, and one taken from a record
     * noted for the print's {@code texts}; null when {@code kept} was not built from the identities {@code now} or its
     * columns do not decode.
     */
    private Walked indexed(Located table, TableIndex kept, boolean inMemory, Identities now, WalkTexts texts, int i,
            ColumnPredicates predicates) {
        if (kept == null || !kept.builtFrom(now.statistics(), now.annotations())) {
            return null;
        }
        TableIndex ready = ready(table.dir(), kept, predicates);
        if (ready == null) {
            return null;
        }
        return inMemory ? Walked.of(ready) : found(texts, i, Walked.of(ready));
    }

    /**
     * Where a table's directory and two statistics files are (statistics null when its entry declares none), as its
     * manifest entry resolves them.
     */
    private record Located(Path dir, Path statistics, Path annotations) {

        Located(TableEntry entry) {
            this(entry.dir(), entry.file(Artifact.STATISTICS).orElse(null),
                    entry.file(Artifact.STATISTICS_ANNOTATIONS).orElse(null));
        }

        /** Whether the files at these identities may be stood for by what the index derived from them. */
        boolean openable(PrintView view, Identities at) {
            return (at.statistics() == null || view.openable(statistics, at.statistics()))
                    && (at.annotations() == null || view.openable(annotations, at.annotations()));
        }

        /** The files an index of the table is built from, each with its identity, in one order: the record's key. */
        Map<Path, FileIdentity> sources(FileIdentity statisticsAt, FileIdentity annotationsAt) {
            Map<Path, FileIdentity> from = new LinkedHashMap<>(4);
            if (statisticsAt != null) {
                from.put(statistics, statisticsAt);
            }
            if (annotationsAt != null) {
                from.put(annotations, annotationsAt);
            }
            return from;
        }
    }

    /**
     * The {@code i}-th table's index, its columns decoded unless {@code predicates} rule the table out on its text
     * alone; or no index at all where the print's {@code texts} rule it out.
     */
    private Walked walk(PrintView view, TableEntry entry, int i, WalkTexts texts, ColumnPredicates predicates) {
        if (!entry.followable()) {
            return UNREADABLE;
        }
        TableIndex kept = indexes.get(entry.dir());
        SearchTexts print = kept == null && texts != null ? texts.kept() : null;
        if (kept == null && (texts == null
                || (print == null || !print.knows(i)) && !view.holdsDerived(entry.dir(), TableIndexRecord.FORM))) {
            // its reads stat the files: a stat of each first would be a second
            return found(texts, i, readOnce(view, entry, null, predicates));
        }
        Identities now;
        try {
            // statistics.annotations.yaml is seldom declared: the print's texts say whether it was there
            now = identities(view, entry, kept, print != null && print.knows(i)
                    ? print.annotationsPresent(i)
                    : entry.declares(Artifact.STATISTICS_ANNOTATIONS));
        } catch (PrintError e) {
            return found(texts, i, readOnce(view, entry, kept, predicates));
        }
        Located table = new Located(entry);
        boolean inMemory = kept != null;
        // the texts and the record are taken only for files this process may open: asked once for both
        boolean openable = !inMemory && table.openable(view, now);
        Walked ruledOut = openable && print != null && print.holds(i, now.statistics(), now.annotations())
                ? ruledOut(print, i, predicates)
                : null;
        if (ruledOut != null) {
            return ruledOut;
        }
        if (openable) {
            kept = stored(view, table, now);
        }
        Walked indexed = indexed(table, kept, inMemory, now, texts, i, predicates);
        return indexed != null ? indexed : found(texts, i, readOnce(view, entry, kept, predicates));
    }

    /**
     * The {@code i}-th table ruled out on the print's text, which holds for its files now, named unreadable when a file
     * failed there; null when {@code predicates} may match the text.
     */
    private static Walked ruledOut(SearchTexts print, int i, ColumnPredicates predicates) {
        return predicates.mayMatch(lower -> print.mayContain(i, lower))
                ? null
                : Walked.ruledOut(print.failed(i), print.looksLikeSwitchedOff(i));
    }

    /** {@code index}, its columns decoded when {@code predicates} may match it; null when they do not decode. */
    private TableIndex ready(Path dir, TableIndex index, ColumnPredicates predicates) {
        return index.packed() && predicates.mayMatch(index) ? unpacked(dir, index) : index;
    }

    /**
     * The table read as {@link #read} does, unless a walk beside this one kept an index other than {@code seen} (what
     * this walk found kept, or null) while this one waited, built from the files as they are now.
     */
    private Walked readOnce(PrintView view, TableEntry entry, TableIndex seen, ColumnPredicates predicates) {
        synchronized (reads.of(entry.dir())) {
            TableIndex now = indexes.get(entry.dir());
            if (now != null && now != seen) {
                try {
                    Identities at = identities(view, entry, now, entry.declares(Artifact.STATISTICS_ANNOTATIONS));
                    if (now.builtFrom(at.statistics(), at.annotations())) {
                        TableIndex ready = ready(entry.dir(), now, predicates);
                        if (ready != null) {
                            return Walked.of(ready);
                        }
                    }
                } catch (PrintError e) {
                    // read below, which fails as this walk's own read would
                }
            }
            return read(view, entry);
        }
    }

    /**
     * {@code walked}, its index (taken from the index's record or read whole) noted for the print's texts when any
     * process may take it.
     */
    private static Walked found(WalkTexts texts, int i, Walked walked) {
        if (texts != null && walked.shared()) {
            texts.found(i, walked.index());
        }
        return walked;
    }

    /**
     * {@code index} with its columns decoded, now kept so; null when its record's columns do not decode (the table is
     * read again, and the record rewritten).
     */
    private TableIndex unpacked(Path dir, TableIndex index) {
        if (!index.packed()) {
            return index;
        }
        try {
            TableIndex full = index.unpacked();
            indexes.put(dir, full, full.weight());
            return full;
        } catch (IllegalArgumentException e) {
            return null;
        }
    }

    /**
     * The index the on-disk index keeps for the table's files at exactly these identities (a fresh process's first
     * search, which this spares decoding and modelling every table's files), packed, now kept in memory too; or null.
     * The caller has found both files {@link Located#openable} on this call.
     */
    private TableIndex stored(PrintView view, Located table, Identities at) {
        byte[] record = view.derived(table.dir(), TableIndexRecord.FORM,
                table.sources(at.statistics(), at.annotations()));
        if (record == null) {
            return null;
        }
        try {
            TableIndex index = TableIndexRecord.decode(record, at.statistics(), at.annotations());
            indexes.put(table.dir(), index, index.weight());
            return index;
        } catch (IllegalArgumentException e) {
            return null; // read again, and the record rewritten
        }
    }

    /** The identities of a table's statistics.yaml and statistics.annotations.yaml as a call sees them. */
    private record Identities(FileIdentity statistics, FileIdentity annotations) {
    }

    /**
     * The identities of the table's two statistics files as this call sees them (null for a file not to be read), each
     * stat'ed as likely there when {@code before} (an index kept of the table, or null) was built from it, else when
     * the manifest declares it or, for statistics.annotations.yaml, when {@code annotationsLikely}.
     */
    private static Identities identities(PrintView view, TableEntry entry, TableIndex before,
            boolean annotationsLikely) {
        return new Identities(
                identity(view, entry, Artifact.STATISTICS, entry.declares(Artifact.STATISTICS),
                        seen(before == null ? null : before.statistics(), entry.declares(Artifact.STATISTICS))),
                identity(view, entry, Artifact.STATISTICS_ANNOTATIONS, true,
                        seen(before == null ? null : before.annotations(), annotationsLikely)));
    }

    /**
     * Whether a file is likely there: as the kept index found it ({@code before}, null when none), else {@code
     * otherwise}.
     */
    private static boolean seen(FileIdentity before, boolean otherwise) {
        return before != null ? before.exists() : otherwise;
    }

    /**
     * The identity of the table's file for {@code artifact} as this call sees it, or null when none is to be read; a
     * file {@code likelyPresent} (there when last seen, or declared by the manifest) is stat'ed once, where a probe for
     * absence first would cost a second system call.
     */
    private static FileIdentity identity(PrintView view, TableEntry entry, Artifact artifact, boolean read,
            boolean likelyPresent) {
        if (!read) {
            return null;
        }
        Optional<Path> file = view.followableFile(entry, artifact);
        return file.map(f -> view.record(f, likelyPresent)).orElse(null);
    }

    /**
     * Reads the table's files and builds its index; keeps it, unless a file failed other than as {@link #failed} keeps
     * a failure.
     */
    private Walked read(PrintView view, TableEntry entry) {
        Statistics stats;
        try {
            stats = entry.declares(Artifact.STATISTICS) ? view.searchStatistics(entry).orElse(null) : null;
        } catch (PrintError e) {
            return failed(view, entry, Artifact.STATISTICS, e, null);
        }
        FileIdentity statistics = recorded(view, entry, Artifact.STATISTICS, stats != null);
        TableIndex index;
        try {
            StatisticsAnnotations annotations = view.statisticsAnnotations(entry).orElse(null);
            index = TableIndex.of(stats, annotations, statistics,
                    recorded(view, entry, Artifact.STATISTICS_ANNOTATIONS, true));
        } catch (PrintError e) {
            return failed(view, entry, Artifact.STATISTICS_ANNOTATIONS, e, TableIndex.of(stats, null, statistics, null));
        }
        return kept(view, entry, index);
    }

    /** Keeps {@code index} in memory and, unless this process's access failed, as the table's record on disk. */
    private Walked kept(PrintView view, TableEntry entry, TableIndex index) {
        indexes.put(entry.dir(), index, index.weight());
        if (view.keepsDerived() && index.failure() != TableIndex.Failure.ACCESS) {
            Located table = new Located(entry);
            view.keepDerived(table.dir(), TableIndexRecord.FORM, table.sources(index.statistics(), index.annotations()),
                    TableIndexRecord.encode(index));
        }
        return Walked.of(index);
    }

    /**
     * The table whose file for {@code artifact} failed with {@code e}, named unreadable with what {@code read} holds (the
     * columns statistics.yaml gave; null when that file failed). The failure is kept under the identity the view
     * recorded for the file: the first this call saw of it, which is the failed read's own unless the call had met the
     * file before (at another identity, that marks the view torn). It is kept where it recurs at that identity: one of
     * its content (it does not parse, or match its shape or schema), or a file this process may not open, as
     * {@code access(2)} agrees (a transient failure to read, such as one of memory, does not recur); the latter in this
     * process's memory alone, since another process may be of other groups. Never an absence, which costs no read. Any
     * other failure is met again next time.
     */
    private Walked failed(PrintView view, TableEntry entry, Artifact artifact, PrintError e, TableIndex read) {
        Path file = entry.file(artifact).orElse(null);
        FileIdentity at = file == null ? null : view.recorded(file);
        TableIndex.Failure failure = at == null || !at.exists() ? TableIndex.Failure.NONE : switch (e.kind()) {
            case PARSE, SHAPE, SCHEMA -> TableIndex.Failure.CONTENT;
            case IO -> view.openable(file, at) ? TableIndex.Failure.NONE : TableIndex.Failure.ACCESS;
            default -> TableIndex.Failure.NONE;
        };
        if (failure == TableIndex.Failure.NONE) {
            return read == null ? UNREADABLE : new Walked(read, true);
        }
        if (read != null) {
            return kept(view, entry, read.annotationsFailedAt(at, failure));
        }
        FileIdentity annotations;
        try {
            // what a later walk stats of the table: a record is kept under both identities
            annotations = identity(view, entry, Artifact.STATISTICS_ANNOTATIONS, true,
                    entry.declares(Artifact.STATISTICS_ANNOTATIONS));
        } catch (PrintError outside) {
            return UNREADABLE;
        }
        return kept(view, entry, TableIndex.statisticsFailedAt(at, annotations, failure));
    }

    /** The identity the view recorded for the table's file for {@code artifact}, or null when none was read. */
    private static FileIdentity recorded(PrintView view, TableEntry entry, Artifact artifact, boolean read) {
        if (!read) {
            return null;
        }
        return entry.file(artifact).map(view::recorded).orElse(null);
    }
}
