#!/usr/bin/env bash
# End-to-end test of the question bank at 80x24 and 140x40: question files
# opened alone (no run), :questions lists them (group, domain, id, the
# question; no verdict columns), Enter shows one with its stored answer.
#   tests/e2e/bank.sh PATH/TO/planlens
set -u
bin=$1
root=$(cd "$(dirname "$0")/../.." && pwd)
questions=$root/tests/data/inspect-rules/questions.json
sock=planlens-bank-$$
. "$(dirname "$0")/harness.sh"

cd "$work"
for size in "80 24" "140 40"; do
  set -- $size
  session "$1" "$2" "env LANG=C.UTF-8 $bin $questions; echo EXITED rc=\$?; sleep 60"
  check "$1x$2: the dashboard points at the bank" ":questions lists the 10 questions"
  prompt : questions
  check "$1x$2: :questions lists the questions" "10 questions"
  check "$1x$2: ... with a group and domain column" "domain"
  check "$1x$2: ... the first question's group" "applicable_actions_gen"
  check "$1x$2: ... its domain from the PDDL" "ferry"
  check_absent "$1x$2: ... no verdict column" "sound"
  keys Enter
  check "$1x$2: Enter opens the question" "Question"
  check "$1x$2: ... its stored answer" "Ground truth (stored answer)"
  check "$1x$2: ... an item of it" "(board c0 l0)"
  check_absent "$1x$2: ... no verdict" "Verdict"
  keys Escape
  check "$1x$2: Esc goes back to the bank" "10 questions"
  keys j j j j j j j Enter
  check "$1x$2: a multiple-choice question shows its choices" "Choices"
  keys q q q
  check "$1x$2: q back twice, then q leaves" "EXITED rc=0"
done

[ "$failures" -eq 0 ] && echo "all bank checks passed" || echo "$failures bank check(s) failed"
exit $((failures > 0))
