package dev.dbprint.mcp.paging;

import static org.junit.jupiter.api.Assertions.assertDoesNotThrow;

import org.junit.jupiter.api.Test;

/**
 * The boot's paging warm-up runs its two replies through the paging code: its caller swallows any failure (nothing
 * depends on it), so a change to the paging API that broke it would otherwise go unseen and leave first calls cold.
 */
class PagingWarmupTest {

    @Test
    void pagesItsListingAndDocumentWithoutFailing() {
        assertDoesNotThrow(PagingWarmup::run);
        assertDoesNotThrow(PagingWarmup::run, "and again, as nothing was kept");
    }
}
