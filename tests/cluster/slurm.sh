#!/usr/bin/env bash
# The Slurm recipe of docs/CLUSTER.md on a real single-node Slurm: Debian's
# slurm-wlm (slurmctld, slurmd) and munge, every file of theirs (slurm.conf,
# spool, state, logs, munge key and socket) in a temporary directory, the
# daemons in the foreground as root, killed at the end whatever happens.
#   1. the documented recipe with N = 4 (an array, then a merge job after it)
#      gives one process's output byte for byte;
#   2. sbatch --array=2 reruns shard 2 of 4 and replaces that part only;
#   3. a part made from a modified input is refused by the merge job (exit 3,
#      the part and the input named, no output file);
#   4. a missing part: merge names the shard;
#   5. a list (1,3) and a stepped range (2-4:2) run those shards; an id
#      outside 1..N is refused naming the user's script, not Slurm's copy.
# Without slurm-wlm and munge (scripts/deps installs them) or root: SKIP, exit
# 0, except in CI ($CI set), where that is a failure.  Usage: slurm.sh PLANLENS
set -uo pipefail
planlens=$(cd "$(dirname "$1")" && pwd)/$(basename "$1")
top=$(cd "$(dirname "$0")/../.." && pwd)
script=$top/scripts/cluster/slurm-shard.sbatch
unavailable() {
  if [ -n "${CI:-}" ]; then
    echo "FAIL: $1 (CI runs this test: scripts/deps installs slurm-wlm and munge; run as root)"
    exit 1
  fi
  echo "SKIP: $1"
  exit 0
}
for tool in slurmctld slurmd munged mungekey sbatch squeue sinfo scontrol; do
  command -v "$tool" >/dev/null || unavailable "$tool is not installed (Debian slurm-wlm, munge)"
done
[ "$(id -u)" = 0 ] || unavailable "a Slurm of our own runs its daemons as root"

tmp=$(mktemp -d /tmp/planlens-slurm.XXXXXX)
pids=()
cleanup() { # every daemon (and its children: own process groups), then the files
  local pid
  for pid in "${pids[@]}"; do kill -TERM -- "-$pid" 2>/dev/null; done
  for _ in $(seq 50); do
    local alive=0
    for pid in "${pids[@]}"; do kill -0 "$pid" 2>/dev/null && alive=1; done
    [ "$alive" = 0 ] && break
    sleep 0.1
  done
  for pid in "${pids[@]}"; do kill -KILL -- "-$pid" 2>/dev/null; done
  wait 2>/dev/null
  rm -rf "$tmp"
}
trap cleanup EXIT
trap 'exit 1' INT TERM
fail=0
ok() { echo "ok: $1"; }
bad() { echo "FAIL: $1"; fail=1; }

# --- a single-node Slurm in $tmp
chmod 755 "$tmp"
mkdir -p "$tmp/munge" "$tmp/state" "$tmp/spool" "$tmp/log" "$tmp/work/in"
chmod 700 "$tmp/munge"
mungekey -c -k "$tmp/munge/munge.key" || unavailable "mungekey cannot create a key"
host=$(hostname -s)
port=$((20000 + RANDOM % 20000))
export SLURM_CONF=$tmp/slurm.conf
cat > "$SLURM_CONF" <<EOF
ClusterName=planlens-test
SlurmctldHost=$host(127.0.0.1)
SlurmctldPort=$port
SlurmdPort=$((port + 1))
AuthType=auth/munge
CredType=cred/munge
AuthInfo=socket=$tmp/munge/munge.socket
SlurmUser=root
SlurmdUser=root
StateSaveLocation=$tmp/state
SlurmdSpoolDir=$tmp/spool
SlurmctldPidFile=$tmp/slurmctld.pid
SlurmdPidFile=$tmp/slurmd.pid
SlurmctldLogFile=$tmp/log/slurmctld.log
SlurmdLogFile=$tmp/log/slurmd.log
ProctrackType=proctrack/linuxproc
TaskPlugin=task/none
MpiDefault=none
JobAcctGatherType=jobacct_gather/none
AccountingStorageType=accounting_storage/none
SchedulerType=sched/builtin
SchedulerParameters=batch_sched_delay=0,sched_min_interval=0
SelectType=select/cons_tres
SelectTypeParameters=CR_Core
ReturnToService=2
NodeName=$host NodeAddr=127.0.0.1 CPUs=$(nproc)
PartitionName=test Nodes=ALL Default=YES MaxTime=INFINITE State=UP
EOF
start=$(date +%s%N)
daemon() { # LOG COMMAND...: in the foreground mode, in a process group of its own
  setsid "${@:2}" > "$tmp/log/$1" 2>&1 &
  pids+=("$!")
}
daemon munged.out munged -F -f --socket="$tmp/munge/munge.socket" --key-file="$tmp/munge/munge.key" \
  --pid-file="$tmp/munge/munged.pid" --log-file="$tmp/log/munged.log" --seed-file="$tmp/munge/seed"
