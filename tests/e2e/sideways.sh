#!/usr/bin/env bash
# End-to-end walk of issue 28 point 1's sideways scrolling at 80x24, 140x40
# and 220x50: on every table screen (dashboard, question list, :questions, D,
# compare, probe) whose columns do not all fit, Right lays the tables out
# whole (names uncut, dropped columns back) with the status saying which
# columns are in view, further Rights reach the last column, and Left at the
# left edge fits the tables to the terminal again.  Where everything fits,
# the hint bar offers no Left/Right and Right changes nothing.
#   tests/e2e/sideways.sh PATH/TO/planlens
set -u
bin=$1
root=$(cd "$(dirname "$0")/../.." && pwd)
sock=planlens-sideways-$$
WAIT_TENTHS=150
. "$(dirname "$0")/harness.sh"

# whole NAME CUT WHOLE LAST: the screen's tables are cut at this width; CUT is
# on screen fitted, WHOLE after Right, LAST after scrolling to the right edge
whole() {
  check "$1: fitted, a value cut" "$2"
  keys Right
  check_re "$1: Right lays the tables out whole" "^ columns 1.$w of [0-9]+ "
  check "$1: ... the cut value whole" "$3"
  for _ in $(seq 40); do keys Right; done
  check_re "$1: ... Right reaches the right edge" "^ columns [0-9]+.([0-9]+) of \\1 "
  check "$1: ... the last column in view" "$4"
  for _ in $(seq 40); do keys Left; done
  check_absent "$1: Left at the left edge fits them again" "columns 1"
  check "$1: ... the value cut again" "$2"
}

# fits NAME WHOLE: every column fits at this width
fits() {
  check "$1: every column whole" "$2"
  check_absent "$1: no Left/Right hint" "Left/Right columns"
  keys Right
  check_absent "$1: Right changes nothing" "columns 1"
}

cd "$root"
data=${PLANLENS_DATA_DIR:-$root/../shared/data}
for size in "80 24" "140 40" "220 50"; do
  set -- $size
  w=$1 h=$2
  at="${w}x$h"
  session "$w" "$h" "env NO_COLOR=1 LANG=C.UTF-8 $bin sample-runs; echo EXITED rc=\$?; sleep 60"
  check "$at opens" "396 graded"
  if [ "$w" -lt 140 ]; then
    # ins!=lm (the Inspect and lm-eval graders differ on 9 app answers) gives way before the names
    # are cut; Right reaches it
    whole "$at dashboard" "synthet…areful" "synthetic-careful " "ins!=lm"
  else
    fits "$at dashboard" "synthetic-careful "
  fi

  # every question: the plan-quality columns (LEA, AQM) drop first when short of room
  prompt : questions
  check "$at :questions: its lines are answers" "396 answers"
  if [ "$w" -lt 220 ]; then
    whole "$at :questions" "final" "model-extra-argument " "AQM"
  else
    fits "$at :questions" "1c 0m 4s 0d 1r"
  fi
  keys q

  # a run x task's list at its width; Enter still opens the row under the cursor
  keys j j Enter
  check "$at applicability list" "questions {synthetic-careful / applicability}"
  fits "$at applicability list" "blocksworld-4ops/bw-sample-4"
  keys q

  prompt : "compare synthetic-careful synthetic-sloppy"
  check "$at compare" "196 paired"
  keys G PPage # the question table, at its depot rows
  if [ "$w" -lt 140 ]; then
    whole "$at compare" "depot/depot-2-c…s/applicability" "depot/depot-2-crates/applicability " "mark"
  else
    fits "$at compare" "blocksworld-4ops/bw-6-2/applicability "
  fi
  keys q

  prompt : probe
  check "$at probe" "questions probed"
  if [ "$w" -lt 140 ]; then
    whole "$at probe" "4431…434" "44317685" "example"
  else
    fits "$at probe" "44317685"
  fi
  keys q
  keys Q
  check "$at quits" "EXITED rc=0"

  if [ -d "$data" ]; then
    session "$w" "$h" "env NO_COLOR=1 LANG=C.UTF-8 $bin $data; echo EXITED rc=\$?; sleep 120"
    WAIT_TENTHS=1200 check "$at shared data graded" "4273 graded"
    keys D
    check "$at D" "questions {disagreements}"
    if [ "$w" -lt 220 ]; then # a negative ACPBench id cut, then whole
      cut=-36610…15750
      [ "$w" -lt 140 ] || cut=-3661081…9015750
      whole "$at D" "$cut" "-3661081222919015750 " "flags"
    else # the ids whole; the answer previews cut to leave the failure column its room
      whole "$at D" "(unstack a c) (put-down a) (pick…" "parse failure                     answer" "flags"
    fi
    keys Q
  else
    echo "SKIP: $at ../shared/data absent"
  fi
done

echo "$failures failure(s)"
[ "$failures" -eq 0 ]
