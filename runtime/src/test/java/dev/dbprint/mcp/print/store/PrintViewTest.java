package dev.dbprint.mcp.print.store;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;

import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import dev.dbprint.mcp.error.PrintError;
import dev.dbprint.mcp.print.Fixtures;
import dev.dbprint.mcp.print.cache.Weighed;
import dev.dbprint.mcp.print.files.Containment;
import dev.dbprint.mcp.print.files.ContainmentMemo;
import dev.dbprint.mcp.print.files.FileIdentity;
import dev.dbprint.mcp.print.model.Artifact;
import dev.dbprint.mcp.print.model.ColumnStats;
import dev.dbprint.mcp.print.model.Diff;
import dev.dbprint.mcp.print.model.Edge;
import dev.dbprint.mcp.print.model.Manifest;
import dev.dbprint.mcp.print.model.Relationships;
import dev.dbprint.mcp.print.model.RelationshipsAnnotations;
import dev.dbprint.mcp.print.model.Statistics;
import dev.dbprint.mcp.print.model.StatisticsAnnotations;
import dev.dbprint.mcp.print.model.TableEntry;
import dev.dbprint.mcp.print.yaml.YamlLoader;

class PrintViewTest {

    @TempDir
    Path tmp;

    Path root;
    /** The store viewing; a test that needs settled directories takes one with the short racy window. */
    PrintStore store = new PrintStore();

    @BeforeEach
    void setUp() {
        root = Fixtures.copy("basic", tmp.resolve("prints/basic"));
    }

    private PrintView view() {
        return store.view("basic", root);
    }

    private TableEntry table(PrintView v, String fqn) {
        return v.table(fqn).orElseThrow();
    }

    @Test
    void readsTheManifest() {
        Manifest m = view().manifest();
        assertEquals("basic", m.connection());
        assertEquals(List.of("shop.orders", "shop.customers"), List.copyOf(m.tables().keySet()));
        assertEquals(List.of("shop.broken"), m.failedTables());
        assertFalse(m.header().containsKey("tables"));
        TableEntry orders = m.table("shop.orders");
        assertTrue(orders.followable());
        assertEquals(root.resolve("shop/orders"), orders.dir());
        assertEquals("table", orders.type());
        assertEquals(10L, orders.rowCount());
        assertEquals(3L, orders.columns());
        assertEquals(1L, orders.maxAgeDays());
        assertEquals("2026-01-02T03:04:05Z", orders.profiledAt());
        assertEquals("statistics.yaml", orders.artifacts().get("statistics"));
        assertEquals(root.resolve("shop/orders/statistics.yaml"), orders.file(Artifact.STATISTICS).orElseThrow());
        assertEquals(root.resolve("shop/orders/description.md"), orders.file(Artifact.DESCRIPTION).orElseThrow());
        assertNull(m.table("shop.customers").maxAgeDays());
    }

    @Test
    void readsStatisticsInFileOrderWithSpellings() {
        PrintView v = view();
        Statistics s = v.statistics(table(v, "shop.orders")).orElseThrow();
        assertEquals(List.of("order_id", "amount", "status", "attrs"), List.copyOf(s.columns().keySet()));
        assertEquals("2026-01-02T03:04:05Z", s.profiledAt(), "an unquoted timestamp stays a string");
        assertTrue(s.scoped());
        assertEquals("0.50", YamlLoader.spell(s.scope().get("sample")));
        ColumnStats amount = s.column("amount");
        assertEquals(List.of("12.50", "0.00001", "-20"), amount.values().stream().map(e -> e.text()).toList());
        assertEquals(5, amount.values().get(0).count());
        assertEquals("0.1", YamlLoader.spell(amount.nullRate()));
        assertEquals(10L, amount.rowsScanned());
        ColumnStats status = s.column("status");
        assertEquals("0", YamlLoader.spell(status.nullRate()));
        assertEquals("Active", status.values().get(1).spellingOf());
        assertTrue(status.values().get(1).hasSpellingOf());
        assertEquals("2026-01-01", status.values().get(2).value());
        assertNull(status.redacted());
        assertTrue(s.column("order_id").candidateKey());
        ColumnStats attrs = s.column("attrs");
        assertEquals(8L, attrs.parts().get(".status").occurrences());
        assertEquals("open", attrs.parts().get(".status").values().get(0).value());
        assertNull(attrs.values());
    }

