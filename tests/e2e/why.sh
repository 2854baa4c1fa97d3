#!/usr/bin/env bash
# End-to-end walk of the why screen and the frequency tables (issue 27, §2)
# at 80x24, 140x40 and 220x50 on sample-runs/, with --ascii (and once in
# Unicode): w on a run x task shows its failure modes with their keys
# nested under them, o folds and unfolds a kind, Enter opens exactly the
# answers of a row with the row in the breadcrumb; c then w puts two runs
# side by side and s sorts by their difference; F counts a column (Enter
# opens its records, a number column opens its histogram); D on the
# disagreements groups them by rule; :export why.csv writes the table
# (refusing a file that exists, which :export! replaces).
# Every table row stays distinct at 80 columns.
#   tests/e2e/why.sh PATH/TO/planlens
set -u
bin=$1
root=$(cd "$(dirname "$0")/../.." && pwd)
sock=planlens-why-$$
WAIT_TENTHS=150
KEY_PAUSE=0.2
. "$(dirname "$0")/harness.sh"

fail() { echo "FAIL: $1"; failures=$((failures + 1)); }
row() { screen | sed -n "$1p"; } # row N: the screen's Nth line (1 = the title bar)
ascii_only() { # ascii_only NAME: no byte >= 0x80 on the screen
  if screen | LC_ALL=C grep -q '[^[:print:][:space:]]'; then
    fail "$1: non-ASCII drawn"; screen | LC_ALL=C grep -n '[^[:print:][:space:]]'
  else echo "ok: $1"; fi
}
# distinct NAME: the table's rows (between the headers and the status bar) differ from each other;
# a key row (indented) counts with the kind above it (two kinds may share a key)
distinct() {
  local dup
  dup=$(screen | sed -n "4,$(($(screen | wc -l) - 2))p" | grep -v '^ *$' |
    awk '/^    / { print kind " > " $0; next } { kind = $0; print }' | sort | uniq -d)
  if [ -z "$dup" ]; then echo "ok: $1"; else fail "$1: rows drawn twice: $dup"; screen; fi
}
# The count a why or frequency row shows: the number before its share.
count_of() { echo "$1" | grep -oE '[0-9]+ +[0-9]+\.[0-9]%' | head -1 | awk '{print $1}'; }

