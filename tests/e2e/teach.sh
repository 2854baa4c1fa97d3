#!/usr/bin/env bash
# End-to-end test of teach mode, driven as a person would: tmux types keys
# (send-keys) and reads the screen (capture-pane).  Applies, undoes, asks why
# an action is not applicable, follows the hints to the goal, saves the plan
# and checks that `planlens validate` accepts it.
#   tests/e2e/teach.sh PATH/TO/planlens
set -u
bin=$1
root=$(cd "$(dirname "$0")/../.." && pwd)
bw=$root/sample-runs/blocksworld
sock=planlens-teach-$$
. "$(dirname "$0")/harness.sh"
fail() { echo "FAIL: $1"; failures=$((failures + 1)); }

cd "$work"
session 120 45 \
  "env LANG=C.UTF-8 $bin teach $bw/domain.pddl $bw/problem.pddl; echo EXITED rc=\$?; sleep 60"
check "teach opens on the problem" "planlens › teach bw-sample-4"
check "towers picture" "[d]"
check "applicable actions listed" "Applicable actions (3)"
check "goal progress" "Goal 0/3 conditions hold"
check "the hint bar names teach's keys" "q leave  ? help  Enter apply  u undo  h hints  s save  : action"

keys Enter
check "Enter applies the selected action" "applied (pick-up b)"
check "the step counter moves" "step 1"
check "the picture follows" "holding: b"
keys u
check "u undoes, naming the action" "undone (pick-up b) (back to step 0)"
check "back to the first state" "holding: nothing"

keys :
keys "stack a b" Enter
check "a typed inapplicable action gets its reason" "Why not (stack a b): not applicable: 1 precondition is false"
check "... the status line names the false precondition" "(stack a b): not applicable: (holding a) is false"
check "the false precondition is listed" "✗ (holding a)"

keys h
check "h shows the hint" "Hint: optimal next: (unstack d a)"
check "h* of each action" "h* after: 7  ← optimal"

# follow the hints: read the first optimal action and type it
for _ in $(seq 20); do
  screen | grep -qF "GOAL REACHED" && break
  next=$(screen | grep -o 'Hint: optimal next: ([^)]*)' | head -1 | sed 's/Hint: optimal next: //')
  [ -n "$next" ] || { fail "no hint on screen"; screen; break; }
  keys :
  keys "$next" Enter
  for _ in $(seq 100); do screen | grep -qF -e "applied $next" -e "GOAL REACHED" && break; sleep 0.1; done
  screen | grep -qF -e "applied $next" -e "GOAL REACHED" || { fail "typing $next did not apply it"; screen; break; }
done
check "following the hints reaches the goal optimally" "GOAL REACHED in 8 steps - optimal"

keys s
check "s offers a full path" "save plan to (Enter: $work/teach-plan.txt)"
keys "$work/walk.txt" Enter
check "the plan is saved" "saved 8 actions to $work/walk.txt"
keys s
keys "$work/walk.txt" Enter
check "an existing file is not overwritten without asking" "walk.txt exists: overwrite? (y/n)"
keys n
check "answering n keeps the file" "not saved"
keys s
keys Enter
check "Enter saves to the default name" "saved 8 actions to $work/teach-plan.txt"

keys '?'
check "help lists the keys" "Teach mode keys"
keys Escape
keys q
check "q leaves" "EXITED rc=0"

if "$bin" validate "$bw/domain.pddl" "$bw/problem.pddl" "$work/walk.txt" >/dev/null; then
  echo "ok: the saved plan validates"
else
  fail "planlens validate rejects the saved plan"
fi
[ "$(wc -l < "$work/walk.txt")" -eq 8 ] && echo "ok: one action per line" || fail "walk.txt is not 8 lines"
cmp -s "$work/walk.txt" "$work/teach-plan.txt" && echo "ok: both saves hold the same plan" || fail "saves differ"

