#!/usr/bin/env bash
# End-to-end walk of the why screen with two runs (issue 41, §2) at 80x24
# and 140x40 on sample-runs/: c on run A, w on run B's row pairs their
# answers on the questions both answered and says so (n paired, answers
# left out of each run), with the accuracy difference, its paired 95 %
# interval, n and McNemar's p; a filter that leaves run A fewer questions
# pairs fewer and warns that the sets differ.
#   tests/e2e/why_paired.sh PATH/TO/planlens
set -u
bin=$1
root=$(cd "$(dirname "$0")/../.." && pwd)
sock=planlens-why-paired-$$
WAIT_TENTHS=150
KEY_PAUSE=0.2
. "$(dirname "$0")/harness.sh"


cd "$root"
walk() { # walk WIDTH HEIGHT ARGS...
  local w=$1 h=$2
  shift 2
  local at="${w}x${h} $*:"
  session "$w" "$h" "env LANG=C.UTF-8 NO_COLOR=1 $bin $* sample-runs; echo EXITED rc=\$?; sleep 60"
  check "$at opens" "396 graded"

  # careful's app row is A, sloppy's app row (14 rows of careful below) is B
  keys g j c
  keys j j j j j j j j j j j j j j
  keys w
  check "$at two runs side by side" "why {synthetic-careful vs synthetic-sloppy / app}"
  check_re "$at n paired, nothing left out" "^14 paired questions (·|-) left out: A 0, B 0"
  # the same figures as planlens compare's app row (docs/COMPARE.md): 9 vs 3 right of 14
  check_re "$at the accuracies" "accuracy A 64\.3% B 21\.4%"
  check_re "$at the difference, its interval and n" "A-B \+42\.9 pts, 95% CI \[\+16\.0, \+69\.8\], n = 14"
  check_re "$at McNemar's p (6 to 0 discordant: 2/64)" "McNemar p 0\.031"
  check_re "$at the runs by letter" "A syn.*: 5 wrong of 14 .*B s.*: 11 wrong of 14"
  keys q

  # a filter leaving careful only its right answers: the runs answer different questions
  prompt : 'filter task=app and (model="synthetic-sloppy" or score=1)'
  keys g c # two rows left: careful's app, then sloppy's
  keys j w
  check "$at the filtered pair opens" "why {synthetic-careful vs synthetic-sloppy / app}"
  check_re "$at fewer pairs, the rest left out" "^9 paired questions (·|-) left out: A 0, B 5: shares"
  check_re "$at ... with its n" "n = 9"
  check_re "$at ... and an interval" "95% CI \[[-+][0-9]+\.[0-9], [-+][0-9]+\.[0-9]\]"
  check_re "$at B's wrong answers among the paired only" "B s.*: [0-9] wrong of 9"
  keys Q
  check "$at quits" "EXITED rc=0"
}

walk 80 24 --ascii
walk 140 40
echo "$failures failure(s)"
[ "$failures" -eq 0 ]
