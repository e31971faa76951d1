package dev.dbprint.mcp.search;

import java.nio.file.Path;
import java.util.Collections;
import java.util.List;
import java.util.Map;
import java.util.Objects;

import dev.dbprint.mcp.print.files.ContainmentMemo.GroupStamps;
import dev.dbprint.mcp.print.files.FileIdentity;
import dev.dbprint.mcp.print.model.Artifact;
import dev.dbprint.mcp.print.model.TableEntry;
import dev.dbprint.mcp.print.store.PrintView;
import dev.dbprint.mcp.text.CodePointOrder;

/**
 * One walk's use of the print's {@link SearchTexts}: taken from the on-disk index once per manifest (then kept in
 * memory), offered to the view so that each entry's containment is confirmed from its directories' stamps, and written
 * again when the walk found some table's text other than the one kept.
 */
final class WalkTexts {

    /** The texts last taken from or written to the index, and the root and manifest identity they belong to. */
    static final class Last {

        private record Kept(Path root, FileIdentity manifest, SearchTexts texts) {
        }

        private volatile Kept kept;

        /** The texts this process last knew for {@code root}'s manifest at {@code manifest}, or null when none. */
        private Kept at(Path root, FileIdentity manifest) {
            Kept k = kept;
            return k != null && k.root().equals(root) && k.manifest().equals(manifest) ? k : null;
        }

        private void set(Path root, FileIdentity manifest, SearchTexts texts) {
            kept = new Kept(root, manifest, texts);
        }
    }

    private final PrintView view;
    private final List<String> names;
    private final Last last;
    private final FileIdentity manifest;
    private final SearchTexts kept;
    /** Each table's index as the walk took it from its record or read it, at identities it stat'ed. */
    private final TableIndex[] found;
    private volatile boolean noted;

    private WalkTexts(PrintView view, List<String> names, Last last, FileIdentity manifest, SearchTexts kept) {
        this.view = view;
        this.names = names;
        this.last = last;
        this.manifest = manifest;
        this.kept = kept;
        this.found = new TableIndex[names.size()];
    }

    /**
     * The texts for a walk over {@code names} (the manifest's code-point order) in {@code view}, which has read the
     * manifest: once they are known, the view's entries are judged from the stamps they hold.
     */
    static WalkTexts of(PrintView view, List<String> names, Last last) {
        FileIdentity manifest = Objects.requireNonNull(view.recorded(view.manifestPath()), "the manifest is read");
        Last.Kept known = last.at(view.root(), manifest);
        SearchTexts kept;
        if (known != null) {
            kept = known.texts();
        } else {
            byte[] bytes = view.withManifest(SearchTexts.FORM);
            kept = bytes == null ? null : SearchTexts.decode(bytes, names.size());
            last.set(view.root(), manifest, kept);
        }
        if (kept != null) {
            view.recallGroups(entry -> {
                int i = Collections.binarySearch(names, entry.fqn(), CodePointOrder.INSTANCE);
                return i < 0 ? null : kept.group(i);
            });
        }
        return new WalkTexts(view, names, last, manifest, kept);
    }

    /**
     * Where the entry puts its directory and statistics files, relative to the root, with the stamps its containment
     * now rests on; null when it is not followable or its files were judged one by one.
     */
    private SearchTexts.Place place(TableEntry entry) {
        GroupStamps stamps = entry.followable() ? view.group(entry) : null;
        Path root = view.root();
        if (stamps == null || !entry.dir().startsWith(root)) {
            return null;
        }
        Path annotations = entry.file(Artifact.STATISTICS_ANNOTATIONS).orElseThrow();
        return new SearchTexts.Place(stamps, root.relativize(entry.dir()).toString(),
                entry.file(Artifact.STATISTICS).map(f -> root.relativize(f).toString()).orElse(null),
                root.relativize(annotations).toString(), entry.declares(Artifact.STATISTICS_ANNOTATIONS), entry.rowCount(),
                view.absentAt(annotations, stamps.directory()));
    }

    /** The texts the index keeps for the manifest, or null. */
    SearchTexts kept() {
        return kept;
    }

    /** Notes table {@code i}'s index, taken from its record or read, at identities this walk stat'ed. */
    void found(int i, TableIndex index) {
        found[i] = index;
        noted = true;
    }

    /**
     * Writes the texts again, with every entry's stamps as {@code all} judged them, when there were none or some table's
     * index the walk took from its record or read is not what they hold. Stamps alone that changed are not worth a
     * write: such an entry is judged path by path until the next one.
     */
    void keepIfChanged(Map<String, TableEntry> all) {
        boolean changed = kept == null;
        for (int i = 0; i < found.length && !changed && noted; i++) {
            // a text not to be kept (its files changed within the racy window) is no reason to write the rest again
            changed = found[i] != null && !kept.holds(i, found[i].statistics(), found[i].annotations())
                    && SearchTexts.keptAt(found[i], view::keeps);
        }
        if (changed) {
            SearchTexts.Place[] places = new SearchTexts.Place[found.length];
            for (int i = 0; i < found.length; i++) {
                places[i] = place(all.get(names.get(i)));
            }
            byte[] bytes = SearchTexts.encode(found, places, kept, view::keeps);
            view.keepWithManifest(SearchTexts.FORM, bytes);
            last.set(view.root(), manifest, SearchTexts.decode(bytes, found.length));
        }
    }
}
