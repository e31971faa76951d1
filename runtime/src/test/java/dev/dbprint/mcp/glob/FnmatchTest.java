package dev.dbprint.mcp.glob;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.junit.jupiter.api.Test;

class FnmatchTest {

    @Test
    void starMatchesDotsSlashesAndNewlines() {
        assertTrue(Fnmatch.matches("sales.a.b", "sales.*"));
        assertTrue(Fnmatch.matches("sales.", "sales.*"));
        assertFalse(Fnmatch.matches("sales", "sales.*"));
        assertTrue(Fnmatch.matches("a/b/c", "a*c"));
        assertTrue(Fnmatch.matches("a\nb", "a*b"));
        assertTrue(Fnmatch.matches("", "*"));
        assertTrue(Fnmatch.matches("anything.at.all", "*"));
        assertTrue(Fnmatch.matches("x.y", "**"));
    }

    @Test
    void wholeStringAndCaseSensitive() {
        assertFalse(Fnmatch.matches("xsales.a", "sales.*"));
        assertFalse(Fnmatch.matches("Sales.a", "sales.*"));
        assertTrue(Fnmatch.matches("a.b", "a.b"));
        assertFalse(Fnmatch.matches("axb", "a.b"), "a dot is literal");
        assertTrue(Fnmatch.matches("a+b(c)", "a+b(c)"));
        assertTrue(Fnmatch.matches("a\\b", "a\\b"), "backslash is literal");
        assertTrue(Fnmatch.matches("$^{}|", "$^{}|"));
    }

    @Test
    void questionMarkIsOneCodePoint() {
        assertTrue(Fnmatch.matches("ab", "a?"));
        assertFalse(Fnmatch.matches("a", "a?"));
        assertFalse(Fnmatch.matches("abc", "a?"));
        assertTrue(Fnmatch.matches("a.", "a?"));
        assertTrue(Fnmatch.matches("a\ud83d\ude00", "a?"));
    }

    @Test
    void sets() {
        assertTrue(Fnmatch.matches("b", "[abc]"));
        assertFalse(Fnmatch.matches("d", "[abc]"));
        assertTrue(Fnmatch.matches("m", "[a-z]"));
        assertFalse(Fnmatch.matches("M", "[a-z]"));
        assertTrue(Fnmatch.matches("bcd", "[!a]*"));
        assertFalse(Fnmatch.matches("abc", "[!a]*"));
        assertTrue(Fnmatch.matches(".x", "[!a]*"));
        assertTrue(Fnmatch.matches("]", "[]]"));
        assertFalse(Fnmatch.matches("a", "[]]"));
        assertTrue(Fnmatch.matches("a", "[]a]"));
        assertTrue(Fnmatch.matches("x", "[!]]"));
        assertFalse(Fnmatch.matches("]", "[!]]"));
        assertTrue(Fnmatch.matches("-", "[a-]"));
        assertTrue(Fnmatch.matches("-", "[-a]"));
        assertTrue(Fnmatch.matches("\\", "[\\]"));
        assertTrue(Fnmatch.matches("&", "[&&b]"));
        assertTrue(Fnmatch.matches("[", "[[]"));
        assertTrue(Fnmatch.matches("^", "[^]"));
        assertFalse(Fnmatch.matches("a", "[^]"));
    }

    @Test
    void reversedRangesAsCPython() {
        assertFalse(Fnmatch.matches("a", "[z-a]"));
        assertFalse(Fnmatch.matches("z", "[z-a]"));
        assertTrue(Fnmatch.matches("q", "[!z-a]"));
        assertTrue(Fnmatch.matches("-", "[a-c-e]"));
        assertTrue(Fnmatch.matches("e", "[a-c-e]"));
        assertFalse(Fnmatch.matches("d", "[a-c-e]"));
        // CPython drops the reversed range b-a and then reads the leading '!' as negation
        assertFalse(Fnmatch.matches("x", "[b-a!x]"));
        assertTrue(Fnmatch.matches("!", "[b-a!x]"));
    }

    @Test
    void unclosedBracketIsLiteral() {
        assertTrue(Fnmatch.matches("[", "["));
        assertTrue(Fnmatch.matches("a[b", "a[b"));
        assertTrue(Fnmatch.matches("[abc", "[abc"));
        assertFalse(Fnmatch.matches("a", "[abc"));
        assertTrue(Fnmatch.matches("[!]", "[!]"));
        assertTrue(Fnmatch.matches("x[", "*["));
    }

    @Test
    void compiledPatternsAreCached() {
        assertSame(Fnmatch.compile("sales.*"), Fnmatch.compile("sales.*"));
    }

    @Test
    void thePredicateAgreesWithTheRegexOnEveryShape() {
        String[] patterns = {"*", "**", "email", "email*", "*_id", "*mail*", "a*b", "ab*ba", "a**b", "*a*b*", "", "e?ail",
                "[ae]*", "*.*", "x\\*", "*\n*"};
        String[] names = {"", "email", "email_2", "customer_id", "id", "ab", "aba", "abba", "a", "b", "mail", "e.x",
                "x\\y", "line\nbreak", "ae"};
        for (String pattern : patterns) {
            for (String name : names) {
                assertEquals(Fnmatch.matches(name, pattern), Fnmatch.predicate(pattern).test(name),
                        pattern + " vs " + name);
            }
        }
    }
}
