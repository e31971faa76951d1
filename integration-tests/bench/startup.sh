#!/usr/bin/env bash
# Start-up benchmark (not a test): the median time from process start to the first `initialize` reply on stdout, over
# RUNS runs each, side by side in one run, for
#   - the launcher target/dbprint-mcp (C1; on JDK 17 the build's class-data-sharing archive, on JDK 25 the AOT cache it
#     records in the background on its first start), and plain `java -jar`, on JDK 17 and JDK 25
#   - the launcher from a copy of target/ elsewhere (the recorded archive no longer fits the jar's path; JDK 25 records
#     an AOT cache for the copy)
#   - the -Paot build (AOT cache) on JDK 25, when integration-tests/target/quarkus-app/app.aot exists
#   - the release archive (-Pdist, docs/install.md) installed into a temporary prefix, when
#     integration-tests/target/dist/dbprint-mcp-<version>-linux-x86_64.tar.gz exists: its own runtime and AOT cache
#   - the Node peer @modelcontextprotocol/server-filesystem (pinned in bench/package.json)
# Every candidate gets the same initialize request the moment it is spawned; the clock stops when a line carrying
# `"id":1` arrives. Each candidate runs once uncounted first (page cache; the launcher on JDK 19+ creates its archive
# then, and on JDK 25+ starts recording its AOT cache, which is waited for), then runs are interleaved (1,2,...,n,1,2,...) so a noisy neighbour hurts all alike. Every stderr line that
# says warning or error is counted and the first one shown: a client logs them.
#
#   integration-tests/bench/startup.sh            build what is missing, then measure
#   integration-tests/bench/startup.sh --build    rebuild both artifacts first
#   RUNS=15 JDK17=... JDK25=... integration-tests/bench/startup.sh
set -euo pipefail
cd "$(dirname "$0")/../.."
ROOT=$PWD
RUNS=${RUNS:-9}
JDK17=${JDK17:-/usr/lib/jvm/java-17-openjdk-amd64}
JDK25=${JDK25:-/usr/lib/jvm/temurin-25-jdk-amd64}
VERSION=$(sed -n 's:.*<version>\(.*\)</version>.*:\1:p' pom.xml | head -1)
TARGET=$ROOT/integration-tests/target
UBER=$TARGET/dbprint-mcp-$VERSION-runner.jar
LAUNCHER=$TARGET/dbprint-mcp
AOT_DIR=$TARGET/quarkus-app
PROJECT=$ROOT/src/sample
NODE_PEER=$ROOT/integration-tests/bench/node_modules/.bin/mcp-server-filesystem

if [[ "${1:-}" == "--build" || ! -f "$UBER" || ! -x "$LAUNCHER" ]]; then
    echo "building the uber-jar, its launcher and CDS archive (JDK 17)…" >&2
    JAVA_HOME=$JDK17 ./mvnw -B -q package -DskipTests >&2
fi
if [[ ! -x "$NODE_PEER" ]]; then
    echo "installing the Node peer into integration-tests/bench/node_modules…" >&2
    (cd integration-tests/bench && npm ci --no-audit --no-fund --silent >&2)
fi
COPY=$(mktemp -d)
trap 'rm -rf "$COPY"' EXIT
cp -p "$LAUNCHER" "$UBER" "$TARGET"/dbprint-mcp-"$VERSION"-runner-jdk*.jsa "$COPY"/
DIST=$TARGET/dist/dbprint-mcp-$VERSION-linux-x86_64.tar.gz
if [[ -f $DIST ]]; then
    tar -xzf "$DIST" -C "$COPY" && "$COPY/dbprint-mcp-$VERSION-linux-x86_64/install.sh" --prefix "$COPY/prefix" 2>/dev/null
fi

python3 - "$RUNS" <<EOF
import glob, json, os, re, statistics, subprocess, sys, time

