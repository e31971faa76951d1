package dev.dbprint.mcp.signal;

/**
 * A CDI event: a client sends {@code initialize} (or {@code notifications/initialized} without it) or, stateless, lists
 * the tools, so its first calls are near. The protocol fires it on every such message; what reads ahead for those calls observes it
 * and acts once. An event, so the protocol need not know who reads ahead, nor the print layer who asks.
 */
public record ClientGreeted() {
}
