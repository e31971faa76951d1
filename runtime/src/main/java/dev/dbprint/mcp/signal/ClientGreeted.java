package dev.dbprint.mcp.signal;

/**
 * A CDI event: a client sends {@code initialize} (or {@code notifications/initialized} without it) or, stateless, lists
 * the tools, so its first calls are near. The protocol fires it once per process, on a thread of its own; what reads
 * ahead for those calls observes it. An event, so the protocol need not know who reads ahead, nor the print layer who
 * asks.
 *
 * @param whenQuiet work for the thread that reads ahead, once its read is done and no call is under way: what a later
 *        call would otherwise do on its own thread
 */
public record ClientGreeted(Runnable whenQuiet) {
}
