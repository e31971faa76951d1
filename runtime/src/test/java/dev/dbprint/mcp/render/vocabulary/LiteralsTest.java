package dev.dbprint.mcp.render.vocabulary;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.params.provider.Arguments.arguments;

import java.math.BigDecimal;
import java.util.stream.Stream;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * A value spelled so it reads back as itself in a predicate (spec §4.1): SQL quoting for what a reader can see, a YAML
 * double-quoted scalar on one line for a string holding anything hidden — a control, a format character, a lone
 * surrogate — while a surrogate pair (an emoji) is a visible character like any other.
 */
class LiteralsTest {

    @Test
    void nullNumbersAndBooleansAreBare() {
        assertEquals("NULL", Literals.of(null));
        assertEquals("-1", Literals.of(-1L));
        assertEquals("0.000001", Literals.of(new BigDecimal("0.000001")));
        assertEquals("true", Literals.of(Boolean.TRUE));
    }

    static Stream<Arguments> strings() {
        return Stream.of(arguments("plain", "'plain'"), arguments("O'Brien", "'O''Brien'"), arguments("a b", "'a b'"),
                // a surrogate pair is one visible character, at the start or at the end
                arguments("\uD83D\uDE00 ok", "'\uD83D\uDE00 ok'"), arguments("a\uD83D\uDE00", "'a\uD83D\uDE00'"),
                // a lone surrogate: a high one at the end or before another character, a low one first or after one
                arguments("\uD83D", "\"\\ud83d\""), arguments("\uD83Dx", "\"\\ud83dx\""),
                arguments("\uDE00", "\"\\ude00\""), arguments("x\uDE00", "\"x\\ude00\""),
                arguments("\uDE00\uD83D", "\"\\ude00\\ud83d\""),
                // a hidden character up to U+00FF as an x escape, above as a u escape; YAML names some by a letter
                arguments("soft\u00ADhyphen", "\"soft\\xadhyphen\""), arguments("del\u007F", "\"del\\x7f\""),
                arguments("zero\u200Bwidth", "\"zero\\u200bwidth\""), arguments("em\u2003space", "\"em\\u2003space\""),
                arguments("pua\uE000", "\"pua\\ue000\""), arguments("nbsp\u00A0", "\"nbsp\\_\""),
                arguments("bell\u0007", "\"bell\\a\""), arguments("nel\u0085", "\"nel\\N\""),
                arguments("line\u2028sep", "\"line\\Lsep\""), arguments("para\u2029sep", "\"para\\Psep\""),
                arguments("two\nlines \"q\" \\", "\"two\\nlines \\\"q\\\" \\\\\""),
                arguments("\r\t\0\b\u000B\f\u001B", "\"\\r\\t\\0\\b\\v\\f\\e\""));
    }

    @ParameterizedTest
    @MethodSource("strings")
    void aStringIsQuotedSoNothingInItCanHide(String value, String literal) {
        assertEquals(literal, Literals.of(value));
    }
}
