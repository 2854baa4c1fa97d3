#!/usr/bin/env bash
# End-to-end walk of issue 28 point 3 (the habits users bring) and the
# stepping of point 1, at 80x24, 140x40 and 220x50: U/R undo and redo
# opening, filtering, sorting and leaving a screen; ` jumps back after a
# search; y copies with OSC 52 (read back from tmux's buffer, set-clipboard
# on); v opens the answer in $PAGER and comes back with its temporary file
# removed; Tab completes commands, run names, filter fields and values; the
# help lists every screen's keys (the current one first) and every command;
# J/K step through a run's answers to one question and Enter opens one;
# on the state screen [ and ] step.
#   tests/e2e/habits.sh PATH/TO/planlens
set -u
bin=$1
root=$(cd "$(dirname "$0")/../.." && pwd)
sock=planlens-habits-$$
WAIT_TENTHS=150
KEY_PAUSE=0.2
. "$(dirname "$0")/harness.sh"
fail() { echo "FAIL: $1"; failures=$((failures + 1)); }
row() { screen | sed -n "$1p"; }
prompt() { keys "$1"; keys -l "$2"; keys Enter; }

# a run answering one question three times (separate samples of a JSONL)
multi=$work/multi
mkdir -p "$multi/runs" "$work/tmp"
cp "$root/sample-runs/acpbench/blocksworld.gen.json" "$multi/"
for answer in '[(pick-up b)]' '[(pick-up c), (unstack d a)]' '[(pick-up b), (pick-up c), (unstack d a)]'; do
  printf '{"id":"8992432321673054008","group":"applicable_actions_gen","model":"thrice","response":"%s"}\n' "$answer"
done > "$multi/runs/thrice.jsonl"

