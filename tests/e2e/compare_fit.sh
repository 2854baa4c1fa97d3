#!/usr/bin/env bash
# End-to-end walk of the compare screen fitted to the terminal (issue 21,
# point 2) at 80x24, 140x40 and 220x50, with NO_COLOR=1 under LANG=C and
# with --ascii under a UTF-8 locale: the summary is one table when it fits
# and two (accuracy, then values) when it does not, a section's heading stays
# on the first row while its lines scroll, the question lines keep both runs'
# verdict columns and cut long ids in the middle, whole ids at 140 and 220,
# ←/→ reach the columns a narrow terminal hides, and only ASCII is drawn.
# Then the same on the plan-quality data (two models pair by instance) and on
# the conformance responses as two runs, when ../shared/data is there; and
# the warnings screen's header wrapped at 80 columns.
#   tests/e2e/compare_fit.sh PATH/TO/planlens
set -u
bin=$1
root=$(cd "$(dirname "$0")/../.." && pwd)
sock=planlens-cmpfit-$$
WAIT_TENTHS=300 # grading dev.jsonl through the quality pipeline takes seconds (more under ASan)
KEY_PAUSE=0.2
. "$(dirname "$0")/harness.sh"

row_re() { # row_re NAME N REGEX: the screen's Nth line (1 = the title bar) matches
  for _ in $(seq 50); do screen | sed -n "$2p" | grep -qE -- "$3" && { echo "ok: $1"; return; }; sleep 0.1; done
  echo "FAIL: $1: row $2 is not /$3/:"; screen; failures=$((failures + 1))
}
ascii_only() { # ascii_only NAME: no byte >= 0x80 on the screen
  if screen | LC_ALL=C grep -q '[^[:print:][:space:]]'; then
    echo "FAIL: $1: non-ASCII drawn:"; screen | LC_ALL=C grep -n '[^[:print:][:space:]]'; failures=$((failures + 1))
  else echo "ok: $1"; fi
}
start() { # start WIDTH HEIGHT ENV... -- ARGS...
  local w=$1 h=$2 env=()
  shift 2
  while [ "$1" != "--" ]; do env+=("$1"); shift; done
  shift
  session "$w" "$h" "env ${env[*]} $bin $*; echo EXITED rc=\$?; sleep 60"
}
QHEAD="^id +task +A +B +value A +value B +d +mark"

cd "$root"
walk() { # walk WIDTH HEIGHT ENV... -- ARGS...
  local w=$1 h=$2
  local at="${w}x${h} ${*:3}:"
  start "$@" sample-runs
  check "$at opens" "396 graded"
  prompt : "compare synthetic-careful synthetic-sloppy"
  check "$at :compare opens the two runs" "A synthetic-careful - B synthetic-sloppy"
  ascii_only "$at the compare screen draws ASCII only"

  # the summary: the accuracy columns first, whole task names; values beside them or below
  check_re "$at the app row" "^app +14 +64\.3% +21\.4% +\+42\.9 +\+-13\.7 +\[\+16\.0, \+69\.8\] +6 +0 +0\.031"
  check_re "$at applicability whole" "^applicability +14 +85\.7% +57\.1%"
  if [ "$w" -lt 140 ]; then
    check_re "$at accuracy alone" "^task +pairs +acc A +acc B +d acc +SE +95% CI +A only +B only +p *$"
    prompt / "metric"
    row_re "$at ... then the values" 2 "^task +metric +mean A +mean B +d mean +SE *$"
    check_re "$at ... app's values" "^app +IoU +0\.845 +0\.704 +\+0\.141 +\+-0\.091"
  else
    check_re "$at one summary table" "^task +pairs +acc A +acc B +d acc +SE +95% CI +A only +B only +p +metric +mean A +mean B +d mean +SE"
    check_re "$at ... app's values beside" "^app +14 .* IoU +0\.845 +0\.704 +\+0\.141 +\+-0\.091"
  fi

  # a histogram's heading stays on the first row while its bins scroll
  prompt / "0.50-0.60"
  row_re "$at the histogram's heading stays" 2 "^app - IoU - 14 paired answers"
  row_re "$at ... over its bins" 3 "^  0\.50-0\.60 +0 +1 #"

  # the questions: the column headers stay while they scroll, both verdicts on every line
  keys G
  row_re "$at G: the question headers stay" 2 "$QHEAD"
  check_re "$at G: the last question" "^ferry/ferry-l4-c5/plan +plan +1 +0 +0\.000 +0\.000 +\+0\.000 +A right"
  keys PPage
  row_re "$at a page up: the headers still there" 2 "$QHEAD"
  if [ "$w" -lt 140 ]; then # the first question (the search wraps to the top)
    prompt / "../applicability"
    check_re "$at a long id cut in the middle" "^blocksworld-4o[^ ]*\.\./applicability +applicability +1 +1 +1\.000 +1\.000 +\+0\.000 +agree"
  else
    prompt / "bw-sample-4/applicability"
    check_re "$at whole ids" "^blocksworld-4ops/bw-sample-4/applicability +applicability +1 +1 +1\.000 +1\.000 +\+0\.000 +agree"
  fi
  ascii_only "$at the question lines draw ASCII only"
  keys Enter
  check "$at Enter opens run A's answer" "Verdict"
  keys q
  row_re "$at q comes back to the questions" 2 "$QHEAD"
  keys a
  check "$at a: the agreeing questions" "101 shown (agree)"
  keys a

  # a terminal too narrow for the columns: they scroll sideways
  if [ "$w" -lt 140 ]; then
    t resize-window -t e2e -x 44 -y "$h"
    row_re "$at at 44 columns the verdicts start" 2 "^id +task +A +B +value A"
    check_absent "$at ... the mark is out of view" " mark"
    keys Right
    check_re "$at Right: the tables laid out whole" "^ columns 1.44 of [0-9]+ "
    for _ in $(seq 20); do keys Right; done
    check_absent "$at Right: the id header scrolls away" "id  "
    check_re "$at ... the mark column in view" " mark *$"
    for _ in $(seq 20); do keys Left; done
    row_re "$at Left brings it back" 2 "^id +task"
    check_absent "$at ... fitted again" "columns 1"
    t resize-window -t e2e -x "$w" -y "$h"
  fi
  keys q
  check "$at q: the dashboard" "planlens > dashboard"
  keys Q
  check "$at Q quits" "EXITED rc=0"
}

