package dev.dbprint.mcp.text;

import java.util.List;
import java.util.stream.Collectors;

/** Spells strings and lists the way Python's {@code repr} does, as the spec's detail strings quote them. */
public final class PyRepr {

    private PyRepr() {
    }

    public static String repr(String s) {
        char quote = s.indexOf('\'') >= 0 && s.indexOf('"') < 0 ? '"' : '\'';
        StringBuilder b = new StringBuilder(s.length() + 2).append(quote);
        s.codePoints().forEach(cp -> {
            switch (cp) {
                case '\\' -> b.append("\\\\");
                case '\n' -> b.append("\\n");
                case '\r' -> b.append("\\r");
                case '\t' -> b.append("\\t");
                default -> {
                    if (cp == quote) {
                        b.append('\\').append((char) cp);
                    } else if (cp < 0x20 || cp == 0x7f) {
                        b.append(String.format("\\x%02x", cp));
                    } else {
                        b.appendCodePoint(cp);
                    }
                }
            }
        });
        return b.append(quote).toString();
    }

    public static String repr(List<String> items) {
        return items.stream().map(PyRepr::repr).collect(Collectors.joining(", ", "[", "]"));
    }
}
