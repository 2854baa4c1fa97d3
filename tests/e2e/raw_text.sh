#!/usr/bin/env bash
# End-to-end walk of issue 28 point 2 at 80x24, 140x40 and 220x50: the
# model's own words and plans in plan order.  In sample-runs, the detail of
# synthetic-careful / plan / bw-6-3 lists both plans in their own orders
# (row 11: the truth's (pick-up f) beside the answer's (stack f e)), marks
# the last executable action above the failing step and says why the action
# distance is 0.  With ../shared/data (PLANLENS_DATA_DIR), a PlanBench
# answer's detail names the case, shows the words GPT-4 wrote, and
# `/red block` finds them (not `not found`); a search in the folded prompt
# unfolds it; `f raw~"red block"` keeps exactly the answers that say it.
#   tests/e2e/raw_text.sh PATH/TO/planlens
set -u
bin=$1
root=$(cd "$(dirname "$0")/../.." && pwd)
sock=planlens-raw-$$
WAIT_TENTHS=150
KEY_PAUSE=0.2
. "$(dirname "$0")/harness.sh"

cd "$root"
data=${PLANLENS_DATA_DIR:-$root/../shared/data}
for size in "80 24" "140 40" "220 50"; do
  set -- $size
  w=$1 h=$2
  at="${w}x$h"
  session "$w" "$h" "env NO_COLOR=1 LANG=C.UTF-8 $bin sample-runs; echo EXITED rc=\$?; sleep 60"
  check "$at opens" "396 graded"
  keys j j j j j j j Enter # the eighth row: synthetic-careful / plan
  check "$at plan list" "questions {synthetic-careful / plan}"
  prompt / "bw-6-3"
  keys Enter
  check "$at bw-6-3 detail" "binary success 0  action distance 0.000"
  check "$at AD 0 explained" "Why action distance 0 but binary success 0"
  prompt / "last executable action"
  check "$at the marker" "last executable action: step 10"
  check_re "$at row 11 in plan order" "^ +11  \(pick-up f\) +\(stack f e\) +truth step 12"
  check_re "$at row 12 in plan order" "^ +12  \(stack f e\) +\(pick-up f\) +truth step 11"
  check_absent "$at no set roles" "  both"
  keys Q
  check "$at quits" "EXITED rc=0"

  if [ ! -d "$data/planbench" ]; then
    echo "SKIP: $at ../shared/data/planbench absent"
    continue
  fi
  red=$(python3 -c "import json,sys
print(sum('red block' in json.loads(l)['llm_raw_response'].lower() for l in open(sys.argv[1])
          if json.loads(l)['task'].startswith('task_1')))" "$data/planbench/gpt4-blocksworld_3.jsonl")
  session "$w" "$h" "env NO_COLOR=1 LANG=C.UTF-8 $bin $data/planbench; echo EXITED rc=\$?; sleep 60"
  check "$at planbench opens" "200 graded"
  keys Enter
  keys Enter
  check "$at planbench detail" "task_1_plan_generation/2"
  check "$at the case line" "PlanBench task 1 (plan generation)"
  check "$at prompt type and instance" "prompt oneshot · instance 2"
  prompt / "own words"
  check "$at the words are PlanBench's raw response" "llm_raw_response"
  prompt / "red block"
  check "$at /red block finds GPT-4's words" "pick up the red block"
  check_absent "$at /red block is found" "not found"
  prompt / "Stack a block on top of another block"
  check "$at a search unfolds the prompt" "found in the folded text"
  keys q
  prompt f 'raw~"red block"'
  check "$at raw~ filter" "[raw~\"red block\"]"
  check "$at raw~ keeps the answers that say it" "$red answers"
  keys Q
  check "$at planbench quits" "EXITED rc=0"
done

echo "$failures failure(s)"
[ "$failures" -eq 0 ]
