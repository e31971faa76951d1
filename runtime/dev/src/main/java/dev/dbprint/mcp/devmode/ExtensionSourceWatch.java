package dev.dbprint.mcp.devmode;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.ClosedWatchServiceException;
import java.nio.file.FileSystems;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardWatchEventKinds;
import java.nio.file.WatchEvent;
import java.nio.file.WatchKey;
import java.nio.file.WatchService;
import java.util.HashMap;
import java.util.Map;
import java.util.function.Consumer;
import java.util.stream.Stream;

/**
 * Says, the moment it happens, that an edit under the extension's own sources does nothing until dev mode is started
 * again. Quarkus neither recompiles nor reloads a Quarkus extension's modules in dev mode (its runtime classes are
 * loaded once per dev-mode run, its build steps run from the deployment module as first built), so such an edit is
 * otherwise silently ignored. One line per changed file, on a daemon thread, until {@link #close()}.
 */
public final class ExtensionSourceWatch implements AutoCloseable {

    /** A file saved twice within this long (an editor's write and its rename) is reported once. */
    static final long QUIET_MILLIS = 2000;

    private final WatchService watcher;
    private final Map<WatchKey, Directory> directories = new HashMap<>();
    private final Map<Path, Long> lastReported = new HashMap<>();
    private final Consumer<String> report;

    private record Directory(Path path, String module) {
    }

    /**
     * Watches each directory of {@code module by directory} and every directory below it, reporting each changed
     * file to {@code report}; a directory that does not exist is left out.
     */
    public static ExtensionSourceWatch start(Map<Path, String> moduleByDirectory, Consumer<String> report) {
        try {
            ExtensionSourceWatch watch = new ExtensionSourceWatch(report);
            for (Map.Entry<Path, String> root : moduleByDirectory.entrySet()) {
                watch.register(root.getKey(), root.getValue());
            }
            Thread thread = new Thread(watch::run, "dbprint-extension-source-watch");
            thread.setDaemon(true);
            thread.start();
            return watch;
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    private ExtensionSourceWatch(Consumer<String> report) throws IOException {
        this.watcher = FileSystems.getDefault().newWatchService();
        this.report = report;
    }

    private void register(Path tree, String module) throws IOException {
        if (!Files.isDirectory(tree)) {
            return;
        }
        try (Stream<Path> dirs = Files.walk(tree)) {
            for (Path dir : (Iterable<Path>) dirs.filter(Files::isDirectory)::iterator) {
                directories.put(dir.register(watcher, StandardWatchEventKinds.ENTRY_CREATE,
                        StandardWatchEventKinds.ENTRY_MODIFY, StandardWatchEventKinds.ENTRY_DELETE),
                        new Directory(dir, module));
            }
        }
    }

    private void run() {
        try {
            while (true) {
                WatchKey key = watcher.take();
                Directory dir = directories.get(key);
                for (WatchEvent<?> event : key.pollEvents()) {
                    if (dir != null && event.context() instanceof Path name) {
                        changed(dir, dir.path().resolve(name));
                    }
                }
                key.reset();
            }
        } catch (InterruptedException | ClosedWatchServiceException e) {
            // closed with the application
        }
    }

    private void changed(Directory dir, Path file) {
        String name = file.getFileName().toString();
        if (name.startsWith(".") || name.endsWith("~")) {
            return; // an editor's swap or backup file
        }
        if (Files.isDirectory(file)) {
            try {
                register(file, dir.module());
            } catch (IOException e) {
                // a directory gone as soon as made: nothing in it to report
            }
            return;
        }
        long now = System.currentTimeMillis();
        Long last = lastReported.put(file, now);
        if (last != null && now - last < QUIET_MILLIS) {
            return;
        }
        report.accept(file + " changed, but dev mode keeps running the code it started with: " + dir.module()
                + " is part of the Quarkus extension, which dev mode neither recompiles nor reloads; stop dev mode (q)"
                + " and start it again to use the change");
    }

    @Override
    public void close() {
        try {
            watcher.close();
        } catch (IOException e) {
            // the watch thread ends either way
        }
    }
}
