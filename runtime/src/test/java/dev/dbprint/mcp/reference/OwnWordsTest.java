package dev.dbprint.mcp.reference;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStream;
import java.io.InputStreamReader;
import java.io.OutputStream;
import java.io.OutputStreamWriter;
import java.io.Writer;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.HexFormat;
import java.util.List;
import java.util.Locale;
import java.util.Optional;
import java.util.Set;
import java.util.TreeSet;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Stream;
import java.util.zip.GZIPInputStream;
import java.util.zip.GZIPOutputStream;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.condition.EnabledIfSystemProperty;

/**
 * Our reference documents are written in our own words: no paragraph of ours shares a run of 12 words with the
 * third-party texts they take their facts from ({@code ../shared/reference/*.md}).
 *
 * <p>
 * The test does not need those texts: {@code reference-shingles.txt.gz} holds, sorted, the first 16 hex digits (64 bits)
 * of the SHA-256 of every 12-word shingle of them — words are {@code [a-z0-9_]+} runs of the lower-cased text, a
 * shingle is 12 consecutive words joined by single spaces, taken across the whole file. A hash cannot be read back
 * into text. 64 bits keep the file small; the chance of a false match over our ~30,000 shingles is about 1e-10.
 * Regenerate after the reference copies change:
 *
 * <pre>
 * ./mvnw -B -pl runtime test -Dtest=OwnWordsTest#regenerate -Ddbprint.upstream.reference=../../shared/reference
 * </pre>
 */
class OwnWordsTest {

    static final int RUN = 12;
    static final String HASHES = "reference-shingles.txt.gz";
    private static final Pattern WORD = Pattern.compile("[a-z0-9_]+");

    @Test
    void noParagraphOfOursSharesATwelveWordRunWithTheReferenceTexts() throws IOException {
        Set<String> theirs = load();
        assertTrue(theirs.size() > 60_000, "hash list looks truncated: " + theirs.size());
        ReferenceDocuments documents = new ReferenceDocuments(Optional.empty());
        List<String> shared = new ArrayList<>();
        int checked = 0;
        for (ReferenceDocument d : ReferenceDocument.values()) {
            for (String paragraph : documents.text(d).split("\\n[ \\t]*\\n")) {
                checked += Math.max(0, words(paragraph).size() - RUN + 1);
                firstSharedRun(paragraph, theirs).ifPresent(run -> shared.add(d.wireName() + ": \"" + run + "\"  in: "
                        + paragraph.substring(0, Math.min(120, paragraph.length()))));
            }
        }
        assertTrue(checked > 10_000, "too few shingles checked: " + checked);
        assertEquals(List.of(), shared, "paragraphs sharing a 12-word run with the reference texts");
    }

    @Test
    void theCheckCatchesACopiedRun() {
        // the same words, shingles and hashes the real check uses, fed a "reference" made here: a run copied with other
        // case, punctuation and line breaks is caught, and a paragraph sharing only eleven words of it is not
        String source = "A print keeps the schema, statistics and notes of a database in files next to the code.";
        Set<String> theirs = new HashSet<>();
        List<String> words = words(source);
        for (int i = 0; i + RUN <= words.size(); i++) {
            theirs.add(hash(String.join(" ", words.subList(i, i + RUN))));
        }
        assertEquals(Optional.of("a print keeps the schema statistics and notes of a database in"),
                firstSharedRun("As we said: A PRINT keeps the schema;\nstatistics and notes of a database in it.", theirs));
        assertEquals(Optional.empty(),
                firstSharedRun("A print keeps the schema, statistics and notes of a warehouse in files.", theirs));
    }

    /** The first 12-word run of {@code paragraph} whose hash is in {@code theirs}. */
    static Optional<String> firstSharedRun(String paragraph, Set<String> theirs) {
        List<String> words = words(paragraph);
        for (int i = 0; i + RUN <= words.size(); i++) {
            String run = String.join(" ", words.subList(i, i + RUN));
            if (theirs.contains(hash(run))) {
                return Optional.of(run);
            }
        }
        return Optional.empty();
    }

    /** Rewrites the hash list from a directory of the reference copies (run by hand, see the class comment). */
    @Test
    @EnabledIfSystemProperty(named = "dbprint.upstream.reference", matches = ".+")
    void regenerate() throws IOException {
        Path dir = Path.of(System.getProperty("dbprint.upstream.reference"));
        TreeSet<String> hashes = new TreeSet<>();
        List<Path> files;
        try (Stream<Path> s = Files.list(dir)) {
            files = s.filter(p -> p.getFileName().toString().endsWith(".md")).sorted().toList();
        }
        for (Path f : files) {
            List<String> words = words(Files.readString(f));
            for (int i = 0; i + RUN <= words.size(); i++) {
                hashes.add(hash(String.join(" ", words.subList(i, i + RUN))));
            }
        }
        Path out = Path.of("src/test/resources", HASHES);
        try (OutputStream o = new GZIPOutputStream(Files.newOutputStream(out));
                Writer w = new OutputStreamWriter(o, StandardCharsets.UTF_8)) {
            w.write("# first 16 hex of SHA-256 of each 12-word shingle of " + files.size()
                    + " reference files; see OwnWordsTest\n");
            for (String h : hashes) {
                w.write(h);
                w.write('\n');
            }
        }
        System.out.println("wrote " + hashes.size() + " hashes of " + files.size() + " files to " + out);
    }

    static List<String> words(String text) {
        List<String> out = new ArrayList<>();
        Matcher m = WORD.matcher(text.toLowerCase(Locale.ROOT));
        while (m.find()) {
            out.add(m.group());
        }
        return out;
    }

    static String hash(String run) {
        try {
            byte[] d = MessageDigest.getInstance("SHA-256").digest(run.getBytes(StandardCharsets.UTF_8));
            return HexFormat.of().formatHex(d, 0, 8);
        } catch (NoSuchAlgorithmException e) {
            throw new IllegalStateException(e);
        }
    }

    static Set<String> load() throws IOException {
        Set<String> out = new HashSet<>();
        try (InputStream in = OwnWordsTest.class.getClassLoader().getResourceAsStream(HASHES)) {
            assertTrue(in != null, HASHES + " missing from test resources");
            BufferedReader r = new BufferedReader(
                    new InputStreamReader(new GZIPInputStream(in), StandardCharsets.UTF_8));
            for (String line = r.readLine(); line != null; line = r.readLine()) {
                if (!line.startsWith("#") && !line.isBlank()) {
                    out.add(line.strip());
                }
            }
        }
        return out;
    }
}
