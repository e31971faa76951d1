package dev.dbprint.mcp.text;

import java.util.Locale;

/**
 * Phrase containment on word boundaries, case-insensitively: {@code "Germany"} is in {@code "Customers in Germany."} but
 * not in {@code "Germanys"}. A word character is a letter, a digit or {@code _}; a boundary is the text's edge or any
 * other character, so a phrase that begins or ends with punctuation is still found where it stands.
 */
public final class Words {

    private Words() {
    }

    /** Whether {@code phrase}, trimmed, occurs in {@code text} with no word character touching either end. */
    public static boolean containsPhrase(String text, String phrase) {
        String needle = phrase.strip().toLowerCase(Locale.ROOT);
        if (needle.isEmpty()) {
            return false;
        }
        String hay = text.toLowerCase(Locale.ROOT);
        int from = 0;
        while (true) {
            int at = hay.indexOf(needle, from);
            if (at < 0) {
                return false;
            }
            int end = at + needle.length();
            if ((at == 0 || !wordChar(hay.codePointBefore(at))) && (end == hay.length() || !wordChar(hay.codePointAt(end)))) {
                return true;
            }
            from = at + 1;
        }
    }

    /** Whether either text contains the other as a phrase (§4.7's "either way round"). */
    public static boolean eitherContains(String a, String b) {
        return containsPhrase(a, b) || containsPhrase(b, a);
    }

    private static boolean wordChar(int cp) {
        return Character.isLetterOrDigit(cp) || cp == '_';
    }
}
