package dev.dbprint.mcp.error;

import java.nio.file.Path;
import java.util.Collection;
import java.util.List;
import java.util.function.UnaryOperator;

import dev.dbprint.mcp.text.PyRepr;

/**
 * Every detail string of the spec's error model (§8.1 resource errors, §8.2 tool errors), one method per row of its
 * tables; a row both tables hold is one method. These sentences are a wire contract: they are spelled here and
 * nowhere else, and {@code ErrorCatalogTest} checks each against the spec's example. The details the tables do not
 * list (a part of a column, a reference document that is no resource or cannot be read, a path outside the connection
 * root, a tool's own bug) sit at the end, in the same voice. A value a caller sent is echoed through {@code echo}
 * alone, which shortens a long one visibly, and a list of names is cut the same visible way, so no detail outgrows the
 * reply bound of §4.8.
 */
public final class ErrorCatalog {

    /**
     * The most characters an echoed value takes in a detail (its quotes included): a real name fits whole, and an
     * error echoing a few values still stays far inside the 20,000 characters §4.8 allows one reply.
     */
    static final int ECHO_LIMIT = 1_000;
    /** The most characters a list of names the print or the configuration holds takes in a detail. */
    static final int LIST_LIMIT = 10_000;
    /** The most tokens a check_sql detail names as expected where reading stopped. */
    static final int SQL_EXPECTED_SHOWN = 12;

    private ErrorCatalog() {
    }

    // ---------------------------------------------------------------- §8.1 and §8.2: connections and tables

    /** Unknown {@code connection}, or a resource for an unconfigured connection. */
    public static String connectionNotConfigured(String connection, Collection<String> configured) {
        return "connection " + echo(connection) + " not in .dbprint.yaml. Configured: " + listed(configured);
    }

    /** {@code connection} configured but not served by this server instance. */
    public static String connectionNotServed(String connection, Collection<String> served) {
        return "connection " + echo(connection) + " is configured but not served by this instance. Served: "
                + listed(served) + ". Restart the server naming it to serve it.";
    }

    /** No {@code connection} given when no default exists (§8.2). */
    public static String noDefaultConnection(Collection<String> configured) {
        return "no default connection; pass connection explicitly. Configured: " + listed(configured);
    }

    /** Unknown {@code table}. */
    public static String tableNotFound(String table, String connection) {
        return "table " + echo(table) + " not found in connection " + echo(connection) + ". Call list_tables with connection "
                + echo(connection) + " for valid names.";
    }

    /**
     * Unknown {@code table} that names exactly one table by its last parts (a two-part name for a three-part print):
     * §8's sentences as they stand, then one naming that table, the fix a caller can apply (docs/spec-readings.md).
     */
    public static String tableNotFound(String table, String connection, String meant) {
        return tableNotFound(table, connection) + " One table matches it by its last parts: " + echo(meant)
                + "; pass that full name.";
    }

    /** A table the last run could not profile. */
    public static String tableUnprofiled(String table) {
        return "the last generate run could not profile " + echo(table) + "; run dbprint generate to see the cause";
    }

    /** A kind the manifest never declares for that table (§8.1); {@code kind} is the artifact key. */
    public static String kindNotDeclared(String kind, String table) {
        return kind + " is not declared for table " + echo(table)
                + " - check the object's type before requesting it; the manifest does not declare every kind for every object.";
    }

    /** Reading an absent optional file (§8.1). */
    public static String optionalNotAuthored(String fileName, String table) {
        return fileName + " is optional and not authored for table " + echo(table) + ".";
    }

    // ---------------------------------------------------------------- §8.1 and §8.2: the print's own faults

    /** Manifest references a file that is absent on disk; {@code artifact} is its file name. */
    public static String artifactAbsent(String artifact, Path path) {
        return "manifest references " + artifact + " but file is absent at " + path + ". Re-run dbprint generate.";
    }

    /** Manifest parses as YAML but is not the shape every reader below it walks. */
    public static String wrongShape(Path path, String reason) {
        return path + ": " + reason;
    }