    @Test
    void readsRelationshipsAndAnnotations() {
        PrintView v = view();
        TableEntry orders = table(v, "shop.orders");
        Relationships r = v.relationships(orders).orElseThrow();
        Edge e = r.refersTo().get(0);
        assertEquals(List.of("customer_id"), e.column());
        assertEquals("shop.customers", e.otherTable());
        assertEquals("inferred", e.detection());
        assertEquals(Boolean.TRUE, r.eligibleTarget());
        RelationshipsAnnotations ra = v.relationshipsAnnotations(orders).orElseThrow();
        assertTrue(ra.refersTo().get(0).addresses(e));
        assertTrue(ra.rejects(List.of("customer_id"), "shop.customers", List.of("customer_id")));
        assertEquals(List.of("owner_id"), ra.refersTo().get(1).path());

        TableEntry customers = table(v, "shop.customers");
        Edge in = v.relationships(customers).orElseThrow().referencedBy().get(0);
        assertEquals(Edge.Direction.REFERENCED_BY, in.direction());
        assertEquals("shop.orders", in.sourceTable("shop.customers"));
        StatisticsAnnotations sa = v.statisticsAnnotations(customers).orElseThrow();
        assertEquals("Login address.", sa.column("email").note());
        assertEquals("[redacted]", sa.column("email").values().get(0).text());
        assertEquals("shop.accounts.account_id", sa.column("customer_id").derivedFrom());
        assertEquals(List.of("email"), sa.grainKeys().get(0).columns());
        assertTrue(v.statisticsAnnotations(orders).isEmpty(), "undeclared and absent");
        assertTrue(v.description(orders).isEmpty());
        assertTrue(v.ddl(orders).orElseThrow().startsWith("CREATE TABLE shop.orders"));
    }

    @Test
    void readsDiffAndReadingGuide() throws Exception {
        PrintView v = view();
        Diff d = v.requireDiff();
        assertEquals(2, d.changes().size());
        assertTrue(d.changes().get(1).names("shop.customers"));
        assertTrue(d.changes().get(1).isRelationshipEvent());
        assertFalse(d.header().containsKey("changes"));
        assertTrue(Files.readString(v.readingPath()).startsWith("# Reading"));
        assertTrue(v.manifestAnnotations().isEmpty());
        assertFalse(v.manifestAnnotationsExist());
    }

    @Test
    void absentConnectionFilesUseTheSpecSentences() throws Exception {
        Files.delete(root.resolve("diff.yaml"));
        Files.delete(root.resolve("reading.md"));
        PrintView v = view();
        assertTrue(v.diff().isEmpty());
        PrintError noDiff = assertThrows(PrintError.class, v::requireDiff);
        assertEquals(PrintError.Kind.NO_DIFF, noDiff.kind());
        assertEquals("no diff available at " + root.resolve("diff.yaml") + ". Run dbprint diff or dbprint generate first.",
                noDiff.getMessage());
        PrintError noReading = PrintError.noReading(v.readingPath());
        assertEquals(PrintError.Kind.NO_READING, noReading.kind());
        assertEquals("no reading guide available at " + root.resolve("reading.md") + ". Run dbprint generate first.",
                noReading.getMessage());
    }

    @Test
    void declaredButAbsentFileIsMissing() throws Exception {
        Path stats = root.resolve("shop/orders/statistics.yaml");
        Files.delete(stats);
        PrintView v = view();
        PrintError e = assertThrows(PrintError.class, () -> v.statistics(table(v, "shop.orders")));
        assertEquals(PrintError.Kind.MISSING_FILE, e.kind());
        assertEquals("manifest references statistics.yaml but file is absent at " + stats + ". Re-run dbprint generate.",
                e.getMessage());
        assertFalse(v.exists(table(v, "shop.orders"), Artifact.STATISTICS));
    }

