package dev.dbprint.mcp.tool;

import java.util.Collection;
import java.util.List;
import java.util.regex.Pattern;

import dev.dbprint.mcp.glob.Fnmatch;
import dev.dbprint.mcp.text.CodePointOrder;

/**
 * The {@code pattern} argument list_tables and get_manifest share (§4.2, §4.4): one fnmatch spelling meaning one thing
 * across the surface — case-sensitive, {@code *} spanning dots, {@code [seq]} and {@code [!seq]}.
 */
final class FqnPattern {

    static final String ALL = "*";

    private final Pattern pattern;

    private FqnPattern(String glob) {
        this.pattern = ALL.equals(glob) ? null : Fnmatch.compile(glob);
    }

    static FqnPattern of(ToolCall call) {
        return of(call.optionalString("pattern").orElse(ALL));
    }

    static FqnPattern of(String glob) {
        return new FqnPattern(glob);
    }

    boolean matches(String fqn) {
        return pattern == null || pattern.matcher(fqn).matches();
    }

    /** The names matching, sorted as Python sorts strings. */
    List<String> sorted(Collection<String> fqns) {
        return fqns.stream().filter(this::matches).sorted(CodePointOrder.INSTANCE).toList();
    }
}