    /** A print file of a format MAJOR this server does not read (format spec §5.2); {@code found} as the file spells it. */
    public static String formatVersionNotRead(Path path, Object found, int read) {
        return wrongShape(path, "format_version " + found + " is a newer print format than this server reads"
                + " (format_version " + read + "); serve it with a dbprint-mcp release that reads it.");
    }

    /** YAML parse error in a print file. */
    public static String yamlParseError(Path path, String message) {
        return path + ": YAML parse error: " + message;
    }

    /** Annotation file parses but does not match its schema (format spec §2.7). */
    public static String schemaMismatch(Path path, String address, String message) {
        return path + ": does not match its schema (SPEC 2.7): " + address + ": " + message;
    }

    /** No committed diff for the connection. */
    public static String noDiff(Path path) {
        return "no diff available at " + path + ". Run dbprint diff or dbprint generate first.";
    }

    /** Reading {@code reading} with no reading.md for the connection (§8.1). */
    public static String noReadingGuide(Path path) {
        return "no reading guide available at " + path + ". Run dbprint generate first.";
    }

    // ---------------------------------------------------------------- §8.1: resource URIs and pages

    /** Resource requested with malformed URI. */
    public static String malformedUri(String uri) {
        return "URI " + echo(uri) + " does not match the dbprint:// scheme.";
    }

    /** {@code page} outside the resource's pages, or not a whole number. */
    public static String noSuchPage(String uri, int pages) {
        return echo(uri) + " names no page of this resource: pages run 1 to " + pages + ".";
    }

    /** A page past the first without {@code version}. */
    public static String pageWithoutVersion(String uri) {
        return echo(uri)
                + " asks for a page past the first without `version`. Pass the `version` the first page's `_meta` reported, as `?page=<n>&version=<v>`.";
    }

    /** {@code version} the file has moved past. */
    public static String versionMovedOn(String uri) {
        return echo(uri)
                + ": the file changed on disk since that version was read. Read page 1 again for its current version.";
    }

    // ---------------------------------------------------------------- §8.2: arguments

    /** A key the tool does not declare; {@code accepted} in the order shown. */
    public static String argumentNotDeclared(String tool, String key, Collection<String> accepted) {
        return tool + " takes no argument " + echo(key) + ". Accepted: " + listed(accepted) + ".";
    }

    /** A required key absent. */
    public static String argumentRequired(String tool, String key) {
        return tool + " requires " + PyRepr.repr(key) + ".";
    }

    /** A key of the wrong type; {@code shown} is the value as the caller sent it, already spelled. */
    public static String argumentType(String key, String shown, String type) {
        return key + " " + cut(shown) + " must be of type " + type + ".";
    }

    /** An empty string where one is required. */
    public static String argumentEmpty(String key, String value) {
        return key + " " + echo(value) + " must be a non-empty string.";
    }

    /** A value outside a declared enum (get_reference's {@code document} among them). */
    public static String argumentNotInEnum(String key, String value, Collection<String> allowed) {
        return key + " " + echo(value) + " must be one of " + listed(allowed) + ".";
    }

    // ---------------------------------------------------------------- §8.2: tools

    /** Tool requested with unknown name. */
    public static String unknownTool(String name, Collection<String> available) {
        return "unknown tool " + echo(name) + ". Available: " + listed(available);
    }

    /** resolve_value called with a {@code column} the table's statistics do not carry; {@code columns} sorted. */
    public static String columnNotFound(String column, String table, Collection<String> columns) {
        return "column " + echoBare(column) + " not found in table " + echoBare(table) + ". Columns: " + joined(columns) + ".";
    }

    /** get_reference called with a {@code section} no heading of that document carries. */
    public static String sectionNotFound(String section, String document, Collection<String> available) {
        return "section " + echo(section) + " not found in " + document + ". Available: " + listed(available);
    }

    // ---------------------------------------------------------------- §8.2 and §8.1: cursors

