/**
 * The only code that reads print files, one sub-package per job, each importing only those below it (CONTRIBUTING.md).
 * <ul>
 * <li>{@code store}: {@link dev.dbprint.mcp.print.store.PrintStore} caches every file per form (bytes, YAML tree, typed
 * model) with the {@link dev.dbprint.mcp.print.files.FileIdentity} it was read at, re-stats on every access, reloads on
 * any difference and never keeps a file that failed to load (server spec §7.1).
 * {@link dev.dbprint.mcp.print.store.PrintView} is one call's window on one connection: every read is recorded as
 * {@code path → identity} (absences too) and {@link dev.dbprint.mcp.print.store.PrintView#digest()} pins cursors and
 * resource versions to exactly that set.</li>
 * <li>{@code model}: the records the print's files are read into.</li>
 * <li>{@code index}: parsed trees kept on disk across processes
 * ({@link dev.dbprint.mcp.print.index.TreeStore}).</li>
 * <li>{@code cache}: the bounds and weights of what is kept in memory.</li>
 * <li>{@code yaml}: {@link dev.dbprint.mcp.print.yaml.YamlLoader} parses into a plain tree; floats are
 * {@code BigDecimal} at the file's own scale, timestamps stay strings.</li>
 * <li>{@code files}: {@link dev.dbprint.mcp.print.files.Containment}: a manifest entry whose path, directory or
 * declared file leads outside the connection root (lexically or through a symbolic link) is never read;
 * {@link dev.dbprint.mcp.print.files.ContainedFile} opens every file the store reads from the real connection root one
 * component at a time, following no link, so what is read is the file judged inside the root even while links
 * move.</li>
 * <li>Failures are {@link dev.dbprint.mcp.error.PrintError}s whose message is the §8 detail text.</li>
 * </ul>
 */
package dev.dbprint.mcp.print;