for _ in $(seq 100); do [ -S "$tmp/munge/munge.socket" ] && break; sleep 0.05; done
daemon slurmctld.out slurmctld -D -i
daemon slurmd.out slurmd -D -N "$host"
up=0
for _ in $(seq 300); do
  if [ "$(sinfo -h -o %t 2>/dev/null)" = idle ]; then up=1; break; fi
  sleep 0.1
done
if [ "$up" = 0 ]; then
  tail -n 20 "$tmp"/log/*
  bad "Slurm did not start in 30 s (logs above)"
  exit 1
fi
echo "Slurm up in $(( ($(date +%s%N) - start) / 1000000 )) ms"

# --- the input: the conformance set, else the sample runs; copied, as step 3 changes it
data=${PLANLENS_DATA_DIR:-$top/../shared/data}
if [ -f "$data/conformance/acpbench-dev/responses.jsonl" ]; then
  cp "$data/conformance/acpbench-dev/dev_questions.json" "$tmp/work/in/questions.json"
  cp "$data/conformance/acpbench-dev/responses.jsonl" "$tmp/work/in/responses.jsonl"
else
  echo "(the conformance set is absent: grading sample-runs/ instead)"
  cat "$top"/sample-runs/acpbench/runs/synthetic-*.jsonl > "$tmp/work/in/responses.jsonl"
  cp "$top/sample-runs/acpbench/ferry.gen.json" "$tmp/work/in/questions.json"
fi
cd "$tmp/work" || exit 1
export PATH="$(dirname "$planlens"):$PATH"
grade=(grade --questions in/questions.json --responses in/responses.jsonl --format table)
planlens "${grade[@]}" > one.txt 2>/dev/null

# Waits for the jobs to leave the queue (60 s at most).
wait_jobs() {
  for _ in $(seq 600); do
    [ -z "$(squeue -h -j "$(IFS=,; echo "$*")" 2>/dev/null)" ] && return 0
    sleep 0.1
  done
  bad "jobs $* still queued after 60 s"
  squeue
  return 1
}
exit_code() { # JOBID: the job's exit code as Slurm records it
  scontrol show job -o "$1" | tr ' ' '\n' | sed -n 's/^ExitCode=\([0-9]*\):.*/\1/p'
}
fingerprint() { # the parts' inodes and digests, one line each
  for p in parts/part-*.jsonl; do echo "$p $(stat -c %i "$p") $(sha256sum < "$p" | cut -c1-64)"; done
}

# --- 1. the documented recipe, N = 4
jid=$(sbatch --parsable --array=1-4 "$script" -n 4 parts/ "${grade[@]}")
mid=$(sbatch --parsable --dependency=afterany:"$jid" --wrap "planlens merge --output table.txt parts/part-*.jsonl")
wait_jobs "$jid" "$mid"
[ "$(ls parts)" = "$(printf 'part-%d.jsonl\n' 1 2 3 4)" ] && ok "4 tasks wrote parts 1-4" || bad "parts: $(ls -a parts)"
if cmp -s one.txt table.txt; then ok "4 shards through Slurm, merged: one process's table byte for byte"; else
  bad "the merged table differs from one process's"; fi
[ "$(exit_code "$mid")" = 0 ] || bad "the merge job's exit code: $(exit_code "$mid")"

