package dev.dbprint.mcp.sqlcheck;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;

import com.fasterxml.jackson.databind.JsonNode;

/**
 * What the two statement corpora ({@link CheckSqlCorpusTest}, {@link DialectCorpusTest}) compare: the findings a case
 * lists and those a json check_sql reply gives, each as one line ({@code severity kind line:column}, after
 * {@code #n } when the reply has several statements; {@code unreadable} for a statement that could not be read).
 */
final class CorpusFindings {

    private CorpusFindings() {
    }

    /**
     * A reply's findings in reply order, each one's text beside it ({@code message | fact file field | fix}), and how
     * many statements were read. The lists may be changed: a test drops what it does not assert.
     */
    record Given(List<String> lines, List<String> texts, int read) {

        static Given of(JsonNode reply) {
            List<String> lines = new ArrayList<>();
            List<String> texts = new ArrayList<>();
            int read = 0;
            for (JsonNode result : reply.get("results")) {
                String prefix = reply.get("results").size() > 1 ? "#" + result.get("statement").asInt() + " " : "";
                if (result.has("error")) {
                    lines.add(prefix + "unreadable");
                    texts.add(result.get("error").asText());
                    continue;
                }
                read++;
                for (JsonNode f : result.get("findings")) {
                    lines.add(prefix + f.get("severity").asText() + " " + f.get("kind").asText() + " "
                            + f.get("line").asInt() + ":" + f.get("column").asInt());
                    texts.add(f.get("message").asText() + " | " + f.path("fact").path("file").asText() + " "
                            + f.path("fact").path("field").asText() + " | " + f.get("fix").asText());
                }
            }
            return new Given(lines, texts, read);
        }
    }

    /**
     * A case's {@code findings}: each line as it is to be given (before {@code " ~ "}), and the words its text must hold
     * (after it, joined by {@code " && "}; null when the case names none).
     */
    record Expected(List<String> lines, List<String> words) {

        @SuppressWarnings("unchecked")
        static Expected of(Map<String, Object> c) {
            List<String> lines = new ArrayList<>();
            List<String> words = new ArrayList<>();
            for (Object o : (List<Object>) c.getOrDefault("findings", List.of())) {
                String e = String.valueOf(o);
                int bar = e.indexOf(" ~ ");
                lines.add(bar < 0 ? e : e.substring(0, bar));
                words.add(bar < 0 ? null : e.substring(bar + 3));
            }
            return new Expected(lines, words);
        }

        /** Asserts that {@code given} is exactly these lines, in order, each text holding its words. */
        void assertGiven(Given given, String id) {
            assertEquals(lines, given.lines(), id + " (texts: " + given.texts() + ")");
            for (int i = 0; i < words.size(); i++) {
                if (words.get(i) != null) {
                    for (String w : words.get(i).split(" && ")) {
                        String text = given.texts().get(i);
                        assertTrue(text.contains(w), id + " finding " + (i + 1) + " lacks '" + w + "': " + text);
                    }
                }
            }
        }
    }
}
