#!/usr/bin/env bash
# Builds the release archive (profile dist, docs/install.md): a directory dbprint-mcp-<version>-linux-x86_64/ holding a
# runtime trimmed by jlink to the modules the server uses (runtime/), the runner jar, the launcher, install.sh, LICENSE,
# RUNTIME (which JDK the runtime came from) and the cache recorded for that very runtime from a stdio session
# (train.sh): an AOT cache on JDK 25+, a class-data-sharing archive on top of the runtime's own before. The runtime
# comes from the JDK 25 at $DBPRINT_DIST_JDK (default /usr/lib/jvm/temurin-25-jdk-amd64) where there is one, whose AOT
# cache starts the server fastest, else from the JDK running the build. Then packed as .tar.gz and .zip, mtimes kept:
# the JVM uses a cache only for the jar and runtime files with the times they had when it was recorded.
#   build.sh <build JDK home> <runner jar> <version> <launcher> <LICENSE> <project to train on> <output dir>
set -euo pipefail
build_jdk=$1 jar=$2 version=$3 launcher=$4 license=$5 project=$6 out=$7
here=$(cd "$(dirname "$0")" && pwd)
preferred=${DBPRINT_DIST_JDK:-/usr/lib/jvm/temurin-25-jdk-amd64}
if [[ -x $preferred/bin/jlink ]]; then
    jdk=$preferred
else
    jdk=$build_jdk
    echo "dist: no JDK with jlink at $preferred; the runtime comes from the build JDK $jdk"
fi
[[ -x $jdk/bin/jlink ]] || { echo "dist: $jdk has no jlink, so no runtime can be built from it" >&2; exit 1; }
# The modules jdeps finds the runner jar needs (jdeps --ignore-missing-deps --print-module-deps), less jdk.compiler and
# java.rmi, which only classes the server never loads refer to; java.desktop is java.beans, which SnakeYAML introspects.
modules=java.base,java.desktop,java.logging,java.management,java.naming,java.sql,jdk.unsupported
name=dbprint-mcp-$version-linux-x86_64
stage=$out/$name
rm -rf "$stage" "$out/$name.tar.gz" "$out/$name.zip"
mkdir -p "$stage"
project=$(cd "$project" && pwd -P)
java_version=$(sed -n 's/^JAVA_VERSION="\(.*\)"$/\1/p' "$jdk/release")
major=${java_version%%.*}
cache=dbprint-mcp-$version-runner-jdk$java_version
if (( major >= 25 )); then
    option=-XX:AOTCacheOutput=$cache.aot kind="an AOT cache" base= # the AOT cache holds the JDK's classes too
else
    option=-XX:ArchiveClassesAtExit=$cache.jsa kind="a class-data-sharing archive" base=--generate-cds-archive
fi
"$jdk/bin/jlink" --add-modules "$modules" --output "$stage/runtime" --strip-debug --no-man-pages --no-header-files $base
cp "$launcher" "$here/install.sh" "$stage/"
cp "$license" "$stage/LICENSE"
chmod 755 "$stage/dbprint-mcp" "$stage/install.sh"
cp "$jar" "$stage/dbprint-mcp-$version-runner.jar"
# whole even seconds, which every zip tool restores: the cache is only used for the jar with the time it was recorded
touch -d "@$(( $(date +%s) / 2 * 2 ))" "$stage/dbprint-mcp-$version-runner.jar"
# recorded under the collector and compiler the launcher starts a stdio session with: a JDK 25 AOT cache recorded under
# G1 and C2 started a tenth to a sixth slower under the launcher's parallel collector and C1 (medians of 11 and 9 runs)
(cd "$stage" && "$here/../startup/train.sh" runtime/bin/java "$option" "dbprint-mcp-$version-runner.jar" "$project" \
    -XX:TieredStopAtLevel=1 -XX:+UseParallelGC)
rm -f "$stage"/*-training.log "$stage"/*.jsa.jar # the training's log; the jar path the launcher checks only for a JDK
{
    echo "dbprint-mcp $version for Linux x86_64"
    echo "runtime: $(sed -n 's/^IMPLEMENTOR="\(.*\)"$/\1/p' "$stage/runtime/release") $java_version, trimmed by jlink"
    echo "  from $jdk to the modules $modules"
    echo "start-up cache: ${option#*=}, $kind recorded by the build from a stdio session"
} > "$stage/RUNTIME"
(cd "$out" && tar --owner=0 --group=0 --numeric-owner -czf "$name.tar.gz" "$name" && zip -qry "$name.zip" "$name")
echo "dist: $out/$name.tar.gz ($(du -m "$out/$name.tar.gz" | cut -f1) MB), $out/$name.zip; runtime $java_version"