    /**
     * An entry this call judged followable vouches for the files it declares, and only those: a user-authored file it does
     * not declare, a link to the outside beside them, is judged on its own and refused.
     */
    @Test
    void anUndeclaredFileBesideAJudgedEntryIsJudgedOnItsOwn() throws Exception {
        Path secret = Files.writeString(tmp.resolve("secret.yaml"), "columns: {}\n");
        Files.createSymbolicLink(root.resolve("shop/orders/statistics.annotations.yaml"), secret);
        PrintView v = view();
        TableEntry orders = v.manifest().table("shop.orders");
        assertTrue(orders.followable());
        assertEquals(root.resolve("shop/orders/statistics.yaml"),
                v.followableFile(orders, Artifact.STATISTICS).orElseThrow());
        PrintError e = assertThrows(PrintError.class,
                () -> v.followableFile(orders, Artifact.STATISTICS_ANNOTATIONS));
        assertEquals(PrintError.Kind.NOT_FOLLOWABLE, e.kind());
        assertTrue(e.getMessage().contains("statistics.annotations.yaml"), e.getMessage());
    }

    @Test
    void corruptArtifactIsAParseError() {
        Path stats = Fixtures.write(root.resolve("shop/orders/statistics.yaml"), "columns: {a: [\n");
        PrintView v = view();
        PrintError e = assertThrows(PrintError.class, () -> v.statistics(table(v, "shop.orders")));
        assertEquals(PrintError.Kind.PARSE, e.kind());
        assertTrue(e.getMessage().startsWith(stats + ": YAML parse error: "), e.getMessage());
    }

    @Test
    void manifestShapeErrors() {
        Path mf = root.resolve("manifest.yaml");
        Fixtures.write(mf, "- a\n- b\n");
        PrintError e = assertThrows(PrintError.class, () -> view().manifest());
        assertEquals(PrintError.Kind.SHAPE, e.kind());
        assertEquals(mf + ": top level is not a mapping", e.getMessage());
        Fixtures.write(mf, "format_version: 1\ntables: [a, b]\n");
        e = assertThrows(PrintError.class, () -> view().manifest());
        assertEquals(mf + ": 'tables' is not a mapping", e.getMessage());
        Files.exists(mf);
    }

    @Test
    void missingManifest() throws Exception {
        Files.delete(root.resolve("manifest.yaml"));
        PrintError e = assertThrows(PrintError.class, () -> view().manifest());
        assertEquals(PrintError.Kind.NO_MANIFEST, e.kind());
    }

    @Test
    void annotationSchemaMismatchesNameAnAddress() {
        Path ra = Fixtures.write(root.resolve("shop/orders/relationships.annotations.yaml"), """
                format_version: 1
                refers_to:
                - column: [customer_id]
                  target_table: shop.customers
                  target_column: [customer_id]
                  verdict: accepted
                """);
        PrintView v = view();
        PrintError e = assertThrows(PrintError.class, () -> v.relationshipsAnnotations(table(v, "shop.orders")));
        assertEquals(PrintError.Kind.SCHEMA, e.kind());
        assertEquals(ra + ": does not match its schema (SPEC 2.7): refers_to[0].verdict: must be one of ['rejected']"
                + " (found string \"accepted\")", e.getMessage());

        Path sa = root.resolve("shop/customers/statistics.annotations.yaml");
        Fixtures.write(sa, "format_version: 1\ncolumns:\n  email:\n    values:\n    - value: x\n");
        e = assertThrows(PrintError.class, () -> v.statisticsAnnotations(table(v, "shop.customers")));
        assertEquals(sa + ": does not match its schema (SPEC 2.7): columns.email.values[0]: 'note' is required",
                e.getMessage());
        Fixtures.write(sa, "format_version: 1\ncolumns:\n  email:\n    notes: typo\n");
        e = assertThrows(PrintError.class, () -> v.statisticsAnnotations(table(v, "shop.customers")));
        assertTrue(e.getMessage().contains("(SPEC 2.7): columns.email.notes: is not a key"), e.getMessage());
        Fixtures.write(sa, "format_version: 2\ncolumns: {}\n");
        e = assertThrows(PrintError.class, () -> v.statisticsAnnotations(table(v, "shop.customers")));
        assertTrue(e.getMessage().endsWith("(SPEC 2.7): format_version: must be 1 (found integer 2)"), e.getMessage());
        Fixtures.write(sa, "format_version: 1\ncolumns:\n  \"odd.name\":\n    note: 7\n");
        e = assertThrows(PrintError.class, () -> v.statisticsAnnotations(table(v, "shop.customers")));
        assertTrue(e.getMessage().endsWith("columns[\"odd.name\"].note: must be a string (found integer 7)"),
                e.getMessage());
        Fixtures.write(sa, "columns: {}\n");
        e = assertThrows(PrintError.class, () -> v.statisticsAnnotations(table(v, "shop.customers")));
        assertTrue(e.getMessage().endsWith("(top level): 'format_version' is required"), e.getMessage());

        Path ma = Fixtures.write(root.resolve("manifest.annotations.yaml"), "format_version: 1\nnote: x\n");
        e = assertThrows(PrintError.class, v::manifestAnnotations);
        assertEquals(ma + ": does not match its schema (SPEC 2.7): note: is not a key this file takes; accepted:"
                + " format_version, notes", e.getMessage());
        Fixtures.write(ma, "format_version: 1\nnotes: |\n  All amounts are in cents.\n");
        assertEquals("All amounts are in cents.\n", v.manifestAnnotations().orElseThrow().notes());
    }

