package dev.dbprint.mcp.render.context;

import java.util.ArrayList;
import java.util.List;

import dev.dbprint.mcp.print.model.Raw;
import dev.dbprint.mcp.print.model.Statistics;
import dev.dbprint.mcp.render.vocabulary.Term;
import dev.dbprint.mcp.render.vocabulary.TermsLegend;

/**
 * The {@code ### Nulls together} part of the profile's Cardinality section (format spec §2.2.10): one line per listed
 * combination of columns NULL on the same rows, in the file's order, with its rows and their share of the rows scanned
 * — what no column's own null share says: that two columns are NULL on the same rows, or never together. A list a
 * producer cut short says how much of the scanned rows it covers; on a scoped table the heading says the combinations
 * are over the rows scanned, since a combination no scanned row holds may still occur.
 */
final class NullsTogether {

    private NullsTogether() {
    }

    /** The part's rows, heading first; empty when the file has no {@code null_patterns} block. */
    static List<String> rows(Statistics s, Long rowsScanned, TermsLegend legend) {
        Statistics.NullPatterns block = s.nullPatterns();
        List<String> rows = new ArrayList<>();
        if (block == null) {
            return rows;
        }
        rows.add(s.scoped()
                ? legend.mark("\n### Nulls together, over the rows scanned\n", Term.NULLS_TOGETHER,
                        Term.OVER_ROWS_SCANNED)
                : legend.mark("\n### Nulls together\n", Term.NULLS_TOGETHER));
        for (Statistics.NullPattern p : block.patterns()) {
            List<String> columns = p.columns();
            long count = p.count();
            String share = rowsScanned == null ? "" : " (" + Shares.percent(count, rowsScanned) + ")";
            rows.add(legend.mark("- " + (columns.isEmpty() ? "none" : String.join(", ", columns)) + ": " + count
                    + (count == 1 ? " row" : " rows") + share + "\n", Term.NULLS_TOGETHER));
        }
        Number coverage = block.coverage();
        if (coverage != null && Raw.compare(coverage, 1) < 0) {
            rows.add(legend.mark("Listed: " + Shares.percent(coverage) + " of the scanned rows; other combinations hold"
                    + " the rest\n", Term.NULLS_TOGETHER));
        }
        return rows;
    }
}
