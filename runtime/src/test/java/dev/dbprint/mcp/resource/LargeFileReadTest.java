package dev.dbprint.mcp.resource;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;

import org.junit.jupiter.api.Test;

import dev.dbprint.mcp.error.ProtocolError;
import dev.dbprint.mcp.paging.JsonText;
import dev.dbprint.mcp.paging.Pager;
import dev.dbprint.mcp.print.files.FileIdentity;
import dev.dbprint.mcp.print.store.PrintStore;
import dev.dbprint.mcp.reference.ReferenceDocuments;

/**
 * resources/read of files of megabytes, generated into the temporary print: every page is the page the whole-file
 * algorithm cut, the pages concatenate to the file byte for byte, and a page costs the reading of its own bytes only.
 */
class LargeFileReadTest extends ResourceFixtureTest {

    private static final String READING = "dbprint://alpha/reading";

    /** One page's reply content: text, and its {@code _meta}. */
    private record Read(String text, int page, int pages, String version) {
    }

    @SuppressWarnings("unchecked")
    private static Read read(ResourceReader reader, String uri) {
        Map<String, Object> content = ((List<Map<String, Object>>) reader.read(uri).get("contents")).get(0);
        Map<String, Object> meta = (Map<String, Object>) content.get("_meta");
        return new Read((String) content.get("text"), (Integer) meta.get("page"), (Integer) meta.get("pages"),
                (String) meta.get("version"));
    }

    private static String page(String uri, int page, String version) {
        return uri + "?page=" + page + "&version=" + version;
    }

    /** Every page of {@code uri}, following the version page 1 reported. */
    private List<String> allPages(String uri) {
        Read first = read(f.reader, uri);
        List<String> texts = new ArrayList<>(List.of(first.text()));
        for (int p = 2; p <= first.pages(); p++) {
            Read r = read(f.reader, page(uri, p, first.version()));
            assertEquals(p, r.page());
            assertEquals(first.pages(), r.pages());
            texts.add(r.text());
        }
        return texts;
    }

    @Test
    void everyPageIsThePreviousPageAndTheyConcatenateToTheFileAndEachReadsItsOwnBytesAlone() {
        for (int chars : new int[]{2_000_000, 8_000_000}) {
            String text = BigText.of(chars, chars, false);
            Path file = f.write("prints/alpha/reading.md", text);
            int bytes = text.getBytes(StandardCharsets.UTF_8).length;
            long before = f.store.counters().bytesRead();
            Read first = read(f.reader, READING);
            long scanned = f.store.counters().bytesRead() - before;
            assertEquals(bytes + first.text().getBytes(StandardCharsets.UTF_8).length, scanned,
                    "page 1: the file read once to find its pages, then page 1's bytes");
            List<String> texts = new ArrayList<>(List.of(first.text()));
            for (int p = 2; p <= first.pages(); p++) {
                long at = f.store.counters().bytesRead();
                String t = read(f.reader, page(READING, p, first.version())).text();
                long read = f.store.counters().bytesRead() - at;
                assertEquals(t.getBytes(StandardCharsets.UTF_8).length, read, "page " + p + " of " + file);
                assertTrue(read <= 3L * Pager.MAX_CHARS, "a page holds at most 3 bytes per character it counts");
                texts.add(t);
            }
            assertEquals(PreviousReadPages.text(text), texts, chars + " characters");
            assertEquals(text, String.join("", texts));
            texts.forEach(t -> assertTrue(JsonText.stringLength(t) <= Pager.MAX_CHARS));
            assertEquals(0, f.store.counters().filesCached(), "the store holds no copy of the file");
        }
    }

    @Test
    void aLargeStatisticsFileIsParseCheckedOnceAndServedByteForByte() {
        StringBuilder yaml = new StringBuilder("format_version: 1\ntable: s.orders\ncolumns: {}\nsketches:\n");
        for (String line : BigText.of(21, 5_000_000, true).split("(?<=\n)")) {
            boolean crlf = line.endsWith("\r\n");
            String content = line.substring(0, line.length() - (crlf ? 2 : 1));
            yaml.append("- '").append(content).append(crlf ? "'\r\n" : "'\n");
        }
        String text = yaml.toString();
        f.write("prints/alpha/s/orders/statistics.yaml", text);
        String uri = "dbprint://alpha/s.orders/statistics";
        long parses = f.store.counters().parses();
        List<String> pages = allPages(uri);
        assertEquals(PreviousReadPages.text(text), pages);
        assertEquals(text, String.join("", pages));
        assertTrue(pages.size() > 200, "pages: " + pages.size());
        assertEquals(2, f.store.counters().parses() - parses, "the manifest and the statistics' parse check, once");
    }

