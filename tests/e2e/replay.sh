#!/usr/bin/env bash
# End-to-end test of the search replay at 80x24 and 140x40: plan --trace
# writes a trace, the explorer opens it from the command line and from
# teach mode (S), steps through the expansions, jumps to the first goal
# generated, to the goal taken (the plan) and to an expansion by number.
#   tests/e2e/replay.sh PATH/TO/planlens
set -u
bin=$1
root=$(cd "$(dirname "$0")/../.." && pwd)
bw=$root/sample-runs/blocksworld
sock=planlens-replay-$$
. "$(dirname "$0")/harness.sh"

cd "$work"
"$bin" plan "$bw/domain.pddl" "$bw/problem.pddl" --search astar-hmax --json --trace "$work/trace.jsonl" >plan.json
expansions=$(grep -o '"expansions":[0-9]*' plan.json | cut -d: -f2)
first=$(grep -o '"plan":\["[^"]*"' plan.json | sed 's/.*\["//; s/"$//')
last=$(grep -o '"[^"]*"\],"cost"' plan.json | sed 's/^"//; s/"\],"cost"//')
[ -n "$expansions" ] && [ "$(grep -c '"n":' trace.jsonl)" = "$expansions" ] && echo "ok: one record per expansion ($expansions)" \
  || { echo "FAIL: the trace's records do not match statistics.expansions ($expansions)"; failures=$((failures + 1)); }

for size in "80 24" "140 40"; do
  set -- $size
  session "$1" "$2" "env LANG=C.UTF-8 $bin $work/trace.jsonl; echo EXITED rc=\$?; sleep 60"
  check "$1x$2: the trace opens in the replay" "search replay astar-hmax"
  check "$1x$2: the first expansion" "Expansion 1 of $expansions"
  check "$1x$2: open and closed counts" "closed 1"
  check "$1x$2: the successors" "Successors ("
  check "$1x$2: the hint bar names the replay keys" "] next"
  keys ]
  check "$1x$2: ] steps to the next expansion" "Expansion 2 of $expansions"
  check "$1x$2: ... reached from its parent" "from expansion 1"
  keys [
  check "$1x$2: [ steps back" "Expansion 1 of $expansions"
  keys f
  check "$1x$2: f jumps to the expansion generating the goal" "goal"
  check_re "$1x$2: ... a successor marked goal" "new, goal"
  keys e
  check "$1x$2: e jumps to the goal taken" "End of the search after $expansions expansions: solved"
  check "$1x$2: ... with the plan" "Plan: the path to the goal"
  check "$1x$2: ... its first action" "$first"
  [ "$2" -ge 40 ] && check "$1x$2: ... and its last" "$last"
  prompt : 3
  check "$1x$2: : goes to an expansion by number" "Expansion 3 of $expansions"
  keys g
  check "$1x$2: g goes back to the first" "Expansion 1 of $expansions"
  keys '?'
  check "$1x$2: ? lists the keys" "Search replay keys"
  keys x
  check_absent "$1x$2: any key closes the help" "Search replay keys"
  keys Escape
  check_absent "$1x$2: Esc on the first screen stays" "EXITED"
  check "$1x$2: ... on the replay" "Expansion 1 of $expansions"
  keys q
  check "$1x$2: q leaves" "EXITED rc=0"
done

# from teach mode: S runs a search from the walk's state (Enter: A* with
# h_max, the same search as plan's above) and replays it without a file
for size in "80 24" "140 40"; do
  set -- $size
  session "$1" "$2" "env LANG=C.UTF-8 $bin teach $bw/domain.pddl $bw/problem.pddl; echo EXITED rc=\$?; sleep 60"
  check "$1x$2: teach opens" "Applicable actions"
  keys S
  check "$1x$2: S offers the searches" "blind lmcut gbfs-ff gbfs-add"
  keys Enter
  check "$1x$2: Enter runs A* with h_max" "search replay astar-hmax"
  check "$1x$2: ... as many expansions as plan's statistics" "Expansion 1 of $expansions"
  keys e
  check "$1x$2: e jumps to the goal taken" "End of the search after $expansions expansions: solved"
  check "$1x$2: ... with plan's first action" "$first"
  keys q
  check "$1x$2: q goes back to teach" "Applicable actions"
  keys Enter S
  keys gbfs-ff Enter
  check "$1x$2: a search by name, from the state walked to" "search replay gbfs-ff"
  check_absent "$1x$2: ... not stopped by the limit" "stopped at the limit"
  keys e
  check "$1x$2: ... greedy search ends with a plan" "Plan: the path to the goal"
  keys q q
  check "$1x$2: teach leaves" "EXITED rc=0"
done

# a trace file typed at the same prompt, q comes back to the walk
session 100 30 "env LANG=C.UTF-8 $bin teach $bw/domain.pddl $bw/problem.pddl; echo EXITED rc=\$?; sleep 60"
check "teach opens" "Applicable actions"
keys S
check "S asks for a search or a trace" "or trace file"
keys "$work/trace.jsonl" Enter
check "the replay opens from teach" "Expansion 1 of $expansions"
keys q
check "q goes back to teach" "Applicable actions"
keys S
keys "$work/plan.json" Enter
check "a file that is no trace is refused on the status line" "not a search trace record"
keys q
check "teach leaves" "EXITED rc=0"

[ "$failures" -eq 0 ] && echo "all replay checks passed" || echo "$failures replay check(s) failed"
exit $((failures > 0))
