package dev.dbprint.mcp.resource;

import java.math.BigInteger;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.function.Supplier;

import dev.dbprint.mcp.config.Connections;
import dev.dbprint.mcp.config.ServedConnection;
import dev.dbprint.mcp.error.DetailedFault;
import dev.dbprint.mcp.error.PrintError;
import dev.dbprint.mcp.error.ProtocolError;
import dev.dbprint.mcp.print.files.FileIdentity;
import dev.dbprint.mcp.print.model.Artifact;
import dev.dbprint.mcp.print.model.Diff;
import dev.dbprint.mcp.print.model.Relationships;
import dev.dbprint.mcp.print.model.TableEntry;
import dev.dbprint.mcp.print.store.PrintStore;
import dev.dbprint.mcp.print.store.PrintView;
import dev.dbprint.mcp.print.store.Read;
import dev.dbprint.mcp.reference.ReferenceDocument;
import dev.dbprint.mcp.reference.ReferenceDocuments;

/**
 * resources/read (spec §3.4): the file as it is on disk at the call, byte for byte — the relationships and diff
 * resources without what a human rejected, re-serialized as YAML only when something was withheld — one page at a time
 * when its text, as a JSON string, passes 20,000 characters ({@link ReadPages}).
 * <p>
 * Every read answers {@code {"contents": [{uri, mimeType, text, _meta: {page, pages, version}}]}}. The version is the
 * digest of every file the read went through ({@link PrintView#digest()}): the served file, the manifest that located
 * it, and for a filtered read every annotation and relationships file that decided what was withheld — so a page past
 * the first is refused once any of them moved, and a rewritten file never answers an old page number with new text.
 * Reference documents are versioned by {@link ReferenceDocuments.Loaded#version()}, the digest of their bytes.
 * <p>
 * A file that is not valid UTF-8 (only ddl.sql, description.md or reading.md can be; a YAML file that is not UTF-8 is
 * a parse error) is served as {@code blob}, base64 of its exact bytes, rather than as text with replaced characters:
 * the contract is the bytes on disk, and a text field cannot carry them.
 */
public final class ResourceReader {

    private final PrintStore store;
    private final Connections connections;
    private final ReferenceDocuments references;

    public ResourceReader(PrintStore store, Connections connections, ReferenceDocuments references) {
        this.store = store;
        this.connections = connections;
        this.references = references;
    }

    /** Where a served resource's bytes come from: a piece of them, or empty when the file changed since it was cut. */
    @FunctionalInterface
    private interface Source {

        Optional<byte[]> range(long from, int length);
    }

    /** What one read serves, before its page is read: where its pages begin and where their bytes come from. */
    private record Served(String mimeType, ReadPages pages, Source source, String version, Path file) {
    }

    public Map<String, Object> read(String uri) {
        DbprintUri u = DbprintUri.parse(uri);
        for (int attempt = 1;; attempt++) {
            Served served = u.isReference() ? reference(u) : connectionScoped(u);
            ReadPages pages = served.pages();
            int page = page(u, pages.pages(), served.version());
            try {
                Optional<byte[]> bytes = served.source().range(pages.from(page), pages.length(page));
                if (bytes.isPresent()) {
                    return reply(uri, served, page, pages.served(bytes.get()));
                }
                if (u.version().isPresent()) {
                    // the file moved past the version asked for while its page was read: the same answer as when it
                    // moved before (§3.4), never a page of another version
                    throw ResourceErrors.staleVersion(u.uri());
                }
                if (attempt == PrintStore.MAX_READ_ATTEMPTS) {
                    throw PrintError.keptChanging(served.file(), attempt);
                }
            } catch (PrintError e) {
                throw ResourceErrors.of(e, u);
            }
        }
    }

    private static Map<String, Object> reply(String uri, Served served, int page, String pageText) {
        Map<String, Object> content = new LinkedHashMap<>();
        content.put("uri", uri);
        content.put("mimeType", served.mimeType());
        content.put(served.pages().text() ? "text" : "blob", pageText);
        Map<String, Object> meta = new LinkedHashMap<>();
        meta.put("page", page);
        meta.put("pages", served.pages().pages());
        meta.put("version", served.version());
        content.put("_meta", meta);
        return Map.of("contents", List.of(content));
    }

    /**
     * The page asked for, checked in this order: a version given must be the current one (whatever the page — a
     * caller pinning a version asks for that version's text); the page must be a whole number in range; a page past
     * the first needs a version.
     */
    private static int page(DbprintUri u, int pages, String version) {
        if (u.version().isPresent() && !u.version().get().equals(version)) {
            throw ResourceErrors.staleVersion(u.uri());
        }
        int page = 1;
        if (u.page().isPresent()) {
            String p = u.page().get();
            if (!p.matches("[0-9]{1,10}") || new BigInteger(p).compareTo(BigInteger.valueOf(pages)) > 0
                    || new BigInteger(p).signum() == 0) {
                throw ResourceErrors.pageOutOfRange(u.uri(), pages);
            }
            page = Integer.parseInt(p);
        }
        if (page > 1 && u.version().isEmpty()) {
            throw ResourceErrors.pageWithoutVersion(u.uri());
        }
        return page;
    }

