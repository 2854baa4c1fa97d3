#!/usr/bin/env bash
# End-to-end walk through the plan, state, teach, compare and probe screens of the
# explorer on sample-runs/, typed with tmux send-keys and read with
# capture-pane, as a person would use them.
#   tests/e2e/screens.sh PATH/TO/planlens
set -u
bin=$1
root=$(cd "$(dirname "$0")/../.." && pwd)
sock=planlens-screens-$$
WAIT_TENTHS=200 # the plan view computes π1-π4 when it opens
KEY_PAUSE=0.2
. "$(dirname "$0")/harness.sh"

cd "$root"
session 130 45 "env LANG=C.UTF-8 $bin sample-runs; echo EXITED rc=\$?; sleep 60"
check "explorer opens" "396 graded"

# the hand-written plans: list, detail, plan view
keys f
keys 'task=plan-quality' Enter
keys Enter
check "the plan-quality questions" "model-hallucinates"
keys /
keys model-hallucinates Enter
keys Enter
check "a plan case's detail" "valid plan 0"
keys p
check "p opens the plan view" "π0 with AQM labels"
check "AQM letters on the steps" "2 C  (put-down d)"
check "the LEA marker names the failing step and why" "last executable action: step 2 · step 3 (move c d) names no action: unknown action 'move'"
check "metrics" "true LEA 2"
keys a
check "a toggles NP-AQM" "π0 with NP-AQM labels"
keys a
# Enter on the second step: the state after it
keys Down
keys Enter
check "Enter on a step opens the state after it" "step 2 of 4: (put-down d)"
check "added atoms marked" "+   (ontable d)  added"
check "deleted atoms marked" "(holding d)  deleted"
check "goal atoms marked" "(on c d)  goal, not yet true"
check "why the trace stops" "stopped at step 3 of 4: (move c d) names no action"
keys Left
check "Left steps back" "step 1 of 4: (unstack d a)"
keys Right
check "Right steps forward" "step 2 of 4"
# teach on the same task
keys t
check "t opens teach mode" "Applicable actions"
check "teach draws the towers" "Picture (towers)"
keys q
check "q leaves teach" "step 2 of 4"
keys q
# a π plan from the metrics panel
keys G
check "G selects the last line (the ground truth)" "ground truth · 8 actions"
keys Enter
check "Enter opens that plan" "ground truth · 8 actions"
keys q q q q
check "back on the dashboard" "dashboard [task=plan-quality]"

# compare: c on two runs
keys X
keys g
keys /
keys synthetic-careful Enter
keys c
check "c picks run A" "compare: run A = synthetic-careful"
keys /
keys synthetic-sloppy Enter
keys c
check "c on another run opens the comparison" "A synthetic-careful · B synthetic-sloppy"
check "per-task accuracy difference with its SE" "+41.3  ±4.0"
check "paired histograms" "app · IoU · 14 paired answers · one count axis"
keys a
check "a shows only agreeing questions" "101 shown (agree)"
keys a
check "then only disagreeing ones" "95 shown (disagree)"
keys Enter
check "Enter opens run A's answer" "synthetic-careful ·"
keys q q
keys :
keys 'compare synthetic-careful nobody' Enter
check "an unknown run is reported" "compare: no run named nobody"
# grader probes from the explorer
keys :
keys 'probe' Enter
check ":probe opens the probe report" "questions probed"
check "the reach quirk: an invented object is accepted" "reach  hallucinate"
keys /
keys 'reach  hallucinate' Enter
keys Enter
check "Enter opens the cell's questions" "questions where the rules differ"
keys Enter
check "Enter on its first question opens the perturbed answer" "Perturbed answer (hallucinate)"
check "... with both verdicts" "the official grader accepts a wrong answer"
keys Q
check "Q quits cleanly" "EXITED rc=0"

if [ "$failures" -gt 0 ]; then echo "$failures failure(s)"; exit 1; fi
echo "all screen checks passed"
