package dev.dbprint.mcp.tool;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.util.ArrayList;
import java.util.List;
import java.util.function.Function;

import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

import dev.dbprint.mcp.text.CodePointOrder;

/** {@link FqnPattern#select}: the prefix-bounded scan picks exactly what testing every name picks. */
class FqnPatternTest {

    static final List<String> NAMES = sorted(List.of("a.b", "a.bc", "a.c", "ab.c", "a", "a.", "b.a", "sales.orders",
            "sales.orders_2024", "sales_eu.orders", "salesx.y", "s.x", "z.\u00e9t\u00e9", "z.\uD83D\uDE00", "z.\uFFFD",
            "[x].y", "a[b.c", "*.*", "?.x", ""));

    @ParameterizedTest
    @ValueSource(strings = {"*", "a.*", "a.b*", "sales.*", "sales*", "sales.orders", "s?les.*", "[sz].*", "[!s]*",
            "a[b.c", "a[b*", "z.*", "z.\u00e9*", "z.\uD83D*", "*.c", "nothing.*", "", "?", "[x].y", "\\*"})
    void selectsWhatAFullScanSelects(String glob) {
        FqnPattern p = FqnPattern.of(glob);
        List<String> scan = new ArrayList<>();
        for (String n : NAMES) {
            if (p.matches(n)) {
                scan.add(n);
            }
        }
        assertEquals(scan, p.select(NAMES, Function.identity()), glob);
    }

    private static List<String> sorted(List<String> names) {
        List<String> out = new ArrayList<>(names);
        out.sort(CodePointOrder.INSTANCE);
        return List.copyOf(out);
    }
}
