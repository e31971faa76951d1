package dev.dbprint.mcp.render.context;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.math.BigDecimal;

import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/**
 * Percentages and rates as the Markdown prints them (spec §4.1): one decimal, trailing zeros dropped, and a share strictly
 * between 0 and 1 never printed as 0% or 100%.
 */
class SharesTest {

    @ParameterizedTest
    @CsvSource({"0, 10, 0%", "1, 10, 10%", "5, 10, 50%", "10, 10, 100%", "1, 0, 0%", "3, -1, 0%", "1, 3, 33.3%",
            "2, 3, 66.7%", "1, 8, 12.5%", "1, 1000, 0.1%", "1, 100000, 0.001%", "999, 1000, 99.9%",
            "99999, 100000, 99.999%", "1, 1000000000000, 0.0000000001%", "999999999999, 1000000000000, 99.9999999999%"})
    void aPartOfAWhole(long part, long whole, String shown) {
        assertEquals(shown, Shares.percent(part, whole));
    }

    @ParameterizedTest
    @CsvSource({"0, 0%", "1, 100%", "1.0, 100%", "0.5, 50%", "0.25, 25%", "0.125, 12.5%", "0.05, 5%", "0.123456, 12.3%",
            "0.0004, 0.04%", "0.00004, 0.004%", "0.9996, 99.96%", "0.99996, 99.996%", "1E-15, 0.0000000000001%",
            // past twelve places the one significant digit is rounded up, never half-even down
            "1.4E-15, 0.0000000000002%", "1.5, 150%", "2, 200%"})
    void aShare(BigDecimal share, String shown) {
        assertEquals(shown, Shares.percent(share));
    }

    @ParameterizedTest
    @CsvSource({"0, 10, 0.0", "5, 0, 0.0", "-1, 10, 0.0", "10, 10, 1.0", "11, 10, 1.0", "1, 3, 0.333333",
            "2, 3, 0.666667", "1, 2, 0.5", "3, 6, 0.5", "1, 4, 0.25", "1, 10000000, 0.000001", "9999999, 10000000, 0.999999"})
    void aRateAsStatisticsYamlRoundsIt(long part, long whole, String rate) {
        assertEquals(rate, Shares.rate(part, whole).toPlainString());
    }
}
