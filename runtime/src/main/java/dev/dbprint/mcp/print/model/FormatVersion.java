package dev.dbprint.mcp.print.model;

import java.math.BigDecimal;
import java.math.BigInteger;
import java.nio.file.Path;
import java.util.Map;

import dev.dbprint.mcp.error.ErrorCatalog;
import dev.dbprint.mcp.error.PrintError;

/**
 * The format MAJOR a print file declares (format spec §5.2: consumers branch on it). A file of a later MAJOR may mean
 * something else by the same fields, so it is refused, never read as this one; a file without the key, or of this
 * MAJOR, is read.
 */
public final class FormatVersion {

    /** The one MAJOR this server reads. */
    public static final int READ = 1;

    private FormatVersion() {
    }

    /**
     * The top level of the print file {@code path}, parsed into {@code tree}, for a model to read.
     *
     * @throws PrintError of kind SHAPE when it is not a mapping, or declares a {@code format_version} of a MAJOR above
     *         {@link #READ}
     */
    static Map<String, Object> top(Path path, Object tree) {
        Map<String, Object> top = Raw.map(tree);
        if (top == null) {
            throw PrintError.shape(path, "top level is not a mapping");
        }
        Object v = top.get("format_version");
        if (v instanceof Number n && major(n).compareTo(BigInteger.valueOf(READ)) > 0) {
            throw new PrintError(PrintError.Kind.SHAPE, path, ErrorCatalog.formatVersionNotRead(path, v, READ));
        }
        return top;
    }

    /** The whole part: a file that spells the version {@code 1.1} is of MAJOR 1. */
    private static BigInteger major(Number n) {
        if ((n instanceof Double || n instanceof Float) && !Double.isFinite(n.doubleValue())) {
            return BigInteger.ZERO; // .inf or .nan names no version; read the file as it stands
        }
        return new BigDecimal(n.toString()).toBigInteger();
    }
}
