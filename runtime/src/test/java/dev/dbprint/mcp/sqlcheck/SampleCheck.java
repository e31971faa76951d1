package dev.dbprint.mcp.sqlcheck;

import java.nio.file.Path;
import java.util.function.BooleanSupplier;

import dev.dbprint.mcp.print.Fixtures;
import dev.dbprint.mcp.tool.CheckSqlTool;
import dev.dbprint.mcp.tool.ToolHarness;
import dev.dbprint.mcp.tool.call.ToolResult;

/** check_sql over a copy of the bundled sample print, its clock fixed at 2026-11-28, called the way the server calls it. */
record SampleCheck(ToolHarness harness, CheckSqlTool tool) {

    /** Copies the sample into {@code dir} and serves it. */
    static SampleCheck in(Path dir) {
        Fixtures.copyDirectory(Path.of("../src/sample"), dir);
        ToolHarness harness = new ToolHarness(dir);
        return new SampleCheck(harness, harness.checkSql("2026-11-28T00:00:00Z"));
    }

    ToolResult call(String args) {
        return harness.call(tool, args);
    }

    ToolResult call(String args, BooleanSupplier cancelled) {
        return harness.call(tool, args, cancelled);
    }
}