    private Served reference(DbprintUri u) {
        ReferenceDocument document = ReferenceResources.named(u.document())
                .orElseThrow(() -> ResourceErrors.noSuchDocument(u.uri()));
        try {
            ReferenceDocuments.Loaded loaded = references.get(document);
            return inMemory("text/markdown", loaded.bytes(), loaded.version());
        } catch (DetailedFault e) {
            throw ProtocolError.internal(e.getMessage()); // an operator's copy unreadable: the server's fault
        }
    }

    private Served connectionScoped(DbprintUri u) {
        ServedConnection c;
        try {
            c = connections.named(u.connection());
        } catch (DetailedFault e) {
            throw ProtocolError.invalidParams(e.getMessage());
        }
        PrintView view = store.view(c);
        try {
            ResourceKind kind = u.kind();
            if (kind.perTable()) {
                return table(view, u.table(), kind);
            }
            return switch (kind) {
                case MANIFEST -> {
                    view.manifest();
                    yield file(view, kind, view.manifestPath(), () -> PrintError.noManifest(view.manifestPath()));
                }
                case DIFF -> {
                    Diff diff = view.requireDiff();
                    Optional<String> filtered = new WithheldEdges(view).diff(diff);
                    yield filtered.isPresent()
                            ? withheld(view, kind, filtered.get())
                            : file(view, kind, view.diffPath(), () -> PrintError.noDiff(view.diffPath()));
                }
                case READING -> file(view, kind, view.readingPath(), () -> PrintError.noReading(view.readingPath()));
                case MANIFEST_ANNOTATIONS -> {
                    Path p = view.manifestAnnotationsPath();
                    Read<ReadPages> pages = scan(view, p,
                            () -> listedName(view).<RuntimeException>map(name -> PrintError.missingFile(name, p))
                                    .orElseGet(() -> ResourceErrors.notAuthoredForConnection(kind.fileName(), c.name())));
                    view.requireYaml(p);
                    yield file(view, kind, p, pages);
                }
                default -> throw new IllegalStateException(kind.name());
            };
        } catch (PrintError e) {
            throw ResourceErrors.of(e, u);
        }
    }

    private static Served table(PrintView view, String fqn, ResourceKind kind) {
        TableEntry table = view.requireTable(fqn);
        Artifact artifact = kind.artifact().orElseThrow();
        Path file = view.followableFile(table, artifact)
                .orElseThrow(() -> PrintError.notDeclared(artifact.key(), fqn));
        if (kind == ResourceKind.RELATIONSHIPS) {
            Relationships rels = view.relationships(table).orElseThrow(() -> absent(table, artifact, file));
            Optional<String> filtered = new WithheldEdges(view).relationships(table, rels);
            if (filtered.isPresent()) {
                return withheld(view, kind, filtered.get());
            }
        }
        Read<ReadPages> pages = scan(view, file, () -> absent(table, artifact, file));
        if (kind.yaml()) {
            view.requireYaml(file);
        }
        return file(view, kind, file, pages);
    }

    /**
     * The name the manifest's {@code manifest_annotations} lists the file under: listed, its absence is the print's
     * fault (§3.4); unlisted, or when the manifest cannot say, it was never authored.
     */
    private static Optional<String> listedName(PrintView view) {
        try {
            return Optional.ofNullable(view.index().manifestAnnotations());
        } catch (PrintError e) {
            return Optional.empty();
        }
    }

    /** A declared file missing is the print's fault; an undeclared user-authored one was simply never written. */
    private static RuntimeException absent(TableEntry table, Artifact artifact, Path file) {
        if (table.declares(artifact)) {
            return PrintError.missingFile(table.declaredFileName(artifact).orElse(artifact.fileName()), file);
        }
        return ResourceErrors.notAuthored(artifact.fileName(), table.fqn());
    }

    /** Where the pages of {@code file} begin, found once per identity; {@code whenAbsent} when there is no file. */
    private static Read<ReadPages> scan(PrintView view, Path file, Supplier<RuntimeException> whenAbsent) {
        Read<ReadPages> pages = view.scan(file, "pages", ReadPages::of);
        if (!pages.present()) {
            throw whenAbsent.get();
        }
        return pages;
    }

    private static Served file(PrintView view, ResourceKind kind, Path file, Supplier<RuntimeException> whenAbsent) {
        return file(view, kind, file, scan(view, file, whenAbsent));
    }

    /** {@code file} as scanned, its pages read at the identity scanned; versioned by everything the view read. */
    private static Served file(PrintView view, ResourceKind kind, Path file, Read<ReadPages> pages) {
        FileIdentity at = pages.identity();
        return new Served(kind.mimeType(), pages.value(), (from, length) -> view.range(file, at, from, length),
                view.digest(), file);
    }

    /** The relationships or diff re-serialized without a rejected edge: small, so cut in memory. */
    private static Served withheld(PrintView view, ResourceKind kind, String yaml) {
        return inMemory(kind.mimeType(), yaml.getBytes(StandardCharsets.UTF_8), view.digest());
    }

    private static Served inMemory(String mimeType, byte[] bytes, String version) {
        Source source = (from, length) -> Optional.of(Arrays.copyOfRange(bytes, (int) from, (int) from + length));
        return new Served(mimeType, ReadPages.of(bytes), source, version, null);
    }
}
