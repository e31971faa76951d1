package dev.dbprint.mcp.reference;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.function.Function;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Collectors;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;

/**
 * Our spec and assertions keep the reference numbering: every numbered heading of the third-party copies
 * ({@code reference-headings/<doc>.txt}) exists in ours with the same number at the same heading level. Titles are not
 * compared (§2.2.14's was reworded on purpose). The guide keeps every heading of the reference guide.
 */
class ReferenceHeadingsTest {

    private static final Pattern LINE = Pattern.compile("^(#+)\\s+(.*)$");
    private final ReferenceDocuments documents = new ReferenceDocuments(Optional.empty());

    @ParameterizedTest
    @EnumSource(value = ReferenceDocument.class, names = {"SPEC", "ASSERTIONS"})
    void everyNumberedReferenceHeadingIsOursAtTheSameLevel(ReferenceDocument d) throws IOException {
        Map<String, Sections.Section> ours = documents.sections(d).all().stream()
                .collect(Collectors.toMap(Sections.Section::key, Function.identity(), (a, b) -> a));
        List<String> problems = new ArrayList<>();
        int numbered = 0;
        for (String line : headings(d)) {
            Matcher m = LINE.matcher(line);
            assertTrue(m.matches(), line);
            String number = Sections.number(m.group(2));
            if (number == null) {
                continue;
            }
            numbered++;
            Sections.Section s = ours.get(number);
            if (s == null) {
                problems.add("missing " + number + " (" + line + ")");
            } else if (s.level() != m.group(1).length()) {
                problems.add(number + " at level " + s.level() + ", reference " + m.group(1).length());
            }
        }
        assertTrue(numbered > 30, "too few numbered reference headings: " + numbered);
        assertEquals(List.of(), problems);
    }

    @Test
    void everyReferenceGuideHeadingIsOneOfOurs() throws IOException {
        Set<String> ours = new HashSet<>();
        documents.sections(ReferenceDocument.GUIDE).all()
                .forEach(s -> ours.add(s.heading().toLowerCase(Locale.ROOT)));
        List<String> missing = new ArrayList<>();
        for (String heading : headings(ReferenceDocument.GUIDE)) {
            if (!ours.contains(heading.strip().toLowerCase(Locale.ROOT))) {
                missing.add(heading);
            }
        }
        assertEquals(List.of(), missing);
    }

    private static List<String> headings(ReferenceDocument d) throws IOException {
        String path = "reference-headings/" + d.wireName() + ".txt";
        try (InputStream in = ReferenceHeadingsTest.class.getClassLoader().getResourceAsStream(path)) {
            assertTrue(in != null, path);
            return new String(in.readAllBytes(), StandardCharsets.UTF_8).lines().filter(l -> !l.isBlank())
                    .toList();
        }
    }
}
