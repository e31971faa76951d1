package dev.dbprint.mcp.resource;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Optional;

import dev.dbprint.mcp.config.Connections;
import dev.dbprint.mcp.config.DbprintYaml;
import dev.dbprint.mcp.config.ProjectLocator;
import dev.dbprint.mcp.config.ServedSet;
import dev.dbprint.mcp.paging.PagedReplies;
import dev.dbprint.mcp.print.store.PrintStore;
import dev.dbprint.mcp.reference.ReferenceDocuments;

/**
 * A project written into a temporary directory for the resource tests. Served: {@code alpha} (a healthy print with
 * every condition §3.3 and §8.1 name), {@code beta} (a manifest that does not parse, no diff, no reading guide) and
 * {@code reference} (an empty print under the name the empty-authority form must never collide with). {@code gamma}
 * is configured and not served.
 */
final class ResourceFixture {

    /** ddl.sql of s.orders: CRLF line ends and non-ASCII text, served byte for byte. */
    static final String ORDERS_DDL = "-- Bestellungen: größe, café ☕, 𝄞\r\nCREATE TABLE s.orders (\r\n  id integer,\r\n"
            + "  customer_id integer,\r\n  region_id integer\r\n);\r\n";

    final Path project;
    final Path alpha;
    final Path beta;
    final PrintStore store = new PrintStore();
    final Connections connections;
    final ResourceReader reader;
    final ResourceCatalog catalog;
    final TemplateCompletions completions;

    ResourceFixture(Path dir) {
        project = dir;
        write(".dbprint.yaml", """
                connections:
                  alpha:
                    auto: true
                  beta:
                    auto: true
                  reference:
                    auto: true
                  gamma:
                    adapter: postgres
                """);
        alpha = dir.resolve("prints/alpha");
        beta = dir.resolve("prints/beta");
        writeAlpha();
        write("prints/beta/manifest.yaml", "tables:\n  s.x: [unclosed\n");
        write("prints/reference/manifest.yaml", "format_version: 1\nconnection: reference\ntables: {}\n");
        connections = new Connections(ServedSet.resolve(
                DbprintYaml.read(ProjectLocator.locate(Optional.of(dir.toString()), Path.of(""))), List.of()));
        reader = new ResourceReader(store, connections, new ReferenceDocuments(Optional.empty()));
        catalog = new ResourceCatalog(store, connections, new PagedReplies());
        completions = new TemplateCompletions(store, connections);
    }

    private void writeAlpha() {
        write("prints/alpha/manifest.yaml", """
                format_version: 1
                connection: alpha
                failed_tables:
                - s.broken
                tables:
                  s.orders:
                    type: table
                    path: s/orders
                    artifacts:
                      ddl: ddl.sql
                      statistics: statistics.yaml
                      relationships: relationships.yaml
                      relationships_annotations: relationships.annotations.yaml
                  s.customers:
                    type: table
                    path: s/customers
                    artifacts:
                      ddl: ddl.sql
                      statistics: statistics.yaml
                      relationships: relationships.yaml
                      description: description.md
                  s.v:
                    type: view
                    path: s/v
                    artifacts:
                      ddl: ddl.sql
                      statistics: statistics.yaml
                  s.gone:
                    type: table
                    path: s/gone
                    artifacts:
                      ddl: ddl.sql
                      statistics: statistics.yaml
                      relationships: relationships.yaml
                  s.bad_entry: just a string
                  s.escape:
                    type: table
                    path: ../../outside
                    artifacts:
                      ddl: ddl.sql
                  s.nopath:
                    type: table
                    path: 7
                  s.sneaky:
                    type: table
                    path: s/sneaky
                    artifacts:
                      ddl: ../../../outside.sql
                """);
        write("prints/alpha/diff.yaml", """
                format_version: 1
                connection: alpha
                summary:
                  tables_modified: 2
                  relationships_changed: 2
                changes:
                - kind: column_added
                  table: s.orders
                  column: note
                - kind: relationship_added
                  source_table: s.orders
                  source_column: [customer_id]
                  target_table: s.customers
                  target_column: [id]
                  detection: inferred
                - kind: relationship_removed
                  source_table: s.orders
                  source_column: [region_id]
                  target_table: s.region
                  target_column: [id]
                """);
        write("prints/alpha/reading.md", "# Reading this print\n\nÜberall gleich.\n");
        write("prints/alpha/manifest.annotations.yaml", "format_version: 1\nnotes:\n- note: codes are ISO\n");
        write("prints/alpha/s/orders/ddl.sql", ORDERS_DDL);
        write("prints/alpha/s/orders/statistics.yaml",
                "# written by hand for the test\nformat_version: 1\ntable:   s.orders   # odd spacing kept\ncolumns: {}\n");
        write("prints/alpha/s/orders/relationships.yaml", """
                format_version: 1
                table: s.orders
                refers_to:
                - column: [customer_id]
                  target_table: s.customers
                  target_column: [id]
                  detection: inferred
                - column: [region_id]
                  target_table: s.region
                  target_column: [id]
                  detection: declared
                referenced_by: []
                """);
        write("prints/alpha/s/orders/relationships.annotations.yaml", """
                format_version: 1
                refers_to:
                - column: [customer_id]
                  target_table: s.customers
                  target_column: [id]
                  verdict: rejected
                """);
        write("prints/alpha/s/customers/ddl.sql", "CREATE TABLE s.customers (id integer);\n");
        write("prints/alpha/s/customers/statistics.yaml", "format_version: 1\ntable: s.customers\ncolumns: {}\n");
        write("prints/alpha/s/customers/relationships.yaml", """
                format_version: 1
                table: s.customers
                refers_to: []
                referenced_by:
                - column: [id]
                  referencer_table: s.orders
                  referencer_column: [customer_id]
                  detection: inferred
                """);
        writeBytes("prints/alpha/s/customers/description.md",
                new byte[]{'C', 'a', 'f', (byte) 0xE9, '\n', 'o', 'k', '\n'}); // Latin-1, not UTF-8
        write("prints/alpha/s/customers/statistics.annotations.yaml", "format_version: 1\ncolumns: {}\n");
        write("prints/alpha/s/v/ddl.sql", "CREATE VIEW s.v AS SELECT 1;\n");
        write("prints/alpha/s/v/statistics.yaml", "format_version: 1\ntable: s.v\ncatalog_only: true\n");
        write("prints/alpha/s/gone/ddl.sql", "CREATE TABLE s.gone (id integer);\n");
        write("prints/alpha/s/gone/relationships.yaml", "format_version: 1\ntable: s.gone\nrefers_to: [\n");
        write("outside.sql", "SELECT 'outside the root';\n");
    }

    String uri(String rest) {
        return "dbprint://" + rest;
    }

    Path write(String relative, String text) {
        return writeBytes(relative, text.getBytes(StandardCharsets.UTF_8));
    }

    Path writeBytes(String relative, byte[] bytes) {
        try {
            Path file = project.resolve(relative);
            Files.createDirectories(file.getParent());
            return Files.write(file, bytes);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    void delete(String relative) {
        try {
            Files.delete(project.resolve(relative));
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }
}
