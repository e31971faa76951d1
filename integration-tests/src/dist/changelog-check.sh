#!/usr/bin/env bash
# Whether JReleaser can write the changelog (profile dist, docs/install.md). Its git library opens only a repository's
# main working tree (not a `git worktree add` one, whose .git is a file), and it takes the repository's owner and name
# from an `origin` remote on GitHub. Where it cannot (a source tarball, a clone of a local path, a fork hosted
# elsewhere, a linked worktree) the build goes on without the changelog and says why in one line: the properties file
# then sets jreleaser.changelog.skip, which the build reads before JReleaser runs. A -D on the command line still wins.
#   changelog-check.sh <repository root> <properties file to write>
set -euo pipefail
root=$1 out=$2
reason=
if [[ ! -e $root/.git ]]; then
    reason="no git history at $root (.git)"
elif [[ ! -d $root/.git ]]; then
    reason="$root is a linked worktree (git worktree add), which JReleaser's git library cannot open"
elif ! command -v git > /dev/null; then
    reason="no git command to read the origin remote with"
elif ! origin=$(git -C "$root" remote get-url origin 2> /dev/null); then
    reason="the repository has no origin remote"
elif [[ ! $origin =~ github\.com[:/] ]]; then
    reason="origin ($origin) is not on GitHub"
fi
mkdir -p "$(dirname "$out")"
if [[ -n $reason ]]; then
    echo "dist: JReleaser's changelog skipped: $reason"
    echo "jreleaser.changelog.skip=true" > "$out"
else
    : > "$out"
fi
