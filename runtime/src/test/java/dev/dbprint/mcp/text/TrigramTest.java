package dev.dbprint.mcp.text;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.util.Set;

import org.junit.jupiter.api.Test;

/** Scores and trigram sets checked against PostgreSQL 15's pg_trgm ({@code similarity}, {@code show_trgm}). */
class TrigramTest {

    @Test
    void wordsArePaddedTwoInFrontAndOneBehindAndLowerCased() {
        assertEquals(Set.of("  c", " ca", "cat", "at "), Trigram.trigrams("Cat"));
        assertEquals(Set.of("  a", " a ", "  b", " b "), Trigram.trigrams("a-b"));
        assertEquals(Set.of(), Trigram.trigrams(" -- "));
    }

    @Test
    void similarityIsSharedOverUnion() {
        assertEquals(0.5, Trigram.similarity("Germany", "germny"), 1e-9);
        assertEquals(5.0 / 15, Trigram.similarity("East Germany", "germny"), 1e-9);
        assertEquals(1.0, Trigram.similarity("word", "WORD"), 1e-9);
        assertEquals(0.0, Trigram.similarity("", ""), 1e-9);
        assertEquals(0.0, Trigram.similarity("abc", "xyz"), 1e-9);
    }
}
