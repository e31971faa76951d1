package dev.dbprint.mcp.git;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.channels.FileChannel;
import java.nio.channels.FileLock;
import java.nio.charset.StandardCharsets;
import java.nio.file.DirectoryStream;
import java.nio.file.Files;
import java.nio.file.LinkOption;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.nio.file.StandardOpenOption;
import java.nio.file.attribute.PosixFilePermission;
import java.nio.file.attribute.PosixFilePermissions;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.HexFormat;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.UUID;
import java.util.concurrent.ConcurrentHashMap;
import java.util.stream.Stream;

import dev.dbprint.mcp.config.CacheRoot;
import dev.dbprint.mcp.config.ConfigError;
import dev.dbprint.mcp.config.ProjectLocator;

/**
 * The per-user cache of git addresses: one directory per repository, named for its remote, holding a bare clone
 * ({@code repo.git}), one read-only checkout per commit served ({@code trees/<commit>}) and the commit each pinned ref
 * resolved to when it was first fetched ({@code pins/}). The refresh rule: a ref that is a tag or a commit id is pinned
 * and, once its checkout is cached, is served from it without running git; a branch, or the default branch, is fetched
 * at every start.
 * <p>
 * Starts on the same repository take turns through a lock file, so two never write the clone at once. A checkout is
 * written under a temporary name and renamed into place whole, and never changed after, so a server already running
 * from it reads the same files while a later start fetches a newer commit beside it. A checkout is git's files of that
 * commit only: no {@code .git} in it.
 */
public final class GitCheckouts {

    private static final String PARTIAL = ".partial-";
    /** Where a fetch for the default branch puts the commit the remote's HEAD names. */
    private static final String REMOTE_HEAD = "refs/dbprint-mcp/remote-head";
    /** A file lock is the process's: threads of one process (tests) take turns on this first. */
    private static final ConcurrentHashMap<Path, Object> IN_PROCESS = new ConcurrentHashMap<>();

    private final Path directory;
    private final Map<String, String> environment;

    /** The cache in {@code directory}, running git with {@code environment} (its {@code PATH} finds git). */
    GitCheckouts(Path directory, Map<String, String> environment) {
        this.directory = directory;
        this.environment = environment;
    }

    /** The cache of this user: {@code git/} in the {@link CacheRoot}. */
    public static GitCheckouts ofUser() {
        return new GitCheckouts(CacheRoot.ofUser().resolve("git"), System.getenv());
    }

    /**
     * The local path of the project {@code address} names, fetched as the refresh rule says: the directory holding its
     * {@code .dbprint.yaml}, or that file.
     *
     * @throws ConfigError with the reason when git is missing, the remote cannot be fetched, or the ref or the path is
     *                     not in it
     */
    public Path checkout(GitAddress address) {
        Path repository = directory.resolve(cacheName(address.remote()));
        try {
            createPrivate(repository);
            synchronized (IN_PROCESS.computeIfAbsent(repository, r -> new Object())) {
                return underLock(repository, address);
            }
        } catch (IOException | UncheckedIOException e) {
            throw new ConfigError("--project " + address.given() + ": cannot use the git cache " + repository + ": "
                    + e.getMessage());
        }
    }

    private Path underLock(Path repository, GitAddress address) throws IOException {
        try (FileChannel channel = FileChannel.open(repository.resolve("lock"), StandardOpenOption.CREATE,
                StandardOpenOption.WRITE); FileLock lock = channel.lock()) {
            removeLeftovers(repository);
            String commit = cachedPin(repository, address).orElse(null);
            if (commit == null) {
                commit = new Fetch(address, repository, git(address)).commit();
            }
            return project(repository.resolve("trees").resolve(commit), address, commit);
        }
    }

    private GitCommand git(GitAddress address) {
        return GitCommand.onPath(environment).orElseThrow(() -> new ConfigError("--project " + address.given()
                + " is a git address, and there is no git command on the PATH: install git, or clone the repository"
                + " and pass the directory"));
    }

    /** The commit a pinned ref was served at, when its checkout is still there. */
    private static Optional<String> cachedPin(Path repository, GitAddress address) throws IOException {
        Path pin = pinFile(repository, address);
        if (address.ref().isEmpty() || !Files.isRegularFile(pin)) {
            return Optional.empty();
        }
        String commit = Files.readString(pin, StandardCharsets.UTF_8).strip();
        return Files.isDirectory(repository.resolve("trees").resolve(commit)) ? Optional.of(commit) : Optional.empty();
    }

