#!/usr/bin/env bash
# Runs the Slurm example of docs/sweeps.md on a real one-node Slurm cluster
# started on this machine, and checks that the merged census equals the
# sweep run on one machine, row for row.
#
# It installs Debian's slurm-wlm and munge when they are missing, starts
# munged, slurmctld and slurmd with their key, configuration, state and logs
# in a temporary folder (nothing under /etc is read or changed), and stops
# every daemon it started when it exits, however it exits. Then, with HOME
# a folder of its own, it runs the commands of docs/sweeps.md's "Cluster"
# section, each word for word as that page (and sweep.slurm's header)
# gives it, or fails when they do not:
#
#   go build -o ~/bin/sgtab ./cmd/sgtab                # ~/bin put on the PATH
#   job=$(sbatch --parsable --array=0-7 sweep.slurm 8 sweep.yaml census)
#   merge=$(sbatch --parsable --dependency=afterok:$job --kill-on-invalid-dep=no --wrap 'sgtab merge census')
#   scancel ${job}_5                                  # once task 5 has journalled a game
#   rerun=$(sbatch --parsable --array=5 sweep.slurm 8 sweep.yaml census)
#   scontrol update JobId=$merge Dependency=afterany:$job,afterok:$rerun
#
# and checks that task 5 stopped mid-shard, that its rerun resumed its own
# shard's journal, that the merge ran and succeeded, and (in DuckDB) that
# census/census.parquet holds the rows of `sgtab sweep sweep.yaml` run
# whole, in the same order, equal in every column but seconds.
#
# Run it as root from anywhere: examples/cluster/slurm-test.sh. A missing
# prerequisite (root, apt-get, Go, Node.js) skips the test, unless
# SGTAB_SLURM=1 is set (as .ci/run sets it), which makes it a failure.
# It takes about a minute on two CPUs (the packages' install aside).
set -euo pipefail

repo=$(cd "$(dirname "$0")/../.." && pwd)
shards=8
cancel=5 # the task cancelled mid-run and run again
script=$repo/examples/cluster/sweep.slurm # whose header gives the commands too

test_name=slurm-test test_required=SGTAB_SLURM test_doc=docs/sweeps.md
# shellcheck source=examples/testing.sh
. "$repo/examples/testing.sh"

# install_packages installs slurm-wlm and munge when their commands are
# missing, without letting the packages start their services.
install_packages() {
	local cmd missing=0
	for cmd in slurmctld slurmd sbatch squeue scontrol munged mungekey; do
		command -v "$cmd" >/dev/null || missing=1
	done
	[ "$missing" = 1 ] || return 0
	command -v apt-get >/dev/null || unmet "slurm-wlm and munge are not installed, and there is no apt-get"
	log "installing slurm-wlm and munge (apt-get)"
	local policy=/usr/sbin/policy-rc.d made_policy=0
	if [ ! -e "$policy" ]; then
		# Packages must not start their daemons: this test starts its own.
		printf '#!/bin/sh\nexit 101\n' >"$policy"
		chmod 755 "$policy"
		made_policy=1
	fi
	apt-get update -qq
	DEBIAN_FRONTEND=noninteractive apt-get install -y -qq --no-install-recommends slurm-wlm munge >/dev/null
	[ "$made_policy" = 0 ] || rm -f "$policy"
}

# check_prerequisites makes sure that what the test runs is here.
check_prerequisites() {
	[ "$(id -u)" = 0 ] || unmet "the cluster's daemons need root (run as root)"
	command -v go >/dev/null || unmet "go is not on the PATH"
	command -v node >/dev/null || unmet "node is not on the PATH (DuckDB compares the censuses)"
	install_packages
	if [ ! -d "$repo/examples/duckdb/node_modules/@duckdb/node-api" ]; then
		command -v npm >/dev/null || unmet "DuckDB is not installed and there is no npm"
		log "installing DuckDB (npm ci --prefix examples/duckdb)"
		npm ci --prefix "$repo/examples/duckdb" --no-audit --no-fund >/dev/null
	fi
}

# The daemons' process ids, and the jobs submitted, for cleanup.
munged_pid="" ctld_pid="" slurmd_pid="" jobs=()
# The array, merge and rerun jobs' ids, which the manual's commands set.
job="" merge="" rerun=""

