package dev.dbprint.mcp.git;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Optional;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

import dev.dbprint.mcp.config.ConfigError;

/**
 * A {@code --project} value that names a git repository rather than a local directory: a URL ({@code https://},
 * {@code http://}, {@code ssh://}, {@code git://}, {@code file://}), an SSH remote ({@code git@host:owner/repo.git}) or
 * the path of a bare repository, each optionally followed by {@code #<ref>}, {@code #<ref>:<subpath>} or
 * {@code #:<subpath>}. A path to a repository with a work tree is a git address only with a {@code #} part; without one
 * it is served as the local directory it is.
 *
 * @param remote  what git fetches from: the URL or SSH remote as given, a local path made absolute
 * @param ref     a branch, a tag or a commit id; empty for the remote's default branch
 * @param subpath the project's directory (or its {@code .dbprint.yaml}) inside the repository, {@code /}-separated;
 *                empty for the root
 * @param given   the value as the user wrote it, for messages
 */
public record GitAddress(String remote, String ref, String subpath, String given) {

    private static final Pattern URL = Pattern.compile("(?i)(https?|ssh|git|file)://([^/]*)(/.*)?");
    /** {@code user@host:path}, as ssh and git write it; a host is needed, a user too, so {@code c:dir} stays a path. */
    private static final Pattern SCP = Pattern.compile("([^\\s/@:]+)@([^\\s/:]+):(.+)");
    /** Any other {@code scheme://} or transport helper ({@code ext::}, which runs a command): not fetched. */
    private static final Pattern OTHER_TRANSPORT = Pattern.compile("[A-Za-z][A-Za-z0-9+.-]*(://|::).*");
    /** What a ref may hold: no blank, control character or revision syntax ({@code ^ ~ : ? * [ \ ..}). */
    private static final Pattern REF = Pattern.compile("[^\\s\\p{Cntrl}^~:?*\\[\\\\]+");

    /**
     * The git address {@code value} spells, or empty when it names a local path to be served as it is.
     *
     * @throws ConfigError when it looks like a git address that cannot be fetched safely
     */
    public static Optional<GitAddress> parse(String value, Path workingDirectory) {
        int hash = value.indexOf('#');
        String base = hash < 0 ? value : value.substring(0, hash);
        String fragment = hash < 0 ? null : value.substring(hash + 1);
        String remote;
        Matcher url = URL.matcher(base);
        Matcher scp = SCP.matcher(base);
        if (url.matches()) {
            refuseOption(value, url.group(2), "user or host");
            remote = base;
        } else if (scp.matches()) {
            refuseOption(value, scp.group(1), "user");
            refuseOption(value, scp.group(2), "host");
            remote = base;
        } else if (OTHER_TRANSPORT.matcher(base).matches()) {
            throw new ConfigError("--project " + value + ": not a transport this server fetches from; a git address"
                    + " is an https://, http://, ssh://, git:// or file:// URL, user@host:path, or a bare repository's"
                    + " path");
        } else {
            Path path = base.isEmpty() ? null : workingDirectory.resolve(base).toAbsolutePath().normalize();
            if (path == null || !(bareRepository(path) || (fragment != null && Files.exists(path.resolve(".git"))))) {
                return Optional.empty();
            }
            remote = path.toString();
        }
        refuseOption(value, remote, "address");
        String ref = "";
        String subpath = "";
        if (fragment != null) {
            int colon = fragment.indexOf(':');
            ref = colon < 0 ? fragment : fragment.substring(0, colon);
            subpath = colon < 0 ? "" : subpath(value, fragment.substring(colon + 1));
        }
        if (!ref.isEmpty()) {
            refuseOption(value, ref, "ref");
            if (!REF.matcher(ref).matches() || ref.contains("..")) {
                throw new ConfigError("--project " + value + ": '" + ref + "' is not a branch, tag or commit name");
            }
        }
        return Optional.of(new GitAddress(remote, ref, subpath, value));
    }

    /** Whether the ref is spelled as a commit id (which a branch of the same hexadecimal name would shadow). */
    boolean refLooksLikeCommit() {
        return ref.length() >= 4 && ref.length() <= 64 && ref.toLowerCase(Locale.ROOT).matches("[0-9a-f]+");
    }

    /** The ref for messages: as given, or the default branch. */
    String refName() {
        return ref.isEmpty() ? "the default branch" : "'" + ref + "'";
    }

    /** A directory git would take for a bare repository: {@code HEAD}, {@code objects/} and {@code refs/} in it. */
    private static boolean bareRepository(Path path) {
        return Files.isRegularFile(path.resolve("HEAD")) && Files.isDirectory(path.resolve("objects"))
                && Files.isDirectory(path.resolve("refs"));
    }

    /** A relative path inside the repository, with no way out of it nor into git's own files. */
    private static String subpath(String value, String spelled) {
        List<String> parts = new ArrayList<>();
        for (String part : spelled.split("/")) {
            if (part.equals("..") || part.equals(".git")) {
                throw new ConfigError("--project " + value + ": the path inside the repository may not hold '" + part
                        + "'");
            }
            if (!part.isEmpty() && !part.equals(".")) {
                parts.add(part);
            }
        }
        return String.join("/", parts);
    }

    /** An argument git could read as an option: refused, whatever the form, so none can be injected. */
    private static void refuseOption(String value, String part, String what) {
        if (part.startsWith("-")) {
            throw new ConfigError("--project " + value + ": a git " + what + " may not start with '-'");
        }
    }
}