    @Test
    void aRewriteBetweenPagesIsTheStaleVersionErrorAndPageOneGivesTheNewVersion() {
        String text = BigText.of(31, 1_000_000, false);
        f.write("prints/alpha/reading.md", text);
        Read first = read(f.reader, READING);
        assertEquals(2, read(f.reader, page(READING, 2, first.version())).page());
        f.write("prints/alpha/reading.md", "# rewritten\n" + text);
        String stale = page(READING, 2, first.version());
        ProtocolError e = assertThrows(ProtocolError.class, () -> f.reader.read(stale));
        assertEquals(-32602, e.code());
        assertEquals("'" + stale + "': the file changed on disk since that version was read. Read page 1 again for"
                + " its current version.", e.getMessage());
        Read fresh = read(f.reader, READING);
        assertNotEquals(first.version(), fresh.version());
        assertTrue(fresh.text().startsWith("# rewritten\n"));
    }

    /** Rewrites {@code path} by appending the line {@code # rewritten n}. */
    private static void appendRewrite(Path path, int n) {
        try {
            Files.writeString(path, "# rewritten " + n + "\n", StandardOpenOption.APPEND);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    /** A store that rewrites the file just before each of its first {@code rewrites} page reads. */
    private static final class RewritingStore extends PrintStore {

        private int rewrites;

        RewritingStore(int rewrites) {
            this.rewrites = rewrites;
        }

        @Override
        public Optional<byte[]> range(Path realRoot, Path path, FileIdentity at, long from, int length) {
            if (rewrites-- > 0) {
                appendRewrite(path, rewrites);
            }
            return super.range(realRoot, path, at, from, length);
        }
    }

    private ResourceReader reader(PrintStore store) {
        return new ResourceReader(store, f.connections, new ReferenceDocuments(Optional.empty()));
    }

    @Test
    void aRewriteBetweenFindingThePagesAndReadingOneReadsTheNewVersionFromTheStart() throws IOException {
        String text = BigText.of(41, 200_000, false);
        Path file = f.write("prints/alpha/reading.md", text);
        Read raced = read(reader(new RewritingStore(2)), READING);
        String now = Files.readString(file);
        assertTrue(now.endsWith("# rewritten 0\n"), "rewritten twice");
        Read quiet = read(f.reader, READING);
        assertEquals(quiet, raced, "the page and version of the file as it is now");
        assertEquals(PreviousReadPages.text(now).get(0), raced.text());
    }

    @Test
    void aFileRewrittenAtEveryReadIsAnInternalError() {
        Path file = f.write("prints/alpha/reading.md", BigText.of(51, 100_000, false));
        ProtocolError e = assertThrows(ProtocolError.class,
                () -> reader(new RewritingStore(PrintStore.MAX_READ_ATTEMPTS)).read(READING));
        assertEquals(-32603, e.code());
        assertEquals(file + ": the file kept changing while it was read (5 attempts)", e.getMessage());
    }

    /** A store that, once armed, appends to the file at every stat taken inside a parse check of it. */
    private static final class ChurningParseStore extends PrintStore {

        private final ThreadLocal<Boolean> parsing = ThreadLocal.withInitial(() -> false);
        private volatile boolean armed;
        private int rewrites;

        @Override
        public <T> dev.dbprint.mcp.print.store.Read<T> read(Path realRoot, Path path, String form, Loader<T> loader) {
            parsing.set(armed && form.equals("parses"));
            try {
                return super.read(realRoot, path, form, loader);
            } finally {
                parsing.set(false);
            }
        }

        @Override
        protected FileIdentity stat(Path path, boolean likelyPresent) {
            if (parsing.get()) {
                appendRewrite(path, rewrites++);
            }
            return super.stat(path, likelyPresent);
        }
    }

    @Test
    void aVersionedPageWhoseParseCheckKeepsLosingToRewritesIsTheStaleVersionError() {
        StringBuilder yaml = new StringBuilder("format_version: 1\ntable: s.orders\ncolumns: {}\nsketches:\n");
        for (int i = 0; i < 2_000; i++) {
            yaml.append("- 'sketch ").append(i).append(" ").append("x".repeat(40)).append("'\n");
        }
        f.write("prints/alpha/s/orders/statistics.yaml", yaml.toString());
        String uri = "dbprint://alpha/s.orders/statistics";
        ChurningParseStore store = new ChurningParseStore();
        ResourceReader reader = reader(store);
        Read first = read(reader, uri);
        assertTrue(first.pages() > 1, "pages: " + first.pages());
        store.armed = true;
        String second = page(uri, 2, first.version());
        ProtocolError e = assertThrows(ProtocolError.class, () -> reader.read(second));
        assertTrue(store.rewrites >= PrintStore.MAX_READ_ATTEMPTS, "rewritten at every attempt: " + store.rewrites);
        assertEquals(-32602, e.code(), e.getMessage());
        assertEquals("'" + second + "': the file changed on disk since that version was read. Read page 1 again for"
                + " its current version.", e.getMessage());
    }
}
