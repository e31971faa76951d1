package dev.dbprint.mcp.render.context;

import java.util.ArrayList;
import java.util.List;
import java.util.Optional;

import dev.dbprint.mcp.print.model.Statistics;
import dev.dbprint.mcp.render.vocabulary.Term;
import dev.dbprint.mcp.render.vocabulary.TermsLegend;

/**
 * The profile header's {@code Grain:} line (format spec §2.2.12): each key of {@code grain.keys} as its columns and how
 * it is known — {@code (bike_id) declared unique; (frame_number) declared unique} — or, with none, how the search for
 * a measured one ended, since an empty list means three different things: the search found nothing, stopped at its
 * cap, or never ran. A statistics file with no {@code grain} block says nothing, and neither does the line.
 */
final class GrainLine {

    private GrainLine() {
    }

    static Optional<String> of(Statistics s, TermsLegend legend) {
        Statistics.Grain grain = s.grain();
        if (grain == null) {
            return Optional.empty();
        }
        List<Term> terms = new ArrayList<>(List.of(Term.GRAIN));
        List<String> keys = new ArrayList<>();
        for (Statistics.GrainKey key : grain.keys()) {
            String detection = key.detection();
            Term t = "declared".equals(detection)
                    ? Term.GRAIN_DECLARED
                    : "measured".equals(detection) ? Term.GRAIN_MEASURED : null;
            terms.add(t);
            String how = t != null ? t.label() : detection;
            keys.add("(" + String.join(", ", key.columns()) + ")" + (how == null ? "" : " " + how));
        }
        String line = "Grain: " + (keys.isEmpty() ? noKey(grain) : String.join("; ", keys)) + "\n";
        return Optional.of(legend.mark(line, terms.toArray(new Term[0])));
    }

    private static String noKey(Statistics.Grain grain) {
        Boolean exhausted = grain.searchExhausted();
        if (exhausted == null) {
            return "none declared; no search for a measured one";
        }
        return exhausted
                ? "none declared; none measured (every candidate column pair tested)"
                : "none declared; none measured (the search stopped at its cap)";
    }
}