cd "$root"
walk() { # walk WIDTH HEIGHT ARGS...
  local w=$1 h=$2
  shift 2
  local at="${w}x${h} $*:"
  session "$w" "$h" "env LANG=C.UTF-8 NO_COLOR=1 $bin $* sample-runs; echo EXITED rc=\$?; sleep 60"
  check "$at opens" "396 graded"
  check "$at the hint bar names why" "w why"

  # the why of one run x task: synthetic-careful answers 5 of its 14 app questions wrong
  keys g j w
  check "$at w opens why with its scope" "why {synthetic-careful / app}"
  check "$at the share is of the wrong answers" "5 wrong of 14 answers"
  check_re "$at the column headers" "^failure mode +count(v|▼) +share"
  local kind
  kind=$(row 4)
  echo "$kind" | grep -qE '^(-|▾) [a-z]' && echo "ok: $at the first row is a kind" || fail "$at first row: $kind"
  row 5 | grep -qE '^    [a-z]' && echo "ok: $at its keys are nested under it" || fail "$at no key under the kind: $(row 5)"
  case "$*" in *--ascii*) ascii_only "$at why draws ASCII only" ;; esac
  distinct "$at the why rows stay distinct"

  # fold and unfold the kind under the cursor
  local name count
  name=$(echo "$kind" | sed -E 's/^(-|▾) //; s/ +[0-9]+ +[0-9.]+%.*//')
  count=$(count_of "$kind")
  keys o
  check_re "$at o folds the kind" "^(\+|▸) $name "
  row 5 | grep -qE '^    ' && fail "$at the folded kind's keys still show" || echo "ok: $at the folded kind hides its keys"
  keys o
  check_re "$at o unfolds it" "^(-|▾) $name "
  row 5 | grep -qE '^    [a-z]' && echo "ok: $at its keys are back" || fail "$at keys not back: $(row 5)"

  # Enter on the kind: exactly its answers, the row in the breadcrumb
  keys Enter
  check "$at Enter opens the row's answers" "/ app / $name}"
  check "$at ... exactly as many as the row counts" " $count answers "
  keys q

  # a key row: the kind and the key in the breadcrumb
  local key
  key=$(row 5 | sed -E 's/^ +//; s/ +[0-9]+ +[0-9.]+%.*//')
  keys j Enter
  check "$at a key row opens its answers" "/ app / $name $key}"
  keys q q

  # two runs side by side: c marks run A, w on run B's row
  keys g j c
  keys j j j j j j j j j j j j j j # past the careful run's 14 tasks: synthetic-sloppy / app
  keys w
  check "$at two runs side by side" "why {synthetic-careful vs synthetic-sloppy / app}"
  check_re "$at a column group per run" ": 5 wrong of 14 .*: 11 wrong of 14"
  check_re "$at the difference column" "share +diff"
  keys s
  check "$at s sorts by the difference" "sorted by difference"
  check_re "$at the diff column is the sort column" "diff(v|▼)"
  distinct "$at the compared rows stay distinct"
  # :export why.csv writes the table, but replaces a file only as :export!; SVG needs the chart writer
  echo old >"$work/why.csv"
  prompt : "export $work/why.csv"
  check "$at :export refuses an existing file" "why.csv exists"
  [ "$(cat "$work/why.csv")" = old ] && echo "ok: $at the file is left as it was" || fail "$at why.csv overwritten"
  prompt : "export! $work/why.csv"
  check "$at :export! replaces it" "exported the why table"
  head -1 "$work/why.csv" | grep -qx 'kind,key,run,task,count,wrong,answers,share,id,sample_id,epoch,model,domain,task,score,sound_score,path,iou,action_distance,parse_failed,stored_score,official_rule,lm_eval_score,inspect_score,inspect_error,sound_reason,failure_kind,failure_key,failure_step,failure_detail,flag,note,plan_length,lea,true_lea,correct,misplaced,same_act,diff_act,redundant,final_score,key,group,question,file,line,stored_answer,parsed_answer,response' &&
    echo "ok: $at the CSV header" || fail "$at CSV header: $(head -1 "$work/why.csv")"
  grep -q ',synthetic-sloppy,app,' "$work/why.csv" && echo "ok: $at both runs in the CSV" || fail "$at sloppy not in the CSV"
  rm -f "$work/why.csv"
  # the extension picks the format: x.jsonl is no chart format, and nothing is written
  prompt : "export $work/why.jsonl"
  check "$at :export why.jsonl names the formats" "unknown export format"
  [ ! -e "$work/why.jsonl" ] && echo "ok: $at nothing written for .jsonl" || fail "$at why.jsonl written"
  prompt : "export $work/chart.svg"
  check "$at :export why.svg" "exported the why chart"
  grep -q '<svg' "$work/chart.svg" && [ -s "$work/chart.csv" ] && echo "ok: $at the SVG and its data beside it" ||
    fail "$at no SVG or no CSV beside it"
  rm -f "$work/chart.svg" "$work/chart.csv"
  keys q

  # F: a frequency table of a column, Enter on a value opens its records
  prompt F domain
  check "$at F domain" "frequency of domain"
  check_re "$at count, share and a bar" "^domain +count(v|▼) +share"
  prompt / ferry
  keys Enter
  check "$at a value opens its records" "questions {domain: ferry}"
  keys q
  keys q
  prompt F key
  check "$at F key" "frequency of failure"
  distinct "$at the key rows stay distinct"
  keys q
  # on a list, a number column opens its histogram with the bin keys
  keys g j Enter
  prompt F iou
  check "$at F iou opens the histogram" "metric: IoU / AD"
  keys w
  check "$at with its bin width key" "bin width 0.10"
  keys q q
  # D lists the disagreements; D again groups them by rule
  keys D
  check "$at D lists the disagreements" "questions {disagreements}"
  keys D
  check "$at D again groups them by rule" "frequency of rule"
  keys Q
  check "$at quits" "EXITED rc=0"
}

walk 80 24 --ascii
walk 140 40 --ascii
walk 220 50
walk 80 24

echo "$failures failure(s)"
[ "$failures" -eq 0 ]