    private static Path pinFile(Path repository, GitAddress address) {
        return repository.resolve("pins").resolve(sha256(address.ref()).substring(0, 16));
    }

    /** One start's work on the clone: fetch as the rule says, resolve the ref, pin it, write its checkout. */
    private record Fetch(GitAddress address, Path repository, GitCommand git) {

        String commit() throws IOException {
            Path clone = repository.resolve("repo.git");
            if (!Files.isDirectory(clone)) {
                Path partial = repository.resolve("repo.git" + PARTIAL + UUID.randomUUID());
                remote("clone", "clone", "--bare", "--quiet", "--no-local", "--", address.remote(), partial.toString());
                Files.move(partial, clone, StandardCopyOption.ATOMIC_MOVE);
            } else if (!pinned(resolve())) {
                List<String> fetch = new ArrayList<>(List.of(gitDir(), "fetch", "--quiet", "--prune", "--force", "--",
                        address.remote(), "+refs/heads/*:refs/heads/*", "+refs/tags/*:refs/tags/*"));
                if (address.ref().isEmpty()) {
                    // the remote's default branch as it is now, which may no longer be the one cloned
                    fetch.add("+HEAD:" + REMOTE_HEAD);
                }
                remote("fetch", fetch.toArray(String[]::new));
            }
            String commit = resolve();
            if (commit == null) {
                throw failure(address.ref().isEmpty()
                        ? address.remote() + " has no default branch (an empty repository?)"
                        : address.remote() + " has no branch, tag or commit '" + address.ref() + "'");
            }
            if (pinned(commit)) {
                Path pin = pinFile(repository, address);
                Files.createDirectories(pin.getParent());
                Path partial = pin.resolveSibling(pin.getFileName() + PARTIAL + UUID.randomUUID());
                Files.writeString(partial, commit + "\n", StandardCharsets.UTF_8);
                Files.move(partial, pin, StandardCopyOption.ATOMIC_MOVE, StandardCopyOption.REPLACE_EXISTING);
            }
            Path tree = repository.resolve("trees").resolve(commit);
            if (!Files.isDirectory(tree)) {
                writeTree(commit, tree);
            }
            return commit;
        }

        /** The commit the ref names in the clone (the default branch: as last fetched, else as cloned), or null. */
        private String resolve() {
            for (String ref : address.ref().isEmpty() ? List.of(REMOTE_HEAD, "HEAD") : List.of(address.ref())) {
                GitCommand.Result r = run("rev-parse", gitDir(), "rev-parse", "--verify", "--quiet", ref + "^{commit}");
                if (r.ok()) {
                    return r.out().strip();
                }
            }
            return null;
        }

        /** Whether the ref is a tag or the commit itself: what never moves, so is not fetched again. */
        private boolean pinned(String commit) {
            String ref = address.ref();
            if (commit == null || ref.isEmpty()) {
                return false;
            }
            if (address.refLooksLikeCommit() && commit.startsWith(ref.toLowerCase(Locale.ROOT))) {
                return true;
            }
            return run("show-ref", gitDir(), "show-ref", "--verify", "--quiet",
                    ref.startsWith("refs/tags/") ? ref : "refs/tags/" + ref).ok();
        }

        /** The files of {@code commit}, through an index of its own, into a new directory renamed into place. */
        private void writeTree(String commit, Path tree) throws IOException {
            Files.createDirectories(tree.getParent());
            String partial = PARTIAL + UUID.randomUUID();
            Path work = tree.resolveSibling(commit + partial);
            Path index = repository.resolve("index" + partial);
            Files.createDirectory(work);
            Map<String, String> env = Map.of("GIT_INDEX_FILE", index.toString());
            check("read-tree", run(env, "read-tree", gitDir(), "read-tree", commit));
            check("checkout-index", run(env, "checkout-index", gitDir(), "--work-tree=" + work, "checkout-index",
                    "--all", "--force"));
            Files.delete(index);
            readOnly(work);
            Files.move(work, tree, StandardCopyOption.ATOMIC_MOVE);
        }

        private String gitDir() {
            return "--git-dir=" + repository.resolve("repo.git");
        }

        /** A command that reaches the remote: its failure is the remote's. */
        private void remote(String what, String... args) {
            GitCommand.Result r = run(what, args);
            if (!r.ok()) {
                throw failure("cannot " + what + " " + address.remote() + ": " + r.reason());
            }
        }

        private GitCommand.Result run(String what, String... args) {
            return run(Map.of(), what, args);
        }

