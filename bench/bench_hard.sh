#!/usr/bin/env bash
# The hard tail of `planlens plan`: the hardest ferry and rover problems of the
# ACPBench-Hard test questions (acpbench/*/test.gen.json.gz), run with the
# memory bound and without it.
#
# Hardest: among the distinct (domain, problem) pairs of the domain, those
# that A* + LM-cut does not solve within 1 s CPU, the one with the largest
# initial h (ties: the most ground actions).  Each is then run
#   bounded:   --memory-limit BOUND (default 16M), no time limit: it must end
#              with "unknown: memory limit", the process's peak RSS near BOUND;
#   unbounded: --memory-limit none --time-limit SECS (default 120): how far
#              memory grows meanwhile (the state the search holds, peak RSS).
# Reports status, expansions, CPU seconds, the bytes the search held and the
# peak RSS (/usr/bin/time).
#
# Usage: bench/bench_hard.sh PATH/TO/planlens [BOUND] [SECS]
set -euo pipefail
planlens=$(realpath "${1:?usage: bench_hard.sh PATH/TO/planlens [BOUND] [SECS]}")
bound=${2:-16M}
secs=${3:-120}
data=${PLANLENS_DATA_DIR:-$(cd "$(dirname "$0")/../.." && pwd)/shared/data}
if ! ls "$data"/acpbench/*/test.gen.json.gz >/dev/null 2>&1; then
  echo "SKIP: $data/acpbench/*/test.gen.json.gz absent"
  exit 0
fi
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT

# "status expansions cpu_s search_bytes peak_rss_kb" of one plan run
run() {
  local out
  out=$(/usr/bin/time -o "$tmp/rss" -f "%M" "$planlens" plan --quiet --json "$@" 2>/dev/null) || true
  jq -r --arg rss "$(tail -1 "$tmp/rss")" '[.status + (if .limit then ": " + .limit else "" end), .statistics.expansions,
    (.statistics.search_seconds * 10 | round / 10), .statistics.search_bytes, ($rss | tonumber)] | @tsv' <<<"$out"
}

for domain in ferry rover; do
  n=0
  zcat "$data"/acpbench/*/test.gen.json.gz | jq -c --arg d "$domain" \
    '.[] | select(.PDDL_domain | test("\\(domain " + $d)) | [.PDDL_domain, .PDDL_problem]' | sort -u >"$tmp/$domain.pairs"
  best="" best_key=""
  while IFS= read -r pair; do
    n=$((n + 1))
    jq -r '.[0]' <<<"$pair" >"$tmp/$domain-$n.domain.pddl"
    jq -r '.[1]' <<<"$pair" >"$tmp/$domain-$n.problem.pddl"
    key=$("$planlens" plan --quiet --json --time-limit 1 "$tmp/$domain-$n.domain.pddl" "$tmp/$domain-$n.problem.pddl" \
            2>/dev/null | jq -r 'select(.status == "unknown") | "\(.statistics.initial_h) \(.statistics.actions)"') || true
    if [ -n "$key" ] && { [ -z "$best_key" ] || [ "$(printf '%s\n%s\n' "$key" "$best_key" | sort -k1,1n -k2,2n | tail -1)" = "$key" ]; }; then
      best=$n best_key=$key
    fi
  done <"$tmp/$domain.pairs"
  name=$(grep -o '(problem [^ )]*' "$tmp/$domain-$best.problem.pddl" | cut -c10-)
  echo "$domain: $n problems; hardest: $name (initial h, ground actions: $best_key)"
  files=("$tmp/$domain-$best.domain.pddl" "$tmp/$domain-$best.problem.pddl")
  printf 'status\texpansions\tcpu_s\tsearch_bytes\tpeak_rss_kb\n'
  printf 'bounded %s:\t%s\n' "$bound" "$(run --memory-limit "$bound" "${files[@]}")"
  printf 'unbounded, %s s:\t%s\n' "$secs" "$(run --memory-limit none --time-limit "$secs" "${files[@]}")"
done
