package dev.dbprint.mcp.resource;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.stream.IntStream;

import org.junit.jupiter.api.Test;

/** How completion values are chosen and ranked, apart from where the candidates come from. */
class CompletionTest {

    private static final List<String> NAMES = List.of("rental.bike", "rental.customer", "rental.ride", "rental.station",
            "rental.station_daily_usage", "rental.tariff", "Ride_Log", "audit.rides");

    @Test
    void prefixMatchesComeFirstThenMatchesFurtherInEachInCandidateOrder() {
        Completion c = Completion.ranked(NAMES, "ride");
        assertEquals(List.of("Ride_Log", "rental.ride", "audit.rides"), c.values());
        assertEquals(3, c.total());
        assertFalse(c.hasMore());
    }

    @Test
    void caseIsIgnoredOnBothSides() {
        assertEquals(List.of("rental.station", "rental.station_daily_usage"),
                Completion.ranked(NAMES, "RENTAL.STAT").values());
        assertEquals(List.of("Ride_Log", "rental.ride", "audit.rides"), Completion.ranked(NAMES, "rIdE").values());
    }

    @Test
    void emptyTypedOffersEveryCandidateInOrder() {
        Completion c = Completion.ranked(NAMES, "");
        assertEquals(NAMES, c.values());
        assertEquals(NAMES.size(), c.total());
        assertFalse(c.hasMore());
    }

    @Test
    void nothingMatchingOffersNothing() {
        assertEquals(Completion.NONE, Completion.ranked(NAMES, "zzz"));
        assertEquals(Completion.NONE, Completion.ranked(List.of(), ""));
        assertEquals(Completion.NONE, Completion.ranked(List.of("ab"), "abc"), "typed longer than the candidate");
    }

    @Test
    void aWholeNameMatchesAsItsOwnPrefix() {
        assertEquals(List.of("rental.ride"), Completion.ranked(List.of("rental.ride"), "rental.ride").values());
    }

    @Test
    void aMatchAtTheLastPossiblePlaceCounts() {
        assertEquals(List.of("rental.bike"), Completion.ranked(List.of("rental.bike"), "bike").values());
        assertEquals(List.of("xy"), Completion.ranked(List.of("xy"), "y").values());
    }

    @Test
    void atMostAHundredValuesWithTheTotalAndHasMore() {
        List<String> names = IntStream.range(0, 250).mapToObj(i -> String.format("s.t%03d", i)).toList();
        Completion c = Completion.ranked(names, "s.t");
        assertEquals(names.subList(0, 100), c.values());
        assertEquals(250, c.total());
        assertTrue(c.hasMore());

        Completion exactly = Completion.ranked(names.subList(0, 100), "");
        assertEquals(100, exactly.values().size());
        assertEquals(100, exactly.total());
        assertFalse(exactly.hasMore());
    }

    @Test
    void prefixMatchesPastTheBoundStillPushMatchesFurtherInOut() {
        List<String> names = new ArrayList<>();
        IntStream.range(0, 60).forEach(i -> names.add("x.order_" + i)); // holds "order" further in
        IntStream.range(0, 70).forEach(i -> names.add("order_" + i)); // begins with it
        Completion c = Completion.ranked(names, "order");
        assertEquals(130, c.total());
        assertTrue(c.hasMore());
        assertEquals(100, c.values().size());
        assertEquals(names.subList(60, 130), c.values().subList(0, 70), "every prefix match first");
        assertEquals(names.subList(0, 30), c.values().subList(70, 100), "then the first matches further in");
    }

    @Test
    void moreThanAHundredMatchesFurtherInAreCountedButNotKept() {
        List<String> names = IntStream.range(0, 150).mapToObj(i -> "x.order_" + i).toList();
        Completion c = Completion.ranked(names, "ORDER");
        assertEquals(names.subList(0, 100), c.values());
        assertEquals(150, c.total());
        assertTrue(c.hasMore());
    }

    @Test
    void theResultIsMcpsCompletionObject() {
        Completion c = Completion.ranked(List.of("spec", "assertions"), "s");
        assertEquals(Map.of("completion", Map.of("values", List.of("spec", "assertions"), "total", 2, "hasMore", false)),
                c.result());
        assertEquals(List.of("values", "total", "hasMore"),
                new ArrayList<>(((Map<?, ?>) c.result().get("completion")).keySet()));
    }
}
