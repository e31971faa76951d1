package dev.dbprint.mcp.transport;

import dev.dbprint.mcp.shutdown.HttpDrain;
import io.quarkus.arc.Arc;
import io.quarkus.arc.ArcContainer;
import io.quarkus.runtime.ApplicationLifecycleManager;
import io.quarkus.runtime.annotations.Recorder;
import io.quarkus.runtime.shutdown.ShutdownListener;

/** Runtime hooks of the transports that must run outside a bean's own lifecycle. */
@Recorder
public class TransportRecorder {

    /**
     * Starts the stdio transport, when it is the chosen one, while Quarkus boots ({@link ServerLifecycle#serveStdioEarly()}).
     * Not while Quarkus records its own class-data archive or AOT cache: that run boots the application in a build's
     * subprocess and exits, with nothing to serve.
     */
    public void serveStdioEarly() {
        if (ApplicationLifecycleManager.isAppCDSGeneration()) {
            return;
        }
        Arc.container().instance(ServerLifecycle.class).get().serveStdioEarly();
    }

    /**
     * Drains the HTTP transport as graceful shutdown begins ({@link HttpDrain}). It runs in the listener's shutdown
     * step itself, not behind the notification: Quarkus waits on notifications only when {@code quarkus.shutdown.timeout}
     * is set, and its own HTTP listener finishes as soon as the requests it has already read are answered. The drain
     * also ends the legacy SSE streams, which never complete on their own and would otherwise hold that wait for the
     * whole timeout before the process could exit.
     */
    public ShutdownListener drainHttpFirst() {
        return new ShutdownListener() {

            @Override
            public void shutdown(ShutdownNotification notification) {
                try {
                    ArcContainer container = Arc.container();
                    if (container != null && container.isRunning()) {
                        BoundAddress address = container.instance(BoundAddress.class).get();
                        HttpTransport transport = container.instance(HttpTransport.class).get();
                        container.instance(HttpDrain.class).get().run(address.host(), address::port, transport::endStreams);
                    }
                } finally {
                    notification.done();
                }
            }
        };
    }
}