# without a terminal: the first screen as text, exit 0
out=$(env -u TERM "$bin" teach "$bw/domain.pddl" "$bw/problem.pddl" --ascii </dev/null)
rc=$?
if [ $rc -eq 0 ] && grep -qF "Applicable actions (3)" <<<"$out" && ! LC_ALL=C grep -q '[^ -~]' <<<"$out"; then
  echo "ok: batch fallback prints the first screen in ASCII"
else
  fail "batch fallback (rc=$rc): $out"
fi
"$bin" teach "$bw/domain.pddl" </dev/null >/dev/null 2>&1
[ $? -eq 2 ] && echo "ok: usage error exits 2" || fail "usage error exit code"
"$bin" teach "$bw/domain.pddl" "$work/missing.pddl" </dev/null >/dev/null 2>&1
[ $? -eq 3 ] && echo "ok: input error exits 3" || fail "input error exit code"

# a user keymap rebinds teach keys; the help and the screen's hints follow it
mkdir -p "$XDG_CONFIG_HOME/planlens"
printf 'bind teach x undo\nbind teach u none\n' > "$XDG_CONFIG_HOME/planlens/keymap"
session 120 45 \
  "env LANG=C.UTF-8 $bin teach $bw/domain.pddl $bw/problem.pddl; echo EXITED rc=\$?; sleep 60"
check "teach reopens" "Applicable actions (3)"
keys Enter
check "Enter still applies" "applied (pick-up b)"
keys u
check_absent "u no longer undoes" "undone"
keys x
check "x undoes as the user keymap says" "undone"
keys '?'
check "the help shows the user's key" "x                undo the last action"
check "the help shows generic keys" "j Down           select the next applicable action"
check "the hint bar follows the user's keymap" "x undo"
keys Escape
keys q
check "q leaves" "EXITED rc=0"

# start anywhere (issue 39 §5): after a plan prefix, the banner says where from, the costs and the
# plan cost beside the step count; u goes back past the start; extra arguments are usage errors
rm -f "$XDG_CONFIG_HOME/planlens/keymap"
printf '(unstack d a)\n(put-down d)\n(pick-up c)\n' > "$work/prefix.txt"
printf '(ontable a) (ontable b) (ontable c) (ontable d)\n(clear a) (clear b) (clear c) (clear d) (handempty)\n' > "$work/flat.state"
"$bin" teach "$bw/domain.pddl" "$bw/problem.pddl" extra >/dev/null 2>&1
[ $? -eq 2 ] && echo "ok: an extra argument exits 2" || fail "an extra argument did not exit 2"
"$bin" teach "$bw/domain.pddl" "$bw/problem.pddl" --state "$work/flat.state" --plan "$work/prefix.txt" >/dev/null 2>&1
[ $? -eq 2 ] && echo "ok: --plan with --state exits 2" || fail "--plan with --state did not exit 2"
session 80 24 \
  "env LANG=C.UTF-8 $bin teach $bw/domain.pddl $bw/problem.pddl --plan $work/prefix.txt --step 2; echo EXITED rc=\$?; sleep 60"
check "80x24 starts after the prefix, cost and costs in the banner" "blocksworld-4ops · bw-sample-4  step 2 · cost 2 · unit costs"
check "80x24 ... where it started" "start: after 2 of the 3 actions of"
keys u
keys u
check "80x24 ... undo goes back to the initial state" "undone (unstack d a) (back to step 0)"
keys H
check "80x24 H: the values first" "blind 1   h_max 3   h_add 7"
check "80x24 ... h*" "h* 8"
check "80x24 ... the why starts on the first screen" "h_max = 3"
check "80x24 ... which state, from where" "state: step 0 of the walk (cost 0); start: after 2"
widest=$(screen | LC_ALL=C.UTF-8 wc -L)
[ "$widest" -le 80 ] && echo "ok: the panel fits 80 columns" || fail "the panel: a line of $widest columns"
keys G
check "80x24 ... scrolls to h*'s plan" "step 7: "
keys Escape
check "80x24 Esc back to the walk" "Applicable actions (3)"
keys r
check "80x24 r: the relaxed planning graph" "Relaxed planning graph"
check "80x24 ... fact layer 0" "fact layer 0 (the state):"
check "80x24 ... the goal level" "goal level 3"
keys G
check "80x24 ... never reached atoms said" "never reached:"
check "80x24 ... the relaxed plan" "relaxed plan (h_FF = "
keys r
check "80x24 r again: back" "Applicable actions (3)"
keys q
check "80x24 q leaves" "EXITED rc=0"

