package dev.dbprint.mcp.shutdown;

import java.time.Duration;

import org.eclipse.microprofile.config.ConfigProvider;

/**
 * How long a clean shutdown (spec §7.3) waits for the calls in flight, on either transport: {@code quarkus.shutdown.timeout},
 * the bound Quarkus itself applies to HTTP, so one key bounds both.
 */
public final class ShutdownBound {

    /** The bound when {@code quarkus.shutdown.timeout} is not set. */
    static final Duration DEFAULT = Duration.ofSeconds(10);

    private ShutdownBound() {
    }

    public static Duration configured() {
        return ConfigProvider.getConfig().getOptionalValue("quarkus.shutdown.timeout", Duration.class).orElse(DEFAULT);
    }
}
