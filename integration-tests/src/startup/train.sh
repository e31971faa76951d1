#!/usr/bin/env bash
# Start-up training run: serves the bundled sample print over stdio for one short session (training.jsonl:
# initialize, the list methods, every tool, a paged reply, a cursor opened, a completion and two resource reads, so
# the first call of each kind finds its classes in the cache), then EOF; the JVM writes the archive named by the option at exit. Used by the default build (a JDK 17+ class-data-sharing archive beside the uber-jar,
# -XX:ArchiveClassesAtExit) and by -Paot (a JDK 25 AOT cache, -XX:AOTCacheOutput). A recording that stops after
# Quarkus's static init (what Quarkus's own AppCDS/AOT support does) caches only about a third of the classes a first
# call loads; this session covers the rest (Jackson, the tools, the YAML reader, the stdio loop).
#   train.sh <java> <-XX:Option=archive> <jar, spelled as it will be run> <project dir> [JVM option...]
# Runs in the current directory; the archive is only used when the jar is later named exactly as here. JVM options
# after the project (the collector and compiler the launcher will start it with) go to the recording JVM, which gets the
# launcher's heap bound too (without one the jar would run itself again with it, and record only the first JVM).
# A jar named /dev/fd/N (the release archive, ../dist/build.sh) is a descriptor the caller opened on it, and the launcher
# opens again wherever the jar is installed; it is recorded as named. A JDK 25 AOT cache is then recorded and created in
# two steps, since -XX:AOTCacheOutput creates it in a child JVM, which inherits no descriptor but the standard three.
set -euo pipefail
java=$1 option=$2 jar=$3 project=$4
shift 4
archive=${option#*=}
log=${archive%.*}-training.log
here=$(cd "$(dirname "$0")" && pwd)
case $jar in
    /dev/fd/*) ;;
    /*) jar=$(cd "$(dirname "$jar")" && pwd -P)/$(basename "$jar") ;; # as the launcher spells it
esac
rm -f "$archive"
# the session's on-disk index goes to a throwaway directory, not the builder's cache
index=$(mktemp -d)
trap 'rm -rf "$index"' EXIT
# An unrecorded session first fills that index with what the training session reads before its first search (the
# manifest, two tables' statistics): the recorded session then decodes those from the index, as a returning client's
# first calls do, and reads the rest afresh, as a new print's do, so the cache holds the classes of both ways.
sed '/"search_columns"/,$d' "$here/training.jsonl" |
    "$java" -Xmx512m "$@" -Ddbprint.index.directory="$index" -Xlog:disable -Xlog:all=error:stderr \
        -jar "$jar" --project "$project" > /dev/null 2> "$log"
if [[ $jar == /dev/fd/* && $option == -XX:AOTCacheOutput=* ]]; then
    config=$archive.config
    "$java" -XX:AOTMode=record -XX:AOTConfiguration="$config" -Xmx512m "$@" -Ddbprint.index.directory="$index" -Xlog:disable \
        -Xlog:all=error:stderr -jar "$jar" --project "$project" < "$here/training.jsonl" > /dev/null 2>> "$log"
    "$java" -XX:AOTMode=create -XX:AOTConfiguration="$config" -XX:AOTCache="$archive" -Xmx512m "$@" -Xlog:disable \
        -Xlog:all=error:stderr -jar "$jar" > /dev/null 2>> "$log"
    rm -f "$config"
else
    # A dynamic archive (JDK 17-20) keeps a method queued for compilation at the dump as queued for good (JDK-8306460,
    # fixed in JDK 21): every process started with the archive then runs it interpreted. Recorded in the interpreter,
    # nothing is queued; the archive holds the same classes.
    interpret=
    if [[ $option == -XX:ArchiveClassesAtExit=* ]]; then
        interpret=-Xint
    fi
    "$java" "$option" -Xmx512m "$@" $interpret -Ddbprint.index.directory="$index" -Xlog:disable -Xlog:all=error:stderr \
        -jar "$jar" --project "$project" < "$here/training.jsonl" > /dev/null 2>> "$log"
fi
test -s "$archive" || { cat "$log" >&2; echo "the training run produced no $archive" >&2; exit 1; }
if [[ $option == -XX:ArchiveClassesAtExit=* ]]; then
    printf '%s\n' "$jar" > "$archive.jar" # the jar it fits, which the launcher compares with the one it starts
fi
echo "recorded from a stdio session: $archive ($(wc -c < "$archive") bytes)"
