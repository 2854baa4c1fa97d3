#!/usr/bin/env bash
# The grading load of docs/BENCHMARKS.md: model answers to every ACPBench-Hard
# generative test question (acpbench/*/test.gen.json.gz), written to DIR:
#   stored.jsonl   answers taken from each question's stored answer
#                  (bench/acp_stored_run.py): every yes/no/maybe action of a
#                  nexta question, one yes and one no fact of a land
#                  question, one stored atom or action of reach and areach,
#                  the stored lists of app and prog, the index of val;
#   synth-K.jsonl  six `planlens synth` runs, seeds 1-6 at error rates
#                  0.05 0.1 0.2 0.3 0.5 1.0 (the sloppy ones answer with
#                  wrong and hallucinated items, which trigger the planner
#                  checks).
# 10,034 responses in all.  Usage: bench/acp_load.sh PATH/TO/planlens DIR
set -euo pipefail
planlens=${1:?usage: acp_load.sh PATH/TO/planlens DIR}
out=${2:?usage: acp_load.sh PATH/TO/planlens DIR}
data=${PLANLENS_DATA_DIR:-$(cd "$(dirname "$0")/../.." && pwd)/shared/data}
questions=("$data"/acpbench/*/test.gen.json.gz)
if [ ! -f "${questions[0]}" ]; then
  echo "SKIP: $data/acpbench absent"
  exit 0
fi
mkdir -p "$out"
python3 "$(dirname "$0")/acp_stored_run.py" "$out/stored.jsonl" "${questions[@]}"
seed=0
for rate in 0.05 0.1 0.2 0.3 0.5 1.0; do
  seed=$((seed + 1))
  "$planlens" synth --questions "${questions[@]}" --model "m$seed-e$rate" --seed "$seed" --error-rate "$rate" \
    --out "$out/synth-$seed.jsonl"
done
wc -l "$out"/*.jsonl | tail -1
