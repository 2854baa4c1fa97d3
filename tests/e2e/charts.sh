#!/usr/bin/env bash
# End-to-end walk of the quality charts (issue 27, §3) at 80x24, 140x40 and
# 220x50, with --ascii (letters C M S D R, V X) and in Unicode (shades): C on
# the plan-quality row of sample-runs/ opens the charts of its task; the
# model's stacked bar, its action count and label shares, the tenths and
# the LEA / |π0| bins are those `planlens quality` computes; Enter on a bar
# opens exactly its cases with the bar in the breadcrumb; a toggles the
# NP-AQM; :export charts.svg writes the SVG with its CSV beside it; w on a
# bar's list opens the why of its answers.  With
# ../shared/data (PLANLENS_DATA_DIR), dev.jsonl's models are bars too, each
# opening its cases.  C on a row without cases says so.
#   tests/e2e/charts.sh PATH/TO/planlens
set -u
bin=$1
root=$(cd "$(dirname "$0")/../.." && pwd)
sock=planlens-charts-$$
WAIT_TENTHS=200
KEY_PAUSE=0.2
. "$(dirname "$0")/harness.sh"

fail() { echo "FAIL: $1"; failures=$((failures + 1)); }
ascii_only() { # ascii_only NAME: no byte >= 0x80 on the screen
  if screen | LC_ALL=C grep -q '[^[:print:][:space:]]'; then
    fail "$1: non-ASCII drawn"; screen | LC_ALL=C grep -n '[^[:print:][:space:]]'
  else echo "ok: $1"; fi
}

cd "$root"
"$bin" quality sample-runs/plans/cases.jsonl --format jsonl >"$work/sample.jsonl" 2>/dev/null
# Per case of `planlens quality`: its plan length, official LEA and AQM labels in action order.
cases() { jq -r '[(.aqm | length), .lea, ([.aqm | to_entries[] | .value] | join(" "))] | @tsv' "$work/sample.jsonl"; }
count_label() { cases | awk -F'\t' -v l="$1" '{ k = split($3, a, " "); for (i = 1; i <= k; i++) n += a[i] == l } END { print n + 0 }'; }
actions=$(cases | awk -F'\t' '{ n += $1 } END { print n }')
ncases=$(cases | wc -l)
shares="" # the model's label shares as the screen prints them ("%3.0f" each)
for l in correct misplaced same_act diff_act redundant; do
  shares="$shares $(awk -v c="$(count_label $l)" -v n="$actions" 'BEGIN { printf "%3.0f", 100 * c / n }')"
done
# cases with an action in tenth 0.7, and with LEA / |π0| in [0.5,0.6)
in_tenth7=$(cases | awk -F'\t' '{ hit = 0; for (i = 0; i < $1; i++) if (int(10 * i / $1) == 7) hit = 1; n += hit } END { print n + 0 }')
in_half=$(cases | awk -F'\t' '$1 > 0 && $2 > 0 && $2 < $1 && int(10 * $2 / $1) == 5 { n++ } END { print n + 0 }')

