package dev.dbprint.mcp.tool;

import java.time.Clock;
import java.time.Instant;
import java.time.temporal.ChronoUnit;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.TimeUnit;

import jakarta.enterprise.context.ApplicationScoped;
import jakarta.inject.Inject;

import dev.dbprint.mcp.config.ServedConnection;
import dev.dbprint.mcp.paging.PagedReplies;
import dev.dbprint.mcp.paging.Reply;
import dev.dbprint.mcp.paging.Spelling;
import dev.dbprint.mcp.print.store.PrintStore;
import dev.dbprint.mcp.print.store.PrintView;
import dev.dbprint.mcp.render.vocabulary.YamlPage;
import dev.dbprint.mcp.search.ColumnSearch;
import dev.dbprint.mcp.sqlcheck.CallBudget;
import dev.dbprint.mcp.sqlcheck.CheckReport;
import dev.dbprint.mcp.sqlcheck.Dialect;
import dev.dbprint.mcp.sqlcheck.SqlCheck;
import dev.dbprint.mcp.tool.call.McpTool;
import dev.dbprint.mcp.tool.call.ToolCall;
import dev.dbprint.mcp.tool.call.ToolResult;

/**
 * {@code check_sql}: one or more draft statements checked against the print before they are run — tables, columns,
 * joins and literals — as Markdown or a json/yaml object, paged per §4.8. It reads the print alone: no database is
 * connected to and nothing is executed. The dialect defaults to the connection's {@code adapter} in .dbprint.yaml.
 */
@ApplicationScoped
public class CheckSqlTool {

    /** The time one call may take, reading and checking all its statements, from its arrival. */
    static final long BUDGET_NANOS = TimeUnit.SECONDS.toNanos(5);

    private final PrintStore store;
    private final PagedReplies paging;
    private final SqlCheck check;
    private final Clock clock;

    @Inject
    public CheckSqlTool(PrintStore store, PagedReplies paging, ColumnSearch search) {
        this(store, paging, search, Clock.systemUTC());
    }

    /**
     * With the clock freshness is judged by, and a column search of its own whose indexes are bounded by
     * {@code searchBytes} (tests, benchmark).
     */
    public CheckSqlTool(PrintStore store, PagedReplies paging, long searchBytes, Clock clock) {
        this(store, paging, new ColumnSearch(searchBytes), clock);
    }

    private CheckSqlTool(PrintStore store, PagedReplies paging, ColumnSearch search, Clock clock) {
        this.store = store;
        this.paging = paging;
        this.check = new SqlCheck(search);
        this.clock = clock;
    }

    @McpTool(value = "check_sql", foldCase = {"format", "dialect"})
    public ToolResult call(ToolCall call) {
        CallBudget budget = CallBudget.of(BUDGET_NANOS, call.cancelled());
        ServedConnection connection = call.connection();
        Dialect dialect = call.optionalString("dialect").flatMap(Dialect::of).orElseGet(() -> adapterOf(connection));
        String sql = call.string("sql");
        String format = call.optionalString("format").orElse("md");
        // freshness is judged at the clock's second, and a reply is kept for that second alone (as list_tables does)
        Instant now = clock.instant().truncatedTo(ChronoUnit.SECONDS);
        if ("md".equals(format)) {
            return ToolResult.ok(paging.document(call, now.toString(), () -> {
                PrintView view = store.view(connection);
                CheckReport.Markdown md = report(view, connection, sql, dialect, now, budget).markdown();
                return pinned(new PagedReplies.Document(md.sections(), md.legend()), view, budget);
            }));
        }
        Spelling spelling = "json".equals(format) ? Spelling.JSON : YamlPage.SPELLING;
        Reply page = paging.list(call, spelling, now.toString(), () -> {
            PrintView view = store.view(connection);
            return pinned(report(view, connection, sql, dialect, now, budget).object(), view, budget);
        });
        return ToolResult.of(page, spelling);
    }

    private CheckReport report(PrintView view, ServedConnection connection, String sql, Dialect dialect, Instant now,
            CallBudget budget) {
        List<SqlCheck.Outcome> outcomes = check.run(view, connection, sql, dialect, now, budget);
        return new CheckReport(connection.name(), dialect, outcomes);
    }

    /** A reply kept for the next same call, unless its budget ran out: a call given its whole time may do better. */
    private static <T> PagedReplies.Pinned<T> pinned(T reply, PrintView view, CallBudget budget) {
        return budget.spent() ? new PagedReplies.Pinned<>(reply, view.digest()) : PagedReplies.Pinned.of(reply, view);
    }

    /** The connection's adapter as a dialect; PostgreSQL's when .dbprint.yaml names none check_sql reads. */
    static Dialect adapterOf(ServedConnection connection) {
        return Optional.ofNullable(connection.config().adapter()).flatMap(Dialect::of).orElse(Dialect.POSTGRES);
    }
}