# cleanup cancels the jobs, stops the daemons, and on failure prints their
# logs; on success it removes the temporary folder.
cleanup() {
	local rc=$? pid i
	set +e
	if [ -n "$ctld_pid" ] && [ ${#jobs[@]} -gt 0 ]; then
		scancel "${jobs[@]}" 2>/dev/null
		for ((i = 0; i < 100; i++)); do
			[ -z "$(squeue -h -o %i 2>/dev/null)" ] && break
			sleep 0.2
		done
	fi
	for pid in "$slurmd_pid" "$ctld_pid" "$munged_pid"; do
		[ -n "$pid" ] && kill "$pid" 2>/dev/null
	done
	for pid in "$slurmd_pid" "$ctld_pid" "$munged_pid"; do
		[ -n "$pid" ] && wait "$pid" 2>/dev/null
	done
	if [ "$rc" != 0 ] && [ -n "${tmp:-}" ]; then
		print_logs
		echo "slurm-test: the cluster's files are kept in $tmp" >&2
	elif [ -n "${tmp:-}" ]; then
		rm -rf "$tmp"
	fi
	exit "$rc"
}

# print_logs prints the daemons' logs and the jobs' output, after a failure.
print_logs() {
	local f
	for f in "$tmp"/log/*.log "$tmp"/work/*.log "$tmp"/work/*.out; do
		[ -f "$f" ] || continue
		printf '\n--- %s (last 40 lines)\n' "$f" >&2
		tail -n 40 "$f" >&2
	done
}

# wait_until runs a command every 0.2 s until it succeeds, and fails the
# test, saying what it waited for, after SECONDS seconds.
wait_until() {
	local what=$1 seconds=$2 i
	shift 2
	for ((i = 0; i < seconds * 5; i++)); do
		"$@" && return 0
		sleep 0.2
	done
	fail "waited ${seconds}s for $what"
}

# start_munge creates a munge key and starts munged on a socket of the
# test's own.
start_munge() {
	log "starting munged"
	mkdir -m 711 "$tmp/munge" # munged wants its socket's folder searchable by all
	mungekey --create --keyfile="$tmp/munge/munge.key"
	munged --foreground --key-file="$tmp/munge/munge.key" --socket="$tmp/munge/socket" \
		--pid-file="$tmp/munge/munged.pid" --seed-file="$tmp/munge/seed" \
		--log-file="$tmp/log/munged.log" 2>>"$tmp/log/munged-stderr.log" &
	munged_pid=$!
	wait_until "munged to answer" 20 munge_works
}

# alive fails the test when a daemon has exited.
alive() { kill -0 "$2" 2>/dev/null || fail "$1 exited (its log is below)"; }

# munge_works encodes and decodes a credential through the test's munged.
munge_works() {
	alive munged "$munged_pid"
	munge -n -S "$tmp/munge/socket" 2>/dev/null | unmunge -S "$tmp/munge/socket" >/dev/null 2>&1
}

# free_port prints a port from 20000 to 59999 on which nothing on this
# machine listens, so that the test's cluster meets no other.
free_port() {
	local port
	while :; do
		port=$((20000 + RANDOM % 40000))
		if [ "$port" != "${1:-}" ] && ! (exec 3<>"/dev/tcp/127.0.0.1/$port") 2>/dev/null; then
			echo "$port"
			return
		fi
	done
}

# write_config writes slurm.conf for a cluster of one node, this machine,
# with all its CPUs and plugins that need neither systemd nor cgroups.
write_config() {
	local host cpus mem ctld_port slurmd_port
	host=$(hostname -s)
	ctld_port=$(free_port)
	slurmd_port=$(free_port "$ctld_port")
	cpus=$(nproc)
	mem=$(awk '/^MemTotal:/ { m = int($2 / 1024 / 2); print (m > 4096 ? 4096 : m) }' /proc/meminfo)
	[ "$mem" -ge 2048 ] || fail "this machine has too little memory for a node of 2 GiB (sweep.slurm's --mem)"
	mkdir -p "$tmp/etc" "$tmp/state/ctld" "$tmp/state/d"
	cat >"$tmp/etc/slurm.conf" <<EOF
ClusterName=sgtab-test
SlurmctldHost=$host(127.0.0.1)
SlurmctldPort=$ctld_port
SlurmdPort=$slurmd_port
SlurmUser=root
SlurmdUser=root
AuthType=auth/munge
AuthInfo=socket=$tmp/munge/socket
CredType=cred/munge
StateSaveLocation=$tmp/state/ctld
SlurmdSpoolDir=$tmp/state/d
SlurmctldPidFile=$tmp/state/slurmctld.pid
SlurmdPidFile=$tmp/state/slurmd.pid
MailProg=/bin/true
ProctrackType=proctrack/linuxproc
TaskPlugin=task/none
JobAcctGatherType=jobacct_gather/none
AccountingStorageType=accounting_storage/none
JobCompType=jobcomp/none
MpiDefault=none
SchedulerType=sched/backfill
SelectType=select/cons_tres
SelectTypeParameters=CR_CPU
ReturnToService=2
MinJobAge=3600
KillWait=5
NodeName=$host NodeAddr=127.0.0.1 CPUs=$cpus RealMemory=$mem State=UNKNOWN
PartitionName=test Nodes=$host Default=YES MaxTime=INFINITE State=UP
EOF
	export SLURM_CONF="$tmp/etc/slurm.conf"
	echo "one node, $host: $cpus CPUs, ${mem} MiB; ports $ctld_port and $slurmd_port; $SLURM_CONF"
}

# start_slurm starts slurmctld and slurmd and waits until the node is idle.
start_slurm() {
	log "starting slurmctld and slurmd"
	# In the foreground (-D) with no log file configured, each logs to its
	# standard error.
	slurmctld -D -i 2>"$tmp/log/slurmctld.log" &
	ctld_pid=$!
	wait_until "slurmctld to answer" 30 ctld_answers
	slurmd -D -N "$(hostname -s)" 2>"$tmp/log/slurmd.log" &
	slurmd_pid=$!
	wait_until "the node to be idle" 60 node_idle
	sinfo
}

# ctld_answers says whether slurmctld answers a ping.
ctld_answers() {
	alive slurmctld "$ctld_pid"
	scontrol ping >/dev/null 2>&1
}

# node_idle says whether sinfo shows the node idle.
node_idle() {
	alive slurmd "$slurmd_pid"
	[ "$(sinfo -h -N -o %t 2>/dev/null)" = idle ]
}

# field prints a field (JobState, Reason, ...) of a job as scontrol shows it.
field() { scontrol show job -o "$1" 2>/dev/null | head -n 1 | grep -o "\b$2=[^ ]*" | cut -d= -f2; }

# ended says whether a job (or array task) has ended, in any state.
ended() {
	case $(field "$1" JobState) in
	COMPLETED | CANCELLED | FAILED | TIMEOUT | NODE_FAIL | OUT_OF_MEMORY | PREEMPTED | BOOT_FAIL | DEADLINE) return 0 ;;
	esac
	return 1
}

# journalled says whether task $cancel is running and has journalled a
# game (its journal's header and one line), and fails the test when the
# task ended before that.
journalled() {
	local state lines
	state=$(field "${job}_$cancel" JobState)
	case $state in
	COMPLETED | FAILED | CANCELLED | TIMEOUT) fail "task $cancel ended ($state) before it could be cancelled mid-run" ;;
	RUNNING) ;;
	*) return 1 ;;
	esac
	lines=$(wc -l <"census/shard=$cancel-of-$shards/journal.jsonl" 2>/dev/null) || return 1
	[ "$lines" -ge 2 ]
}

# submit runs the sbatch and scancel steps of the manual, in $tmp/work.
submit() {
	log "submitting the array, the merge, and cancelling task $cancel mid-run"
	step "job=\$(sbatch --parsable --array=0-$((shards - 1)) sweep.slurm $shards sweep.yaml census)" "$script"
	jobs+=("$job")
	step "merge=\$(sbatch --parsable --dependency=afterok:\$job --kill-on-invalid-dep=no --wrap 'sgtab merge census')" "$script"
	jobs+=("$merge")
	echo "job=$job merge=$merge"
	wait_until "task $cancel to run and journal a game" 120 journalled
	step "scancel \${job}_$cancel" "$script"
	wait_until "task $cancel to end" 60 ended "${job}_$cancel"
	[ "$(field "${job}_$cancel" JobState)" = CANCELLED ] || fail "task $cancel: $(field "${job}_$cancel" JobState), not CANCELLED"
	[ ! -e "census/shard=$cancel-of-$shards/census.parquet" ] || fail "task $cancel wrote its census before it was cancelled"
	echo "task $cancel cancelled with $(($(wc -l <"census/shard=$cancel-of-$shards/journal.jsonl") - 1)) games journalled"
}

# resubmit runs task $cancel again and lets the merge wait for it.
resubmit() {
	log "running task $cancel again, and the merge after it"
	step "rerun=\$(sbatch --parsable --array=$cancel sweep.slurm $shards sweep.yaml census)" "$script"
	jobs+=("$rerun")
	[ "$(field "$merge" JobState)" = PENDING ] || fail "the merge is $(field "$merge" JobState) though task $cancel was cancelled: afterok should hold it"
	echo "merge: PENDING ($(field "$merge" Reason))"
	step "scontrol update JobId=\$merge Dependency=afterany:\$job,afterok:\$rerun" "$script"
	wait_until "the merge to end" 300 ended "$merge"
}

# check_jobs checks how every job ended and what the rerun and the merge
# printed.
check_jobs() {
	log "checking the jobs"
	local i state want resumed
	for ((i = 0; i < shards; i++)); do
		state=$(field "${job}_$i" JobState)
		want=COMPLETED
		[ "$i" != "$cancel" ] || want=CANCELLED
		echo "task $i: $state"
		[ "$state" = "$want" ] || fail "task $i of the array: $state, want $want (sgtab-sweep-${job}_$i.log)"
	done
	state=$(field "${rerun}_$cancel" JobState)
	echo "rerun of task $cancel: $state"
	[ "$state" = COMPLETED ] || fail "the rerun of task $cancel: $state"
	resumed=$(grep -o 'resuming: [0-9]* of [0-9]* games done by an earlier run into [^ ]*' "sgtab-sweep-${rerun}_$cancel.log") ||
		fail "the rerun of task $cancel did not resume its journal (sgtab-sweep-${rerun}_$cancel.log)"
	echo "rerun: $resumed"
	[[ $resumed == *"into census/shard=$cancel-of-$shards" ]] || fail "the rerun resumed another folder: $resumed"
	read -r n_done total < <(echo "$resumed" | awk '{ print $2, $4 }')
	if [ "$n_done" -lt 1 ] || [ "$n_done" -ge "$total" ]; then
		fail "task $cancel was not cancelled mid-shard: $resumed"
	fi
	state=$(field "$merge" JobState)
	echo "merge: $state"
	[ "$state" = COMPLETED ] || fail "the merge: $state (slurm-$merge.out)"
	head -n 3 "slurm-$merge.out"
}

# compare runs the sweep whole on this machine and compares its census with
# the merged one in DuckDB: the same rows in the same order, every column
# equal but seconds (each game's computing time).
compare() {
	log "the same sweep on one machine, and the two censuses compared"
	show "sgtab sweep -report none -out whole sweep.yaml"
	sgtab sweep -report none -out whole sweep.yaml | head -n 3
	local sql result
	sql="
CREATE VIEW merged AS SELECT * EXCLUDE (seconds) FROM read_parquet('census/census.parquet', file_row_number = true);
CREATE VIEW whole AS SELECT * EXCLUDE (seconds) FROM read_parquet('whole/census.parquet', file_row_number = true);
SELECT (SELECT count(*) FROM merged) AS merged, (SELECT count(*) FROM whole) AS whole,
  (SELECT count(*) FROM (FROM merged EXCEPT ALL FROM whole)) AS only_merged,
  (SELECT count(*) FROM (FROM whole EXCEPT ALL FROM merged)) AS only_whole;
SELECT * FROM (FROM merged EXCEPT ALL FROM whole) ORDER BY file_row_number LIMIT 3;
SELECT * FROM (FROM whole EXCEPT ALL FROM merged) ORDER BY file_row_number LIMIT 3;"
	result=$(node "$repo/examples/duckdb/query.mjs" "$sql")
	echo "$result" | sed -n 3p
	if ! echo "$result" | sed -n 3p | grep -Eq '^\[\{"merged":"([1-9][0-9]*)","whole":"\1","only_merged":"0","only_whole":"0"\}\]$'; then
		echo "rows of the merged census not in the whole one, and the other way:" >&2
		echo "$result" | sed -n '4,5p' >&2
		fail "the merged census differs from the sweep run whole"
	fi
	echo "the merged census equals the sweep run whole, row for row"
}

# boards runs sgtab solve over a range of Cram boards as a job array of
# two tasks sharing one table of boards, and checks the table against the
# range solved whole on this machine.
boards() {
	log "Cram boards 3..4 × 3..6 as an array of two tasks sharing one table"
	local bjob state i whole
	step "bjob=\$(sbatch --parsable --array=0-1 --wrap 'sgtab solve -out boards.parquet -shards 2 cram 3..4x3..6')"
	jobs+=("$bjob")
	for ((i = 0; i < 2; i++)); do
		wait_until "task $i of the boards to end" 120 ended "${bjob}_$i"
		state=$(field "${bjob}_$i" JobState)
		echo "boards task $i: $state"
		[ "$state" = COMPLETED ] || fail "boards task $i: $state (slurm-${bjob}_$i.out)"
	done
	show "sgtab solve -out boards.parquet cram 3..4x3..6"
	sgtab solve -out boards.parquet cram 3..4x3..6 | tee boards.txt
	grep -q '^8 boards read from boards.parquet, not searched again$' boards.txt || fail "the tasks did not leave the 8 boards in boards.parquet"
	whole=$(sgtab solve cram 3..4x3..6)
	[ "$(head -n 4 boards.txt)" = "$whole" ] || fail "the boards of the array differ from the range solved whole:
$whole"
	echo "the array's boards equal the range solved whole"
}

# big_board stops the search of a Cram board with the signal a job's time
# limit sends, once it has kept a checkpoint, submits the job again, and
# checks that it resumed midway and found the board's nimber.
big_board() {
	log "a board's search stopped as by its time limit, and resumed by the same job"
	local cmd="sbatch --parsable --time=60 --wrap 'exec sgtab solve -workers 1 -checkpoint 2s -out big.parquet cram 5x9'"
	step "big=\$($cmd)"
	jobs+=("$big")
	wait_until "the search to keep a checkpoint" 120 checkpointed
	sleep 3 # and to search on a little
	step "scancel --full --signal=TERM \$big     # as the time limit does"
	wait_until "the stopped search to end" 60 ended "$big"
	grep -q 'interrupted (SIGTERM); what the search proved is kept in big.parquet.search/cram-5x9.parquet' "slurm-$big.out" ||
		fail "the stopped search did not keep its checkpoint (slurm-$big.out: $(tail -n 2 "slurm-$big.out"))"
	[ -s big.parquet.search/cram-5x9.parquet ] || fail "no checkpoint in big.parquet.search"
	echo "stopped: $(tail -n 1 "slurm-$big.out")"
	local first=$big
	step "big=\$($cmd)"
	jobs+=("$big")
	wait_until "the resumed search to end" 600 ended "$big"
	[ "$(field "$big" JobState)" = COMPLETED ] || fail "the resumed search: $(field "$big" JobState) (slurm-$big.out)"
	cat "slurm-$big.out"
	grep -q '^1 search resumed midway from big.parquet.search$' "slurm-$big.out" || fail "the search was not resumed midway"
	grep -Eq '^ +5 +1$' "slurm-$big.out" || fail "the resumed search did not find 5×9's nimber, 1"
	[ ! -e big.parquet.search ] || fail "the checkpoint was left after the board was solved"
	echo "job $first stopped, job $big resumed it: nimber 1"
}

# checkpointed says whether the job $big is running and its search has
# kept a checkpoint, and fails the test when the job ended before that.
checkpointed() {
	case $(field "$big" JobState) in
	COMPLETED | FAILED | CANCELLED | TIMEOUT) fail "the search of 5×9 ended ($(field "$big" JobState)) before it could be stopped" ;;
	RUNNING) [ -s big.parquet.search/cram-5x9.parquet ] ;;
	*) return 1 ;;
	esac
}

# build_sgtab runs the build command of the README and docs/sweeps.md with
# HOME a folder of the test's own, whose bin folder it puts on the PATH,
# keeping Go's own folders (build cache, modules, settings) where they are.
build_sgtab() {
	log "building sgtab into ~/bin, on the PATH (HOME=$tmp/home)"
	export GOCACHE GOMODCACHE GOPATH GOENV
	GOCACHE=$(go env GOCACHE) GOMODCACHE=$(go env GOMODCACHE) GOPATH=$(go env GOPATH) GOENV=$(go env GOENV)
	export HOME="$tmp/home"
	mkdir -p "$HOME/bin"
	export PATH="$HOME/bin:$PATH"
	cd "$repo"
	step 'go build -o ~/bin/sgtab ./cmd/sgtab'
	[ "$(command -v sgtab)" = "$HOME/bin/sgtab" ] || fail "sgtab on the PATH is $(command -v sgtab), not the one built"
}

main() {
	local start=$SECONDS
	check_prerequisites
	tmp=$(mktemp -d /tmp/sgtab-slurm.XXXXXX)
	chmod 755 "$tmp"
	mkdir -p "$tmp/log" "$tmp/work"
	trap cleanup EXIT
	trap 'exit 130' INT TERM
	start_munge
	write_config
	start_slurm
	build_sgtab
	cp "$script" "$repo/examples/cluster/sweep.yaml" "$tmp/work"
	cd "$tmp/work"
	local cluster=$SECONDS
	submit
	resubmit
	check_jobs
	echo "the cluster's part: $((SECONDS - cluster)) s"
	compare
	boards
	big_board
	echo
	echo "slurm-test: ok in $((SECONDS - start)) s"
}

main "$@"
