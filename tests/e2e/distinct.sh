#!/usr/bin/env bash
# End-to-end walk of issue 28 point 1 at 80x24, 140x40 and 220x50: rows that
# differ look different.  In synthetic-careful / applicability the ids keep
# the part that tells them apart (bw-sample-4 and bw-5-4 read alike before),
# with and without a flag; the dashboard of ../shared/data (when present) has
# no two rows alike (clau…aiku twice before).
#   tests/e2e/distinct.sh PATH/TO/planlens
set -u
bin=$1
root=$(cd "$(dirname "$0")/../.." && pwd)
sock=planlens-distinct-$$
WAIT_TENTHS=150
. "$(dirname "$0")/harness.sh"

rows_apart() { # rows_apart NAME FIRST LAST: screen lines FIRST..LAST (1 = title bar) all differ
  local dup
  dup=$(screen | sed -n "$2,$3p" | grep -v '^ *$' | sort | uniq -d)
  if [ -z "$dup" ]; then echo "ok: $1"; else echo "FAIL: $1: rows read the same: $dup"; screen; failures=$((failures + 1)); fi
}

cd "$root"
data=${PLANLENS_DATA_DIR:-$root/../shared/data}
for size in "80 24" "140 40" "220 50"; do
  set -- $size
  w=$1 h=$2
  session "$w" "$h" "env NO_COLOR=1 LANG=C.UTF-8 $bin sample-runs; echo EXITED rc=\$?; sleep 60"
  check "${w}x$h opens" "396 graded"
  keys j j Enter
  check "${w}x$h applicability list" "questions {synthetic-careful / applicability}"
  check "${w}x$h bw-sample-4 whole" "bw-sample-4"
  check "${w}x$h bw-5-4 whole" "bw-5-4"
  rows_apart "${w}x$h the 14 ids differ" 3 16
  keys m
  check "${w}x$h flagged" "flagged blocksworld-4ops/bw-sample-4"
  check "${w}x$h bw-sample-4 whole with a flag" "bw-sample-4"
  rows_apart "${w}x$h the ids differ with a flag" 3 16
  keys m q Q
  check "${w}x$h quits" "EXITED rc=0"
  if [ -d "$data" ]; then
    session "$w" "$h" "env NO_COLOR=1 LANG=C.UTF-8 $bin $data; echo EXITED rc=\$?; sleep 120"
    WAIT_TENTHS=1200 check "${w}x$h shared data graded" "4273 graded"
    rows_apart "${w}x$h dashboard rows differ" 3 $((h - 2))
    check_absent "${w}x$h no clau…aiku" "clau…aiku"
    keys Q
  else
    echo "SKIP: ${w}x$h ../shared/data absent"
  fi
done

echo "$failures failure(s)"
[ "$failures" -eq 0 ]