    /**
     * A {@code cursor} that no reply issued; {@code cursorKey} is the key the caller's replies carry it under
     * ({@code next_cursor}, or {@code nextCursor} for resources/list).
     */
    public static String cursorNotIssued(String cursor, String cursorKey) {
        return "cursor " + echo(cursor) + " is not one this server issued. Pass back a reply's `" + cursorKey
                + "` unchanged, or call again without `cursor` for the first page.";
    }

    /** A {@code cursor} issued by another tool, or by the same tool under other arguments. */
    public static String cursorForeign(String tool) {
        return "this cursor was not issued by " + tool
                + " with these arguments. Repeat the call that returned it with the same arguments, or call again without `cursor`.";
    }

    /** A {@code cursor} whose print files changed on disk since it was issued; {@code caller} a tool or resources/list. */
    public static String cursorPrintChanged(String caller) {
        return "the print changed on disk since this cursor was issued, so " + caller
                + " cannot resume where it left off. Call again without `cursor` to start over.";
    }

    // ---------------------------------------------------------------- details the tables do not list

    /** resolve_value's {@code part} that the column does not carry; {@code parts} sorted. */
    public static String partNotFound(String part, String column, String table, Collection<String> parts) {
        return "part " + echoBare(part) + " not found in column " + echoBare(column) + " of table " + echoBare(table)
                + ". Parts: "
                + joined(parts) + ".";
    }

    /** The connection-wide optional file (manifest.annotations.yaml) no human has written. */
    public static String optionalNotAuthoredForConnection(String fileName, String connection) {
        return fileName + " is optional and not authored for connection " + echo(connection) + ".";
    }

    /** No manifest.yaml under the connection's root. */
    public static String noManifest(Path path) {
        return "no manifest available at " + path + ". Run dbprint generate first.";
    }

    /** A reference URI naming a document that is not a resource (the guide is get_reference's alone). */
    public static String noSuchReferenceDocument(String uri) {
        return "URI " + echo(uri)
                + " names no reference document. Reference resources: ['dbprint:///reference/spec', 'dbprint:///reference/assertions']; get_reference serves the guide.";
    }

    /** A manifest entry that cannot be followed (format spec §2.5), named as a manifest of the wrong shape. */
    public static String tableNotFollowable(Path manifest, String table, String reason) {
        return wrongShape(manifest, "table " + PyRepr.repr(table) + ": " + reason);
    }

    /** A declared file whose real path lies outside the connection root. */
    public static String tableFileOutsideRoot(String table, String fileName) {
        return "table '" + table + "' cannot be read: its " + fileName + " resolves outside the connection root.";
    }

    /** §3.4 / §8.1: a file rewritten during each of the {@code attempts} reads of it. */
    public static String keptChanging(Path path, int attempts) {
        return wrongShape(path, "the file kept changing while it was read (" + attempts + " attempts)");
    }

    /** A path the server was asked to read that lies outside the connection root. */
    public static String outsideRoot(Path path, Path root) {
        return wrongShape(path, "leads outside the connection root " + root);
    }

    /**
     * A print document carrying a top-level key ({@code total} or {@code next_cursor}) its paged reply spends on its
     * own {@code use} (count or cursor).
     */
    public static String reservedTopLevelKey(Path file, String key, String use) {
        return file + ": carries a top-level key " + PyRepr.repr(key) + ", which this paged reply uses for its own " + use
                + "; read the file whole through its dbprint:// resource instead.";
    }

    /** A packaged reference document absent from the jar. */
    public static String referenceNotPackaged(String path) {
        return "the packaged reference document " + path + " is missing from the server's jar; reinstall dbprint-mcp.";
    }

    /** A reference document whose bytes are not UTF-8. */
    public static String referenceNotUtf8(String where) {
        return "reference document " + where + " is not UTF-8 text.";
    }

    /** A reference document that cannot be read. */
    public static String referenceUnreadable(String where, Throwable failure) {
        return "reference document " + where + " cannot be read (" + spelled(failure)
                + "). Check dbprint.reference.directory, or unset it to serve the packaged copies.";
    }