    @Test
    void digestChangesWhenATouchedFileChanges() {
        PrintView first = view();
        first.statistics(table(first, "shop.orders"));
        String d1 = first.digest();
        PrintView again = view();
        again.statistics(table(again, "shop.orders"));
        assertEquals(d1, again.digest(), "same files, same identities");
        assertEquals(16, d1.length());
        assertTrue(first.readSet().orElseThrow().stillHolds());
        Fixtures.write(root.resolve("shop/orders/statistics.yaml"),
                "format_version: 1\ntable: shop.orders\ncolumns: {}\n");
        assertFalse(first.readSet().orElseThrow().stillHolds());
        PrintView after = view();
        after.statistics(table(after, "shop.orders"));
        assertNotEquals(d1, after.digest());
    }

    /**
     * One call that reads a file twice (its parse check, then its bytes) across a rewrite may serve the new bytes: its
     * digest must then match no call's, or a page version taken before the rewrite would admit a page of the new text
     * (found by LoadIT as a resource whose pages concatenated to no version of the file).
     */
    @Test
    void aViewThatSawOneFileAtTwoIdentitiesIssuesADigestNoCallRepeats() throws Exception {
        Path stats = root.resolve("shop/orders/statistics.yaml");
        PrintView quiet = view();
        quiet.requireYaml(stats);
        String before = quiet.digest();
        PrintView torn = view();
        torn.requireYaml(stats);
        Path tmpFile = stats.resolveSibling("statistics.yaml.tmp");
        Files.writeString(tmpFile, Files.readString(stats) + "# rewritten\n");
        Files.move(tmpFile, stats, java.nio.file.StandardCopyOption.ATOMIC_MOVE);
        Read<Size> scanned = torn.scan(stats, "size", Size::of);
        byte[] bytes = torn.range(stats, scanned.identity(), 0, (int) scanned.value().bytes()).orElseThrow();
        assertTrue(new String(bytes).endsWith("# rewritten\n"));
        assertNotEquals(before, torn.digest(), "a page version from before the rewrite must not admit the new bytes");
        assertNotEquals(torn.digest(), torn.digest(), "a torn view's digest is never repeated");
        assertTrue(torn.readSet().isEmpty(), "nothing a torn view computed may be kept");
        assertFalse(quiet.readSet().orElseThrow().stillHolds(), "the quiet view's file was rewritten");
        PrintView after = view();
        after.requireYaml(stats);
        after.scan(stats, "size", Size::of);
        assertEquals(after.digest(), after.digest(), "a view that saw one identity per file keeps one digest");
        assertTrue(after.readSet().orElseThrow().stillHolds());
        long paths = after.touched().keySet().stream().mapToLong(p -> p.toString().length()).sum();
        assertTrue(after.readSet().orElseThrow().weight() > paths, "a read set weighs at least its paths");
    }