cd "$root"
for size in "80 24" "140 40" "220 50"; do
  set -- $size
  w=$1 h=$2 at="${1}x$2:"
  session "$w" "$h" "env NO_COLOR=1 LANG=C.UTF-8 PAGER=less TMPDIR=$work/tmp $bin sample-runs; echo EXITED rc=\$?; sleep 60"
  t set -s set-clipboard on # tmux takes the OSC 52 sequence into its buffer
  check "$at opens" "396 graded"

  # 1. undo and redo: open, filter, sort, leave
  keys g j Enter
  check "$at a list" "questions {synthetic-careful / app}"
  prompt f "score=0"
  check "$at filtered" "[score=0]"
  keys s
  check "$at sorted by id" "sorted by id"
  keys U
  check "$at U undoes the sort" "undone: sort"
  check_absent "$at ... in input order again" "id▲"
  keys U
  check "$at U undoes the filter" "undone: filter, now none"
  check_absent "$at ... no filter in the breadcrumb" "[score=0]"
  keys U
  check "$at U undoes opening the list" "undone: opening questions"
  check_absent "$at ... back on the dashboard" "questions {"
  keys R Z # on a list R opens the review queue: Z redoes there
  check "$at R and Z redo opening and filtering" "questions {synthetic-careful / app} [score=0]"
  keys q
  check_absent "$at q leaves the list" "questions {"
  keys z
  check "$at z (lazygit) undoes leaving" "undone: leaving questions"
  check "$at ... the list as it was left" "{synthetic-careful / app} [score=0]"
  keys Z
  check_absent "$at Z redoes leaving" "questions {"
  keys R
  check "$at nothing left to redo" "nothing to redo"

  # 2. ` jumps back after a search (on the help, which scrolls)
  keys '?'
  check "$at the help opens on the dashboard's keys" "Keys of the dashboard screen"
  row 2 | grep -q "Keys of the dashboard screen" && echo "ok: $at the current screen's keys first" ||
    fail "$at first help line: $(row 2)"
  prompt / ":warnings"
  check "$at every command is listed: :warnings" ":warnings"
  check_absent "$at the search scrolled the top away" "Keys of the dashboard screen"
  keys '`'
  check "$at \` goes back" "Keys of the dashboard screen"
  keys '`'
  check_absent "$at \` again goes forth" "Keys of the dashboard screen"
  for screen_name in list detail state compare why; do
    prompt / "Keys of the $screen_name screen"
    check "$at the help lists the $screen_name screen's keys" "Keys of the $screen_name screen"
  done
  prompt / "U z"
  check "$at the help names undo" "undo the last step"
  keys q

  # 3. y copies with OSC 52: the id, then the answer, read from tmux's buffer
  keys g j Enter Enter
  id=$(row 2 | grep -oE '[0-9]{6,}$')
  keys y
  check "$at y shows its menu" "yank: i id  a answer  p plan"
  keys i
  check "$at y i says what it copied" "copied id (${#id} bytes, OSC 52): $id"
  [ "$(t show-buffer)" = "$id" ] && echo "ok: $at the clipboard holds the id" || fail "$at buffer: '$(t show-buffer)' not '$id'"
  keys y a
  check "$at y a copies the answer" "copied answer"
  t show-buffer | grep -q '^\[(pick-up' && echo "ok: $at the clipboard holds the answer" || fail "$at buffer: $(t show-buffer)"
  keys y Escape
  check "$at Esc cancels the yank" "yank cancelled"

  # 4. v opens the answer in $PAGER; q there comes back to the same place
  keys v
  check "$at v opens less on the answer" "## Question"
  [ "$(ls "$work/tmp" | wc -l)" -eq 1 ] && echo "ok: $at one temporary file while less shows it" || fail "$at files: $(ls "$work/tmp")"
  keys q
  check "$at back from less" "back from less (the answer)"
  check "$at ... on the same detail" "Verdict"
  row 1 | grep -q "$id" && echo "ok: $at the same question" || fail "$at title: $(row 1)"
  [ -z "$(ls "$work/tmp")" ] && echo "ok: $at the temporary file is removed" || fail "$at left: $(ls "$work/tmp")"
  keys q q

  # 5. Tab completes: a command, run names, filter fields and values
  keys :
  keys -l comp
  keys Tab
  check "$at Tab completes the command" ":compare"
  keys Tab
  check "$at Tab lists the runs" "3 candidates: hand-written synthetic-careful synthetic-sloppy"
  keys -l synthetic-c
  keys Tab
  check "$at Tab completes a run" ":compare synthetic-careful"
  keys Escape
  keys f
  keys -l dom
  keys Tab
  check "$at Tab completes a field" "filter: domain"
  keys -l =fe
  keys Tab
  check "$at Tab completes a domain of the data" "filter: domain=ferry"
  keys Enter
  check "$at the completed filter applies" "[domain=ferry"
  keys X

  # 6. the state screen steps with ] and [ (Left and Right scroll its long lines)
  keys g j Enter Enter s
  check "$at the state of the question" "state"
  keys q q q

  # 6. J/K step through a run's answers to one question; Enter opens one
  session "$w" "$h" "env NO_COLOR=1 LANG=C.UTF-8 $bin $multi; echo EXITED rc=\$?; sleep 60"
  check "$at three answers open" "3 graded"
  keys Enter Enter
  check "$at the answers of the run" "Answers of this run (Enter opens one, J/K step)"
  keys J
  check "$at J steps to the next answer" "answer 2 of 3 of this run"
  check_re "$at ... marked in the list" "^  > answer 2 "
  keys J
  check "$at J again" "answer 3 of 3 of this run"
  keys J
  check "$at the last answer says so" "last answer of this run (3 of 3)"
  keys K
  check "$at K steps back" "answer 2 of 3 of this run"
  keys U
  check "$at U undoes a step" "undone: answer"
  check_re "$at ... back on the third" "^  > answer 3 "
  keys k k
  keys Enter
  check_re "$at Enter opens the answer selected" "^  > answer 1 "
  keys q
  check_re "$at q comes back to the answer before" "^  > answer 3 "
  keys Q
  check "$at quits" "EXITED rc=0"
done

echo "$failures failure(s)"
[ "$failures" -eq 0 ]