    /**
     * check_sql: a statement the SQL parser cannot read, where reading stopped and the tokens it would have taken there;
     * {@code found} is null at the end of the statement.
     */
    public static String sqlUnreadable(int statement, int line, int column, String found, List<String> expected) {
        StringBuilder sb = new StringBuilder("statement ").append(statement)
                .append(" could not be read: reading stopped at line ")
                .append(line).append(", column ").append(column)
                .append(found == null ? ", at the end of the statement" : ", at " + echo(found));
        if (!expected.isEmpty()) {
            int shown = Math.min(expected.size(), SQL_EXPECTED_SHOWN);
            sb.append("; expected one of: ").append(cut(String.join(", ", expected.subList(0, shown))));
            if (shown < expected.size()) {
                sb.append(" (and ").append(expected.size() - shown).append(" more)");
            }
        }
        return sb.append(". Correct it and call check_sql again.").toString();
    }

    /**
     * check_sql: a statement not read because the call's time ran out (by this statement or the ones before it), or the
     * call was cancelled.
     */
    public static String sqlReadTimedOut(int statement, int line, int column) {
        return "statement " + statement + " (line " + line + ", column " + column
                + ") could not be read within the time one check_sql call may take. Check it in a call of its own,"
                + " or split it into smaller statements.";
    }

    /** check_sql: a statement read but not checked because the call's time ran out, or the call was cancelled. */
    public static String sqlCheckTimedOut(int statement, int line, int column) {
        return "statement " + statement + " (line " + line + ", column " + column
                + ") was read but not checked within the time one check_sql call may take. Check it in a call of its"
                + " own.";
    }

    /** check_sql: a statement nested deeper than the parser's recursion can follow. */
    public static String sqlTooDeep(int statement, int line, int column) {
        return "statement " + statement + " (line " + line + ", column " + column
                + ") could not be read: it is nested too deeply (parentheses, subqueries, CASE or chained operators)."
                + " Write it with less nesting, or split it into smaller statements, and call check_sql again.";
    }

    /**
     * A line on stderr refusing to start (a flag, .dbprint.yaml, the served set): it begins with the command's own name,
     * as every line the server writes there before serving does.
     */
    public static String startupRefusal(String reason) {
        return "dbprint-mcp: " + reason;
    }

    /** check_sql: an {@code sql} argument holding no statement. */
    public static String sqlNoStatement() {
        return "sql holds no statement: only blanks, comments and semicolons. Pass one or more SQL statements.";
    }

    /** A tool that failed by a fault of the server's own, not one of the rows above. */
    public static String internalToolError(String tool, Throwable failure) {
        return "internal error in " + tool + ": " + spelled(failure)
                + ". The server keeps serving; this is a bug worth reporting with the call that caused it.";
    }

    // ---------------------------------------------------------------- completion/complete (all -32602)

    /** A param of the request ({@code field}, dotted from {@code params}) absent or not of the JSON type it needs. */
    public static String completionParam(String field, String type) {
        return "Invalid params: '" + field + "' must be " + type;
    }

    /** A value of {@code context.arguments} that is not a string (every variable of a URI template is one). */
    public static String completionFilledNotString(String name) {
        return "Invalid params: context.arguments " + echo(name) + " must be a string";
    }

    /** A {@code ref/prompt}: the server has no prompts (spec §0.2), so there is no prompt argument to complete. */
    public static String completionNoPrompts(String name) {
        return "prompt " + echo(name) + " not found: this server has no prompts. completion/complete completes the "
                + "variables of the resource templates: pass a ref of type 'ref/resource' whose uri is a uriTemplate "
                + "resources/templates/list returns.";
    }

    /** A {@code ref/resource} whose {@code uri} is none of the templates resources/templates/list returns. */
    public static String completionUnknownTemplate(String uri, Collection<String> templates) {
        return "resource template " + echo(uri) + " is not one this server lists. Templates: " + listed(templates);
    }

