package dev.dbprint.mcp.protocol;

import com.fasterxml.jackson.databind.JsonNode;

/** A JSON-RPC reply and the HTTP status it goes out with when it is a modern request's whole answer. */
record Reply(JsonNode body, int status) {

    /** Nothing to send: a notification, a response from the client, a withdrawn request. */
    static final Reply NOTHING = new Reply(null, 200);
}
