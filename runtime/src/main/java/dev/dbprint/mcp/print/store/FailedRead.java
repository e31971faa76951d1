package dev.dbprint.mcp.print.store;

import dev.dbprint.mcp.error.PrintError;
import dev.dbprint.mcp.print.files.FileIdentity;

/**
 * A read of a print file that failed, with the identity the store stat'ed the file at before the read that failed: what
 * a view records for it (§7.1), and what a search keeps a failure under. A stat taken after the failure could find the
 * file mended (or broken) in between, and pin the failure to a file that was never read.
 */
final class FailedRead extends PrintError {

    private static final long serialVersionUID = 1L;

    /** Not serialised: nothing sends a failure out of the process. */
    private final transient FileIdentity at;

    FailedRead(PrintError failure, FileIdentity at) {
        super(failure.kind(), failure.path(), failure.detail());
        this.at = at;
    }

    /** The identity of the file the read failed at. */
    FileIdentity at() {
        return at;
    }
}