    @Test
    void digestChangesWhenAnAbsentFileAppears() {
        PrintView first = view();
        TableEntry orders = table(first, "shop.orders");
        assertTrue(first.description(orders).isEmpty());
        Path desc = root.resolve("shop/orders/description.md");
        assertEquals(FileIdentity.ABSENT, first.touched().get(desc));
        String d1 = first.digest();
        Fixtures.write(desc, "Orders placed online.\n");
        PrintView after = view();
        assertEquals("Orders placed online.\n", after.description(table(after, "shop.orders")).orElseThrow());
        assertNotEquals(d1, after.digest());
        assertFalse(first.readSet().orElseThrow().stillHolds());
    }

    /**
     * An optional file found absent in a directory that has not changed since is known absent without a probe of its
     * own; the moment it is created, its directory's ctime moves and every call, and every kept reply, sees it.
     */
    @Test
    void aFileKnownAbsentFromAnUnchangedDirectoryShowsTheMomentItAppears() throws Exception {
        store = new PrintStore(Fixtures.SETTLE_NANOS);
        Fixtures.settle(); // the copy's directories settle
        Path desc = root.resolve("shop/orders/description.md");
        PrintView first = view();
        assertTrue(first.description(table(first, "shop.orders")).isEmpty());
        ContainmentMemo later = store.containment(root, Containment.realRoot(root), 16);
        assertTrue(later.knownAbsent(desc), "judged absent in a directory whose stamp still holds");
        assertFalse(later.knownAbsent(root.resolve("shop/orders/statistics.yaml")), "present: never known absent");
        assertFalse(later.knownAbsent(root.resolve("shop/orders/never-judged.md")), "never judged: not known");
        PrintView second = view();
        assertTrue(second.description(table(second, "shop.orders")).isEmpty());
        assertEquals(FileIdentity.ABSENT, second.touched().get(desc));
        assertTrue(first.readSet().orElseThrow().stillHolds());

        Fixtures.write(desc, "Orders placed online.\n");
        assertFalse(store.containment(root, Containment.realRoot(root), 16).knownAbsent(desc), "its directory changed");
        assertFalse(first.readSet().orElseThrow().stillHolds(), "a reply kept from before it appeared is not served");
        PrintView after = view();
        assertEquals("Orders placed online.\n", after.description(table(after, "shop.orders")).orElseThrow());
        assertNotEquals(first.digest(), after.digest());
    }

    /** A scan that counts a file's bytes. */
    private record Size(long bytes) implements Weighed {

        static Size of(InputStream in) throws IOException {
            return new Size(in.transferTo(OutputStream.nullOutputStream()));
        }

        @Override
        public long weight() {
            return 8;
        }
    }

    @Test
    void scansAndRangesAreExactRecordedAndContained() throws Exception {
        PrintView v = view();
        Path stats = root.resolve("shop/orders/statistics.yaml");
        byte[] disk = Files.readAllBytes(stats);
        Read<Size> scanned = v.scan(stats, "size", Size::of);
        assertEquals(disk.length, scanned.value().bytes());
        assertEquals(scanned.identity(), v.touched().get(stats));
        byte[] middle = v.range(stats, scanned.identity(), 3, 10).orElseThrow();
        assertEquals(new String(disk, 3, 10), new String(middle));
        assertTrue(v.range(stats, scanned.identity(), disk.length - 1, 2).isEmpty(), "past the end");
        assertFalse(v.scan(root.resolve("nothing.md"), "size", Size::of).present());
        assertEquals(FileIdentity.ABSENT, v.touched().get(root.resolve("nothing.md")));
        PrintError e = assertThrows(PrintError.class, () -> v.scan(root.resolve("../../outside"), "size", Size::of));
        assertEquals(PrintError.Kind.NOT_FOLLOWABLE, e.kind());
        e = assertThrows(PrintError.class, () -> v.range(root.resolve("../../outside"), scanned.identity(), 0, 1));
        assertEquals(PrintError.Kind.NOT_FOLLOWABLE, e.kind());
    }
}
