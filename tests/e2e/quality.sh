#!/usr/bin/env bash
# End-to-end walk of plan-quality cases in the explorer (issue 21, point 8):
# the question list shows each case's LEA, AQM label counts and final score
# as `planlens quality` computes them, sorts by the final score, filters on
# it; the histogram screen offers the final score (m picks the metric) and a
# bin opens its cases with the bin in the breadcrumb.  At 80x24, 140x40 and
# 220x50 with NO_COLOR=1, LANG=C and --ascii.  The expected numbers come from
# `planlens quality` itself.
#   tests/e2e/quality.sh PATH/TO/planlens
set -u
bin=$1
root=$(cd "$(dirname "$0")/../.." && pwd)
sock=planlens-quality-$$
WAIT_TENTHS=200
KEY_PAUSE=0.2
. "$(dirname "$0")/harness.sh"

start() { # start COLS ROWS ARGS...: the explorer in a fresh session
  local cols=$1 rows=$2
  shift 2
  session "$cols" "$rows" \
    "env NO_COLOR=1 LANG=C LC_ALL=C $bin --ascii $* 2>$work/stderr; echo EXITED rc=\$?; sleep 60"
}
row() { screen | sed -n "$1p"; }         # row N: the screen's Nth line (1 = the title bar)

# What `planlens quality` prints for a case (its JSONL line in $2).
case_line() { grep -F "\"case_id\":\"$2\"" "$1" | head -1; }
number() { echo "$1" | grep -o "\"$2\":[-0-9.e+]*" | head -1 | cut -d: -f2; }
labels() { # labels LINE: "5c 1m 0s 2d 1r" from its "aqm" object (the paper's labels)
  local aqm
  aqm=$(echo "$1" | grep -o '"aqm":{[^}]*}')
  local out="" l
  for l in correct:c misplaced:m same_act:s diff_act:d redundant:r; do
    out="$out $(echo "$aqm" | grep -o "\"${l%%:*}\"" | wc -l)${l##*:}"
  done
  echo "${out# }"
}
# The list row a case should have: LEA/length (true LEA), AQM counts, final score.
expected_cells() { # expected_cells JSONL CASE_ID: an extended regular expression
  local line lea true_lea n final cells
  line=$(case_line "$1" "$2")
  lea=$(number "$line" lea)
  true_lea=$(number "$line" true_lea)
  n=$(echo "$line" | grep -o '"aqm":{[^}]*}' | grep -o '"[0-9]*":' | wc -l) # a label per action
  final=$(printf "%.3f" "$(number "$line" final_score)")
  cells="$lea/$n"
  [ "$lea" != "$true_lea" ] && cells="$cells \\($true_lea\\)"
  echo "$cells +$(labels "$line") +${final//./\\.}"
}
# How many cases of a model have a final score that awk's condition on f accepts.
count_final() { # count_final JSONL MODEL CONDITION
  grep -F "\"model\":\"$2\"" "$1" | grep -o '"final_score":[-0-9.e+]*' | cut -d: -f2 | awk "{ f = \$1 } $3 { n++ } END { print n + 0 }"
}

cd "$root"
cases=sample-runs/plans/cases.jsonl
"$bin" quality "$cases" --format jsonl >"$work/sample.jsonl" 2>/dev/null
data=${PLANLENS_DATA_DIR:-$root/../shared/data}
dev=$data/plan-quality/dev.jsonl
[ -f "$dev" ] && "$bin" quality "$dev" --format jsonl >"$work/dev.jsonl" 2>/dev/null

