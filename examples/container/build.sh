#!/usr/bin/env bash
# Builds the sgtab image, localhost/sgtab:VERSION (VERSION as `sgtab
# version` prints it), with podman: no daemon, and nothing downloaded. The
# static binary is compiled here first (CGO_ENABLED=0), and the Containerfile
# beside this script copies it into an image FROM scratch, from a build
# context that holds only the binary and the empty data folder. The image's
# files and creation time are stamped with the commit's time, so a commit
# builds the same image, byte for byte, each time. Prints the image's name.
#
#   examples/container/build.sh
#   podman run --rm localhost/sgtab:0.2.0 version
set -euo pipefail

# Check for podman before compiling anything.
if ! command -v podman >/dev/null; then
	echo "build.sh: podman is not installed: the image is built with podman build (Debian: apt-get install podman)" >&2
	exit 1
fi

repo=$(cd "$(dirname "$0")/../.." && pwd)
ctx=$(mktemp -d)
trap 'rm -rf "$ctx"' EXIT

(cd "$repo" && CGO_ENABLED=0 go build -trimpath -ldflags='-s -w' -o "$ctx/sgtab" ./cmd/sgtab)
mkdir "$ctx/data"
version=$("$ctx/sgtab" version | awk 'NR == 1 { print $2 }')
revision="" timestamp=""
if revision=$(git -C "$repo" rev-parse HEAD 2>/dev/null); then
	[ -z "$(git -C "$repo" status --porcelain)" ] || revision="$revision-dirty"
	timestamp=$(git -C "$repo" log -1 --format=%ct)
else
	revision=unknown
	timestamp=$(date +%s)
fi
image=localhost/sgtab:$version

podman build --pull=never --network=none --layers=false --timestamp "$timestamp" \
	--build-arg VERSION="$version" --build-arg REVISION="$revision" \
	-f "$repo/examples/container/Containerfile" -t "$image" "$ctx" >&2
echo "$image"
