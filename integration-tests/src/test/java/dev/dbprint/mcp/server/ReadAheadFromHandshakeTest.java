package dev.dbprint.mcp.server;

import static io.restassured.RestAssured.given;
import static org.junit.jupiter.api.Assertions.assertTrue;

import jakarta.inject.Inject;

import org.junit.jupiter.api.Test;

import dev.dbprint.mcp.print.store.PrintStore;
import io.quarkus.test.junit.QuarkusTest;
import io.quarkus.test.junit.TestProfile;
import io.restassured.http.ContentType;

/**
 * The print is read ahead from the moment the server answers initialize, before the client says the handshake is done:
 * a client sends its first call as soon as it has that reply. A profile of its own, so no other test's handshake began
 * the read in this application.
 */
@QuarkusTest
@TestProfile(ReadAheadFromHandshakeTest.SampleProject.class)
class ReadAheadFromHandshakeTest {

    /** The same project as another test's, under a profile of its own: a separate application. */
    public static class SampleProject extends GetReferenceHttpTest.SampleProject {
    }

    @Inject
    PrintStore store;

    @Test
    void initializeAloneReadsTheManifestAndTheEdgeAnnotationsAhead() throws InterruptedException {
        given().contentType(ContentType.JSON)
                .body("{\"jsonrpc\":\"2.0\",\"id\":1,\"method\":\"initialize\",\"params\":{\"protocolVersion\":"
                        + "\"2025-06-18\",\"capabilities\":{},\"clientInfo\":{\"name\":\"test\",\"version\":\"0\"}}}")
                .post("/mcp").then().statusCode(200);

        long deadline = System.nanoTime() + 20_000_000_000L;
        while (store.counters().filesCached() < 2 && System.nanoTime() < deadline) {
            Thread.sleep(20);
        }
        // the sample print's manifest and at least one table's relationships.annotations.yaml, parsed or from the index
        assertTrue(store.counters().filesCached() >= 2, "read ahead: " + store.counters());
    }
}
