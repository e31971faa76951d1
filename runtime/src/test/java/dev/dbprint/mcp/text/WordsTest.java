package dev.dbprint.mcp.text;

import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.junit.jupiter.api.Test;

class WordsTest {

    @Test
    void aPhraseMatchesOnlyWholeWordsCaseInsensitively() {
        assertTrue(Words.containsPhrase("Closed account; never reopened", "CLOSED"));
        assertTrue(Words.containsPhrase("Closed account; never reopened", " closed account "));
        assertFalse(Words.containsPhrase("Closed account", "close"));
        assertFalse(Words.containsPhrase("reclosed", "closed"));
        assertFalse(Words.containsPhrase("closed_at", "closed"), "underscore is a word character");
        assertTrue(Words.containsPhrase("see (N/A) here", "(N/A)"));
        assertTrue(Words.containsPhrase("Ünknown", "ünknown"));
        assertFalse(Words.containsPhrase("anything", "   "));
    }

    @Test
    void eitherWayRound() {
        assertTrue(Words.eitherContains("Active customer", "every active customer in town"));
        assertTrue(Words.eitherContains("every active customer in town", "Active customer"));
        assertFalse(Words.eitherContains("Active customer", "inactive customers"));
    }
}
