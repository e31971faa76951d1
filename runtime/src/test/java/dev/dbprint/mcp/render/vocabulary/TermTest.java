package dev.dbprint.mcp.render.vocabulary;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/** Which percentiles keys the Markdown labels {@code P<n>} (spec §4.1): {@code p} and ASCII digits, nothing else. */
class TermTest {

    @ParameterizedTest
    @CsvSource({"p5, true", "p50, true", "p100, true", "p, false", "q5, false", "pa, false", "p5a, false", "p/, false",
            "p:, false", "'', false", "P50, false"})
    void aPercentileKeyIsPAndDigits(String key, boolean percentile) {
        assertEquals(percentile, Term.isPercentileKey(key), key);
    }

    @Test
    void aPercentileTermNamesItsShare() {
        Term p95 = Term.percentile("p95");
        assertEquals("- P95: the value 95% of the non-null scanned values are at or below (json/yaml: percentiles.p95)\n",
                p95.line());
        assertEquals(Term.percentile("p5").rank() + 90, p95.rank(), "ranked by its number");
        assertTrue(Term.percentile("p1").rank() > Term.C_UNSUPPORTED.rank(), "listed after every other term");
    }

    /** Terms are equal by every field; the rank alone spreads their hashes. */
    @Test
    void termsAreEqualByEveryField() {
        Term term = new Term(7, "label", "what it means", "where", null);
        assertEquals(term, new Term(7, "label", "what it means", "where", null));
        assertEquals(term.hashCode(), new Term(7, "label", "what it means", "where", null).hashCode());
        for (Term other : new Term[]{new Term(8, "label", "what it means", "where", null),
                new Term(7, "other", "what it means", "where", null), new Term(7, "label", "other", "where", null),
                new Term(7, "label", "what it means", "other", null), new Term(7, "label", "what it means", "where", "f")}) {
            assertNotEquals(term, other);
        }
        assertNotEquals(Term.SCOPE.hashCode(), Term.EXACT.hashCode());
    }

}