for size in "80 24" "140 40" "220 50"; do
  set -- $size
  walk "$1" "$2" NO_COLOR=1 LANG=C LC_ALL=C --
  walk "$1" "$2" NO_COLOR=1 LANG=C.UTF-8 -- --ascii
done

# the warnings screen: its header wraps at 80 columns (3,000 warnings and the explanation)
bad=$work/bad-run
mkdir -p "$bad"
for i in $(seq 1000); do echo '{"id": "1", "group": "applicable_actions_gen"}'; done > "$bad/run.jsonl"
start 80 24 NO_COLOR=1 LANG=C LC_ALL=C -- sample-runs "$bad"
check "warnings counted" "1001 warnings (:warnings)"
prompt : warnings
check_re "the warnings header wraps" "^1001 warnings while opening, 2 kinds \(each kind: how many times, in how many *$"
check_re "... onto a second line" "^files, its first examples\) *$"
keys Q

data=${PLANLENS_DATA_DIR:-$root/../shared/data}
if [ -f "$data/plan-quality/dev.jsonl" ]; then
  for size in "80 24" "140 40" "220 50"; do
    set -- $size
    at="plan-quality ${1}x$2:"
    start "$1" "$2" NO_COLOR=1 LANG=C LC_ALL=C -- --ascii "$data/plan-quality/dev.jsonl"
    check "$at opens and grades" "962 graded" # the runs exist once loaded: :compare before says "no run"
    prompt : "compare o4-mini_chat o3-mini_chat"
    check "$at two models pair by instance" "5 paired questions"
    check_re "$at the summary row" "^plan-quality +5 +80\.0% +80\.0% +\+0\.0 +\+-31\.6 +\[-62\.0, \+62\.0\] +1 +1 +1\.000"
    keys G
    check_re "$at the question headers" "^id +(task +)?A +B +value A +value B +d +mark"
    check_re "$at B right where A's plan fails" "^blocksworld_3/o4-mini_chat/pddl/78 +(plan-quality +)?0 +1 +0\.167 +0\.000 +\+0\.167 +B right"
    check_re "$at A right" "^logistics/o4-mini_chat/one_shot/14 +(plan-quality +)?1 +0 +0\.000 +1\.000 +-1\.000 +A right"
    ascii_only "$at ASCII only"
    keys Q
    check "$at Q quits" "EXITED rc=0"
  done
else
  echo "SKIP: plan-quality/dev.jsonl not found"
fi

conf=$data/conformance/acpbench-dev
if [ -f "$conf/responses.jsonl" ]; then
  # the conformance responses as two runs: each question's first and last response
  python3 - "$conf/responses.jsonl" "$work" <<'EOF'
import json, sys
first, last = {}, {}
for line in open(sys.argv[1]):
    r = json.loads(line)
    key = (r["group"], str(r["id"]))
    first.setdefault(key, r)
    last[key] = r
for name, runs in (("first", first), ("last", last)):
    with open(f"{sys.argv[2]}/{name}.jsonl", "w") as f:
        for r in runs.values():
            f.write(json.dumps({"id": r["id"], "group": r["group"], "response": r["response"], "model": name}) + "\n")
EOF
  for size in "80 24" "140 40" "220 50"; do
    set -- $size
    at="conformance ${1}x$2:"
    start "$1" "$2" NO_COLOR=1 LANG=C LC_ALL=C -- "$conf/dev_questions.json" "$work/first.jsonl" "$work/last.jsonl"
    check "$at opens" "640 graded"
    prompt : "compare first last"
    check "$at every question paired" "320 paired questions"
    check_re "$at eight tasks and all" "^all +320 "
    keys G
    row_re "$at the question headers stay" 2 "$QHEAD"
    check_re "$at 19-digit ids whole, both verdicts" "^-?[0-9]{15,} +[a-z]+ +[01] +[01] +(-|[0-9.]+) +(-|[0-9.]+) +[-+][0-9.]+ +(agree|A right|B right) *$"
    ascii_only "$at ASCII only"
    keys Q
    check "$at Q quits" "EXITED rc=0"
  done
else
  echo "SKIP: conformance/acpbench-dev not found"
fi

echo "$failures failure(s)"
[ "$failures" -eq 0 ]
