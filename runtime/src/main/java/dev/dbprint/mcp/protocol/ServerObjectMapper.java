package dev.dbprint.mcp.protocol;

import jakarta.enterprise.inject.Produces;
import jakarta.inject.Singleton;

import com.fasterxml.jackson.databind.DeserializationFeature;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.json.JsonMapper;

/**
 * The server's {@link ObjectMapper}, in place of the default one {@code quarkus-jackson} produces. That one registers
 * every Jackson module on the class path (java.time, {@code Optional}, parameter names, Vert.x's JSON types) and its
 * customizers, none of which the server's frames and replies use, since they are JSON trees, records of strings and
 * numbers, and text. It is made on the first frame's path (the dispatcher's first use) and took about 20 ms of a cold
 * start there; a plain mapper costs next to nothing once {@code JsonWarmup} has loaded Jackson.
 * <p>
 * Kept from the default: an unknown property does not fail a read.
 */
@Singleton
public class ServerObjectMapper {

    @Produces
    @Singleton
    ObjectMapper objectMapper() {
        return JsonMapper.builder().disable(DeserializationFeature.FAIL_ON_UNKNOWN_PROPERTIES).build();
    }
}
