#!/usr/bin/env bash
# End-to-end walk of how the explorer behaves (issue 21): Esc never quits,
# filters narrow within a drilled scope, prompt input is checked, warnings
# are grouped, numbers agree across screens, teach shows each change, probe
# rows open the perturbed answer.  Typed with tmux send-keys and read with
# capture-pane at 80x24, 140x40 and 220x50, with NO_COLOR=1 and LANG=C
# (--ascii at two of the sizes).
#   tests/e2e/behave.sh PATH/TO/planlens
set -u
bin=$1
root=$(cd "$(dirname "$0")/../.." && pwd)
sock=planlens-behave-$$
WAIT_TENTHS=200 # the plan view computes pi1-pi4 when it opens
KEY_PAUSE=0.2
. "$(dirname "$0")/harness.sh"
fail() { echo "FAIL: $1"; failures=$((failures + 1)); }

start() { # start COLS ROWS ARGS...: the explorer in a fresh session
  local cols=$1 rows=$2
  shift 2
  session "$cols" "$rows" \
    "env NO_COLOR=1 LANG=C LC_ALL=C $* 2>$work/stderr; echo EXITED rc=\$?; sleep 60"
}
alive() { # alive NAME: the explorer is still running
  sleep 0.3
  if screen | grep -qF "EXITED"; then fail "$1: the explorer quit"; screen; else echo "ok: $1"; fi
}

# a run whose every record lacks its response: 5 identical warnings
bad=$work/bad-run
mkdir -p "$bad"
for i in 1 2 3 4 5; do echo '{"id": "1", "group": "applicable_actions_gen"}'; done > "$bad/run.jsonl"

cd "$root"
for size in "80 24 --ascii" "140 40" "220 50 --ascii"; do
  set -- $size
  cols=$1 rows=$2 ascii=${3:-}
  echo "== ${cols}x${rows} ${ascii}"

  # 3. Esc cancels or goes back; it never quits, nor do Alt-keys or unknown escape sequences
  start "$cols" "$rows" "$bin" $ascii
  check "opens" "396 graded"
  keys c
  check "c picks run A" "compare: run A"
  keys Escape
  check "Esc cancels the pending compare" "compare cancelled"
  alive "... without quitting"
  keys Escape
  check "Esc on the first screen says what quits" "nothing to cancel"
  keys M-j
  alive "Alt-j does not quit"
  t send-keys -t e2e -l $'\e[99~'
  alive "an unknown escape sequence does not quit"
  keys g c j c
  check "two runs that share no question" "nothing to compare: the runs answer no question in common"
  keys g j Enter
  keys Escape
  check "Esc goes back" "planlens > dashboard"
  check_absent "... to the dashboard" "> questions"
  keys Enter Enter
  check "a question's detail" "Verdict"
  keys Escape Escape # typed at once: two Escs back, not one Alt-Esc that does nothing
  check "Esc Esc goes back twice" "Enter questions"

  # 4. a filter narrows within the drilled run x task; X clears only it
  keys g j Enter
  check "the breadcrumb shows the scope" "> questions {synthetic-careful / app}"
  prompt f "score=0"
  check "the filter shows apart from the scope" "{synthetic-careful / app} [score=0]"
  check_absent "the filter does not widen the scope" "synthetic-sloppy"
  keys X
  check "X keeps the scope" "> questions {synthetic-careful / app}"
  check_absent "X clears the filter" "[score=0]"
  keys q g h # h opens at the selected row's histograms: the first row's here
  keys Enter
  check "a bin's range is its scope" "> questions {hand-written / plan-quality / AD"
  keys q
  # 8. plan-quality cases: action distance and LEA histograms
  check_re "plan-quality cases have an action-distance histogram" "hand-written . plan-quality . action distance"
  prompt / "LEA (share"
  check_re "... and one of LEA" "plan-quality . LEA \\(share of the plan executed\\)"

  # 6. prompt input is checked; errors clear on the next success; each prompt has its history
  prompt : "bins 0.3"
  check ":bins 0.3 is refused" "bins: '0.3' is not a width"
  check "the histogram is still drawn" "success"
  for bad_width in 0 -1 abc; do
    prompt : "bins $bad_width"
    check ":bins $bad_width is refused" "bins: '$bad_width' is not a width"
  done
  prompt : "bins 0.25"
  check ":bins 0.25 applies" "bin width 0.25"
  check_absent "the stale error is gone" "is not a width"
  prompt : "export"
  check ":export alone says what is missing" "export: give a file"
  keys q
  prompt / "hand-written"
  check "a search that wraps says so" "search wrapped to the top"
  keys f Up
  check "the filter prompt's history holds filters" "filter: score=0"
  keys Escape
  keys : Up
  check "the command prompt's history holds commands" ":export"
  keys Escape
  alive "Esc in a prompt cancels it"

  # 9. app questions: the state they are asked in
  keys g j Enter Enter
  keys s
  check "s on an app question opens its state" "the state this app question is asked in"
  keys q

  # 10. teach shows what the last action changed; its prompt has a label and :q
  keys t
  check "teach opens" "Applicable actions"
  keys Enter
  check "the change of the applied action" "after ("
  check "... its added facts" " +("
  keys :
  check "teach's prompt has a label" "action to apply (q leaves):"
  keys q Enter
  check_absent ":q leaves teach" "Applicable actions"
  alive "... back to the question"
  keys q q

  # 9. the plan view's status bar and the state view's breadcrumb agree with their screens
  keys g Enter Enter
  keys p
  check "the plan view opens" "with AQM labels"
  check "the status bar gives both LEAs as the metrics do" "LEA 0 (official)"
  keys Q
  check "Q quits" "EXITED rc=0"

  # 7. warnings: grouped, counted on the status line, a :warnings screen, one line each on quit
  start "$cols" "$rows" "$bin" $ascii sample-runs/acpbench/blocksworld.gen.json "$bad"
  check "warnings are counted on the status line" "6 warnings (:warnings)"
  prompt : warnings
  check ":warnings groups them" "missing response (5 times; lines 1, 2,"
  keys Q
  check "quits" "EXITED rc=0"
  lines=$(grep -c "^planlens: " "$work/stderr")
  [ "$lines" -eq 3 ] && echo "ok: three summary lines on quit" || { fail "$lines lines on quit"; cat "$work/stderr"; }
  grep -qF "planlens: 6 warnings of 2 kinds while opening (every one: :warnings in the explorer, or --warnings FILE)" \
    "$work/stderr" && echo "ok: ... saying where the full list is" || { fail "no summary"; cat "$work/stderr"; }

  # 11. a probe row opens its questions, a question its perturbed answer, with no run loaded
  start "$cols" "$rows" "$bin" $ascii sample-runs/acpbench/blocksworld.gen.json
  check "questions only, loaded" "no responses to show"
  prompt : probe
  check "the probes run" "questions probed"
  prompt / "reach  hallucinate"
  keys Enter
  check "Enter opens the cell's questions" "questions where the rules differ"
  keys Enter
  check "Enter opens the perturbed answer" "Perturbed answer (hallucinate)"
  check "the stored answer is called stored, not correct" "Stored answer"
  check "... with both verdicts" "the official grader accepts a wrong answer"
  keys Q
  check "quits" "EXITED rc=0"
