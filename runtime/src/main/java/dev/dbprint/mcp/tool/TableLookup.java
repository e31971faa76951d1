package dev.dbprint.mcp.tool;

import dev.dbprint.mcp.print.PrintView;
import dev.dbprint.mcp.print.model.Manifest;
import dev.dbprint.mcp.print.model.TableEntry;

/**
 * Finds the manifest entry a tool's {@code table} argument names, or fails with the §8.2 sentence for the two ways it can
 * be missing: a name the manifest does not carry at all, and one the last run listed in {@code failed_tables} because it
 * could not profile it. Every tool taking a {@code table} reads it through here so the sentences cannot drift apart.
 */
public final class TableLookup {

    private TableLookup() {
    }

    /**
     * The entry for {@code fqn}.
     *
     * @throws ToolFault naming the table as unprofiled or unknown
     */
    public static TableEntry require(PrintView view, String fqn) {
        Manifest manifest = view.manifest();
        TableEntry entry = manifest.table(fqn);
        if (entry != null) {
            return entry;
        }
        if (manifest.failedTables().contains(fqn)) {
            throw new ToolFault(unprofiled(fqn));
        }
        throw new ToolFault(unknown(fqn, view.connection()));
    }

    /** {@code table 'foo' not found in connection 'bar'. Call list_tables ...} (§8.1, §8.2). */
    public static String unknown(String fqn, String connection) {
        return "table '" + fqn + "' not found in connection '" + connection + "'. Call list_tables with connection '"
                + connection + "' for valid names.";
    }

    /** {@code the last generate run could not profile '<fqn>'; run dbprint generate to see the cause} (§8.1, §8.2). */
    public static String unprofiled(String fqn) {
        return "the last generate run could not profile '" + fqn + "'; run dbprint generate to see the cause";
    }
}
