package dev.dbprint.mcp.devmode;

import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.Map;

import org.jboss.logging.Logger;

import io.quarkus.runtime.ShutdownContext;
import io.quarkus.runtime.annotations.Recorder;

/** Dev mode only: watches the extension's own source directories ({@link ExtensionSourceWatch}) while the application runs. */
@Recorder
public class ExtensionSourceRecorder {

    private static final Logger LOG = Logger.getLogger(ExtensionSourceWatch.class);

    /** {@code moduleByDirectory}: each source or resource directory of an extension module, and that module's name. */
    public void watch(Map<String, String> moduleByDirectory, ShutdownContext shutdown) {
        Map<Path, String> roots = new LinkedHashMap<>();
        moduleByDirectory.forEach((dir, module) -> roots.put(Path.of(dir), module));
        ExtensionSourceWatch watch = ExtensionSourceWatch.start(roots, LOG::warn);
        shutdown.addShutdownTask(watch::close);
    }
}
