package dev.dbprint.mcp.server;

import static io.restassured.RestAssured.given;
import static org.hamcrest.Matchers.equalTo;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Path;
import java.util.List;
import java.util.Map;

import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

import io.quarkus.test.junit.QuarkusTest;
import io.quarkus.test.junit.QuarkusTestProfile;
import io.quarkus.test.junit.TestProfile;
import io.restassured.http.ContentType;
import io.restassured.path.json.JsonPath;

/** get_reference over Streamable HTTP, through the dispatcher, the invoker and the build-time tool registry. */
@QuarkusTest
@TestProfile(GetReferenceHttpTest.SampleProject.class)
class GetReferenceHttpTest {

    /** Serves the bundled sample project; get_reference itself needs none, but the server needs one to start. */
    public static class SampleProject implements QuarkusTestProfile {

        @Override
        public Map<String, String> getConfigOverrides() {
            return Map.of("dbprint.project", Path.of("..", "src", "sample").toAbsolutePath().normalize().toString());
        }
    }

    private String session;

    @BeforeEach
    void initialize() {
        session = given().contentType(ContentType.JSON)
                .body("{\"jsonrpc\":\"2.0\",\"id\":1,\"method\":\"initialize\",\"params\":{\"protocolVersion\":"
                        + "\"2025-06-18\",\"capabilities\":{},\"clientInfo\":{\"name\":\"test\",\"version\":\"0\"}}}")
                .post("/mcp").then().statusCode(200).extract().header("Mcp-Session-Id");
    }

    private JsonPath call(String arguments) {
        return given().contentType(ContentType.JSON).header("Mcp-Session-Id", session)
                .body("{\"jsonrpc\":\"2.0\",\"id\":2,\"method\":\"tools/call\",\"params\":{\"name\":\"get_reference\","
                        + "\"arguments\":" + arguments + "}}")
                .post("/mcp").then().statusCode(200).body("id", equalTo(2)).extract().jsonPath();
    }

    @Test
    void listedWithItsSchema() {
        given().contentType(ContentType.JSON).header("Mcp-Session-Id", session)
                .body("{\"jsonrpc\":\"2.0\",\"id\":3,\"method\":\"tools/list\"}").post("/mcp").then().statusCode(200)
                .body("result.tools.find { it.name == 'get_reference' }.inputSchema.required",
                        equalTo(java.util.List.of("document")));
    }

    @Test
    void aCitationReadsItsSection() {
        JsonPath r = call("{\"document\":\"assertions\",\"section\":\"ASSERTIONS.md §1.4\"}");
        assertFalse(r.getBoolean("result.isError"));
        assertTrue(r.getString("result.content[0].text").startsWith("### 1.4 Unknown FQNs and columns\n"));
    }

    @Test
    void theTableOfContents() {
        JsonPath r = call("{\"document\":\"guide\"}");
        assertFalse(r.getBoolean("result.isError"));
        assertTrue(r.getString("result.content[0].text")
                .contains("\n- Tool replies, field by field\n  - get_table_context\n"));
    }

    @Test
    void faultsAreToolErrorsWithTheSpecDetail() {
        JsonPath r = call("{\"document\":\"spec\",\"section\":\"9.9\"}");
        assertTrue(r.getBoolean("result.isError"));
        assertTrue(r.getString("result.content[0].text")
                .startsWith("section '9.9' not found in spec. Available: ['0', '0.1', '0.2', "));
        JsonPath e = call("{\"document\":\"readme\"}");
        assertTrue(e.getBoolean("result.isError"));
        assertEquals("document 'readme' must be one of ['assertions', 'guide', 'spec'].",
                e.getString("result.content[0].text"));
    }
}