done

if [ -d "${PLANLENS_DATA_DIR:-$root/../shared/data}/conformance/acpbench-dev" ]; then
  # 7. reference verdicts beside a run are its stored scores: no warning, and stored= filters them
  start 140 40 "$bin" "${PLANLENS_DATA_DIR:-$root/../shared/data}/conformance/acpbench-dev"
  check "the conformance data opens" "3111 graded"
  check_absent "its verdicts are no warnings" "warnings"
  prompt f "stored=1 or stored=0"
  check "every response has a stored score" "439/439"
  keys Q
  # a JSONL answering a question several times: samples, not epochs (the mean over the lines,
  # as evaluate_gen.py reports it); the stored answer one key per line; the breadcrumb keeps
  # the current question's id whole at 80 columns
  for ascii in "" --ascii; do
    start 80 24 "$bin" $ascii "${PLANLENS_DATA_DIR:-$root/../shared/data}/conformance/acpbench-dev"
    check_re "accuracy over the lines$ascii" "reach +362/362 +50\.3%"
    prompt / nexta
    keys Enter
    check "the nexta questions$ascii" "{responses.jsonl / nexta}"
    keys Enter
    check "nexta's stored answer by key$ascii" "yes (on an optimal plan)"
    check "... the optimal cost$ascii" "opt (optimal cost from here)"
    check "the run's answers are numbered$ascii" "Answers of this run"
    id=$(screen | sed -n 2p | grep -oE -- '-?[0-9]{6,}$')
    screen | head -1 | grep -qE -- " $id *\$" && echo "ok: the breadcrumb keeps the id $id whole$ascii" ||
      fail "the breadcrumb cuts the id $id: $(screen | head -1)"
    keys q q
    # land's stored yes/no say whether a fact is a landmark, not nexta's "on an optimal plan"
    prompt / land
    keys Enter
    check "the land questions$ascii" "{responses.jsonl / land}"
    keys Enter
    check "land's stored yes is the landmarks$ascii" "yes (is a landmark)"
    check "... and its no the facts that are not$ascii" "no (is not a landmark)"
    check_absent "land does not read like nexta$ascii" "optimal plan)"
    keys Q
  done
else
  echo "SKIP: conformance data (verdicts.jsonl) not found"
fi

data=${PLANLENS_DATA_DIR:-$root/../shared/data}
if [ -d "$data/planbench" ] && [ -f "$data/plan-quality/dev.jsonl" ]; then
  # 8. PlanBench's two tasks are rows of their own; plan-quality models pair by instance
  start 140 40 "$bin" "$data/planbench" "$data/plan-quality/dev.jsonl"
  check "every case graded (D lists the graded disagreements)" "1162 graded"
  check "PlanBench task 1" "planbench-t1"
  check "PlanBench task 2" "planbench-t2"
  keys D Enter
  check "task 2's stored verdict explained" "stored!=: valid but not optimal"
  keys q
  check "q goes back to the disagreements" "Enter detail"
  keys q
  check "... and to the dashboard" "D disagreements"
  prompt : "compare o4-mini_chat o3-mini_chat"
  check "plan-quality cases of two models pair" "5 paired questions"
  keys Q
  # at 80 columns the one run's name moves from its column to the title; the plan view's
  # metrics fit, the final score first
  start 80 24 "$bin" "$data/planbench"
  check "the run every row shares is in the title" "dashboard {gpt4-blocksworld_3}"
  keys Enter
  check "the list of task 1" "Enter detail"
  keys Enter
  check "a plan's detail" "Ground-truth plan and the model's plan"
  check_re "its header keeps the names and the id's end" "^gpt4-blocksworld_3 - blocksworld_3 - planbench-t1 - .*_generation/[0-9]+ *$"
  keys p
  check "the plan view" "Metrics of"
  check_re "its final score fits" "^  final score [0-9.]+ . potential [0-9.]+ . curr score [0-9.]+ *$"
  keys Q
else
  echo "SKIP: PlanBench and plan-quality data not found"
fi

echo "$failures failure(s)"
[ "$failures" -eq 0 ]
