#!/usr/bin/env bash
# The first problem of every domain folder of a downward-benchmarks checkout
# (github.com/aibasel/downward-benchmarks; keep it outside the repository),
# planned with 10 s and 1 GiB per run, every plan checked by planlens
# validate (docs/BENCHMARKS.md, issue 40 §2).
#
#   bench/ipc_first_problems.sh DIR [PLANLENS] [SEARCH] [OUT]
#
# DIR: the checkout.  PLANLENS: the binary (default build/sat/cli/planlens).
# SEARCH: a `plan --search` name (default sat).  OUT: the per-task table
# (default ipc-first-SEARCH.tsv in the current folder): domain, problem,
# status (solved, invalid, unknown, unsolvable, error), CPU seconds (the whole
# process: parsing, grounding and search), expansions, plan length and cost.
# A run counts as solved when its plan validates.  The tasks are those
# bench/ipc_task_list.sh lists (149).  Limits: planlens's own --time-limit 10
# --memory-limit 1G (which bound the whole process), and, against a run that
# overstays them, timeout(1) at 20 s and a 2 GiB address-space ulimit.  Runs
# one task at a time, under nice.
set -uo pipefail
dir=${1:?usage: bench/ipc_first_problems.sh DIR [PLANLENS] [SEARCH] [OUT]}
planlens=${2:-build/sat/cli/planlens}
search=${3:-sat}
out=${4:-ipc-first-$search.tsv}
limit_s=10

printf 'domain\tproblem\tstatus\tseconds\texpansions\tlength\tcost\n' >"$out"
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
"$(dirname "$0")/ipc_task_list.sh" "$dir" >"$tmp/tasks"
while read -r name domain path <&3; do
  problem=$(basename "$path")
  d=$(dirname "$path")
  [ "$domain" = - ] && domain=
  status=error seconds= expansions= length= cost=
  if [ -n "$domain" ]; then
    /usr/bin/time -f '%U %S' -o "$tmp/time" bash -c 'ulimit -v 2097152; exec nice timeout -k 1 20 "$@"' _ \
      "$planlens" plan "$domain" "$d/$problem" --search "$search" --time-limit $limit_s --memory-limit 1G \
      --json >"$tmp/plan.json" 2>"$tmp/err"
    # the last line: time(1) puts "Command exited with non-zero status N" first
    seconds=$(tail -n 1 "$tmp/time" | awk '{printf "%.2f", $1 + $2}')
    read -r status expansions length cost < <(python3 - "$tmp/plan.json" "$tmp/plan.txt" <<'EOF'
import json, sys
try:
    d = json.load(open(sys.argv[1]))
except Exception:
    print("error - - -"); sys.exit()
st = d.get("statistics", {})
plan = d.get("plan") or []
open(sys.argv[2], "w").write("".join(a + "\n" for a in plan))
print(d.get("status", "error"), st.get("expansions", "-"), len(plan) if d.get("status") == "solved" else "-",
      d.get("cost", "-") if d.get("status") == "solved" else "-")
EOF
)
    if [ "$status" = solved ]; then
      "$planlens" validate "$domain" "$d/$problem" "$tmp/plan.txt" >/dev/null 2>&1 || status=invalid
    fi
    if [ "$status" = solved ] && awk -v s="$seconds" -v l=$limit_s 'BEGIN { exit !(s > l) }'; then
      status=unknown # solved, but past the limit
    fi
  fi
  printf '%s\t%s\t%s\t%s\t%s\t%s\t%s\n' "$name" "$problem" "$status" "$seconds" "$expansions" "$length" "$cost" >>"$out"
  printf '%-40s %-10s %6s s %s\n' "$name" "$status" "$seconds" "$expansions" >&2
done 3<"$tmp/tasks"

python3 - "$out" <<'EOF'
import csv, statistics, sys
rows = list(csv.DictReader(open(sys.argv[1]), delimiter="\t"))
solved = [r for r in rows if r["status"] == "solved"]
counts = {}
for r in rows:
    counts[r["status"]] = counts.get(r["status"], 0) + 1
times = [float(r["seconds"]) for r in solved]
exps = [int(r["expansions"]) for r in solved if r["expansions"].isdigit()]
print(f"tasks {len(rows)}  solved {len(solved)} (every plan validated)  "
      + "  ".join(f"{k} {v}" for k, v in sorted(counts.items()) if k != "solved"))
if solved:
    print(f"solved: median {statistics.median(times):.2f} s, max {max(times):.2f} s; "
          f"expansions median {statistics.median(exps):.0f}, max {max(exps)}")
EOF
