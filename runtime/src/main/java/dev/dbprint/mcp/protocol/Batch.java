package dev.dbprint.mcp.protocol;

import jakarta.inject.Inject;
import jakarta.inject.Singleton;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.NullNode;

import dev.dbprint.mcp.error.ProtocolCatalog;

/**
 * A frame's reply: a lone message through the {@link Envelope}; a batch's messages each through it, in order, their
 * replies gathered in one array (none at all: nothing is sent), and an empty batch refused.
 */
@Singleton
class Batch {

    private final Envelope envelope;

    @Inject
    Batch(Envelope envelope) {
        this.envelope = envelope;
    }

    Reply serve(Message frame, Exchange exchange) {
        if (!frame.isBatch()) {
            return envelope.serve(frame, exchange);
        }
        if (frame.batch().isEmpty()) {
            return Envelope.error(NullNode.instance, ProtocolCatalog.emptyBatch());
        }
        ArrayNode replies = JsonNodeFactory.instance.arrayNode();
        for (Message element : frame.batch()) {
            JsonNode reply = envelope.serve(element, exchange).body();
            if (reply != null) {
                replies.add(reply);
            }
        }
        return new Reply(replies.isEmpty() ? null : replies, 200);
    }
}
