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
    keys j j j j j j # scrolls where the popup is cut (16 rows), else closes it
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