    /** An {@code argument.name} the template has no variable for. */
    public static String completionUnknownVariable(String name, String template, Collection<String> variables) {
        return "resource template " + echo(template) + " has no variable " + echo(name) + ". Variables: "
                + listed(variables);
    }

    /** Completing {@code table} with no {@code connection} in the context and no default connection to fall back on. */
    public static String completionNeedsConnection(Collection<String> served) {
        return "no default connection, so the tables to complete depend on the connection: complete connection first "
                + "and pass it in context.arguments. Served: " + listed(served);
    }

    /** A failure as a reader can act on it: its type, and its message when it has one (which may quote input). */
    private static String spelled(Throwable failure) {
        return failure.getClass().getSimpleName() + (failure.getMessage() == null ? "" : ": " + cut(failure.getMessage()));
    }

    // ---------------------------------------------------------------- echoes

    /** {@code value} as Python's repr quotes it, shortened per {@link #ECHO_LIMIT}. */
    private static String echo(String value) {
        return quoted(value, PyRepr::repr);
    }

    /** {@code value} between single quotes as it stands (the rows the spec spells so), shortened the same way. */
    private static String echoBare(String value) {
        return quoted(value, v -> "'" + v + "'");
    }

    /**
     * The longest leading part of {@code value} whose quoted spelling fits {@link #ECHO_LIMIT}, marked as shortened
     * and followed by the value's whole length: {@code 'aaa'... (30000 characters)}. A value that fits is quoted whole.
     */
    private static String quoted(String value, UnaryOperator<String> quote) {
        String whole = value.length() <= ECHO_LIMIT ? quote.apply(value) : null;
        if (whole != null && whole.length() <= ECHO_LIMIT) {
            return whole;
        }
        // every character spells as at least one, so the part that fits is at most ECHO_LIMIT long
        int lo = 0, hi = Math.min(value.length(), ECHO_LIMIT);
        while (lo < hi) {
            int mid = (lo + hi + 1) >>> 1;
            if (quote.apply(value.substring(0, mid)).length() <= ECHO_LIMIT) {
                lo = mid;
            } else {
                hi = mid - 1;
            }
        }
        if (lo > 0 && Character.isHighSurrogate(value.charAt(lo - 1))) {
            lo--;
        }
        return quote.apply(value.substring(0, lo)) + "... (" + value.codePointCount(0, value.length())
                + " characters)";
    }

    /** A spelling already made ({@code [1, 2, ...]}), cut to {@link #ECHO_LIMIT} the same visible way. */
    private static String cut(String spelled) {
        if (spelled.length() <= ECHO_LIMIT) {
            return spelled;
        }
        int end = Character.isHighSurrogate(spelled.charAt(ECHO_LIMIT - 1)) ? ECHO_LIMIT - 1 : ECHO_LIMIT;
        return spelled.substring(0, end) + "... (" + spelled.codePointCount(0, spelled.length()) + " characters)";
    }

    private static String joined(Collection<String> names) {
        return names.isEmpty() ? "none" : items(names, name -> name, "", "");
    }

    /** A list as Python's repr spells it, {@code ['a', 'b']}, bounded as {@link #items} bounds it. */
    private static String listed(Collection<String> names) {
        return items(names, PyRepr::repr, "[", "]");
    }

    /**
     * {@code names} spelled one by one between {@code open} and {@code close}, separated by commas, while the list stays
     * within {@link #LIST_LIMIT} characters; a longer list ends its shown part with {@code ...} and states how many
     * it holds, as the spec's own examples elide a long list.
     */
    private static String items(Collection<String> names, UnaryOperator<String> spell, String open, String close) {
        StringBuilder out = new StringBuilder(open);
        int shown = 0;
        for (String name : names) {
            String item = (shown == 0 ? "" : ", ") + spell.apply(name);
            if (out.length() + item.length() > LIST_LIMIT) {
                return out.append(shown == 0 ? "..." : ", ...").append(close).append(" (").append(names.size())
                        .append(" in all)").toString();
            }
            out.append(item);
            shown++;
        }
        return out.append(close).toString();
    }
}
