package dev.dbprint.mcp.transport;

import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.junit.jupiter.api.Test;

/** The Host / Origin / bind rules of spec §6.2. */
class LoopbackGuardTest {

    private static final int PORT = 8765;

    @Test
    void loopbackHostsOnTheBoundPortAreAllowed() {
        assertTrue(LoopbackGuard.hostAllowed("127.0.0.1:8765", PORT));
        assertTrue(LoopbackGuard.hostAllowed("localhost:8765", PORT));
        assertTrue(LoopbackGuard.hostAllowed("[::1]:8765", PORT));
    }

    @Test
    void hostNamesCompareCaseInsensitively() {
        assertTrue(LoopbackGuard.hostAllowed("LOCALHOST:8765", PORT));
        assertTrue(LoopbackGuard.hostAllowed("LocalHost:8765", PORT));
    }

    @Test
    void foreignMissingOrMisspelledHostsAreRefused() {
        assertFalse(LoopbackGuard.hostAllowed(null, PORT));
        assertFalse(LoopbackGuard.hostAllowed("", PORT));
        assertFalse(LoopbackGuard.hostAllowed("evil.example:8765", PORT));
        assertFalse(LoopbackGuard.hostAllowed("localhost.evil.example:8765", PORT));
        assertFalse(LoopbackGuard.hostAllowed("127.0.0.2:8765", PORT));
        assertFalse(LoopbackGuard.hostAllowed("0.0.0.0:8765", PORT));
        assertFalse(LoopbackGuard.hostAllowed("localhost.:8765", PORT), "trailing dot");
        assertFalse(LoopbackGuard.hostAllowed("::1:8765", PORT), "IPv6 without brackets");
        assertFalse(LoopbackGuard.hostAllowed("[::1]", PORT));
        assertFalse(LoopbackGuard.hostAllowed(" localhost:8765", PORT));
    }

    @Test
    void theBoundPortMustBeSpelledOut() {
        assertFalse(LoopbackGuard.hostAllowed("localhost", PORT));
        assertFalse(LoopbackGuard.hostAllowed("127.0.0.1", PORT));
        assertFalse(LoopbackGuard.hostAllowed("localhost:8766", PORT));
        assertFalse(LoopbackGuard.hostAllowed("localhost:80", PORT));
        assertFalse(LoopbackGuard.hostAllowed("localhost:08765", PORT));
        assertFalse(LoopbackGuard.hostAllowed("localhost:8765:8765", PORT));
    }

    @Test
    void absentOriginIsAllowed() {
        assertTrue(LoopbackGuard.originAllowed(null, PORT));
    }

    @Test
    void loopbackHttpOriginsOnTheBoundPortAreAllowed() {
        assertTrue(LoopbackGuard.originAllowed("http://localhost:8765", PORT));
        assertTrue(LoopbackGuard.originAllowed("http://127.0.0.1:8765", PORT));
        assertTrue(LoopbackGuard.originAllowed("http://[::1]:8765", PORT));
        assertTrue(LoopbackGuard.originAllowed("HTTP://LOCALHOST:8765", PORT));
    }

    @Test
    void otherOriginsAreRefused() {
        assertFalse(LoopbackGuard.originAllowed("", PORT));
        assertFalse(LoopbackGuard.originAllowed("null", PORT));
        assertFalse(LoopbackGuard.originAllowed("http://evil.example", PORT));
        assertFalse(LoopbackGuard.originAllowed("http://evil.example:8765", PORT));
        assertFalse(LoopbackGuard.originAllowed("https://localhost:8765", PORT));
        assertFalse(LoopbackGuard.originAllowed("http://localhost", PORT));
        assertFalse(LoopbackGuard.originAllowed("http://localhost:8766", PORT));
        assertFalse(LoopbackGuard.originAllowed("http://localhost.:8765", PORT));
        assertFalse(LoopbackGuard.originAllowed("localhost:8765", PORT));
        assertFalse(LoopbackGuard.originAllowed("ws://localhost:8765", PORT));
    }

    @Test
    void onlyLoopbackBindAddressesAreAccepted() {
        assertTrue(LoopbackGuard.isLoopbackBind("127.0.0.1"));
        assertTrue(LoopbackGuard.isLoopbackBind("::1"));
        assertTrue(LoopbackGuard.isLoopbackBind("localhost"));
        assertFalse(LoopbackGuard.isLoopbackBind(null));
        assertFalse(LoopbackGuard.isLoopbackBind(""));
        assertFalse(LoopbackGuard.isLoopbackBind("0.0.0.0"));
        assertFalse(LoopbackGuard.isLoopbackBind("::"));
        assertFalse(LoopbackGuard.isLoopbackBind("192.168.1.10"));
        assertFalse(LoopbackGuard.isLoopbackBind("localhost."));
    }
}
