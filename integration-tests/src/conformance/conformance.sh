#!/usr/bin/env bash
# Runs the official MCP conformance suite (@modelcontextprotocol/conformance) against the Streamable HTTP transport of
# the built server, serving the bundled sample print. Builds nothing: pass the runner jar, or build it first with
#   ./mvnw -B -q package -DskipTests
# usage: integration-tests/src/conformance/conformance.sh [path/to/dbprint-mcp-<version>-runner.jar]
# Exit status: 0 when every applicable scenario passes, 1 when one fails, 2 when the run itself could not start.
set -uo pipefail

ROOT="$(cd "$(dirname "${BASH_SOURCE[0]}")/../../.." && pwd)"
CONFORMANCE_VERSION=0.1.13
# scenarios a read-only tools+resources server must pass
APPLICABLE=(server-initialize ping tools-list resources-list dns-rebinding-protection)
# run and reported, never failing the script: the scenario reads a fixed test://template/{id}/data template that the
# dbprint spec (§3.1: only dbprint:// URIs) has no place for
NOT_APPLICABLE=(resources-templates-read)

JAR="${1:-}"
if [[ -z "$JAR" ]]; then
    JAR="$(ls "$ROOT"/integration-tests/target/dbprint-mcp-*-runner.jar 2>/dev/null | head -n 1)"
fi
if [[ -z "$JAR" || ! -f "$JAR" ]]; then
    echo "conformance: no runner jar (build it: ./mvnw -B -q package -DskipTests, or pass its path)" >&2
    exit 2
fi
command -v npm >/dev/null || { echo "conformance: npm is not on PATH" >&2; exit 2; }

# the suite is installed into a git-ignored directory of the checkout, once per version
TOOLS="$ROOT/.conformance"
BIN="$TOOLS/node_modules/.bin/conformance"
if [[ ! -x "$BIN" ]] || ! grep -q "\"version\": \"$CONFORMANCE_VERSION\"" \
        "$TOOLS/node_modules/@modelcontextprotocol/conformance/package.json" 2>/dev/null; then
    mkdir -p "$TOOLS"
    npm install --prefix "$TOOLS" --no-audit --no-fund --loglevel=error \
        "@modelcontextprotocol/conformance@$CONFORMANCE_VERSION" >&2 || { echo "conformance: npm install failed" >&2; exit 2; }
fi

PORT="$(node -e "const s=require('net').createServer().listen(0,'127.0.0.1',()=>{console.log(s.address().port);s.close()})")"
LOG="$(mktemp)"
java -jar "$JAR" --project "$ROOT/src/sample" --transport http --port "$PORT" 2>"$LOG" &
SERVER=$!
trap 'kill "$SERVER" 2>/dev/null; wait "$SERVER" 2>/dev/null; rm -f "$LOG"' EXIT
for _ in $(seq 1 300); do
    if node -e "require('net').connect($PORT,'127.0.0.1').on('connect',()=>process.exit(0)).on('error',()=>process.exit(1))"; then
        break
    fi
    kill -0 "$SERVER" 2>/dev/null || { echo "conformance: the server exited; its log:" >&2; cat "$LOG" >&2; exit 2; }
    sleep 0.1
done

URL="http://127.0.0.1:$PORT/mcp"
failed=0
results=()
run() {
    local scenario="$1" out
    out="$(timeout 300 "$BIN" server --url "$URL" --scenario "$scenario" 2>&1)"
    local status=$?
    printf '%s\n' "$out" | sed "s/^/  [$scenario] /" >&2
    # a scenario passes when the suite exits 0 and reports no failed check
    if [[ $status -eq 0 ]] && printf '%s\n' "$out" | grep -Eq 'Passed: [0-9]+/[0-9]+, 0 failed'; then
        echo pass
    else
        echo fail
    fi
}
for s in "${APPLICABLE[@]}"; do
    r="$(run "$s")"
    results+=("$s: $r")
    [[ "$r" == pass ]] || failed=1
done
for s in "${NOT_APPLICABLE[@]}"; do
    r="$(run "$s")"
    results+=("$s: $r (not applicable: needs a test://template/{id}/data template)")
done

echo "MCP conformance $CONFORMANCE_VERSION against $URL:"
printf '  %s\n' "${results[@]}"
exit $failed
