#!/usr/bin/env bash
# End-to-end walk of the review queue and the shared review journal (issue
# 38 §1 and §2) at 80x24 and 140x40 on sample-runs/: two explorers (two
# tmux sessions, authors ana and bo) open the same --notes journal and the
# wrong answers as a review queue: ana with `:review score=0`, bo with R on
# the list of every answer filtered to score=0 (sample-runs/ has no
# disagreements).  ana reviews three answers (1
# grader-right, 2 grader-wrong, a note, 4 unsure); bo's progress line
# counts them as they arrive, without a restart, and bo's screen shows
# ana's review of the answer it is on; bo's 3 (bad-question) is a record of
# the question.  The journal holds exactly the four
# records written.  H shows the noted answer's history.  ana quits and
# opens the queue again: it continues at the first unreviewed answer.
# Then both official verdicts side by side, and a journal that cannot be
# written.
#   tests/e2e/review.sh PATH/TO/planlens
set -u
bin=$1
root=$(cd "$(dirname "$0")/../.." && pwd)
sock=planlens-review-$$
WAIT_TENTHS=300 # two explorers grading at once on a loaded machine
KEY_PAUSE=0.3
. "$(dirname "$0")/harness.sh"
fail() { echo "FAIL: $1"; failures=$((failures + 1)); }
# The second explorer: session "b", read and typed like "e2e".
screen_b() { t capture-pane -p -t b; }
keys_b() { t send-keys -t b "$@"; sleep "$KEY_PAUSE"; }
check_b() { # check_b NAME TEXT
  for _ in $(seq "$WAIT_TENTHS"); do screen_b | grep -qF -- "$2" && { echo "ok: $1"; return; }; sleep 0.1; done
  echo "FAIL: $1: '$2' not on screen b:"; screen_b; failures=$((failures + 1))
}
explorer() { # explorer AUTHOR JOURNAL
  echo "env NO_COLOR=1 LANG=C.UTF-8 PLANLENS_AUTHOR=$1 $bin --notes $2 sample-runs; echo EXITED rc=\$?; sleep 60"
}
# count TYPE: records of that type in the journal
count() { grep -c "\"type\": *\"$1\"" "$journal"; }

cd "$root"
for size in "80 24" "140 40"; do
  set -- $size
  w=$1 h=$2 at="${1}x$2:"
  journal=$work/review-$w.jsonl
  session "$w" "$h" "$(explorer ana "$journal")"
  t kill-session -t b 2>/dev/null
  t new-session -d -s b -x "$w" -y "$h" "$(explorer bo "$journal")"
  check "$at ana's explorer opens" "396 graded"
  check_b "$at bo's explorer opens" "396 graded"

  keys :
  keys -l "review score=0"
  keys Enter
  check "$at ana: :review opens a queue" "answer 1 of"
  total=$(screen | grep -oE '0 / [0-9]+ reviewed \(you: 0\)' | head -1 | grep -oE '/ [0-9]+' | tr -dc 0-9)
  [ -n "$total" ] && [ "$total" -ge 4 ] && echo "ok: $at progress 0 / $total" || fail "$at no progress line: $(screen | tail -2)"
  check "$at the verdicts, the answer and the truth on one screen" "official lm-eval"
  keys_b :
  keys_b -l questions
  keys_b Enter f
  keys_b -l "score=0"
  keys_b Enter
  check_b "$at bo: the list of wrong answers" "[score=0]"
  keys_b R
  check_b "$at bo: R opens the same queue" "0 / $total reviewed (you: 0)"

  keys 1
  check "$at 1: grader-right, then the next unreviewed" "1 / $total reviewed (you: 1)"
  check "$at ... on answer 2" "answer 2 of $total"
  keys 2
  check "$at 2: grader-wrong" "2 / $total reviewed (you: 2)"
  keys a
  keys -l "the stored answer misses a step"
  keys Enter
  check "$at a: the note is saved" "note saved on"
  keys 4
  check "$at 4: unsure" "3 / $total reviewed (you: 3)"
  check "$at ... on answer 4" "answer 4 of $total"

  check_b "$at bo sees ana's reviews arrive (no restart)" "3 / $total reviewed (you: 0)"
  check_b "$at bo's answer shows ana's review" "grader-right by ana"

  lines=$(wc -l < "$journal")
  [ "$lines" -eq 4 ] && [ "$(count status)" -eq 3 ] && [ "$(count note)" -eq 1 ] &&
    echo "ok: $at the journal holds exactly the 4 records written" ||
    fail "$at journal: $lines lines, $(count status) status, $(count note) note"
  grep -q '"author": *"ana"' "$journal" && ! grep -q '"author": *"bo"' "$journal" &&
    echo "ok: $at written by ana only" || fail "$at authors: $(grep -o '"author": *"[^"]*"' "$journal" | sort -u)"

  keys K
  check "$at K: back to answer 3" "answer 3 of $total"
  check "$at ... its note" "the stored answer misses a step"
  keys H
  check "$at H: its history" "History of the answer"
  check "$at ... the note with its author" "ana"
  check "$at ... and the review" "unsure"
  keys q

  keys_b n
  check_b "$at bo: n skips to the first unreviewed" "answer 4 of $total"
  keys_b 3
  check_b "$at bo reviews answer 4" "4 / $total reviewed (you: 1)"
  grep '"status": *"bad-question"' "$journal" | grep -q '"scope": *"question"' &&
    echo "ok: $at 3: bad-question written for the question" || fail "$at 3: no question-scope bad-question record"
  check "$at ana counts bo's review" "4 / $total reviewed (you: 3)"

  keys Q
  check "$at ana quits" "EXITED rc=0"
  session "$w" "$h" "$(explorer ana "$journal")"
  check "$at ana again" "396 graded"
  keys :
  keys -l questions
  keys Enter f
  keys -l "score=0"
  keys Enter R
  check "$at the queue continues at the first unreviewed" "continuing at the first unreviewed: 5 of $total"
  check "$at ... answer 5" "answer 5 of $total"
  check "$at ... with the progress of the journal" "4 / $total reviewed (you: 3)"
  [ "$(wc -l < "$journal")" -eq 5 ] && echo "ok: $at nothing written by opening" || fail "$at $(wc -l < "$journal") lines"
  keys Q
  keys_b Q
  check "$at quits" "EXITED rc=0"
done

# Both official verdicts where they differ, on the queue and the detail
# (synthetic-careful's app answers: Inspect's Target(str(answer)) makes them
# wrong); a journal that cannot be written: "not saved" and why, never "saved".
touch "$work/plain"
session 80 24 "env NO_COLOR=1 LANG=C.UTF-8 $bin --notes $work/plain/journal.jsonl sample-runs; echo EXITED rc=\$?; sleep 60"
check "80x24: an unwritable journal is reported once loaded (instead of the counts)" "cannot open: Not a directory"
keys :
keys -l "review model=synthetic-careful task=app"
keys Enter
check "80x24: the queue names Inspect's verdict and the rule" "official Inspect  0  differs: app-target-string"
keys Enter
check "80x24: the detail shows both side by side" "lm-eval 1  │  Inspect 0"
check "80x24: ... with the rule" "the official graders differ: app-target-string"
keys a
keys -l "hello"
keys Enter
check "80x24: a note that cannot be written says why" "note not saved: $work/plain/journal.jsonl: cannot open"
check_absent "80x24: ... and never 'note saved'" "note saved"
keys Q
check "80x24: quits" "EXITED rc=0"

[ "$failures" -eq 0 ] && echo "review walk: all ok" || echo "review walk: $failures failure(s)"
exit $((failures > 0))
