#!/usr/bin/env bash
# A base image for Dockerfile.jvm from Debian's own packages, for a machine that reaches Debian's mirror but no image
# registry: a minimal bookworm with openjdk-17-jre-headless, imported into podman as the image named by $1.
#   sudo apt-get install -y podman mmdebstrap
#   integration-tests/src/main/docker/debian-base.sh localhost/dbprint-mcp-base:bookworm-jre17
set -euo pipefail
image=${1:-localhost/dbprint-mcp-base:bookworm-jre17}
rootfs=$(mktemp --suffix=.tar)
trap 'rm -f "$rootfs"' EXIT
mmdebstrap --variant=apt --include=openjdk-17-jre-headless bookworm "$rootfs"
podman import --change 'ENV PATH=/usr/local/bin:/usr/bin:/bin' "$rootfs" "$image"
