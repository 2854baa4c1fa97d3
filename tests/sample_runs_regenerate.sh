#!/usr/bin/env bash
# sample-runs/ is exactly what scripts/make-sample-runs makes.
#   tests/sample_runs_regenerate.sh PATH/TO/planlens
set -euo pipefail
root=$(cd "$(dirname "$0")/.." && pwd)
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
PLANLENS=$1 "$root/scripts/make-sample-runs" "$tmp"
for d in iou acpbench plans; do
  diff -r "$root/sample-runs/$d" "$tmp/$d"
done
echo "ok: sample-runs regenerates byte for byte"
