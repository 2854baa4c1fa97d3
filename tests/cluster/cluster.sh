#!/usr/bin/env bash
# scripts/cluster/ as a lab runs it: the GNU parallel recipe on this machine
# (also through --sshlogin's syntax for it) and the Slurm array script with
# the variables Slurm sets (a rerun of one shard too), each merged output
# byte for byte the unsharded one; a missing shard, a task id outside 1..N, a
# missing -n refused.  Usage: cluster.sh PLANLENS
set -uo pipefail
planlens=$(cd "$(dirname "$1")" && pwd)/$(basename "$1")
top=$(cd "$(dirname "$0")/../.." && pwd)
cd "$top" || exit 1
if ! command -v parallel >/dev/null; then
  echo "SKIP: GNU parallel is not installed (scripts/deps installs it)"
  exit 77
fi
export PATH="$(dirname "$planlens"):$PATH"
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
fail=0
same() { # NAME EXPECTED ACTUAL
  if cmp -s "$2" "$3"; then echo "ok: $1"; else echo "FAIL: $1 differs from one process"; fail=1; fi
}
data=${PLANLENS_DATA_DIR:-$top/../shared/data}
if [ -f "$data/conformance/acpbench-dev/responses.jsonl" ]; then
  grade=(grade --questions "$data/conformance/acpbench-dev/dev_questions.json"
         --responses "$data/conformance/acpbench-dev/responses.jsonl" --format table)
else
  echo "SKIP (this part): $data absent, grading sample-runs/ instead"
  grade=(grade --questions sample-runs/acpbench/blocksworld.gen.json sample-runs/acpbench/ferry.gen.json
         sample-runs/acpbench/depot.gen.json --responses sample-runs/acpbench/runs/synthetic-careful.jsonl
         sample-runs/acpbench/runs/synthetic-sloppy.jsonl --format table)
fi
planlens "${grade[@]}" > "$tmp/one.txt" 2>/dev/null

# GNU parallel, 3 shards on this machine; then through --sshlogin's list (":" is
# this machine; a remote one is user@host) with 2 jobs on it and 4 shards
scripts/cluster/parallel-shards -n 3 -- "${grade[@]}" > "$tmp/par3.txt" 2>/dev/null
same "parallel-shards -n 3, grade" "$tmp/one.txt" "$tmp/par3.txt"
scripts/cluster/parallel-shards -S 2/: -n 4 -d "$tmp/parts" -- "${grade[@]}" > "$tmp/par4.txt" 2>/dev/null
same "parallel-shards -S 2/: -n 4, grade" "$tmp/one.txt" "$tmp/par4.txt"
[ "$(ls "$tmp/parts"/part-*.jsonl | wc -l)" = 4 ] || { echo "FAIL: -d keeps the 4 parts"; fail=1; }
# a shard's exit code (audit: 1 when a label is wrong, else 0) is the run's
audit=(audit --questions sample-runs/acpbench/ferry.gen.json sample-runs/acpbench/depot.gen.json --format jsonl)
planlens "${audit[@]}" > "$tmp/audit1.txt" 2>/dev/null
rc1=$?
scripts/cluster/parallel-shards -n 2 -- "${audit[@]}" > "$tmp/audit2.txt" 2>/dev/null
rc2=$?
same "parallel-shards, audit" "$tmp/audit1.txt" "$tmp/audit2.txt"
[ "$rc1" = "$rc2" ] || { echo "FAIL: audit exit $rc2 merged, $rc1 whole"; fail=1; }

# Slurm (tests/cluster/slurm.sh runs a real one): the script with the
# variables sbatch --array=1-3 sets, N given with -n
gen=(gen --domain sample-runs/ferry/domain.pddl --problem sample-runs/ferry/problem.pddl
     sample-runs/ferry/problems/ferry-l3-c2.pddl sample-runs/ferry/problems/ferry-l3-c4.pddl --style acpbench
     --tasks app,prog,reach)
planlens "${gen[@]}" > "$tmp/gen1.json" 2>/dev/null
for task in 1 2 3; do
  SLURM_ARRAY_JOB_ID=7 SLURM_ARRAY_TASK_ID=$task SLURM_ARRAY_TASK_MIN=1 SLURM_ARRAY_TASK_MAX=3 SLURM_ARRAY_TASK_COUNT=3 \
    scripts/cluster/slurm-shard.sbatch -n 3 "$tmp/slurm" "${gen[@]}" 2>/dev/null
done
planlens merge --output "$tmp/gen3.json" "$tmp"/slurm/part-*.jsonl
same "slurm-shard.sbatch array 1-3, gen --style acpbench" "$tmp/gen1.json" "$tmp/gen3.json"
# shard 2 again as sbatch --array=2 runs it (COUNT 1): shard 2 of 3, not 1 of 1
rm "$tmp/slurm/part-2.jsonl"
SLURM_ARRAY_TASK_ID=2 SLURM_ARRAY_TASK_MIN=2 SLURM_ARRAY_TASK_MAX=2 SLURM_ARRAY_TASK_COUNT=1 \
  scripts/cluster/slurm-shard.sbatch -n 3 "$tmp/slurm" "${gen[@]}" 2>/dev/null
planlens merge --output "$tmp/gen3again.json" "$tmp"/slurm/part-*.jsonl
same "slurm-shard.sbatch --array=2 rerun, gen" "$tmp/gen1.json" "$tmp/gen3again.json"
# a task that never ran: merge names it, exit 3, no output
rm "$tmp/slurm/part-2.jsonl"
msg=$(planlens merge --output "$tmp/none.json" "$tmp"/slurm/part-*.jsonl 2>&1)
rc=$?
if [ "$rc" = 3 ] && [[ $msg == *"shard 2 of 3 is missing"* ]] && [ ! -e "$tmp/none.json" ]; then
  echo "ok: a missing shard refused"; else echo "FAIL: a missing shard: exit $rc, '$msg'"; fail=1; fi
refused() { # NAME EXPECTED_MESSAGE COMMAND...: exit 2 and the message, naming the script
  local name=$1 want=$2
  shift 2
  local msg rc
  msg=$("$@" 2>&1)
  rc=$?
  if [ "$rc" = 2 ] && [[ $msg == *"$want"* ]] && [[ $msg == *slurm-shard.sbatch* ]]; then echo "ok: $name refused"; else
    echo "FAIL: $name: exit $rc, '$msg'"; fail=1; fi
}
refused "a task id outside 1..N" "array task 0 is not a shard of 1..4" \
  env SLURM_ARRAY_TASK_ID=0 scripts/cluster/slurm-shard.sbatch -n 4 "$tmp/step" "${gen[@]}"
refused "no -n" "give the number of shards, -n N" \
  env SLURM_ARRAY_TASK_ID=1 scripts/cluster/slurm-shard.sbatch "$tmp/step" "${gen[@]}"
refused "no array" "not a task of a job array" \
  env -u SLURM_ARRAY_TASK_ID scripts/cluster/slurm-shard.sbatch -n 4 "$tmp/step" "${gen[@]}"
[ ! -e "$tmp/step" ] || { echo "FAIL: a refused task made $tmp/step"; fail=1; }
exit $fail
