package dev.dbprint.mcp.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.util.List;
import java.util.Optional;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

class HeapBoundTest {

    private static final List<String> JAR = List.of("-XX:+DisplayVMOutputToStderr", "-jar", "server.jar", "--project", "p");

    @Test
    void aJvmGivenNoHeapOptionRunsTheSameCommandWithTheLaunchersBoundFirst() {
        assertEquals(Optional.of(List.of("/jdk/bin/java", "-Xmx512m", "-XX:+DisplayVMOutputToStderr", "-jar", "server.jar",
                "--project", "p")), HeapBound.relaunch("/jdk/bin/java", JAR, List.of("-XX:+DisplayVMOutputToStderr"),
                        List.of()));
    }

    @Test
    void theLaunchersOtherOptionsFollowTheBoundBeforeTheCallersOwn() {
        assertEquals(Optional.of(List.of("java", "-Xmx512m", "-XX:TieredStopAtLevel=1", "-XX:+UseParallelGC",
                "-XX:+DisplayVMOutputToStderr", "-jar", "server.jar", "--project", "p")),
                HeapBound.relaunch("java", JAR, List.of("-XX:+DisplayVMOutputToStderr"),
                        List.of("-XX:TieredStopAtLevel=1", "-XX:+UseParallelGC")));
    }

    @ParameterizedTest
    @ValueSource(strings = {"-Xmx2g", "-XX:MaxHeapSize=1073741824", "-XX:MaxRAMPercentage=10", "-XX:MaxRAM=4g",
            "-XX:MaxRAMFraction=8"})
    void aBoundTheUserChoseIsKept(String option) {
        assertEquals(Optional.empty(), HeapBound.relaunch("/jdk/bin/java", JAR, List.of("-Dx=y", option),
                List.of("-XX:+UseParallelGC")));
    }

    @Test
    void optionsThatOnlyLookAlikeBoundNothing() {
        // the initial heap and a percentage of the initial heap leave the maximum where the JVM puts it
        assertEquals("-Xmx512m", HeapBound.relaunch("java", JAR, List.of("-Xms64m", "-XX:InitialRAMPercentage=5"),
                List.of()).orElseThrow().get(1));
    }
}
