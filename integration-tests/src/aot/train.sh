#!/usr/bin/env bash
# AOT training run for the -Paot build (JDK 25, JEP 514): serves the bundled sample print over stdio for one short
# session (training.jsonl: initialize, the list methods, a few tool calls and reads), then EOF; the JVM writes the
# AOT cache at exit. Quarkus's own build-time recording stops after static init and so caches about a third of the
# classes a first call loads; this session covers the rest (Jackson, the tools, the YAML reader, the stdio loop).
#   train.sh <java> <quarkus-app dir> <project dir>
set -euo pipefail
java=$1 app=$2 project=$3
here=$(cd "$(dirname "$0")" && pwd)
cd "$app"
rm -f app.aot
"$java" -XX:AOTCacheOutput=app.aot -Xlog:aot=error -jar quarkus-run.jar --project "$project" \
    < "$here/training.jsonl" > /dev/null 2> aot-training.log
test -s app.aot || { cat aot-training.log >&2; echo "AOT training produced no app.aot" >&2; exit 1; }
echo "AOT cache recorded from a stdio session: $app/app.aot ($(wc -c < app.aot) bytes)"
