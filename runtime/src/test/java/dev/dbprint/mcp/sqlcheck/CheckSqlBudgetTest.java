package dev.dbprint.mcp.sqlcheck;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Path;
import java.util.function.BooleanSupplier;

import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import dev.dbprint.mcp.error.ErrorCatalog;
import dev.dbprint.mcp.tool.ToolHarness;
import dev.dbprint.mcp.tool.call.ToolResult;

/** check_sql's pathological inputs and its call budget, through the tool: read and checked, or stopped saying why. */
class CheckSqlBudgetTest {

    @TempDir
    Path dir;
    SampleCheck check;

    @BeforeEach
    void setUp() {
        check = SampleCheck.in(dir);
    }

    private ToolResult call(String sql, BooleanSupplier cancelled) {
        return check.call("{\"sql\": " + ToolHarness.MAPPER.valueToTree(sql) + "}", cancelled);
    }

    @Test
    void longConditionChainsAreCheckedWithoutOverflowing() {
        for (String sql : new String[]{SqlReaderTest.chain(10_000, false), SqlReaderTest.chain(3_000, true)}) {
            ToolResult r = call(sql, () -> false);
            assertFalse(r.isError(), r.text());
            assertTrue(r.text().contains("## Statement 1 (line 1, column 1)\n" + CheckReport.NO_FINDING), r.text());
        }
    }

    @Test
    void aCancelledCallReadsNothing() {
        ToolResult r = call("SELECT model FROM rental.bike;\nSELECT bike_id FROM rental.bike", () -> true);
        assertTrue(r.isError(), r.text());
        assertEquals(ErrorCatalog.sqlReadTimedOut(1, 1, 1) + " " + ErrorCatalog.sqlReadTimedOut(2, 2, 1), r.text());
    }

    @Test
    void aCallCancelledOnceCheckingBeginsChecksNoMore() {
        // the client withdraws the call the moment the checker first asks: every statement was read, none is checked
        BooleanSupplier checking = () -> StackWalker.getInstance()
                .walk(frames -> frames.anyMatch(f -> f.getClassName().equals(StatementChecker.class.getName())));
        ToolResult r = call("SELECT model FROM rental.bike;\nSELECT bike_id FROM rental.bikes", checking);
        assertFalse(r.isError(), r.text());
        assertTrue(r.text().contains("## Statement 1 (line 1, column 1)\nNot checked: "
                + ErrorCatalog.sqlCheckTimedOut(1, 1, 1)), r.text());
        assertTrue(r.text().contains("Not checked: " + ErrorCatalog.sqlCheckTimedOut(2, 2, 1)), r.text());
    }
}
