#!/usr/bin/env bash
# End-to-end walk of issue 28 point 4 ("smaller, each seen") at 80x24, 140x40
# and 220x50 with NO_COLOR=1 and LANG=C (--ascii where it matters), typed
# with tmux send-keys and read with capture-pane: warnings grouped by kind
# with a short summary on quit; Esc after c drops the A marks at once; h
# opens at the selected row's histograms; teach names the false
# precondition, the action undone and a full save path, its why-not in
# view; compare says how it paired, shows LEA and final score, and says
# when two runs have nothing in common; --ascii: a val plan's quoted plan,
# the state breadcrumb agrees with its header; counts of one are singular;
# question files alone say what to open next; no step hint on a question's
# state; s visits LEA; errors wrap; :note confirms; Esc out of a prompt
# clears a stale error.
#   tests/e2e/small.sh PATH/TO/planlens
set -u
bin=$1
root=$(cd "$(dirname "$0")/../.." && pwd)
sock=planlens-small-$$
WAIT_TENTHS=200
KEY_PAUSE=0.2
. "$(dirname "$0")/harness.sh"
fail() { echo "FAIL: $1"; failures=$((failures + 1)); }
start() { # start COLS ROWS ARGS...
  local cols=$1 rows=$2
  shift 2
  session "$cols" "$rows" "cd $work && env NO_COLOR=1 LANG=C LC_ALL=C $* 2>$work/stderr; echo EXITED rc=\$?; sleep 60"
}
row() { screen | sed -n "$1p"; } # row N: screen line N (1 = title bar)
check_joined() { # check_joined NAME TEXT: TEXT on the screen's rows read as one (a message wraps between words)
  for _ in $(seq 50); do screen | sed 's/ *$//' | tr -d '\n' | grep -qF -- "$2" && { echo "ok: $1"; return; }; sleep 0.1; done
  fail "$1: '$2' not on screen"; screen
}
data=${PLANLENS_DATA_DIR:-$root/../shared/data}
samples=$root/sample-runs

