package dev.dbprint.mcp.sqlcheck;

import java.util.List;

import dev.dbprint.mcp.print.model.Manifest;
import dev.dbprint.mcp.print.model.TableNameIndex;

/**
 * The print's table names as a statement may write them ({@link TableNameIndex}): the profiled tables and, apart, those
 * the last run could not profile. Built once per parse of the manifest.
 */
final class TableNames {

    private final TableNameIndex profiled;
    private final TableNameIndex failed;
    private final List<String> all;

    TableNames(Manifest manifest) {
        this.all = manifest.fqnOrder();
        this.profiled = new TableNameIndex(all);
        this.failed = new TableNameIndex(manifest.failedTables());
    }

    /** Every profiled table the written name can mean: the one FQN it spells, or every FQN it ends. */
    List<String> matches(List<String> parts) {
        return profiled.matches(parts);
    }

    /** As {@link #matches(List)} among the tables the last run could not profile. */
    List<String> unprofiled(List<String> parts) {
        return failed.matches(parts);
    }

    /** The names nearest the written one, whole or by last part, best first. */
    List<String> nearest(List<String> parts) {
        return Nearest.names(String.join(".", parts), all, true);
    }
}
