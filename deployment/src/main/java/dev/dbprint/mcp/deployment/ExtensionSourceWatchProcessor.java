package dev.dbprint.mcp.deployment;

import java.util.LinkedHashMap;
import java.util.Map;

import dev.dbprint.mcp.devmode.ExtensionSourceRecorder;
import io.quarkus.bootstrap.workspace.ArtifactSources;
import io.quarkus.bootstrap.workspace.SourceDir;
import io.quarkus.deployment.IsDevelopment;
import io.quarkus.deployment.annotations.BuildStep;
import io.quarkus.deployment.annotations.ExecutionTime;
import io.quarkus.deployment.annotations.Record;
import io.quarkus.deployment.builditem.ShutdownContextBuildItem;
import io.quarkus.deployment.pkg.builditem.CurateOutcomeBuildItem;
import io.quarkus.maven.dependency.ResolvedDependency;

/**
 * In dev mode, says so when a file of the extension itself changes (see {@code ExtensionSourceWatch}): Quarkus does not
 * reload a Quarkus extension's modules, and logs that only once, at start. The modules are the project's own that dev
 * mode does not reload: this extension's runtime, dev and deployment modules when dev mode runs from this reactor.
 */
class ExtensionSourceWatchProcessor {

    @BuildStep(onlyIf = IsDevelopment.class)
    @Record(ExecutionTime.RUNTIME_INIT)
    void watchExtensionSources(CurateOutcomeBuildItem curation, ExtensionSourceRecorder recorder,
            ShutdownContextBuildItem shutdown) {
        Map<String, String> moduleByDirectory = new LinkedHashMap<>();
        for (ResolvedDependency dependency : curation.getApplicationModel().getDependencies()) {
            if (!dependency.isWorkspaceModule() || dependency.isReloadable() || dependency.getWorkspaceModule() == null
                    || !dependency.getWorkspaceModule().hasMainSources()) {
                continue;
            }
            ArtifactSources sources = dependency.getWorkspaceModule().getMainSources();
            for (SourceDir dir : sources.getSourceDirs()) {
                moduleByDirectory.put(dir.getDir().toString(), dependency.toCompactCoords());
            }
            for (SourceDir dir : sources.getResourceDirs()) {
                moduleByDirectory.put(dir.getDir().toString(), dependency.toCompactCoords());
            }
        }
        if (!moduleByDirectory.isEmpty()) {
            recorder.watch(moduleByDirectory, shutdown);
        }
    }
}
