#!/usr/bin/env bash
# End-to-end walk of a run still being written (issue 29 point 7): the
# explorer is open on a directory whose run file gains samples; the counts
# grow, the status line says live with the sample count, and the screen,
# its filter and the selected answer stay.  Then half a line is written and
# completed a moment later: never reported broken.  Once with inotify and
# once polling (PLANLENS_POLL=1).
#   tests/e2e/live.sh PATH/TO/planlens
set -u
bin=$1
root=$(cd "$(dirname "$0")/../.." && pwd)
sock=planlens-live-$$
WAIT_TENTHS=100
KEY_PAUSE=0.2
. "$(dirname "$0")/harness.sh"

fail() { echo "FAIL: $1"; failures=$((failures + 1)); }
# The selected line (drawn in reverse video under the title bar), without its escapes.
selected() { t capture-pane -p -e -t e2e | sed 1d | grep $'\e\[7m' | sed 's/\x1b\[[0-9;]*m//g' | head -1; }
# sample ID RESPONSE: one native JSONL line of the run (questions: odd ids "yes", even "no").
sample() { printf '{"id": "%s", "group": "progression_bool", "response": "%s", "model": "m/live"}\n' "$1" "$2"; }

walk() { # walk LABEL ENV...
  local at="$1:" dir=$work/run-$1
  shift
  mkdir -p "$dir"
  cp "$root/tests/data/runs/sets/questions.json" "$dir/"
  { sample 1 yes; sample 2 yes; sample 3 yes; sample 4 no; } > "$dir/run.jsonl"
  session 120 30 "env LANG=C.UTF-8 NO_COLOR=1 $* $bin --ascii $dir; echo EXITED rc=\$?; sleep 60"
  check "$at opens" "4 responses - 4 graded"
  keys Enter # the run x task's answers
  keys f
  keys "score=1" Enter
  keys j # 1, 3, 4 are right: on 3
  selected | grep -qE '^ *3 ' && echo "ok: $at the cursor is on answer 3" || fail "$at not on 3: $(selected)"

  { sample 5 yes; sample 6 yes; sample 7 yes; } >> "$dir/run.jsonl"
  # and a run loaded before it: every record of m/live moves to another index
  { sample 1 no; sample 2 no; } | sed 's#m/live#m/early#' > "$dir/a-early.jsonl"
  check "$at the new samples are loaded and graded: live with the count" "live: 9 samples"
  selected | grep -qE '^ *3 ' && echo "ok: $at the selection stays on answer 3" || fail "$at moved: $(selected)"
  check "$at the filter stays" "score=1"
  screen | grep -qE '^ *7 ' && echo "ok: $at answer 7 (right) is listed" || fail "$at 7 missing"
  screen | grep -qE '^ *6 ' && fail "$at answer 6 (wrong) shown through the filter" || echo "ok: $at the filter holds"

  # half a line, completed after the follower has looked several times
  printf '{"id": "8", "group": "progression_bool", "resp' >> "$dir/run.jsonl"
  sleep 2.5
  printf 'onse": "no", "model": "m/live"}\n' >> "$dir/run.jsonl"
  check "$at the completed sample arrives" "live: 10 samples"
  selected | grep -qE '^ *3 ' && echo "ok: $at still on answer 3" || fail "$at moved: $(selected)"
  keys Escape # back to the dashboard: the counts grew
  check "$at the dashboard counts every sample" "8/8"
  check "$at the dashboard has the new run" "m/early"
  check "$at the dashboard says live" "10 responses - 10 graded - live: 10 samples"
  keys q
  check "$at quits" "EXITED rc=0"
  screen | grep -q "warning" && fail "$at a half-written file was reported: $(screen | grep warning)" ||
    echo "ok: $at nothing reported broken"
}

cd "$root"
walk inotify
walk polling PLANLENS_POLL=1

# --batch --follow: a refreshed dashboard after each change
dir=$work/batch
mkdir -p "$dir"
cp "$root/tests/data/runs/sets/questions.json" "$dir/"
sample 1 yes > "$dir/run.jsonl"
"$bin" --batch --follow "$dir" > "$work/follow.out" 2>&1 &
pid=$!
for _ in $(seq 50); do grep -qs "1 graded" "$work/follow.out" && break; sleep 0.1; done
sample 2 no >> "$dir/run.jsonl"
for _ in $(seq 50); do grep -q "live: 2 samples" "$work/follow.out" && break; sleep 0.1; done
kill "$pid"
wait "$pid"
grep -q "2 responses - 2 graded - live: 2 samples\|2 responses · 2 graded · live: 2 samples" "$work/follow.out" &&
  echo "ok: --batch --follow prints the refreshed dashboard" || { fail "--batch --follow:"; cat "$work/follow.out"; }
[ "$(grep -c "m/live" "$work/follow.out")" = 2 ] && echo "ok: two dashboards printed" ||
  { fail "not two dashboards:"; cat "$work/follow.out"; }

[ "$failures" = 0 ] && echo "PASS" || { echo "$failures FAILED"; exit 1; }
