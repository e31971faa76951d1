package dev.dbprint.mcp.print.model;

import java.util.Map;

/**
 * A column's {@code inferred} block (format spec §2.2.4, §4). Every field null when absent.
 *
 * @param candidateKey true only when {@code candidate_key: true} is present
 */
public record Inferred(Map<String, Object> raw, String looksLike, Long sampled, Long matched, String looksLikeCandidate,
        Number looksLikeCandidateShare, boolean candidateKey, String candidateKeyException, String sensitivity,
        String epochUnit) {

    static Inferred of(Map<String, Object> m) {
        if (m == null) {
            return null;
        }
        return new Inferred(m, Raw.str(m, "looks_like"), Raw.lng(m, "sampled"), Raw.lng(m, "matched"),
                Raw.str(m, "looks_like_candidate"), Raw.num(m, "looks_like_candidate_share"),
                Boolean.TRUE.equals(Raw.bool(m, "candidate_key")), Raw.str(m, "candidate_key_exception"),
                Raw.str(m, "sensitivity"), Raw.str(m, "epoch_unit"));
    }
}