        private GitCommand.Result run(Map<String, String> env, String what, String... args) {
            try {
                return git.run(env, args);
            } catch (GitCommand.TimedOut e) {
                throw failure("git " + what + " of " + address.remote() + " " + e.getMessage());
            }
        }

        private void check(String what, GitCommand.Result r) {
            if (!r.ok()) {
                throw failure("git " + what + " failed in the cache " + repository + ": " + r.reason());
            }
        }

        private ConfigError failure(String reason) {
            return new ConfigError("--project " + address.given() + ": " + reason);
        }
    }

    /** The project inside the checkout: the subpath, which must be a directory holding .dbprint.yaml, or that file. */
    private static Path project(Path tree, GitAddress address, String commit) throws IOException {
        String at = " at " + address.refName() + " (commit " + commit.substring(0, 12) + ") of " + address.remote();
        Path target = address.subpath().isEmpty() ? tree : tree.resolve(address.subpath());
        if (!Files.exists(target) || !target.toRealPath().startsWith(tree.toRealPath())) {
            throw new ConfigError("--project " + address.given() + ": no '" + address.subpath() + "'" + at);
        }
        boolean file = Files.isRegularFile(target) && target.getFileName().toString().equals(ProjectLocator.FILE_NAME);
        if (!file && !Files.isRegularFile(target.resolve(ProjectLocator.FILE_NAME))) {
            throw new ConfigError("--project " + address.given() + ": no " + ProjectLocator.FILE_NAME
                    + " directly inside " + (address.subpath().isEmpty()
                            ? "the repository's root"
                            : "'"
                                    + address.subpath() + "'")
                    + at);
        }
        return target;
    }

    /** A directory for one repository: its last path segment, readable, and a digest of the whole remote. */
    static String cacheName(String remote) {
        String last = remote.replaceAll("[/:]+$", "").replaceAll(".*[/:]", "").replaceAll("\\.git$", "");
        String readable = last.replaceAll("[^A-Za-z0-9._-]", "_");
        return (readable.length() > 40 ? readable.substring(0, 40) : readable) + "-" + sha256(remote).substring(0, 16);
    }

    private static String sha256(String text) {
        try {
            return HexFormat.of().formatHex(MessageDigest.getInstance("SHA-256")
                    .digest(text.getBytes(StandardCharsets.UTF_8)));
        } catch (NoSuchAlgorithmException e) {
            throw new IllegalStateException(e);
        }
    }

    /** The directory and any missing parent, readable by this user only: fetched prints are no one else's to read. */
    private static void createPrivate(Path dir) throws IOException {
        if (!Files.isDirectory(dir)) {
            try {
                Files.createDirectories(dir, PosixFilePermissions.asFileAttribute(PosixFilePermissions.fromString(
                        "rwx------")));
            } catch (UnsupportedOperationException e) {
                Files.createDirectories(dir);
            }
        }
    }

    /** What a start killed mid-way left (a partial clone, checkout, index or pin): only a lock holder writes them. */
    private static void removeLeftovers(Path repository) throws IOException {
        for (Path dir : new Path[]{repository, repository.resolve("trees"), repository.resolve("pins")}) {
            if (Files.isDirectory(dir)) {
                try (DirectoryStream<Path> entries = Files.newDirectoryStream(dir, "*" + PARTIAL + "*")) {
                    for (Path entry : entries) {
                        deleteTree(entry);
                    }
                }
            }
        }
    }

    private static void deleteTree(Path root) throws IOException {
        try (Stream<Path> paths = Files.walk(root)) {
            for (Path p : paths.sorted(Comparator.reverseOrder()).toList()) {
                Files.delete(p);
            }
        }
    }

    /** Takes write permission off every file of a checkout, so nothing writes the print served from it. */
    private static void readOnly(Path tree) throws IOException {
        try (Stream<Path> paths = Files.walk(tree)) {
            for (Path p : paths.filter(p -> Files.isRegularFile(p, LinkOption.NOFOLLOW_LINKS)).toList()) {
                Set<PosixFilePermission> permissions = Files.getPosixFilePermissions(p, LinkOption.NOFOLLOW_LINKS);
                permissions.removeAll(Set.of(PosixFilePermission.OWNER_WRITE, PosixFilePermission.GROUP_WRITE,
                        PosixFilePermission.OTHERS_WRITE));
                Files.setPosixFilePermissions(p, permissions);
            }
        } catch (UnsupportedOperationException e) {
            // a file system without POSIX permissions (Windows): the files stay as git wrote them
        }
    }
}