for size in "80 24" "140 40" "220 50"; do
  set -- $size
  cols=$1 rows=$2
  echo "== ${cols}x${rows}"

  # the hand-written cases of sample-runs/: every case's values as planlens quality gives them
  start "$cols" "$rows" sample-runs
  check "opens" "396 graded"
  prompt f "task=plan-quality"
  keys Enter
  check "the hand-written cases" "4 answers"
  check_re "list headers: LEA, AQM and final after the verdicts" "^id +(run +)?(domain +)?(task +)?score +AD +LEA +AQM +final +(failure +)?flags"
  for id in model-extra-argument model-forgets-to-unstack model-hallucinates model-stops-early; do
    want=$(expected_cells "$work/sample.jsonl" "$id")
    if [ "$cols" -ge 140 ]; then check_re "$id: LEA, AQM counts, final" "^$id .* $want"
    else check_re "$id: LEA, AQM counts, final" " $want"; fi
  done
  keys Q

  if [ ! -s "$work/dev.jsonl" ]; then
    echo "SKIP: plan-quality dev cases not found ($dev)"
    continue
  fi
  model=claude_3-5_haiku
  start "$cols" "$rows" "$dev"
  check "dev.jsonl opens" "962 graded"
  prompt f "model=$model"
  keys Enter
  check "a run's cases" "questions {$model / plan-quality}"
  check_re "list headers fit: LEA, AQM and final shown" "^id +(run +)?domain +(task +)?score +AD +LEA +AQM +final +(failure +)?flags"
  for id in "blocksworld_3/$model/one_shot/8" "blocksworld_3/$model/one_shot/92"; do
    want=$(expected_cells "$work/dev.jsonl" "$id")
    if [ "$cols" -ge 140 ]; then check_re "$id as planlens quality scores it" "^${id//./\\.} .* $want"
    else check_re "$id as planlens quality scores it" " $want"; fi
  done
  check_re "a true LEA that differs from the official one is shown beside it" " 0/8 \(4\) "
  for _ in 1 2 3 4 5 6 7 8 9 10; do # s visits the columns in view only, LEA among them
    keys s
    screen | grep -qF "sorted by final" && break
  done
  check_re "s reaches the final score: its header is marked" " final\^"
  keys g
  lowest=$(printf "%.3f" "$(grep -F "\"model\":\"$model\"" "$work/dev.jsonl" | grep -o '"final_score":[-0-9.e+]*' | cut -d: -f2 | sort -g | head -1)")
  # the final score, then the failure column (kind and key) when a row has one
  if row 3 | grep -qE " ${lowest//./\\.}( +[a-z][-a-z]*( .*)?)? *$"; then echo "ok: the lowest final score first ($lowest)"
  else echo "FAIL: the first row is not the lowest final score $lowest:"; screen; failures=$((failures + 1)); fi
  prompt f "final<0.5"
  check "final<0.5 narrows the run's cases" "$(count_final "$work/dev.jsonl" "$model" 'f < 0.5') answers"
  prompt f "lea=0 redundant>3"
  check "lea and the label counts filter" "questions {$model / plan-quality} [lea=0 redundant>3]"
  keys q

  # the histogram: m picks the metric; the final score's bins open their cases
  keys h
  check "histogram hint bar names the metric key" "m metric"
  check "every metric by default" "metric: all"
  keys m m m
  check "m m m: the final score" "histograms of final score"
  check_re "the final-score histogram" "$model - plan-quality - final score \(-1 to 4"
  check_absent "... alone" "action distance"
  top=$(count_final "$work/dev.jsonl" "$model" 'f >= 3.75')
  check_re "its last bin holds the scores from 3.75" "^ +3\.75 to +4\.00 +$top "
  keys G Enter
  check "a bin opens its cases, the bin in the breadcrumb" "questions {$model / plan-quality / final 3.75 to 4.00}"
  check "... all of them" "$top answers"
  keys q
  keys m
  check "m again: every metric" "histograms of all"
  keys g
  check_re "... the action distance too" "$model - plan-quality - action distance"
  keys ?
  check "help names the metric key" "metric: all, IoU / AD, LEA, final score"
  prompt / "correct misplaced"
  check "help lists the new filter fields" "final lea correct misplaced same_act diff_act redundant"
  keys Q
done

echo "$failures failure(s)"
[ "$failures" -eq 0 ]