# --- 2. sbatch --array=2 reruns exactly shard 2 of 4
before=$(fingerprint)
jid=$(sbatch --parsable --array=2 "$script" -n 4 parts/ "${grade[@]}")
wait_jobs "$jid"
after=$(fingerprint)
changed=$(diff <(echo "$before") <(echo "$after") | grep '^>')
if [[ $changed == "> parts/part-2.jsonl "* ]] && [ "$(echo "$changed" | wc -l)" = 1 ]; then
  ok "--array=2 replaced part 2 only (a new file, renamed in)"; else bad "--array=2 changed: $changed"; fi
[ "$(echo "$before" | grep part-2 | cut -d' ' -f3)" = "$(echo "$after" | grep part-2 | cut -d' ' -f3)" ] &&
  ok "the rerun's part 2 is the first one's, byte for byte" || bad "the rerun's part 2 differs"
head -n 1 parts/part-2.jsonl | grep -q '"shard":\[2,4\]' && ok "the rerun is shard 2 of 4" || bad "the rerun is $(head -c 200 parts/part-2.jsonl)"
planlens merge --output again.txt parts/part-*.jsonl && cmp -s one.txt again.txt && ok "merged after the rerun: the same table" ||
  bad "merged after the rerun: differs"

# --- 3. a stale part: shard 3 again after the responses changed, merged by the documented job
cp in/responses.jsonl responses.orig
sed -i '1d' in/responses.jsonl
jid=$(sbatch --parsable --array=3 "$script" -n 4 parts/ "${grade[@]}")
wait_jobs "$jid"
mid=$(sbatch --parsable --dependency=afterany:"$jid" -o merge-stale.out \
  --wrap "planlens merge --output stale.txt parts/part-*.jsonl")
wait_jobs "$mid"
rc=$(exit_code "$mid")
msg=$(cat merge-stale.out)
if [ "$rc" = 3 ] && [[ $msg == *"parts/part-3.jsonl: input 'in/responses.jsonl' differs"* ]]; then
  ok "a part from a modified input refused (exit 3, the part and the input named)"; else
  bad "a stale part: exit $rc, '$msg'"; fi
[ ! -e stale.txt ] && ok "the refused merge wrote no file" || bad "the refused merge left stale.txt ($(wc -c < stale.txt) bytes)"

# --- 4. a missing part is named
mv parts/part-4.jsonl part-4.kept
msg=$(planlens merge --output missing.txt parts/part-*.jsonl 2>&1)
rc=$?
if [ "$rc" = 3 ] && [[ $msg == *"shard 4 of 4 is missing"* ]] && [ ! -e missing.txt ]; then
  ok "a missing part: shard 4 named, no output"; else bad "a missing part: exit $rc, '$msg'"; fi
mv part-4.kept parts/part-4.jsonl

# --- 5. a list and a stepped range run those shards; task 0 is refused, naming this script
cp responses.orig in/responses.jsonl
rm parts/part-1.jsonl parts/part-2.jsonl parts/part-3.jsonl parts/part-4.jsonl
jid=$(sbatch --parsable --array=1,3 "$script" -n 4 parts/ "${grade[@]}")
sid=$(sbatch --parsable --array=2-4:2 "$script" -n 4 parts/ "${grade[@]}")
zid=$(sbatch --parsable --array=0 "$script" -n 4 parts/ "${grade[@]}")
wait_jobs "$jid" "$sid" "$zid"
planlens merge --output lists.txt parts/part-*.jsonl && cmp -s one.txt lists.txt &&
  ok "--array=1,3 and --array=2-4:2 ran shards 1-4: one process's table" || bad "list and stepped arrays: $(ls parts)"
msg=$(cat "slurm-${zid}_0.out" 2>/dev/null)
if [[ $msg == *"$script: array task 0 is not a shard of 1..4"* ]] && [[ $msg != *slurm_script* ]]; then
  ok "task 0 refused, naming $script"; else bad "task 0: '$msg'"; fi
[ "$(exit_code "$zid")" = 2 ] || bad "task 0's exit code: $(exit_code "$zid")"
exit $fail
