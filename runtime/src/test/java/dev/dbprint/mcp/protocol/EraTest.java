package dev.dbprint.mcp.protocol;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.util.Arrays;
import java.util.List;
import java.util.Optional;

import org.junit.jupiter.api.Test;

/** Which methods each era answers, by their wire names, and which of them read the print. */
class EraTest {

    private static List<String> answered(Era era) {
        return Arrays.stream(Method.values()).map(Method::wire).filter(w -> Method.named(w).filter(era::answers).isPresent())
                .toList();
    }

    @Test
    void eachEraAnswersItsOwnMethods() {
        assertEquals(List.of("initialize", "ping", "tools/list", "tools/call", "resources/list", "resources/read",
                "resources/templates/list", "completion/complete"), answered(Era.LEGACY));
        assertEquals(List.of("server/discover", "tools/list", "tools/call", "resources/list", "resources/read",
                "resources/templates/list", "completion/complete"), answered(Era.MODERN));
        for (Era era : Era.values()) {
            assertEquals(Optional.empty(), Method.named("prompts/list").filter(era::answers));
            assertEquals(Optional.empty(), Method.named("Tools/List").filter(era::answers));
            assertEquals(Optional.empty(), Method.named("").filter(era::answers));
        }
        assertEquals(Optional.of(Method.TOOLS_CALL), Method.named("tools/call").filter(Era.MODERN::answers));
    }

    @Test
    void onlyToolCallsResourceListsAndReadsAndCompletionsReadThePrint() {
        assertEquals(List.of("tools/call", "resources/list", "resources/read", "completion/complete"),
                Arrays.stream(Method.values()).filter(Method::readsPrint).map(Method::wire).toList());
    }
}
