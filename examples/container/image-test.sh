#!/usr/bin/env bash
# Builds the sgtab image with build.sh and runs it, each command word for
# word as docs/sweeps.md gives it (the test fails when it no longer
# does), and checks it: its config (entrypoint, user, working folder, HOME,
# labels), its one layer's files (the static binary and the data folder,
# nothing else: no shell), that a second build of the same commit gives the
# same image; that `run` writes as the image's own user on a read-only root
# into a volume at /data; and the Kubernetes manifests' pods run by podman:
# the Indexed Job's shards (sgtab sweep -shards 2 with JOB_COMPLETION_INDEX
# 0 and 1) and the merge Job, whose summary must be the sweep's run whole
# outside the image.
#
# The images and volumes go to a store of the test's own in a temporary
# folder (vfs), which is removed at the end. Where podman's defaults cannot
# start a container (this CI machine refuses podman's rlimits, and crun's
# cgroups in hybrid mode), the test runs them with a containers.conf that
# sets runc and lower rlimits, and says so.
#
# Run it as root: examples/container/image-test.sh. A missing prerequisite
# skips the test, unless SGTAB_CONTAINER=1 is set (as .ci/run sets it),
# which makes it a failure. It takes under a minute with Go's build cache
# warm (the static binary shares no compiled package with other builds).
set -euo pipefail

repo=$(cd "$(dirname "$0")/../.." && pwd)

test_name=image-test test_required=SGTAB_CONTAINER test_doc=docs/sweeps.md
# shellcheck source=examples/testing.sh
. "$repo/examples/testing.sh"

# check_prerequisites installs podman (and runc, for machines where crun
# cannot start a container) when they are missing.
check_prerequisites() {
	command -v go >/dev/null || unmet "go is not on the PATH"
	if command -v podman >/dev/null && command -v runc >/dev/null; then
		return 0
	fi
	[ "$(id -u)" = 0 ] || unmet "podman or runc is not installed, and installing needs root"
	command -v apt-get >/dev/null || unmet "podman or runc is not installed, and there is no apt-get"
	log "installing podman and runc (apt-get)"
	apt-get update -qq
	DEBIAN_FRONTEND=noninteractive apt-get install -y -qq --no-install-recommends podman runc >/dev/null
}

# use_own_store points podman at a store in $tmp, with the vfs driver,
# which needs no overlay mounts.
use_own_store() {
	cat >"$tmp/storage.conf" <<EOF
[storage]
driver = "vfs"
graphroot = "$tmp/store"
runroot = "$tmp/run"
EOF
	export CONTAINERS_STORAGE_CONF="$tmp/storage.conf"
}

# build builds the image twice, checks that both builds are the same image,
# and sets image to its name.
build() {
	log "building the image (twice: a commit builds the same image)"
	local first second t=$SECONDS
	cd "$repo"
	step examples/container/build.sh
	image=$(tail -n 1 "$tmp/step.out")
	first=$(podman image inspect --format '{{.Id}}' "$image")
	echo "built in $((SECONDS - t)) s"
	t=$SECONDS
	"$repo/examples/container/build.sh" >/dev/null 2>&1
	second=$(podman image inspect --format '{{.Id}}' "$image")
	echo "built again in $((SECONDS - t)) s"
	echo "$image: $first"
	[ "$first" = "$second" ] || fail "two builds of one commit differ: $first, then $second"
	[ "$image" = "localhost/sgtab:$version" ] || fail "the image is $image, want localhost/sgtab:$version (the manifests' name)"
}

# want fails the test when got is not want, naming what it is.
want() { [ "$2" = "$3" ] || fail "$1: got $2, want $3"; }

