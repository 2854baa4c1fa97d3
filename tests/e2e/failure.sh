#!/usr/bin/env bash
# End-to-end walk of the failure record in the explorer (issue 41, §3) at
# 80x24 and 140x40, in Unicode and ASCII, on tests/data/failure-views (a
# question answered seven times): the list's failure column names each
# wrong answer's kind and key; f with Tab completes a kind (kind=unk<Tab>)
# and narrows the list to it (F failure counts the column first); Enter opens the detail, whose failure record
# gives kind, key, step and detail; v shows the answer in full; the answer
# column shows the start of a long answer and "…" where it is cut.
#   tests/e2e/failure.sh PATH/TO/planlens
set -u
bin=$1
root=$(cd "$(dirname "$0")/../.." && pwd)
sock=planlens-failure-$$
WAIT_TENTHS=150
KEY_PAUSE=0.2
. "$(dirname "$0")/harness.sh"

fail() { echo "FAIL: $1"; failures=$((failures + 1)); }
cd "$root"
walk() { # walk WIDTH HEIGHT ARGS...
  local w=$1 h=$2
  shift 2
  local at="${w}x${h} $*:" cut="…"
  case "$*" in *--ascii*) cut=".." ;; esac
  mkdir -p "$work/tmp"
  rm -f "$work/paged.txt"
  session "$w" "$h" "env LANG=C.UTF-8 NO_COLOR=1 PAGER='tee $work/paged.txt >/dev/null <' TMPDIR=$work/tmp $bin $* tests/data/failure-views; echo EXITED rc=\$?; sleep 60"
  check "$at opens" "7 graded"
  keys :
  keys "questions" Enter
  check "$at the list of answers" "7 answers"
  check_re "$at the failure column's header" " failure +answer"
  check "$at a wrong answer's kind (and its key when there is room)" "not-applicable"
  check "$at another's" "unknown-name"
  check "$at a choice" "wrong-choice no"
  check "$at a long answer's start, cut at its end" "The appl"
  screen | grep -F "The appl" | grep -qE "The appl[^[]*${cut} *\$" &&
    echo "ok: $at the cut is marked at the end" || { fail "$at no mark at the end of the cut answer"; screen; }

  # F failure: the column counted, in its own words
  keys F
  keys "failure" Enter
  check "$at F counts the failure column" "frequency of failure"
  check "$at ... a kind and key with its count" "unknown-name fly"
  check "$at ... the right answers apart" "none (right)"
  keys q
  check "$at back on the list" "7 answers"

  # f, kind=unk, Tab: the kinds that fit; n, Tab: the kind completes; Enter narrows the list to it
  keys f
  keys "kind=unk"
  keys Tab
  check "$at Tab lists the kinds that fit" "unknown-action unknown-name unknown-object"
  keys "n"
  keys Tab
  check "$at Tab completes the kind" "filter: kind=unknown-name"
  keys Enter
  check "$at the filter is applied" "[kind=unknown-name]"
  check "$at one answer left" "1 answer"
  check_absent "$at the others are gone" "not-applicable"

  # the detail: the failure record
  keys Enter
  check "$at the detail has a failure record" "Failure"
  check "$at ... its kind and label, key and step" "kind unknown-name (unknown object or name)  key fly  step -"
  check "$at ... its detail" "detail  1 unknown, 1 missed"

  # v: the answer in full
  keys v
  for _ in $(seq 50); do [ -s "$work/paged.txt" ] && break; sleep 0.1; done
  grep -qF "[(fly l0 l1)]" "$work/paged.txt" 2>/dev/null && echo "ok: $at v pages the answer in full" ||
    fail "$at v did not page the answer"
  keys q q
  keys Q
  check "$at quits" "EXITED rc=0"
}

walk 80 24
walk 140 40
walk 80 24 --ascii
[ "$failures" -eq 0 ] || { echo "$failures failure(s)"; exit 1; }
echo "all failure walks passed"
