package dev.dbprint.mcp.sqlcheck;

import java.time.Instant;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;

import dev.dbprint.mcp.freshness.Freshness;
import dev.dbprint.mcp.freshness.ProfiledAt;
import dev.dbprint.mcp.freshness.ThresholdResolver;
import dev.dbprint.mcp.print.model.Artifact;
import dev.dbprint.mcp.print.model.Manifest;
import dev.dbprint.mcp.print.model.Relationships;
import dev.dbprint.mcp.print.model.RelationshipsAnnotations;
import dev.dbprint.mcp.print.model.Statistics;
import dev.dbprint.mcp.print.model.StatisticsAnnotations;
import dev.dbprint.mcp.print.model.TableEntry;
import dev.dbprint.mcp.print.store.PrintView;
import dev.dbprint.mcp.search.ColumnPredicates;
import dev.dbprint.mcp.search.ColumnSearch;

/**
 * What one check_sql call reads of the print, through one {@link PrintView} so every file it touches pins the reply's
 * cursor: table entries by written name, each table's statistics, annotations and relationships (read once per call),
 * and each table's freshness verdict at the call's instant, judged as list_tables judges it.
 */
final class PrintFacts {

    private final PrintView view;
    private final Manifest manifest;
    private final TableNames names;
    private final ThresholdResolver thresholds;
    private final ColumnSearch search;
    private final Instant now;
    private final Map<String, Optional<Statistics>> statistics = new HashMap<>();
    private final Map<String, Optional<StatisticsAnnotations>> statisticsAnnotations = new HashMap<>();
    private final Map<String, Optional<Relationships>> relationships = new HashMap<>();
    private final Map<String, Optional<RelationshipsAnnotations>> relationshipsAnnotations = new HashMap<>();
    private final Map<String, List<String>> having = new HashMap<>();
    /** Tables and views an earlier statement of the call creates, by each name a later one may write. */
    private final Map<String, Created> created = new HashMap<>();

    /** A table or view a statement of the call creates: its columns, or null when they cannot be told. */
    record Created(List<String> columns) {
    }

    PrintFacts(PrintView view, TableNames names, ThresholdResolver thresholds, ColumnSearch search, Instant now) {
        this.view = view;
        this.manifest = view.manifest();
        this.names = names;
        this.thresholds = thresholds;
        this.search = search;
        this.now = now;
    }

    TableNames names() {
        return names;
    }

    TableEntry table(String fqn) {
        return manifest.table(fqn);
    }

    Optional<Statistics> statistics(TableEntry t) {
        return statistics.computeIfAbsent(t.fqn(), k -> view.statistics(t));
    }

    Optional<StatisticsAnnotations> statisticsAnnotations(TableEntry t) {
        return statisticsAnnotations.computeIfAbsent(t.fqn(), k -> view.statisticsAnnotations(t));
    }

    Optional<Relationships> relationships(TableEntry t) {
        return relationships.computeIfAbsent(t.fqn(), k -> view.relationships(t));
    }

    Optional<RelationshipsAnnotations> relationshipsAnnotations(TableEntry t) {
        return relationshipsAnnotations.computeIfAbsent(t.fqn(), k -> view.relationshipsAnnotations(t));
    }

    /** Script variables an earlier statement of the call declared: a later one uses them as values. */
    private final Set<String> variables = new HashSet<>();

    void declare(List<String> names) {
        variables.addAll(names);
    }

    boolean variable(String name) {
        return variables.contains(name);
    }

    /** The table's ddl.sql, when the print has one. */
    Optional<String> ddl(TableEntry t) {
        return t.declares(Artifact.DDL) ? view.ddl(t) : Optional.empty();
    }

    /** Records a table or view the statement creates, so later statements of the call may name it. */
    void create(List<String> parts, List<String> columns) {
        Created c = new Created(columns);
        for (int i = 0; i < parts.size(); i++) {
            created.put(String.join(".", parts.subList(i, parts.size())), c);
        }
    }

    /** The table or view an earlier statement created under that name, whole or by its last parts. */
    Optional<Created> created(List<String> parts) {
        return Optional.ofNullable(created.get(String.join(".", parts)));
    }

    /**
     * The columns a view column derives from, as {@code table.column}: statistics.annotations.yaml's
     * {@code derived_from} replaces the one statistics.yaml parsed.
     */
    List<String> derivedFrom(TableEntry table, Statistics stats, String column) {
        if (table == null || stats == null) {
            return List.of();
        }
        return StatisticsAnnotations.derivedSources(
                statisticsAnnotations(table).map(x -> x.column(column)).orElse(null), stats.column(column));
    }

    /** The artifact's file as the finding cites it: its path under the connection's print directory. */
    String file(TableEntry t, Artifact artifact) {
        return t.path() + "/" + t.declaredFileName(artifact).orElse(artifact.key());
    }

    String manifestFile() {
        return PrintView.MANIFEST;
    }

    /** Every table whose statistics carry a column of that name, in code-point order (search_columns' walk). */
    List<String> tablesHaving(String column) {
        return having.computeIfAbsent(column, c -> search.run(view, ColumnPredicates.named(c)).matches().stream()
                .filter(m -> m.searched().part() == null).map(m -> m.table().fqn()).toList());
    }

    /**
     * Why list_tables would call the table stale or dormant at the call (server spec §4.2), or empty when it would not:
     * the table's FQN with its profiled_at, age and max_age_days.
     */
    Optional<String> staleness(TableEntry t) {
        Freshness.Verdict verdict = Freshness.judge(ProfiledAt.parse(t.profiledAt()), thresholds.forEntry(t), now);
        if (!verdict.outOfDate()) {
            return Optional.empty();
        }
        return Optional.of(verdict.state() == Freshness.State.DORMANT
                ? t.fqn() + " (no readable profiled_at, so list_tables cannot date it)"
                : t.fqn() + " (profiled at " + t.profiledAt() + ", " + verdict.ageDays()
                        + " days ago, past its max_age_days of " + verdict.maxAgeDays() + ")");
    }
}
