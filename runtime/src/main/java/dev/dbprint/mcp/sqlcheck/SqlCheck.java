package dev.dbprint.mcp.sqlcheck;

import java.time.Instant;
import java.util.ArrayList;
import java.util.List;

import dev.dbprint.mcp.config.ServedConnection;
import dev.dbprint.mcp.error.DetailedFault;
import dev.dbprint.mcp.error.ErrorCatalog;
import dev.dbprint.mcp.freshness.ThresholdResolver;
import dev.dbprint.mcp.print.model.Manifest;
import dev.dbprint.mcp.print.store.PrintView;
import dev.dbprint.mcp.search.ColumnSearch;

/**
 * check_sql's work for one call: cut the argument into statements, read each with the SQL parser, and check each read
 * one against the print through one view. Nothing is connected to and nothing is run: the print is the only input.
 */
public final class SqlCheck {

    /** One statement's outcome: its findings (empty when the print agrees with it), or why it could not be read. */
    public record Outcome(StatementSplitter.Piece piece, List<Finding> findings, String unreadable) {
    }

    private final ColumnSearch search;
    private volatile Slot names;

    private record Slot(Manifest manifest, TableNames names) {
    }

    /** A checker asking {@code search} which tables have a column (search_columns' own walk and indexes). */
    public SqlCheck(ColumnSearch search) {
        this.search = search;
    }

    /**
     * Runs the call's work on {@link CheckThreads} under {@code budget}: a statement reached once it is spent is reported
     * as not read or not checked, and the rest of the call is still answered.
     *
     * @throws DetailedFault when the argument holds no statement, or when no statement of it can be read (the details
     *         of each, in order)
     */
    public List<Outcome> run(PrintView view, ServedConnection connection, String sql, Dialect dialect, Instant now,
            CallBudget budget) {
        return CheckThreads.run(() -> work(view, connection, sql, dialect, now, budget));
    }

    /**
     * Reads and checks one statement at a time, so only one statement's tree is held (a 10,000-term condition's is tens
     * of megabytes), and a call that runs out of time has its first statements checked. The script variables and names
     * a statement declares are declared before the next is checked.
     */
    private List<Outcome> work(PrintView view, ServedConnection connection, String sql, Dialect dialect, Instant now,
            CallBudget budget) {
        List<StatementSplitter.Piece> pieces = StatementSplitter.split(sql, dialect);
        if (pieces.isEmpty()) {
            throw new DetailedFault(ErrorCatalog.sqlNoStatement());
        }
        PrintFacts facts = null;
        List<List<String>> declared = new ArrayList<>(); // met before the print is needed
        List<Outcome> out = new ArrayList<>();
        for (StatementSplitter.Piece piece : pieces) {
            DialectText text = DialectText.of(piece, dialect);
            SqlReader.Read read = SqlReader.read(text.text(), piece.index(), text, budget);
            Finding command = read.statement() == null
                    ? Findings.unreadCommand(piece.text(), piece.absolute(1, 1))
                    : null;
            if (command != null) {
                declared.add(Findings.declared(piece.text()));
            }
            declared.add(text.variables());
            if (read.statement() == null && command == null) {
                out.add(new Outcome(piece, List.of(), read.unreadable()));
                continue;
            }
            if (facts == null) { // the print is read once a statement is understood
                facts = new PrintFacts(view, names(view.index()),
                        ThresholdResolver.of(connection.config()), search, now);
            }
            declared.forEach(facts::declare);
            declared.clear();
            out.add(command != null
                    ? new Outcome(piece, List.of(command), null)
                    : checked(facts, dialect, piece, text, read, budget));
        }
        if (facts == null) {
            throw new DetailedFault(String.join(" ", out.stream().map(Outcome::unreadable).toList()));
        }
        return out;
    }

    private static Outcome checked(PrintFacts facts, Dialect dialect, StatementSplitter.Piece piece, DialectText text,
            SqlReader.Read read, CallBudget budget) {
        try {
            return new Outcome(piece, new StatementChecker(facts, dialect, text, budget).check(read.statement()), null);
        } catch (CallBudget.Spent e) {
            return new Outcome(piece, List.of(), ErrorCatalog.sqlCheckTimedOut(piece.index(), piece.line(), piece.column()));
        } catch (StackOverflowError e) {
            // the checker recurses once per nesting level too: past CheckThreads' stack, the statement is refused whole
            return new Outcome(piece, List.of(), ErrorCatalog.sqlTooDeep(piece.index(), piece.line(), piece.column()));
        }
    }

    /** The name index of this parse of the manifest, built once per parse. */
    private TableNames names(Manifest manifest) {
        Slot slot = names;
        if (slot == null || slot.manifest() != manifest) {
            slot = new Slot(manifest, new TableNames(manifest));
            names = slot;
        }
        return slot.names();
    }
}
