package dev.dbprint.mcp.protocol;

/**
 * What one request is served under: its era and revision (legacy: agreed at the handshake; modern: named by the
 * request itself) and the peer whose cancellations apply to it.
 */
record Exchange(Era era, String version, Peer peer) {

    /** A legacy request on a connection or session of that peer, under the revision its handshake agreed. */
    static Exchange legacy(String version, Peer peer) {
        return new Exchange(Era.LEGACY, version == null ? Era.LEGACY.latest() : version, peer);
    }
}
