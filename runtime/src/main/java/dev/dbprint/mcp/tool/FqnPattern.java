package dev.dbprint.mcp.tool;

import java.util.ArrayList;
import java.util.Collection;
import java.util.List;
import java.util.function.Function;
import java.util.regex.Pattern;

import dev.dbprint.mcp.glob.Fnmatch;
import dev.dbprint.mcp.text.CodePointOrder;
import dev.dbprint.mcp.tool.call.ToolCall;

/**
 * The {@code pattern} argument list_tables and get_manifest share (§4.2, §4.4): one fnmatch spelling meaning one thing
 * across the surface — case-sensitive, {@code *} spanning dots, {@code [seq]} and {@code [!seq]}.
 */
final class FqnPattern {

    static final String ALL = "*";

    private final Pattern pattern;
    /** What every match begins with: the glob up to its first wildcard (fnmatch has no escapes). */
    private final String prefix;

    private FqnPattern(String glob) {
        this.pattern = ALL.equals(glob) ? null : Fnmatch.compile(glob);
        int wild = glob.length();
        for (int i = 0; i < glob.length(); i++) {
            char c = glob.charAt(i);
            if (c == '*' || c == '?' || c == '[') {
                wild = i;
                break;
            }
        }
        this.prefix = glob.substring(0, wild);
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

    /**
     * The elements of {@code sorted} (ordered by {@link CodePointOrder} of their FQN) whose FQN matches, in that order.
     * Only the run of FQNs that begin with the glob's literal prefix is tested: under code-point order that run is
     * contiguous, so {@code schema.*} over a print of thousands of tables tests only that schema's.
     */
    <T> List<T> select(List<T> sorted, Function<T, String> fqn) {
        int lo = 0, hi = sorted.size();
        while (lo < hi) {
            int mid = (lo + hi) >>> 1;
            if (CodePointOrder.INSTANCE.compare(fqn.apply(sorted.get(mid)), prefix) < 0) {
                lo = mid + 1;
            } else {
                hi = mid;
            }
        }
        List<T> out = new ArrayList<>();
        for (int i = lo; i < sorted.size(); i++) {
            String name = fqn.apply(sorted.get(i));
            if (!name.startsWith(prefix)) {
                break;
            }
            if (matches(name)) {
                out.add(sorted.get(i));
            }
        }
        return out;
    }

    /** The names matching, sorted as Python sorts strings. */
    List<String> sorted(Collection<String> fqns) {
        return fqns.stream().filter(this::matches).sorted(CodePointOrder.INSTANCE).toList();
    }
}
