#!/usr/bin/env bash
# Builds the release archive (profile dist, docs/install.md): a directory dbprint-mcp-<version>-linux-x86_64/ holding a
# runtime trimmed by jlink to the modules the server uses (runtime/), the runner jar, the launcher, install.sh, LICENSE,
# the sample print (sample/), RUNTIME (which JDK the runtime came from) and, from a JDK 25+, the AOT cache recorded for
# that very runtime from a stdio session (train.sh). The runtime comes from the JDK 25 at $DBPRINT_DIST_JDK (default
# /usr/lib/jvm/temurin-25-jdk-amd64) where there is one, whose AOT cache starts the server fastest, else from the JDK
# running the build. Then packed as .tar.gz and .zip, mtimes kept:
# the JVM uses a cache only for the jar and runtime files with the times they had when it was recorded.
#   build.sh <build JDK home> <runner jar> <version> <launcher> <LICENSE> <sample (bundled, trained on)> <output dir>
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
# A JDK 25 AOT cache follows the jar and runtime wherever they are installed (the JVM checks their paths relative to
# each other). An older JDK's archive of the application's classes names the jar by the path it had when recorded, so
# it could not serve an installed copy: there the runtime gets only the JDK's own class-data-sharing archive.
if (( major >= 25 )); then
    option=-XX:AOTCacheOutput=$cache.aot base= # the AOT cache holds the JDK's classes too
    cached="$cache.aot, an AOT cache recorded by the build from a stdio session"
else
    option= base=--generate-cds-archive
    cached="the JDK's own class-data-sharing archive (runtime/lib/server/classes.jsa); JDK $major cannot move an archive of the application's classes to where it is installed"
fi
"$jdk/bin/jlink" --add-modules "$modules" --output "$stage/runtime" --strip-debug --no-man-pages --no-header-files $base
cp "$launcher" "$here/install.sh" "$stage/"
cp "$license" "$stage/LICENSE"
# the sample print the README's first run serves, so that a first try needs no source checkout
cp -R "$project" "$stage/sample"
chmod 755 "$stage/dbprint-mcp" "$stage/install.sh"
cp "$jar" "$stage/dbprint-mcp-$version-runner.jar"
# whole even seconds, which every zip tool restores: the cache is only used for the jar with the time it was recorded
touch -d "@$(( $(date +%s) / 2 * 2 ))" "$stage/dbprint-mcp-$version-runner.jar"
# recorded under the collector and compiler the launcher starts a stdio session with: a JDK 25 AOT cache recorded under
# G1 and C2 started a tenth to a sixth slower under the launcher's parallel collector and C1 (medians of 11 and 9 runs)
# The jar is named through a descriptor, /dev/fd/9, which the launcher opens on the installed jar: the cache keeps the
# name the jar was recorded under, and the JVM resolves that name (relative to the working directory, when relative)
# for the location of the classes it loads from the cache. Under a name that does not resolve it asked again for each
# of those classes, an exception each time: about 2,700 at every start, 7–14% of the time to the first reply.
if [[ -n $option ]]; then
    (cd "$stage" && "$here/../startup/train.sh" runtime/bin/java "$option" /dev/fd/9 "$project" \
        -XX:TieredStopAtLevel=1 -XX:+UseParallelGC 9< "dbprint-mcp-$version-runner.jar")
    rm -f "$stage"/*-training.log
fi
{
    echo "dbprint-mcp $version for Linux x86_64"
    echo "runtime: $(sed -n 's/^IMPLEMENTOR="\(.*\)"$/\1/p' "$jdk/release") $java_version, trimmed by jlink"
    echo "  from $jdk to the modules $modules"
    echo "start-up cache: $cached"
} > "$stage/RUNTIME"
(cd "$out" && tar --owner=0 --group=0 --numeric-owner -czf "$name.tar.gz" "$name" && zip -qry "$name.zip" "$name")
echo "dist: $out/$name.tar.gz ($(du -m "$out/$name.tar.gz" | cut -f1) MB), $out/$name.zip; runtime $java_version"
