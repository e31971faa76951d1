package dev.dbprint.mcp.error;

import java.nio.file.Path;

/**
 * A failure reading a print file. The {@link #getMessage() message} is the exact detail text the server spec (§8.1/§8.2)
 * prescribes for the condition, so tool and resource layers pass it through unchanged; {@link #kind()} lets them choose the
 * channel (JSON-RPC code, {@code _corrupted}, {@code _missing}, ...). Not final for the store's one subclass, which
 * carries the identity a failed read was made at ({@code print.store.FailedRead}); what it says on the wire is final.
 */
public class PrintError extends DetailedFault {

    private static final long serialVersionUID = 1L;

    /** What went wrong. */
    public enum Kind {
        /** The file is not valid YAML (or not UTF-8, or trips a loader limit). */
        PARSE,
        /** The file parses but is not the shape a reader walks (manifest only). */
        SHAPE,
        /** An annotation file parses but does not match its schema (format spec §2.7). */
        SCHEMA,
        /** The manifest declares an artifact whose file is absent on disk. */
        MISSING_FILE,
        /** No diff.yaml at the connection root. */
        NO_DIFF,
        /** No reading.md at the connection root. */
        NO_READING,
        /** The manifest itself is absent. */
        NO_MANIFEST,
        /** A manifest entry that is not followable (containment, §2.5) was asked to be read. */
        NOT_FOLLOWABLE,
        /** The artifact kind is not declared for the table. */
        NOT_DECLARED,
        /** The manifest has no table by that name, and failed_tables does not name it either. */
        UNKNOWN_TABLE,
        /** A table only failed_tables names: it exists and the last run could not profile it. */
        UNPROFILED,
        /** The file was rewritten during every one of the reads of it that the store tries. */
        UNSTABLE,
        /** An I/O failure other than absence (permission, a read that fails, ...). */
        IO
    }

    private final Kind kind;
    private final Path path;

    public PrintError(Kind kind, Path path, String message) {
        super(message, false);
        this.kind = kind;
        this.path = path;
    }

    public final Kind kind() {
        return kind;
    }

    /** The file the error is about (absolute), or null when none applies. */
    public final Path path() {
        return path;
    }

    /** The detail text, as §8 spells it. */
    public final String detail() {
        return getMessage();
    }

    // ---- factories spelling the §8 detail texts ----

    public static PrintError parse(Path path, String message) {
        return new PrintError(Kind.PARSE, path, ErrorCatalog.yamlParseError(path, message));
    }

    public static PrintError shape(Path path, String reason) {
        return new PrintError(Kind.SHAPE, path, ErrorCatalog.wrongShape(path, reason));
    }

    public static PrintError schema(Path path, String address, String message) {
        return new PrintError(Kind.SCHEMA, path, ErrorCatalog.schemaMismatch(path, address, message));
    }

    /** {@code artifact} is the file name, e.g. {@code statistics.yaml}. */
    public static PrintError missingFile(String artifact, Path path) {
        return new PrintError(Kind.MISSING_FILE, path, ErrorCatalog.artifactAbsent(artifact, path));
    }

    public static PrintError noDiff(Path path) {
        return new PrintError(Kind.NO_DIFF, path, ErrorCatalog.noDiff(path));
    }

    public static PrintError noReading(Path path) {
        return new PrintError(Kind.NO_READING, path, ErrorCatalog.noReadingGuide(path));
    }

    public static PrintError noManifest(Path path) {
        return new PrintError(Kind.NO_MANIFEST, path, ErrorCatalog.noManifest(path));
    }

    /** @param meant the one table {@code table} matches by its last parts, or null when none or several do */
    public static PrintError unknownTable(String table, String connection, String meant) {
        return new PrintError(Kind.UNKNOWN_TABLE, null, meant == null
                ? ErrorCatalog.tableNotFound(table, connection)
                : ErrorCatalog.tableNotFound(table, connection, meant));
    }

    public static PrintError unprofiled(String table) {
        return new PrintError(Kind.UNPROFILED, null, ErrorCatalog.tableUnprofiled(table));
    }

    /** {@code kind} is the artifact key, e.g. {@code relationships}. */
    public static PrintError notDeclared(String kind, String table) {
        return new PrintError(Kind.NOT_DECLARED, null, ErrorCatalog.kindNotDeclared(kind, table));
    }

    /** {@code path} resolves outside the connection {@code root} (format spec §2.5). */
    public static PrintError outsideRoot(Path path, Path root) {
        return new PrintError(Kind.NOT_FOLLOWABLE, path, ErrorCatalog.outsideRoot(path, root));
    }

    /** The manifest's entry for {@code table} cannot be followed (format spec §2.5), for {@code reason}. */
    public static PrintError notFollowable(Path manifest, String table, String reason) {
        return new PrintError(Kind.NOT_FOLLOWABLE, manifest, ErrorCatalog.tableNotFollowable(manifest, table, reason));
    }

    /** {@code table}'s {@code file} (named {@code fileName}) resolves outside the connection root. */
    public static PrintError fileOutsideRoot(Path file, String table, String fileName) {
        return new PrintError(Kind.NOT_FOLLOWABLE, file, ErrorCatalog.tableFileOutsideRoot(table, fileName));
    }

    /** A file rewritten during every one of {@code attempts} reads of it. */
    public static PrintError keptChanging(Path path, int attempts) {
        return new PrintError(Kind.UNSTABLE, path, ErrorCatalog.keptChanging(path, attempts));
    }

    public static PrintError io(Path path, String message) {
        return new PrintError(Kind.IO, path, ErrorCatalog.wrongShape(path, message));
    }
}
