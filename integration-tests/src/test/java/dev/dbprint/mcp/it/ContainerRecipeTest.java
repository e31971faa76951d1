package dev.dbprint.mcp.it;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;

import org.junit.jupiter.api.Test;

/**
 * The container recipe builds on a clean machine the same way every time: its default base is a public image named in
 * full and pinned by digest, and it runs nothing while building. The build itself runs where a registry or the offline
 * base is at hand ({@code ContainerIT}); this machine reaches no image registry, so the pull stays untested here.
 */
class ContainerRecipeTest {

    @Test
    void theDefaultBaseIsAPublicImagePinnedByDigest() {
        String base = ContainerRecipe.read().base();
        // registry host, repository path, tag for the reader, and the digest that decides
        assertTrue(base != null && base.matches("[a-z0-9.-]+\\.[a-z]+(/[a-z0-9._-]+)+:[\\w.-]+@sha256:[0-9a-f]{64}"),
                "ARG BASE=" + base);
    }

    @Test
    void buildsOnTheBaseArgumentAsANumericUserWithNoRunStep() {
        List<String> instructions = ContainerRecipe.instructions();
        assertEquals(List.of("FROM ${BASE}"), instructions.stream().filter(l -> l.startsWith("FROM ")).toList());
        assertTrue(instructions.contains("USER 65532:65532"), instructions.toString());
        assertEquals(List.of(), instructions.stream().filter(l -> l.startsWith("RUN ")).toList());
    }
}
