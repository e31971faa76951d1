package dev.dbprint.mcp.protocol;

/**
 * What one request is served under: its era and revision (legacy: agreed at the handshake; modern: named by the
 * request itself) and the peer whose cancellations apply to it.
 */
record Exchange(Era era, String version, Peer peer) {

    /** The first revision with a tool's outputSchema and a result's structuredContent. */
    static final String STRUCTURED_RESULTS_SINCE = "2025-06-18";

    /** A legacy request on a connection or session of that peer, under the revision its handshake agreed. */
    static Exchange legacy(String version, Peer peer) {
        return new Exchange(Era.LEGACY, version == null ? Era.LEGACY.latest() : version, peer);
    }

    /** Whether its revision has structured tool results (revisions are dates, so they compare as strings). */
    boolean structuredResults() {
        return version.compareTo(STRUCTURED_RESULTS_SINCE) >= 0;
    }
}
