package dev.dbprint.mcp.shutdown;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.concurrent.TimeUnit;

import org.junit.jupiter.api.Test;

class InFlightRequestsTest {

    private static long inMillis(long millis) {
        return System.nanoTime() + TimeUnit.MILLISECONDS.toNanos(millis);
    }

    @Test
    void heldWorkKeepsTheServerBusyUntilReleasedOnce() throws Exception {
        InFlightRequests requests = new InFlightRequests();
        Runnable first = requests.hold();
        Runnable second = requests.hold();
        assertFalse(requests.awaitIdle(inMillis(50)));
        first.run();
        first.run(); // releasing twice must not hide the other one
        assertEquals(1, requests.active());
        assertFalse(requests.awaitIdle(inMillis(50)));
        second.run();
        assertTrue(requests.awaitIdle(inMillis(50)));
    }
}