session 140 40 \
  "env LANG=C.UTF-8 $bin teach $bw/domain.pddl $bw/problem.pddl --state $work/flat.state; echo EXITED rc=\$?; sleep 60"
check "140x40 starts at a state file" "start: read from $work/flat.state"
check "140x40 ... its state" "holding: nothing"
keys H
check "140x40 H: values" "h_max 2   h_add 6   h_FF 6   LM-cut 6"
keys G
check "140x40 ... LM-cut's cuts" "cut 6: cost 1 from (pick-up c)"
check "140x40 ... the relaxed plan by layers" "(stack a b) (cost 1) achieves (on a b)"
check "140x40 ... h*'s plan" "step 5: (stack a b)"
keys r
check "140x40 r from the panel: the graph" "action layer 0:"
check "140x40 ... the relaxed plan marked" "*(pick-up "
keys Escape
keys q
check "140x40 q leaves" "EXITED rc=0"

# long lines: a list wraps between atoms; a line wider than the screen ends in … and Right scrolls it
session 40 20 \
  "env LANG=C.UTF-8 $bin teach $bw/domain.pddl $bw/problem.pddl --state $work/flat.state; echo EXITED rc=\$?; sleep 60"
check "40x20 opens" "start: read from"
check_re "40x20 the banner cut with a visible …" "…$"
keys Right
check_re "40x20 Right scrolls: … at the left edge" "^…"
keys Left
keys q

# the help is a bordered popup that wraps at 80 columns (cut before: `why it is not applicabl`),
# at 80x24, 140x40 and 220x50 (and 80x16, where it scrolls), with Unicode and with --ascii borders
rm -f "$XDG_CONFIG_HOME/planlens/keymap"
for size in "80 24" "140 40" "220 50" "80 16"; do
  set -- $size
  for style in unicode ascii; do
    at="${1}x$2 $style"
    flag=; [ "$style" = ascii ] && flag=--ascii
    session "$1" "$2" "env LANG=C.UTF-8 $bin teach $bw/domain.pddl $bw/problem.pddl $flag; echo EXITED rc=\$?; sleep 60"
    check "$at teach opens" "Applicable actions (3)"
    keys '?'
    check "$at help popup" "Teach mode keys"
    if [ "$style" = ascii ]; then
      check_re "$at ... its titled top border" "^ +\+- Teach mode keys \(from the keymap; any other key closes\) -+\+$"
      check_re "$at ... a bordered line" "^.{0,80}\| j Down +select the next applicable action +\|$"
    else
      check_re "$at ... its titled top border" "^ +┌─ Teach mode keys \(from the keymap; any other key closes\) ─+┐$"
      check_re "$at ... a bordered line" "^.{0,80}│ j Down +select the next applicable action +│$"
    fi
    check "$at ... the long line whole" "why it is not applicable"
    check "$at ... its end wrapped or whole" "leaves)"
    widest=$(screen | LC_ALL=C.UTF-8 wc -L)
    [ "$widest" -le "$1" ] && echo "ok: $at fits $1 columns" || fail "$at: a line of $widest columns"
    keys j j j j j j j j # scrolls where the popup is cut (16 rows), else closes it
    if [ "$2" -lt 20 ]; then
      check "$at ... j scrolls to the last key" "this help (any key closes)"
      check "$at ... the border says where" "j/k scroll: "
    else
      check_absent "$at ... whole: j closes it" "Teach mode keys"
      keys '?'
      check "$at ... the last key" "this help (any key closes)"
    fi
    keys x
    check_absent "$at any key closes it" "Teach mode keys"
    keys q
    check "$at q leaves" "EXITED rc=0"
  done
done

[ $failures -eq 0 ] && echo "all teach e2e checks passed" || echo "$failures teach e2e checks failed"
exit $((failures > 0))
