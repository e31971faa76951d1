package dev.dbprint.mcp.glob;

import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.junit.jupiter.api.Test;

class ColumnGlobTest {

    private static boolean matches(String name, String pattern) {
        return Fnmatch.matches(name, ColumnGlob.toFnmatch(pattern));
    }

    @Test
    void theDocumentedPartPatternMatchesThePart() {
        assertFalse(Fnmatch.matches("items[*].sku", "items[*].sku"), "as plain fnmatch, [*] is a class");
        assertTrue(matches("items[*].sku", "items[*].sku"));
        assertTrue(matches("items[*].sku", "items[*].*"));
        assertTrue(matches("items[*].sku", "*[*]*"));
        assertFalse(matches("items*.sku", "items[*].sku"), "the step is literal, not a class matching '*'");
        assertTrue(matches("payload[\"a b\"].x", "payload[\"a b\"].x"));
        assertTrue(matches("payload[\"a b\"].x", "payload[\"*\"].x"));
    }

    @Test
    void everyOtherBracketIsStillAClassAndALiteralBracketIsSpelledAsAClass() {
        assertTrue(matches("prefs[keys]", "prefs[[]keys]"));
        assertTrue(matches("code7", "code[0-9]"));
        assertFalse(matches("code[0-9]", "code[0-9]"));
        assertTrue(matches("channel", "*[en][ld]"));
        assertTrue(matches("tags[0]", "tags[[]0]"));
    }
}