runs = int(sys.argv[1])
init = json.dumps({"jsonrpc": "2.0", "id": 1, "method": "initialize",
                   "params": {"protocolVersion": "2025-06-18", "capabilities": {},
                              "clientInfo": {"name": "startup-bench", "version": "1"}}}) + "\n"
def launcher(jdk, path="$LAUNCHER"):
    return ["env", f"JAVA_HOME={jdk}", path, "--project", "$PROJECT"]
candidates = [
    ("launcher, JDK 17", launcher("$JDK17"), "$ROOT"),
    ("java -jar, JDK 17", ["$JDK17/bin/java", "-jar", "$UBER", "--project", "$PROJECT"], "$ROOT"),
    ("launcher, JDK 25", launcher("$JDK25"), "$ROOT"),
    ("java -jar, JDK 25", ["$JDK25/bin/java", "-jar", "$UBER", "--project", "$PROJECT"], "$ROOT"),
    ("launcher copied, JDK 17", launcher("$JDK17", "$COPY/dbprint-mcp"), "$ROOT"),
    ("launcher copied, JDK 25", launcher("$JDK25", "$COPY/dbprint-mcp"), "$ROOT"),
]
if os.path.exists("$AOT_DIR/app.aot"):
    candidates.append(("-Paot jar + AOT cache, JDK 25", ["$JDK25/bin/java", "-XX:AOTCache=app.aot", "-jar",
                                                         "quarkus-run.jar", "--project", "$PROJECT"], "$AOT_DIR"))
if os.path.exists("$COPY/prefix/bin/dbprint-mcp"):
    candidates.append(("installed release archive", ["$COPY/prefix/bin/dbprint-mcp", "--project", "$PROJECT"], "$ROOT"))
candidates.append(("node server-filesystem", ["node", "$NODE_PEER", "$PROJECT"], "$ROOT"))
complaints = {name: [] for name, _, _ in candidates}

def once(name, cmd, cwd):
    start = time.perf_counter()
    p = subprocess.Popen(cmd, cwd=cwd, stdin=subprocess.PIPE, stdout=subprocess.PIPE, stderr=subprocess.PIPE)
    p.stdin.write(init.encode()); p.stdin.flush()
    while True:
        line = p.stdout.readline()
        if not line:
            raise SystemExit(f"{name}: closed stdout before answering initialize (exit {p.wait()}): "
                             f"{p.stderr.read().decode()}")
        if b'"id":1' in line.replace(b" ", b""):
            elapsed = time.perf_counter() - start
            break
    try:
        _, err = p.communicate(timeout=60)  # closes stdin first: EOF, a clean shutdown for all of them
    except subprocess.TimeoutExpired:
        p.kill(); _, err = p.communicate()
    complaints[name] += [l for l in err.decode().splitlines() if re.search(r"(?i)\b(warning|error)\b", l)]
    return elapsed

times = {name: [] for name, _, _ in candidates}
for name, cmd, cwd in candidates:
    once(name, cmd, cwd)  # not counted
deadline = time.time() + 600
while glob.glob("$TARGET/*.lock") + glob.glob("$COPY/*.lock") and time.time() < deadline:
    time.sleep(1)  # the caches the launchers record in the background (JDK 25; JDK 17 for the copy)
for i in range(runs):
    for name, cmd, cwd in candidates:
        times[name].append(once(name, cmd, cwd))
node = statistics.median(times[candidates[-1][0]])
print(f"median of {runs} runs, process start -> first initialize reply ({os.cpu_count()} CPUs, "
      f"load average {os.getloadavg()[0]:.1f} at the end)")
print(f"  {'candidate':32s} {'median':>8s} {'fastest':>8s}  vs node  stderr warning/error lines")
for name, _, _ in candidates:
    m = statistics.median(times[name])
    c = complaints[name]
    print(f"  {name:32s} {m*1000:6.0f} ms {min(times[name])*1000:6.0f} ms  x{m/node:5.2f}   "
          f"{len(c)}{': ' + c[0] if c else ''}")
EOF
