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
     * @throws DetailedFault when the argument holds no statement, or when no statement of it can be read (the details
     *         of each, in order)
     */
    public List<Outcome> run(PrintView view, ServedConnection connection, String sql, Dialect dialect, Instant now) {
        List<StatementSplitter.Piece> pieces = StatementSplitter.split(sql, dialect);
        if (pieces.isEmpty()) {
            throw new DetailedFault(ErrorCatalog.sqlNoStatement());
        }
        List<SqlReader.Read> reads = new ArrayList<>();
        List<DialectText> texts = new ArrayList<>();
        List<Finding> commands = new ArrayList<>();
        boolean anyUnderstood = false;
        for (StatementSplitter.Piece piece : pieces) {
            DialectText text = DialectText.of(piece, dialect);
            SqlReader.Read read = SqlReader.read(text.text(), piece.index(), text);
            texts.add(text);
            Finding command = read.statement() == null
                    ? Findings.unreadCommand(piece.text(), piece.absolute(1, 1))
                    : null;
            reads.add(read);
            commands.add(command);
            anyUnderstood |= read.statement() != null || command != null;
        }
        if (!anyUnderstood) {
            throw new DetailedFault(String.join(" ", reads.stream().map(SqlReader.Read::unreadable).toList()));
        }
        PrintFacts facts = new PrintFacts(view, names(view.index()),
                new ThresholdResolver(connection.name(), connection.config().settings()), search, now);
        for (int i = 0; i < pieces.size(); i++) {
            if (commands.get(i) != null) {
                facts.declare(Findings.declared(pieces.get(i).text()));
            }
            facts.declare(texts.get(i).variables());
        }
        List<Outcome> out = new ArrayList<>();
        for (int i = 0; i < pieces.size(); i++) {
            SqlReader.Read read = reads.get(i);
            out.add(commands.get(i) != null
                    ? new Outcome(pieces.get(i), List.of(commands.get(i)), null)
                    : read.statement() == null
                            ? new Outcome(pieces.get(i), List.of(), read.unreadable())
                            : new Outcome(pieces.get(i),
                                    new StatementChecker(facts, dialect, texts.get(i),
                                            CallBudget.of(Long.MAX_VALUE / 2, () -> false))
                                            .check(read.statement()),
                                    null));
        }
        return out;
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
