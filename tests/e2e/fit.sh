#!/usr/bin/env bash
# End-to-end walk of issue 21's drawing side at 80x24, 140x40 and 220x50,
# each with NO_COLOR=1 under LANG=C and with --ascii under a UTF-8 locale:
# every screen scrolls from the first key and not past its end, the detail
# shows the verdict first with long texts folded, tables fit the width with
# fixed headers, sideways scrolling and a marked sort column, a hint bar and
# a help screen that scrolls, and only ASCII is drawn.
#   tests/e2e/fit.sh PATH/TO/planlens
set -u
bin=$1
root=$(cd "$(dirname "$0")/../.." && pwd)
sock=planlens-fit-$$
WAIT_TENTHS=150
KEY_PAUSE=0.2
. "$(dirname "$0")/harness.sh"

row() { screen | sed -n "$1p"; } # row N: the screen's Nth line (1 = the title bar)
same_screen() { # same_screen NAME BEFORE: the screen did not change
  if [ "$(screen)" = "$2" ]; then echo "ok: $1"; else echo "FAIL: $1: the screen moved"; screen; failures=$((failures + 1)); fi
}
moved() { # moved NAME BEFORE: the screen changed
  if [ "$(screen)" != "$2" ]; then echo "ok: $1"; else echo "FAIL: $1: the screen did not move"; screen; failures=$((failures + 1)); fi
}
ascii_only() { # ascii_only NAME: no byte >= 0x80 on the screen
  if screen | LC_ALL=C grep -q '[^[:print:][:space:]]'; then
    echo "FAIL: $1: non-ASCII drawn:"; screen | LC_ALL=C grep -n '[^[:print:][:space:]]'; failures=$((failures + 1))
  else echo "ok: $1"; fi
}

