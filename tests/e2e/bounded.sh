#!/usr/bin/env bash
# End-to-end check of issue 37 §2 (bounded work): the explorer opened on a run
# of huge set answers (40 answers of 50,000 items, 35 MB) quits with q within
# 2 s while it is still grading them.  Before set answers were graded through
# hashed sets, one such answer took ~20 s and quitting waited for it; the
# grader also stops inside an answer's item loop when the workspace closes
# (pl_acp_grade_options.cancel).
#   tests/e2e/bounded.sh PATH/TO/planlens
set -u
bin=$1
root=$(cd "$(dirname "$0")/../.." && pwd)
sock=planlens-bounded-$$
WAIT_TENTHS=100
. "$(dirname "$0")/harness.sh"
fail() { echo "FAIL: $1"; failures=$((failures + 1)); }

questions=$root/sample-runs/acpbench/blocksworld.gen.json
run=$work/huge-run.jsonl
python3 - "$questions" "$run" <<'PY'
import json, sys
apps = [q for q in json.load(open(sys.argv[1])) if q["group"] == "applicable_actions_gen"]
with open(sys.argv[2], "w") as f:
    for k in range(40):
        q = apps[k % len(apps)]
        items = ", ".join("(pick-up b%d)" % i for i in range(50000))
        f.write(json.dumps({"id": q["id"], "group": q["group"], "model": "huge-%d" % (k % 4),
                            "response": "[" + items + "]"}) + "\n")
PY

cd "$root"
session 120 30 "env NO_COLOR=1 LANG=C LC_ALL=C $bin --ascii $questions $run 2>$work/stderr; echo EXITED rc=\$?; sleep 60"
check "the explorer opens on the huge run" "planlens"
check "... and grades it" "graded"
screen | grep -F "graded" | head -2 | sed "s/^/  screen: /"
t send-keys -t e2e q
start=$(date +%s%N)
gone=0
for _ in $(seq 20); do # 2 s
  if screen | grep -qF "EXITED"; then gone=1; break; fi
  sleep 0.1
done
ms=$(( ($(date +%s%N) - start) / 1000000 ))
if [ "$gone" = 1 ]; then echo "ok: q quit in ${ms} ms while grading"; else fail "q did not quit within 2 s"; screen; fi
check "... cleanly" "EXITED rc=0"
if [ -s "$work/stderr" ]; then echo "stderr:"; cat "$work/stderr"; fi
[ "$failures" = 0 ] && echo "all ok" || echo "$failures failure(s)"
exit $((failures > 0))
