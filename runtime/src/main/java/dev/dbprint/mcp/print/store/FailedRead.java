package dev.dbprint.mcp.print.store;

import java.io.IOException;
import java.nio.file.Path;

import dev.dbprint.mcp.error.PrintError;
import dev.dbprint.mcp.print.files.ContainedFile;
import dev.dbprint.mcp.print.files.FileIdentity;

/**
 * A read of a print file that failed, with the identity the store stat'ed the file at before the read that failed: what
 * the view records for it (§7.1), and so what a search, which asks the view ({@link PrintView#recorded}), keeps the
 * failure under. A stat taken after the failure could find the file mended (or broken) in between, and pin the failure
 * to a file that was never read. Its kind, path and detail are PrintError's own (final there): the wire sees no
 * difference.
 */
final class FailedRead extends PrintError {

    private static final long serialVersionUID = 1L;

    /** Not serialised: nothing sends a failure out of the process. */
    private final transient FileIdentity at;

    private FailedRead(PrintError failure, FileIdentity at) {
        super(failure.kind(), failure.path(), failure.detail());
        this.at = at;
    }

    /**
     * {@code failure} of a load or scan that stat'ed the file at {@code at}; {@code failure} itself when {@code at} is null
     * (its stat failed, before any identity: the view then records what is there).
     */
    static PrintError at(PrintError failure, FileIdentity at) {
        return at == null || failure instanceof FailedRead ? failure : new FailedRead(failure, at);
    }

    /**
     * The failure of a read of {@code path} that found it outside {@code realRoot}, or could not read it: what the store's
     * loads and scans alike throw.
     */
    static PrintError unread(Path path, Path realRoot, IOException e) {
        return e instanceof ContainedFile.Outside
                ? PrintError.outsideRoot(path, realRoot)
                : PrintError.io(path, "cannot read: " + e.getMessage());
    }

    /** The identity of the file the read failed at. */
    FileIdentity at() {
        return at;
    }
}
