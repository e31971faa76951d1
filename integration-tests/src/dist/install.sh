#!/bin/sh
# Installs the dbprint-mcp release this script came in (docs/install.md):
#   install.sh [--prefix DIR]               DIR defaults to ~/.local
#   install.sh --uninstall [--prefix DIR]   also <prefix>/lib/dbprint-mcp/uninstall.sh [--prefix DIR]
# The release goes to <prefix>/lib/dbprint-mcp/<version>/, <prefix>/lib/dbprint-mcp/current names the version in use
# and <prefix>/bin/dbprint-mcp links to its launcher through it, so a client's config says "command": "dbprint-mcp".
# A new version is copied beside the one in use, which keeps serving until the new one has answered an MCP
# initialize; only then is current switched, by a rename (atomic: a client starting at that moment gets one or the
# other). The version it replaced stays for sessions still running and goes at the next install; others go now.
# What the install made is listed in <prefix>/lib/dbprint-mcp/installed, so uninstall removes that and nothing else.
set -eu
me=$(basename "$0")
usage() {
    echo "usage: $me [--prefix DIR] | $me --uninstall [--prefix DIR]" >&2
    exit 1
}
here=$(cd "$(dirname "$0")" && pwd -P)
uninstall=
prefix=
[ "$me" = uninstall.sh ] && uninstall=yes && prefix=$(cd "$here/../.." && pwd -P)
while [ $# -gt 0 ]; do
    case $1 in
        --prefix) [ $# -ge 2 ] || usage; prefix=$2; shift 2 ;;
        --prefix=*) prefix=${1#--prefix=}; shift ;;
        --uninstall) uninstall=yes; shift ;;
        -h | --help) echo "usage: $me [--prefix DIR] | $me --uninstall [--prefix DIR]"; exit 0 ;;
        *) usage ;;
    esac
done
prefix=${prefix:-${HOME:?HOME is not set; name a --prefix}/.local}
case $prefix in /*) ;; *) prefix=$(pwd -P)/$prefix ;; esac
lib=$prefix/lib/dbprint-mcp
bin=$prefix/bin
link=$bin/dbprint-mcp
launcher=../lib/dbprint-mcp/current/dbprint-mcp # the link's target, relative so a moved prefix keeps working
say() { echo "dbprint-mcp: $*" >&2; }

if [ -n "$uninstall" ]; then
    [ -f "$lib/installed" ] || { say "nothing installed under $prefix (no $lib/installed)"; exit 1; }
    [ "$(readlink "$link" 2>/dev/null)" = "$launcher" ] && rm -f "$link"
    # the directories the first install made, deepest first, removed only when nothing else is in them
    created=$(cat "$lib/installed")
    rm -rf "$lib"
    for dir in $(printf '%s\n' "$created" | LC_ALL=C sort -r); do
        rmdir "$prefix/$dir" 2>/dev/null || true
    done
    say "uninstalled from $prefix"
    exit 0
fi

jar=$(cd "$here" && ls dbprint-mcp-[0-9]*-runner.jar 2>/dev/null) || { say "no runner jar beside $0"; exit 1; }
version=${jar#dbprint-mcp-}
version=${version%-runner.jar}
if [ -e "$link" ] && [ "$(readlink "$link" 2>/dev/null)" != "$launcher" ]; then
    say "$link exists and is not this install's link; remove it or choose another --prefix"
    exit 1
fi
# the directories this install makes, relative to the prefix, recorded once the list file can be written
made=
for dir in . bin lib lib/dbprint-mcp; do
    if [ ! -d "$prefix/$dir" ]; then
        mkdir -p "$prefix/$dir"
        made="$made$dir
"
    fi
done
[ -f "$lib/installed" ] || printf '%s' "$made" > "$lib/installed"
cp "$here/install.sh" "$lib/.uninstall.sh.$$" && mv -f "$lib/.uninstall.sh.$$" "$lib/uninstall.sh"

target=$lib/$version
previous=$(readlink "$lib/current" 2>/dev/null || true)
candidate=$target # a version already there is checked and switched to as it is
if [ ! -d "$target" ]; then
    candidate=$lib/.$version.partial
    rm -rf "$candidate"
    mkdir "$candidate"
    # cp -p keeps the files' times: the start-up cache fits the jar and runtime only as they were when recorded
    cp -pR "$here/." "$candidate/"
    chmod -R u+w "$candidate" # from a read-only copy too, so that uninstall can remove it
fi

# The new copy must answer an MCP initialize before it is switched to: a tiny project of its own, an index in a
# throwaway directory (nothing in the user's cache), stdin closed after the request so the server exits.
check=$(mktemp -d)
trap 'rm -rf "$check"' EXIT
printf 'connections:\n  install-check:\n    adapter: postgres\n' > "$check/.dbprint.yaml"
reply=$(printf '%s\n' '{"jsonrpc":"2.0","id":1,"method":"initialize","params":{"protocolVersion":"2025-06-18","capabilities":{},"clientInfo":{"name":"install.sh","version":"1"}}}' |
    DBPRINT_MCP_JAVA_OPTS="-Ddbprint.index.directory=$check/index" timeout 120 "$candidate/dbprint-mcp" --project "$check" 2> "$check/stderr") || true
case $reply in
    *'"id":1'*'"result"'* | *'"result"'*'"id":1'*) ;;
    *)
        cat "$check/stderr" >&2
        [ "$candidate" != "$target" ] && rm -rf "$candidate"
        say "$version did not answer initialize; ${previous:-nothing} stays installed"
        exit 1
        ;;
esac
[ "$candidate" = "$target" ] || mv "$candidate" "$target"
ln -s "$version" "$lib/.current.$$"
mv -T "$lib/.current.$$" "$lib/current"
[ -L "$link" ] || ln -s "$launcher" "$link"
for old in "$lib"/*/; do
    old=$(basename "$old")
    case $old in "$version" | "$previous" | current) ;; *) rm -rf "${lib:?}/$old" ;; esac
done
say "$version installed in $target; $link starts it${previous:+ (was $previous)}"
say "to try it on the sample print it brings: dbprint-mcp --project $lib/current/sample"
case :$PATH: in
    *:"$bin":*) ;;
    *) say "$bin is not on your PATH: add it (e.g. in ~/.profile: export PATH=\"$bin:\$PATH\")" ;;
esac
