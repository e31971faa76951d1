package dev.dbprint.mcp.text;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

import org.junit.jupiter.api.Test;

class PyReprTest {

    @Test
    void plainStrings() {
        assertEquals("'foo'", PyRepr.repr("foo"));
        assertEquals("''", PyRepr.repr(""));
        assertEquals("'arboretum.seedbank.accession'", PyRepr.repr("arboretum.seedbank.accession"));
    }

    @Test
    void quotesChooseTheDelimiterAsPythonDoes() {
        assertEquals("\"it's\"", PyRepr.repr("it's"));
        assertEquals("'say \"hi\"'", PyRepr.repr("say \"hi\""));
        assertEquals("'it\\'s \"x\"'", PyRepr.repr("it's \"x\""));
    }

    @Test
    void escapes() {
        assertEquals("'a\\\\b'", PyRepr.repr("a\\b"));
        assertEquals("'line\\nnext\\r\\t'", PyRepr.repr("line\nnext\r\t"));
        assertEquals("'\\x00\\x1f\\x7f'", PyRepr.repr("\u0000\u001f\u007f"));
        assertEquals("'caf\u00e9 \u00fc \u4e2d'", PyRepr.repr("caf\u00e9 \u00fc \u4e2d"));
        assertEquals("'\\xa0\\xad'", PyRepr.repr("\u00a0\u00ad"));
        assertEquals("'\\u200b\\u2028'", PyRepr.repr("\u200b\u2028"));
        assertEquals("'\ud83d\ude00'", PyRepr.repr("\ud83d\ude00"));
        assertEquals("'\\udc00'", PyRepr.repr("\udc00"));
        assertEquals("'\\U000e0001'", PyRepr.repr(new String(Character.toChars(0xE0001))));
    }

    @Test
    void lists() {
        assertEquals("['a', 'b', 'c']", PyRepr.repr(List.of("a", "b", "c")));
        assertEquals("[]", PyRepr.repr(List.of()));
        assertEquals("['connection', \"it's\"]", PyRepr.repr(List.of("connection", "it's")));
        assertEquals("['x', None, 7, True]", PyRepr.repr((Object) Arrays.asList("x", null, 7, true)));
    }

    @Test
    void otherValues() {
        Map<String, Object> m = new LinkedHashMap<>();
        m.put("k", 1);
        m.put("f", 0.5);
        assertEquals("{'k': 1, 'f': 0.5}", PyRepr.repr((Object) m));
        assertEquals("7", PyRepr.repr((Object) 7));
        assertEquals("False", PyRepr.repr((Object) false));
    }

    @Test
    void floats() {
        assertEquals("1e-05", PyRepr.floatRepr(1e-5));
        assertEquals("0.0001", PyRepr.floatRepr(1e-4));
        assertEquals("1e+16", PyRepr.floatRepr(1e16));
        assertEquals("1000000000000000.0", PyRepr.floatRepr(1e15));
        assertEquals("1.5e-07", PyRepr.floatRepr(1.5e-7));
        assertEquals("0.1", PyRepr.floatRepr(0.1));
        assertEquals("-2.5", PyRepr.floatRepr(-2.5));
        assertEquals("-0.0", PyRepr.floatRepr(-0.0));
        assertEquals("12345678.9", PyRepr.floatRepr(12345678.9));
        assertEquals("nan", PyRepr.floatRepr(Double.NaN));
        assertEquals("inf", PyRepr.floatRepr(Double.POSITIVE_INFINITY));
    }
}
