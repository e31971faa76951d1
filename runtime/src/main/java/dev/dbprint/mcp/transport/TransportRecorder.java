package dev.dbprint.mcp.transport;

import io.quarkus.arc.Arc;
import io.quarkus.arc.ArcContainer;
import io.quarkus.runtime.annotations.Recorder;
import io.quarkus.runtime.shutdown.ShutdownListener;

/** Runtime hooks of the transports that must run outside a bean's own lifecycle. */
@Recorder
public class TransportRecorder {

    /**
     * Ends the legacy SSE streams as shutdown begins. An open stream is a request that never completes on its own, so
     * left to the {@code ShutdownEvent} observer it would hold the graceful-shutdown wait for the whole
     * {@code quarkus.shutdown.timeout} before the process could exit (spec §7.3). Pre-shutdown runs before that wait.
     */
    public ShutdownListener endSseStreamsFirst() {
        return new ShutdownListener() {

            @Override
            public void preShutdown(ShutdownNotification notification) {
                try {
                    ArcContainer container = Arc.container();
                    if (container != null && container.isRunning()) {
                        container.instance(HttpTransport.class).get().endStreams();
                    }
                } finally {
                    notification.done();
                }
            }
        };
    }
}
