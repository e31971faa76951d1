package dev.dbprint.mcp.server;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;

import java.util.Set;

import jakarta.inject.Inject;

import org.junit.jupiter.api.Test;

import com.fasterxml.jackson.databind.DeserializationFeature;
import com.fasterxml.jackson.databind.ObjectMapper;

import io.quarkus.test.junit.QuarkusTest;
import io.quarkus.test.junit.TestProfile;

/**
 * Every bean that injects an {@link ObjectMapper} gets the server's plain one, not the default that registers every
 * module on the class path: that one cost a cold start about 20 ms on the first frame's path, and nothing but the
 * start-up benchmark would show it back.
 */
@QuarkusTest
@TestProfile(GetReferenceHttpTest.SampleProject.class)
class ServerObjectMapperTest {

    @Inject
    ObjectMapper mapper;

    @Test
    void theInjectedMapperRegistersNoModule() {
        assertEquals(Set.of(), mapper.getRegisteredModuleIds());
        assertFalse(mapper.isEnabled(DeserializationFeature.FAIL_ON_UNKNOWN_PROPERTIES));
    }
}
