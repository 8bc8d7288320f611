# shellcheck shell=bash disable=SC2154 # test_name and test_required: set by the script that sources this
# What the examples' end-to-end tests (examples/*/*-test.sh) share: how
# they print their steps, fail, and skip. Source it after setting
# test_name (the script's, for its messages), test_required (the
# variable that, set to 1, makes a missing prerequisite a failure) and
# test_doc (the page of the manual, from the repository's root, whose
# commands the test runs).

# log prints a step of the test.
log() { printf '\n== %s\n' "$*"; }

# show prints a command as the manual gives it, before it runs.
show() { printf '$ %s\n' "$*"; }

# fail prints why the test failed and exits with status 1 (the script's
# EXIT trap, if any, cleans up).
fail() {
	printf '\n%s: FAIL: %s\n' "$test_name" "$*" >&2
	exit 1
}

# unmet skips the test for want of a prerequisite, or fails it when
# $test_required is 1, as CI sets it.
unmet() {
	if [ "${!test_required:-}" = 1 ]; then
		fail "$* ($test_required=1: the test must run)"
	fi
	echo "$test_name: skipped: $*"
	exit 0
}

# step runs a command of the manual word for word: it fails the test when
# $test_doc (or another file named after the command) does not give it,
# prints it, and runs it in this shell, so that it may set variables. What
# the command prints goes to $tmp/step.out, and its last lines are shown
# (all of it, if the command fails).
step() {
	local cmd=$1 f
	shift
	for f in "$repo/$test_doc" "$@"; do
		grep -qF -- "$cmd" "$f" || fail "${f#"$repo/"} does not give the command: $cmd"
	done
	show "$cmd"
	if ! eval "$cmd" >"$tmp/step.out" 2>&1; then
		cat "$tmp/step.out" >&2
		fail "the command failed: $cmd"
	fi
	tail -n 3 "$tmp/step.out"
}
