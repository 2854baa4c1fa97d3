#!/usr/bin/env bash
# The first problem of every domain folder of a downward-benchmarks checkout
# (github.com/aibasel/downward-benchmarks; keep it outside the repository),
# one line per folder: the folder's name, its domain file and the problem,
# separated by blanks (the checkout's paths have none).  The folders are the
# top-level ones and those of unofficial-reformulations/ (149); the first
# problem is the first .pddl file in byte order whose name has no "domain";
# its domain is found as Fast Downward's driver finds it, "-" when none is.
#
#   bench/ipc_task_list.sh DIR
set -uo pipefail
dir=${1:?usage: bench/ipc_task_list.sh DIR}

# Fast Downward's driver (driver/util.py) looks for these, in order.
domain_of() {
  local d=$1 p=$2 stem=${2%.pddl}
  for cand in domain.pddl "$stem-domain.pddl" "${p:0:3}-domain.pddl" "domain_$p" "domain-$p"; do
    [ -f "$d/$cand" ] && { echo "$d/$cand"; return; }
  done
  echo -
}

for d in "$dir"/*/ "$dir"/unofficial-reformulations/*/; do
  d=${d%/}
  [ -d "$d" ] && [ "$(basename "$d")" != unofficial-reformulations ] || continue
  problem=$(cd "$d" && ls | grep '\.pddl$' | grep -v domain | LC_ALL=C sort | head -1)
  [ -n "$problem" ] || continue
  echo "${d#"$dir"/} $(domain_of "$d" "$problem") $d/$problem"
done