walk() { # walk WIDTH HEIGHT ARGS...
  local w=$1 h=$2
  shift 2
  local at="${w}x${h} $*:"
  local ascii=false glyphs='█+▓+▒+░+×+' pi='π'
  case "$*" in *--ascii*) ascii=true glyphs='C+M+S+D+R+' pi='pi' ;; esac
  session "$w" "$h" "env LANG=C.UTF-8 NO_COLOR=1 $bin $* sample-runs; echo EXITED rc=\$?; sleep 60"
  check "$at opens" "396 graded"
  [ "$w" -ge 140 ] && check "$at the hint bar names charts" "C charts"

  # a row without plan-quality cases: a message, no screen
  keys g j C
  check "$at C on an app row says why not" "charts: no plan-quality cases in app"
  keys k C
  check "$at C opens the charts of the row's task" "charts {plan-quality}"
  check "$at the labels chart" "AQM labels of $pi""0 per model"
  check_re "$at the model's stacked bar: cases, actions, labels" "^hand-written +$ncases +$actions $glyphs"
  [ "$w" -ge 80 ] && check_re "$at its label shares" "^hand-written .*$shares\$"
  $ascii && ascii_only "$at ASCII only"

  # Enter on the model's bar (the first line): exactly its cases
  keys Enter
  check "$at the bar opens its cases" "questions {plan-quality / AQM labels of hand-written}"
  check "$at ... as many as it counts" " $ncases answers "
  # w on that list: the why of exactly its answers (every sample plan is invalid)
  keys w
  check "$at w on the list opens why" "AQM labels of hand-written} $(! $ascii && echo '›' || echo '>') why"
  check "$at ... of its answers" "$ncases wrong of $ncases answers"
  keys q q
  # a tenth's bar: the cases with an action in it
  prompt / "0.7 "
  check_re "$at the tenth's bar" "^0\.7 +$in_tenth7 "
  keys Enter
  check "$at a tenth opens its cases" "{plan-quality / AQM labels in tenth 0.7}"
  check "$at ... with an action in that tenth" " $in_tenth7 answer"
  keys q
  # a LEA / |π0| bin
  prompt / "[0.5,0.6)"
  keys Enter
  check "$at a LEA bin opens its cases" "{plan-quality / LEA/|$pi""0| [0.5,0.6)}"
  check "$at ... as many as the bin holds" " $in_half answer"
  keys q
  # NP-AQM labels
  keys a g
  check "$at a shows the NP-AQM" "NP-AQM labels of $pi""0 per model"
  check "$at the status says so" "NP-AQM labels"
  keys a
  # the export: SVG and its data beside it
  prompt : "export $work/charts.svg"
  check "$at :export charts.svg" "exported the quality charts"
  grep -q '<svg' "$work/charts.svg" && grep -q 'AQM labels per model' "$work/charts.svg" &&
    echo "ok: $at the SVG" || fail "$at no SVG chart"
  grep -qx "labels,hand-written,.*,$actions" "$work/charts.csv" && echo "ok: $at the CSV beside it" ||
    fail "$at CSV: $(head -3 "$work/charts.csv" 2>/dev/null)"
  [ "$(grep -c '^positions,' "$work/charts.csv")" = 10 ] && [ "$(grep -c '^lea,' "$work/charts.csv")" = 12 ] &&
    echo "ok: $at every bar in the CSV" || fail "$at CSV rows"
  rm -f "$work/charts.svg" "$work/charts.csv"
  keys '?'
  check "$at the help names the screen" "Keys of the charts screen"
  keys q Q
  check "$at quits" "EXITED rc=0"
}

dev_walk() { # dev_walk WIDTH HEIGHT ARGS...: every model of dev.jsonl a bar that opens its cases
  local w=$1 h=$2 dev=$3
  shift 3
  local at="${w}x${h} dev.jsonl $*:"
  session "$w" "$h" "env LANG=C.UTF-8 NO_COLOR=1 $bin $* $dev; echo EXITED rc=\$?; sleep 60"
  check "$at opens" "962 graded"
  keys g C
  check "$at C opens the charts" "charts {plan-quality}"
  local models model n
  models=$(grep -o '"model": *"[^"]*"' "$dev" | sed 's/.*"\([^"]*\)"$/\1/' | sort -u)
  check "$at a bar per model" "$(echo "$models" | wc -l) models"
  model=o4-mini_chat
  n=$(grep -c "\"model\": *\"$model\"" "$dev")
  check_re "$at $model's bar counts its cases" "^$model +$n "
  prompt / "$model"
  keys Enter
  check "$at it opens them" "{plan-quality / AQM labels of $model}"
  check "$at ... all $n" " $n answers "
  keys Q
  check "$at quits" "EXITED rc=0"
}

walk 80 24 --ascii
walk 140 40 --ascii
walk 220 50
walk 80 24
data=${PLANLENS_DATA_DIR:-$root/../shared/data}
if [ -f "$data/plan-quality/dev.jsonl" ]; then
  dev_walk 140 40 "$data/plan-quality/dev.jsonl" --ascii
  dev_walk 220 50 "$data/plan-quality/dev.jsonl"
else
  echo "SKIP: dev.jsonl walk ($data/plan-quality/dev.jsonl absent)"
fi

echo "$failures failure(s)"
[ "$failures" -eq 0 ]
