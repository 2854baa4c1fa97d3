#!/usr/bin/env bash
# The README's run command, followed literally on this clone: ./scripts/run
# under tmux for a few seconds — the dashboard must show, and q must exit 0.
set -u
root=$(cd "$(dirname "$0")/.." && pwd)
sock=planlens-readme-$$
t() { tmux -L "$sock" "$@"; }
trap 't kill-server 2>/dev/null' EXIT
t new-session -d -s run -x 120 -y 30 "cd '$root' && ./scripts/run; echo EXITED rc=\$?; sleep 30"
seen=no
for _ in $(seq 600); do # building may take a while on a fresh clone
  if t capture-pane -p -t run | grep -q "396 graded"; then seen=yes; break; fi
  sleep 0.5
done
[ "$seen" = yes ] || { echo "FAIL: ./scripts/run did not show the dashboard"; t capture-pane -p -t run; exit 1; }
t send-keys -t run q
for _ in $(seq 50); do
  t capture-pane -p -t run | grep -q "EXITED rc=0" && { echo "ok: ./scripts/run opens the explorer and q exits cleanly"; exit 0; }
  sleep 0.1
done
echo "FAIL: q did not exit cleanly"; t capture-pane -p -t run; exit 1
