#!/usr/bin/env bash
# Start-up benchmark (not a test): the median time from process start to the first `initialize` reply on stdout,
# over RUNS runs each, for
#   1. the plain uber-jar on JDK 17, `java -jar`
#   2. the same with C1 only (-XX:TieredStopAtLevel=1)
#   3. the same with the build's class-data-sharing archive (-XX:SharedArchiveFile=…-runner.jsa)
#   4. the launcher target/dbprint-mcp on JDK 17: that archive and C1 only (what the README's commands run)
#   5. the same uber-jar on JDK 25, no cache            (separates the JDK's share from the cache's)
#   6. the -Paot build (AOT cache) on JDK 25            (integration-tests/target/quarkus-app, -XX:AOTCache=app.aot)
#   7. the Node peer @modelcontextprotocol/server-filesystem, measured in the same run
# Every candidate gets the same initialize request the moment it is spawned; the clock stops when a line carrying
# `"id":1` arrives. Runs are interleaved (1,2,...,7,1,2,...) so a noisy neighbour hurts all alike.
#
#   integration-tests/bench/startup.sh            build what is missing, then measure
#   integration-tests/bench/startup.sh --build    rebuild both artifacts first
#   RUNS=15 integration-tests/bench/startup.sh
set -euo pipefail
cd "$(dirname "$0")/../.."
ROOT=$PWD
RUNS=${RUNS:-7}
JDK17=${JDK17:-/usr/lib/jvm/java-17-openjdk-amd64}
JDK25=${JDK25:-/usr/lib/jvm/temurin-25-jdk-amd64}
VERSION=$(sed -n 's:.*<version>\(.*\)</version>.*:\1:p' pom.xml | head -1)
UBER=$ROOT/integration-tests/target/dbprint-mcp-$VERSION-runner.jar
CDS=$ROOT/integration-tests/target/dbprint-mcp-$VERSION-runner.jsa
LAUNCHER=$ROOT/integration-tests/target/dbprint-mcp
AOT_DIR=$ROOT/integration-tests/target/quarkus-app
PROJECT=$ROOT/src/sample
NODE_PEER=$ROOT/integration-tests/bench/node_modules/.bin/mcp-server-filesystem

if [[ "${1:-}" == "--build" || ! -f "$UBER" || ! -f "$CDS" ]]; then
    echo "building the uber-jar and recording its CDS archive (JDK 17)…" >&2
    JAVA_HOME=$JDK17 ./mvnw -B -q package -DskipTests >&2
fi
if [[ "${1:-}" == "--build" || ! -f "$AOT_DIR/app.aot" ]]; then
    echo "building the AOT jar and recording its cache (JDK 25, -Paot)…" >&2
    JAVA_HOME=$JDK25 ./mvnw -B -q package -Paot -DskipTests >&2
fi
if [[ ! -x "$NODE_PEER" ]]; then
    echo "installing the Node peer into integration-tests/bench/node_modules…" >&2
    (cd integration-tests/bench && npm install --no-audit --no-fund --silent >&2)
fi

python3 - "$RUNS" <<EOF
import json, os, statistics, subprocess, sys, time

runs = int(sys.argv[1])
init = json.dumps({"jsonrpc": "2.0", "id": 1, "method": "initialize",
                   "params": {"protocolVersion": "2025-06-18", "capabilities": {},
                              "clientInfo": {"name": "startup-bench", "version": "1"}}}) + "\n"
candidates = [
    ("uber-jar, JDK 17", ["$JDK17/bin/java", "-jar", "$UBER", "--project", "$PROJECT"], "$ROOT"),
    ("uber-jar, C1 only, JDK 17", ["$JDK17/bin/java", "-XX:TieredStopAtLevel=1", "-jar", "$UBER",
                                   "--project", "$PROJECT"], "$ROOT"),
    ("uber-jar + CDS, JDK 17", ["$JDK17/bin/java", "-XX:SharedArchiveFile=$CDS", "-jar", "$UBER",
                                "--project", "$PROJECT"], "$ROOT"),
    ("launcher (CDS + C1), JDK 17", ["env", "JAVA_HOME=$JDK17", "$LAUNCHER", "--project", "$PROJECT"], "$ROOT"),
    ("uber-jar, JDK 25", ["$JDK25/bin/java", "-jar", "$UBER", "--project", "$PROJECT"], "$ROOT"),
    ("aot-jar + AOT cache, JDK 25", ["$JDK25/bin/java", "-XX:AOTCache=app.aot", "-jar", "quarkus-run.jar",
                                     "--project", "$PROJECT"], "$AOT_DIR"),
    ("node server-filesystem", ["node", "$NODE_PEER", "$PROJECT"], "$ROOT"),
]

def once(cmd, cwd):
    start = time.perf_counter()
    p = subprocess.Popen(cmd, cwd=cwd, stdin=subprocess.PIPE, stdout=subprocess.PIPE, stderr=subprocess.DEVNULL)
    p.stdin.write(init.encode()); p.stdin.flush()
    while True:
        line = p.stdout.readline()
        if not line:
            raise SystemExit(f"{cmd[0]} closed stdout before answering initialize (exit {p.wait()})")
        if b'"id":1' in line.replace(b" ", b""):
            elapsed = time.perf_counter() - start
            break
    p.stdin.close()  # EOF: a clean shutdown for all of them
    try:
        p.wait(timeout=20)
    except subprocess.TimeoutExpired:
        p.kill(); p.wait()
    return elapsed

times = {name: [] for name, _, _ in candidates}
once(candidates[0][1], candidates[0][2])  # warm the page cache; not counted
for i in range(runs):
    for name, cmd, cwd in candidates:
        times[name].append(once(cmd, cwd))
base = statistics.median(times[candidates[0][0]])
node = statistics.median(times[candidates[-1][0]])
print(f"median of {runs} runs, process start -> first initialize reply ({os.cpu_count()} CPUs)")
for name, _, _ in candidates:
    m = statistics.median(times[name])
    print(f"  {name:30s} {m*1000:7.0f} ms   x{m/base:4.2f} of JDK 17 uber-jar   x{m/node:4.2f} of node"
          f"   (min {min(times[name])*1000:.0f}, max {max(times[name])*1000:.0f})")
EOF
