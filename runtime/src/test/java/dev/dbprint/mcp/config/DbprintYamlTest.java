package dev.dbprint.mcp.config;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** {@code .dbprint.yaml}: the defaults cascade, appended lists, the output root, and refusals. */
class DbprintYamlTest {

    @TempDir
    Path dir;

    private ProjectConfig read(String yaml) throws IOException {
        return DbprintYaml.read(Files.writeString(dir.resolve(".dbprint.yaml"), yaml));
    }

    private String refusal(String yaml) {
        return assertThrows(ConfigError.class, () -> read(yaml)).getMessage();
    }

    @Test
    void defaultsCascadeAndConnectionValuesOverride() throws IOException {
        ProjectConfig project = read("""
                defaults:
                  max_age_days: 7
                  statistics:
                    top_n_values: 20
                connections:
                  a:
                    adapter: postgres
                    max_age_days: 1
                  b:
                    adapter: sqlite
                """);
        assertEquals(List.of("a", "b"), project.names());
        Map<String, Object> a = project.connections().get("a").settings();
        Map<String, Object> b = project.connections().get("b").settings();
        assertEquals(1, a.get("max_age_days"));
        assertEquals(7, b.get("max_age_days"));
        assertEquals(Map.of("top_n_values", 20), b.get("statistics"));
        assertEquals("postgres", a.get("adapter"));
        assertEquals(dir.resolve(".dbprint.yaml").toAbsolutePath(), project.file());
    }

    @Test
    void rulesAndRedactAreAppendedToTheDefaultsNotReplaced() throws IOException {
        ProjectConfig project = read("""
                defaults:
                  rules:
                    - include: ["x.*"]
                      max_age_days: 30
                  redact:
                    - sensitivity: [contact]
                      with: mask
                connections:
                  a:
                    rules:
                      - include: ["y.*"]
                        sample: 0.01
                    redact:
                      - columns: ["t.c"]
                        with: drop
                  b: {}
                """);
        Map<String, Object> a = project.connections().get("a").settings();
        assertEquals(List.of(Map.of("include", List.of("x.*"), "max_age_days", 30),
                Map.of("include", List.of("y.*"), "sample", 0.01)), a.get("rules"));
        assertEquals(List.of(Map.of("sensitivity", List.of("contact"), "with", "mask"),
                Map.of("columns", List.of("t.c"), "with", "drop")), a.get("redact"));
        assertEquals(List.of(Map.of("include", List.of("x.*"), "max_age_days", 30)),
                project.connections().get("b").settings().get("rules"));
    }

    @Test
    void autoIsPerConnectionAndNeverCascades() throws IOException {
        ProjectConfig project = read("""
                defaults:
                  auto: true
                  adapter: postgres
                connections:
                  a: {}
                  b:
                    auto: true
                """);
        assertFalse(project.connections().get("a").auto());
        assertFalse(project.connections().get("a").settings().containsKey("adapter"));
        assertTrue(project.connections().get("b").auto());
    }

    @Test
    void outputDefaultsToPrintsAndTheConnectionNameIsAppended() throws IOException {
        ProjectConfig project = read("connections:\n  shop: {}\n");
        assertEquals(dir.toAbsolutePath().resolve("prints").resolve("shop"), project.connections().get("shop").root());
    }

    @Test
    void outputCascadesFromDefaultsAndCanBeOverridden() throws IOException {
        ProjectConfig project = read("""
                defaults:
                  output: build/out
                connections:
                  a: {}
                  b:
                    output: ../elsewhere
                """);
        assertEquals(dir.toAbsolutePath().resolve("build/out/a"), project.connections().get("a").root());
        assertEquals(dir.toAbsolutePath().getParent().resolve("elsewhere/b"), project.connections().get("b").root());
    }

    @Test
    void refusesWhatIsNotAProject() {
        assertTrue(refusal("connections: {}\n").contains("'connections' must be a mapping naming at least one connection"));
        assertTrue(refusal("defaults: {}\n").contains("'connections'"));
        assertTrue(refusal("- a\n- b\n").contains("top level must be a mapping"));
        assertTrue(refusal("connections:\n  a: [1]\n").contains("'connections.a' must be a mapping"));
        assertTrue(refusal("connections:\n  a:\n    output: 7\n").contains("connections.a.output must be a directory path"));
    }

    @Test
    void refusesBrokenYamlKeepingTheParsersLinesSoItsMarkerPointsAtTheFault() {
        String message = refusal("connections:\n  a: [1\n  b: {}\n");
        assertTrue(message.startsWith(dir.resolve(".dbprint.yaml") + ": YAML parse error: "), message);
        List<String> lines = message.lines().toList();
        int quoted = lines.indexOf("      b: {}");
        assertTrue(quoted > 0, message);
        // the marker sits on the next line, under the ':' the parser stopped at
        assertEquals(lines.get(quoted).indexOf(':'), lines.get(quoted + 1).indexOf('^'), message);
        assertTrue(lines.stream().noneMatch(l -> l.endsWith(" ")), message);
    }

    @Test
    void refusesADuplicateConnection() {
        assertTrue(refusal("connections:\n  a: {}\n  a: {}\n").contains("YAML parse error"));
    }
}
