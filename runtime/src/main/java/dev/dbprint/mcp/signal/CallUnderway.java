package dev.dbprint.mcp.signal;

/**
 * A CDI event: the protocol begins to answer a request that reads the print ({@code ended} false), or is done with it
 * (true). It fires one of each around every such request; the print's read-ahead observes them, so as not to take a
 * processor from a call while one is under way.
 */
public record CallUnderway(boolean ended) {
}
