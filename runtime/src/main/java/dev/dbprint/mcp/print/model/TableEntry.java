package dev.dbprint.mcp.print.model;

import java.nio.file.Path;
import java.util.Map;
import java.util.Optional;

/**
 * One entry of a manifest's {@code tables} map (format spec §2.5).
 * <p>
 * An entry is <b>followable</b> when it is a mapping, its {@code path} is a string, and its directory and every declared
 * file stay inside the connection root (lexically and by real path); only then are {@link #dir()} and {@link #files()}
 * set. A non-followable entry is never read and lists nothing; {@link #notFollowableReason()} says why.
 *
 * @param fqn the key in {@code tables}
 * @param raw the entry as parsed (an empty map when the entry is not a mapping)
 * @param followable whether the entry may be read
 * @param notFollowableReason why not, or null
 * @param path the {@code path} string as written, or null
 * @param dir the table directory (absolute, normalised), or null when not followable
 * @param type {@code table | view | matview}, or null when absent / not a string
 * @param rowCount {@code row_count}, or null (absent on a catalog-only view)
 * @param columns {@code columns} (a count), or null
 * @param profiledAt {@code profiled_at} as written, or null
 * @param maxAgeDays {@code max_age_days} as written (any type: a reader judges it), or null when absent
 * @param artifacts the declared {@code artifacts} map in file order: kind key to file name
 * @param files declared artifacts of known kinds resolved to absolute paths (empty when not followable)
 */
public record TableEntry(String fqn, Map<String, Object> raw, boolean followable, String notFollowableReason, String path,
        Path dir, String type, Long rowCount, Long columns, String profiledAt, Object maxAgeDays,
        Map<String, String> artifacts, Map<Artifact, Path> files) {

    public boolean declares(Artifact artifact) {
        return artifacts.containsKey(artifact.key());
    }

    /** The declared file name for {@code artifact}, if the manifest declares it. */
    public Optional<String> declaredFileName(Artifact artifact) {
        return Optional.ofNullable(artifacts.get(artifact.key()));
    }

    /**
     * Where {@code artifact} lives for this table: the declared file, else (for a user-authored kind) the file name the
     * format fixes, inside {@link #dir()}. Empty when not followable, or for an undeclared producer-written kind.
     */
    public Optional<Path> file(Artifact artifact) {
        if (!followable) {
            return Optional.empty();
        }
        Path declared = files.get(artifact);
        if (declared != null) {
            return Optional.of(declared);
        }
        return artifact.userAuthored() ? Optional.of(dir.resolve(artifact.fileName())) : Optional.empty();
    }

    TableEntry withContainment(boolean ok, String reason) {
        if (ok) {
            return this;
        }
        return new TableEntry(fqn, raw, false, reason, path, null, type, rowCount, columns, profiledAt, maxAgeDays,
                artifacts, Map.of());
    }
}