for size in "80 24" "140 40" "220 50"; do
  set -- $size
  w=$1 h=$2 at="${1}x$2:"

  # warnings: one group per kind, a summary of a few lines on quit
  if [ -d "$data/conformance" ]; then
    start "$w" "$h" "$bin" "$data"
    check "$at the data opens" "4273 graded"
    check "$at warnings counted" "320 warnings (:warnings)"
    prompt : warnings
    check "$at one kind" "320 warnings while opening, 1 kind"
    check "$at its count and files" "duplicate question: 320 times in 1 file"
    check "$at its first examples, then how many more" "... 317 more (planlens --warnings FILE writes every one)"
    keys Q
    check "$at quits" "EXITED rc=0"
    lines=$(grep -c "" "$work/stderr")
    [ "$lines" -le 4 ] && echo "ok: $at $lines lines on quit" || { fail "$at $lines lines on quit"; head "$work/stderr"; }
    grep -qF "planlens: 320 warnings of 1 kind while opening (every one: :warnings in the explorer, or --warnings FILE)" \
      "$work/stderr" && echo "ok: $at the summary says where the full list is" || fail "$at no summary"
    # compare of plan-quality cases: how they pair, LEA and final score
    start "$w" "$h" "$bin" "$data/plan-quality"
    check "$at plan-quality opens" "graded"
    prompt : "compare o3-mini_chat o4-mini_chat"
    check "$at cases pair by domain, prompt type and instance" "(cases by domain, prompt type and instance)"
    check_re "$at LEA beside AD" "LEA A +LEA B"
    check_re "$at the final score too" "final A +final B"
    keys Q
  fi

  # Esc after c: the A mark goes at once; h opens at the selected row
  start "$w" "$h" "$bin" "$samples"
  check "$at sample-runs opens" "396 graded"
  keys j j c
  check_re "$at c marks run A" "^A "
  keys Escape
  check "$at Esc cancels" "compare cancelled"
  if screen | grep -qE "^A "; then fail "$at the A marks stay after Esc"; screen; else echo "ok: $at the A marks go with Esc"; fi
  keys h
  check_re "$at h opens at the selected row" "^synthetic-careful . applicability . IoU"
  keys q
  # compare with nothing in common says so
  prompt : "compare hand-written synthetic-careful"
  check "$at nothing in common" "nothing to compare: the runs answer no question in common"
  keys q
  # errors wrap; Esc out of a prompt clears a stale one
  prompt : "export $work/no such directory/with a long name to show that the error wraps rather than being cut at 80 columns.csv"
  check_joined "$at a long error is whole, to its end" "80 columns.csv: cannot write"
  keys : Escape
  check_absent "$at Esc out of a prompt clears the stale error" "cannot write"
  # :note confirms; s visits LEA on a list of cases
  keys g Enter
  check "$at the cases" "questions {hand-written / plan-quality}"
  prompt : "note checked by hand"
  check "$at :note confirms" "note saved on model-extra-argument: checked by hand"
  for _ in 1 2 3 4 5 6 7 8 9 10; do
    keys s
    screen | grep -qF "sorted by lea" && break
  done
  check "$at s sorts by LEA" "sorted by lea"
  keys Q
  check "$at quits" "EXITED rc=0"

  # --ascii: a val plan view heads the quoted plan as such; the state
  # breadcrumb agrees with its header
  start "$w" "$h" "$bin" --ascii "$samples"
  check "$at ascii opens" "396 graded"
  prompt f "model=synthetic-careful task=val"
  keys Enter Enter p
  check "$at a val plan view" "quoted plan"
  check_absent "$at ... not the model's" "model plan"
  keys s
  check_re "$at the state screen" "^step [0-9]+ of [0-9]+"
  keys ]
  header=$(screen | grep -oE "^step [0-9]+ of [0-9]+" | head -1)
  crumb=$(row 1 | grep -oE "step [0-9]+ of [0-9]+\$")
  [ -n "$header" ] && [ "$header" = "$crumb" ] && echo "ok: $at breadcrumb and header agree ($crumb)" ||
    { fail "$at breadcrumb '$crumb', header '$header'"; screen; }
  keys Q

  # a question's state (app): no step hint
  start "$w" "$h" "$bin" "$samples"
  check "$at opens again" "396 graded"
  prompt f "model=synthetic-careful task=app"
  keys Enter Enter s
  check "$at the state an app question is asked in" "the state this app question is asked in"
  if row "$h" | grep -qE " step( |$)"; then fail "$at a step hint on a state without steps: $(row "$h")"; else echo "ok: $at no step hint"; fi
  keys Q

  # one run x task, one histogram; question files alone
  start "$w" "$h" "$bin" "$samples/plans/cases.jsonl"
  check "$at one run" "1 run x task - 4 responses"
  keys h
  check "$at its three histograms" "3 histograms - bin width"
  keys m j # m says which metric; the next key shows the counts again
  check "$at m: one of them" "1 histogram - bin width"
  keys Q
  start "$w" "$h" "$bin" "$samples/acpbench/blocksworld.gen.json"
  check "$at questions alone: how many, what next" "72 questions, no run - open runs with them"
  keys Q

  # teach: the why-not in view, the false precondition named, the undone
  # action named, the save prompt offers a full path
  start "$w" "$h" "$bin" teach "$samples/blocksworld/domain.pddl" "$samples/blocksworld/problem.pddl"
  check "$at teach opens" "Applicable actions"
  keys :
  keys "stack a b" Enter
  check "$at the status names the false precondition" "(stack a b): not applicable: (holding a) is false"
  check "$at the why-not is in view" "Why not (stack a b)"
  keys Enter u
  check "$at undone names the action" "undone (pick-up b) (back to step 0)"
  keys s
  check "$at the save prompt offers a full path" "(Enter: $work/teach-plan.txt)"
  keys Escape q
done

[ "$failures" -eq 0 ] && echo "all small-points e2e checks passed" || echo "$failures small-points e2e checks failed"
exit $((failures > 0))