cd "$root"
walk() { # walk WIDTH HEIGHT ENV... -- ARGS...
  local w=$1 h=$2 env=() args=()
  shift 2
  while [ "$1" != "--" ]; do env+=("$1"); shift; done
  shift
  args=("$@")
  local at="${w}x${h} ${env[*]} ${args[*]}:"
  session "$w" "$h" "env ${env[*]} $bin ${args[*]} sample-runs; echo EXITED rc=\$?; sleep 60"
  check "$at opens" "396 graded"
  ascii_only "$at the dashboard draws ASCII only"

  # point 2: the dashboard's verdict columns at any width; stored!= is '-' (no run stores scores)
  check_re "$at dashboard headers" "answers +official +sound +IoU +AD +parse! +off!=snd"
  check_re "$at whole mean IoU" "app +14/14 +64\.3% +64\.3% +0\.845 +- +0 +0"
  if [ "$w" -ge 140 ]; then check_re "$at stored!= is - without stored scores" "off!=snd stored!=" ; fi
  if [ "$w" -ge 140 ]; then check_re "$at a - under stored!=" "plan-quality +4/4 +0\.0% +0\.0% +- +[0-9.]+ +0 +0 +-"; fi
  # point 5: the hint bar
  check_re "$at hint bar" "^ q quit  \? help  Enter questions  h histogram"
  # point 1: the dashboard scrolls under its fixed header
  keys G
  check_re "$at dashboard: G shows the last row" "^synth[^ ]* +val +14/14 +64\.3%"
  check_re "$at dashboard: the header stays" "^run +task +answers"
  keys g

  # point 12: run A stays marked while B is chosen
  keys j
  keys c
  check "$at c picks run A" "compare: run A = synthetic-careful"
  check_re "$at run A marked on its rows" "^A +synt[^ ]* +app "
  keys g

  # point 2: the full question list at this width, header fixed, sort marked, sideways scrolling
  keys :
  keys questions Enter
  check "$at the full list: its lines are answers" "396 answers"
  check_re "$at list headers" "^id +run +domain +task +score +sound +IoU +AD +(LEA +AQM +)?(final +)?parse +(failure +)?flags"
  keys s
  check_re "$at the sort column is marked" "^id\^ "
  keys G
  check_re "$at G: the last question (ids in order)" "^model[^ ]*early "
  check_re "$at the header stays while rows scroll" "^id\^ +run"
  before=$(screen)
  keys Space
  same_screen "$at Space cannot pass the end" "$before"
  keys g
  if [ "$w" -lt 140 ]; then
    check_re "$at long names cut in the middle" "^[^ ]+\.\.[^ ]+ "
    t resize-window -t e2e -x 50 -y "$h" # the names at their minimum: the rest scrolls sideways
    check_re "$at at 50 columns the flags are out of view" "^id\^ +run +domain +task +score"
    check_absent "$at ... (flags)" "flags"
    keys Right
    check_re "$at Right lays the columns out whole" "^ columns 1.50 of [0-9]+ "
    for _ in $(seq 20); do keys Right; done
    check_absent "$at Right scrolls the columns: the id header out of view" "id^ "
    check "$at ... the flags column in view" "flags"
    for _ in $(seq 20); do keys Left; done
    check_re "$at Left brings them back" "^id\^ "
    check_absent "$at ... fitted again" "columns 1"
    t resize-window -t e2e -x "$w" -y "$h"
  else
    check "$at whole ids" "1020322854900094621 "
  fi
  check_re "$at list hint bar" "s sort  r reverse  m flag"
  keys q

  # point 1: the detail shows the verdict first and folds the long context
  keys f
  keys 'task=plan-quality' Enter
  keys Enter
  keys /
  keys model-extra-argument Enter
  keys Enter
  check "$at detail: the verdict first" "Verdict"
  check "$at detail: the ground truth beside the answer" "ground truth"
  check "$at detail: the failing action marked" "last executable action: step 4"
  check_re "$at detail hint bar" "e unfold"
  if [ "$h" -le 24 ]; then
    before=$(screen)
    keys j
    moved "$at detail scrolls from the first key" "$before"
    check_re "$at the detail's header line stays" "^hand-written - blocksworld - plan-quality - model-extra-argument"
  fi
  keys End
  check_re "$at End shows the last line: the context folded" "[0-9]+ more lines folded"
  before=$(screen)
  keys Space
  same_screen "$at Space cannot pass the end of the detail" "$before"
  keys e
  keys G
  check "$at e unfolds the context" "(:goal"
  check_absent "$at ... no fold marker" "lines folded"
  keys e
  keys G
  check_re "$at e folds it again" "[0-9]+ more lines folded"
  keys m
  check "$at m says what it did" "flagged model-extra-argument"
  keys m
  check "$at m again" "unflagged model-extra-argument"
  ascii_only "$at the detail draws ASCII only"
  keys p
  check "$at the plan view" "with AQM labels"
  ascii_only "$at the plan view draws ASCII only (pi0, not the Greek letter)"
  keys q q q
  keys X

  # point 5: help scrolls, lists the commands, the columns and the mouse; :help
  keys :
  keys help Enter
  check "$at :help opens the help" "Keys of the dashboard screen"
  keys j
  check "$at j scrolls the help (it stays open)" "> help"
  check_absent "$at ... its first line scrolled away" "Keys of the dashboard screen"
  keys G
  check "$at the help's last line" "docs/EXPLORER.md"
  keys /
  keys ':export' Enter
  check "$at help lists the : commands" ":export FILE"
  keys /
  keys 'off!=snd' Enter
  check "$at help explains the columns" "the official verdict differs from the sound one"
  keys /
  keys 'wheel' Enter
  check "$at help explains the mouse" "scrolls three lines"
  ascii_only "$at the help draws ASCII only"
  keys q
  check_absent "$at q closes the help" "> help"

  # points 1 and 2: the probe table scrolls under its fixed header
  if [ "$h" -le 24 ]; then
    keys :
    keys probe Enter
    check "$at :probe" "questions probed"
    keys G
    check_re "$at probe: G shows the last row" "^nexta +none +14"
    check_re "$at probe: the header stays" "^task +probe +responses +official +sound"
    keys q
  fi

  # point 12: the dashboard's export writes its table
  keys :
  keys "export $work/dash-$w.csv" Enter
  check "$at dashboard export" "exported the dashboard"
  if [ "$(head -1 "$work/dash-$w.csv")" = "run,task,answers,graded,official,sound,mean_iou,mean_action_distance,parse_failures,official_ne_sound,stored_ne_official,errors,inspect_ne_lm_eval" ] &&
     [ "$(wc -l < "$work/dash-$w.csv")" -eq 30 ]; then echo "ok: $at the export holds the 29 rows on screen"
  else echo "FAIL: $at dashboard export:"; cat "$work/dash-$w.csv"; failures=$((failures + 1)); fi
  rm -f "$work/dash-$w.csv" # the next walk at this width exports again (:export replaces nothing)

  # point 12: keys typed on the "too small" screen do nothing
  t resize-window -t e2e -x 30 -y 6
  check "$at too small" "too small"
  keys Q
  keys Enter
  t resize-window -t e2e -x "$w" -y "$h"
  check "$at still on the dashboard" "planlens > dashboard"
  check_absent "$at Q was ignored while too small" "EXITED"
  keys Q
  check "$at Q quits" "EXITED rc=0"
}

for size in "80 24" "140 40" "220 50"; do
  set -- $size
  walk "$1" "$2" NO_COLOR=1 LANG=C LC_ALL=C --
  walk "$1" "$2" NO_COLOR=1 LANG=C.UTF-8 -- --ascii
done

# a CSV export of questions has the rule and reason columns
session 120 30 "env LANG=C.UTF-8 $bin sample-runs; echo EXITED rc=\$?; sleep 60"
check "opens for the CSV export" "396 graded"
keys D
keys :
keys "export $work/disagree.csv" Enter
check "exports the disagreements" "exported"
head -1 "$work/disagree.csv" | grep -q '^id,sample_id,epoch,model,domain,task,score,sound_score,path,iou,action_distance,parse_failed,stored_score,official_rule,lm_eval_score,inspect_score,inspect_error,sound_reason,failure_kind,failure_key,failure_step,failure_detail,flag,note,plan_length,lea,true_lea,correct,misplaced,same_act,diff_act,redundant,final_score,key,group,question,file,line,stored_answer,parsed_answer,response$' &&
  echo "ok: CSV export in the answer schema (docs/EXPLORER.md): path and sound_reason, the failure, and the answer's key, group, question, file, line, stored and parsed answer" || { echo "FAIL: CSV header: $(head -1 "$work/disagree.csv")"; failures=$((failures + 1)); }
keys Q

echo "$failures failure(s)"
[ "$failures" -eq 0 ]