# check_config checks the image's entrypoint, user, working folder,
# environment and labels.
check_config() {
	log "the image's config"
	local f='{{json .Config.Entrypoint}} {{.Config.User}} {{.Config.WorkingDir}} {{json .Config.Env}} {{json .Config.Labels}}'
	podman image inspect --format "$f" "$image"
	want entrypoint "$(podman image inspect --format '{{json .Config.Entrypoint}}' "$image")" '["/sgtab"]'
	want user "$(podman image inspect --format '{{.Config.User}}' "$image")" 65532:65532
	want "working folder" "$(podman image inspect --format '{{.Config.WorkingDir}}' "$image")" /data
	podman image inspect --format '{{json .Config.Env}}' "$image" | grep -q '"HOME=/data"' || fail "HOME is not /data"
	local label
	for label in "title=sgtab" "version=$version" "source=https://github.com/sgtab/sgtab" "revision=$(git -C "$repo" rev-parse HEAD)"; do
		want "label org.opencontainers.image.${label%%=*}" \
			"$(podman image inspect --format "{{index .Config.Labels \"org.opencontainers.image.${label%%=*}\"}}" "$image" | sed 's/-dirty$//')" "${label#*=}"
	done
}

# check_layer saves the image as docs/sweeps.md's Kubernetes section does and
# checks its one layer: the binary, root's and read-only to others, and
# the data folder, the image user's; and that the binary is the static,
# stripped build of this source.
check_layer() {
	log "the image's layer"
	cd "$tmp"
	step "podman save -o sgtab.tar $image"
	local layers files
	layers=$(tar -xOf sgtab.tar manifest.json | grep -o '"Layers":\[[^]]*\]')
	[ "$(echo "$layers" | grep -o '\.tar"' | wc -l)" = 1 ] || fail "want one layer, got $layers"
	tar -xOf sgtab.tar "$(echo "$layers" | cut -d'"' -f4)" >"$tmp/layer.tar"
	files=$(tar --numeric-owner -tvf "$tmp/layer.tar" | awk '{ print $1, $2, $6 }' | sort)
	echo "$files"
	want "the layer's files" "$files" "$(printf '%s\n' '-rwxr-xr-x 0/0 sgtab' 'drwxr-xr-x 65532/65532 data/')"
	tar -xf "$tmp/layer.tar" -C "$tmp" sgtab
	local build setting
	build=$(go version -m "$tmp/sgtab" | awk '$1 == "build" { print $2 }')
	for setting in CGO_ENABLED=0 -trimpath=true; do
		echo "$build" | grep -qxF -- "$setting" || fail "the binary was not built with $setting: $build"
	done
	# -trimpath leaves -ldflags out of the build settings: -s shows as a
	# binary with no symbol table.
	go tool nm "$tmp/sgtab" >/dev/null 2>&1 && fail "the binary has a symbol table: not built with -ldflags='-s -w'"
	echo "built with CGO_ENABLED=0 -trimpath, and stripped"
}

# can_run runs the image's version command, and on failure tries again with
# a containers.conf that sets runc and lower rlimits; it fails (or skips)
# the run checks when neither starts a container.
can_run() {
	log "running the image"
	local out
	if ! out=$(podman run --rm "$image" version 2>&1); then
		echo "$out"
		echo "podman's defaults cannot start a container here: runc and lower rlimits then (CONTAINERS_CONF)"
		cat >"$tmp/containers.conf" <<EOF
[containers]
default_ulimits = ["nofile=1024:1024", "nproc=1024:1024"]
[engine]
runtime = "runc"
EOF
		export CONTAINERS_CONF="$tmp/containers.conf"
		if ! out=$(podman run --rm "$image" version 2>&1); then
			echo "$out"
			unmet "podman cannot start a container on this machine"
		fi
	fi
	step "podman run --rm $image version"
	out=$(cat "$tmp/step.out")
	[[ $out == "sgtab $version "* ]] || fail "version printed $out"
}

# run_as_pods runs the image as the Kubernetes manifests do: as its own
# user, read-only, with a volume at /data, the sweep at /config, and the
# key at /etc/sgtab/key as the Secret sgtab-key mounts it (root's, mode
# 0440, of the pod's group), named by SGTAB_KEY.
run_as_pods() {
	log "running the image as the Kubernetes pods do"
	head -c 32 /dev/urandom | od -An -tx1 | tr -d ' \n' >"$tmp/key"
	chown 0:65532 "$tmp/key"
	chmod 0440 "$tmp/key"
	local run=(podman run --rm --read-only -v sgtab:/data -v "$repo/configs/sweeps/octal-2.yaml:/config/sweep.yaml:ro"
		-v "$tmp/key:/etc/sgtab/key:ro" -e SGTAB_KEY=/etc/sgtab/key)
	step "podman volume create sgtab"
	step "podman run --rm --read-only -v sgtab:/data $image run -heaps 1000"
	step "podman run --rm --read-only -v sgtab:/data $image inspect -verify sgtab-out/kayles.parquet"
	grep 'verified:' "$tmp/step.out"
	grep -q 'signed with your key' "$tmp/step.out" || fail "kayles.parquet is not signed with the key on the volume"
	local i
	for i in 0 1; do
		show "${run[*]} -e JOB_COMPLETION_INDEX=$i $image sweep -shards 2 -workers 1 -out /data/census /config/sweep.yaml"
		"${run[@]}" -e JOB_COMPLETION_INDEX=$i "$image" sweep -shards 2 -workers 1 -report none -out /data/census /config/sweep.yaml | head -n 1
	done
	show "${run[*]} $image merge /data/census"
	"${run[@]}" "$image" merge /data/census >"$tmp/merge.txt"
	head -n 3 "$tmp/merge.txt"
	check_volume "$(podman volume inspect --format '{{.Mountpoint}}' sgtab)"
}

# check_volume checks what run and the pods wrote: files of the image's
# user, the signing key readable by it alone, and a merged census whose summary (the
# counts, the classes and their games) is the sweep's run whole outside the
# image.
check_volume() {
	local vol=$1
	want "the volume's owner" "$(stat -c %u "$vol")" 65532
	want "the key's owner and mode" "$(stat -c '%u %a' "$vol/.config/sgtab/key")" "65532 600"
	want "kayles.parquet's owner" "$(stat -c %u "$vol/sgtab-out/kayles.parquet")" 65532
	want "the census's owner" "$(stat -c %u "$vol/census/census.parquet")" 65532
	"$tmp/sgtab" sweep -out "$tmp/whole" "$repo/configs/sweeps/octal-2.yaml" >"$tmp/whole.txt"
	# The summaries but their titles and the lines naming each folder's report.
	want "the merged census's summary" "$(tail -n +2 "$tmp/merge.txt" | grep -v '^report: ')" "$(tail -n +2 "$tmp/whole.txt" | grep -v '^report: ')"
	echo "the pods' merged census has the summary of the sweep run whole"
}

main() {
	local start=$SECONDS
	check_prerequisites
	tmp=$(mktemp -d /tmp/sgtab-image.XXXXXX)
	trap 'rm -rf "$tmp"' EXIT
	use_own_store
	version=$(cd "$repo" && go run ./cmd/sgtab version | awk 'NR == 1 { print $2 }')
	build
	check_config
	check_layer
	can_run
	run_as_pods
	echo
	echo "image-test: ok in $((SECONDS - start)) s"
}

main "$@"
