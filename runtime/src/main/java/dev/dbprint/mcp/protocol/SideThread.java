package dev.dbprint.mcp.protocol;

import org.jboss.logging.Logger;

/**
 * A daemon thread that does some work ahead of need, so no thread the client waits on does it. Its failure is logged at
 * debug level and no more: whatever needs the work does it again and meets the failure in its own reply.
 */
final class SideThread {

    private SideThread() {
    }

    /**
     * Starts {@code work} on a daemon thread named {@code name}; {@code what} names the work in a failure's log line,
     * logged under {@code owner}'s category, so debug logging set for the class that starts the thread shows it.
     */
    static void start(Class<?> owner, String name, String what, Runnable work) {
        Thread thread = new Thread(() -> {
            try {
                work.run();
            } catch (RuntimeException e) {
                Logger.getLogger(owner).debugf(e, "%s failed", what);
            }
        }, name);
        thread.setDaemon(true);
        thread.start();
    }
}
