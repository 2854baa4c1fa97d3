#!/usr/bin/env bash
# End-to-end tests of the explorer, driven as a person would: tmux types keys
# (send-keys) and reads the screen (capture-pane).
#   tests/e2e/explorer.sh PATH/TO/planlens
set -u
bin=$1
root=$(cd "$(dirname "$0")/../.." && pwd)
sock=planlens-e2e-$$
. "$(dirname "$0")/harness.sh"
start() { # start [ENV=VAL...] -- ARGS
  session 120 30 "env LANG=C.UTF-8 $* ; echo EXITED rc=\$?; sleep 60"
}

cd "$root"
start "$bin"
check "dashboard opens on sample-runs" "planlens › dashboard"
check "dashboard shows a run" "synthetic-careful"
check "grading finishes" "396 graded"

keys h
check "histogram" "› histogram"
check "binary-success bar beside it" "success"
keys Enter
check "a bin opens the question list" "› histogram › questions"
keys Enter
check "a question opens its detail, the verdict first" "Verdict"
keys PgDn
check "the detail scrolls from the first key to the response" "Response"
keys q q q
check "back to the dashboard" "synthetic-sloppy"
check_absent "breadcrumbs shrink" "› histogram"

keys f
keys "task=app" Enter
check "filter narrows the dashboard" "[task=app]"
check_absent "filtered rows are gone" "applicability"
keys f
keys "iou<x" Enter
check "a bad filter is reported in place" "filter: column 5: expected a number"
keys X
check "clearing the filter brings rows back" "applicability"

keys /
keys "sloppy" Enter
check_absent "search finds the text" "not found"
keys /
keys "no-such-run" Enter
check "a failed search says so" "not found: no-such-run"

keys '?'
check "help screen from the live keymap" "Keys of the dashboard screen (from the live keymap)"
check "help lists a binding" "histogram"
keys Escape
check_absent "help closes" "Keys of the dashboard screen"

keys :
keys "filter model~careful" Enter
check "the : prompt runs commands" "[model~careful]"

t resize-window -t e2e -x 30 -y 6
check "a tiny terminal gets a message" "too small"
t resize-window -t e2e -x 120 -y 30
check "resizing back redraws" "planlens › dashboard"
t resize-window -t e2e -x 90 -y 30
check "a narrower terminal still shows whole run names" "synthetic-careful app"
t resize-window -t e2e -x 120 -y 30

keys Q
check "Q quits" "EXITED rc=0"
[ -s "$XDG_STATE_HOME/planlens/history" ] && echo "ok: prompt history saved" || { echo "FAIL: no history file"; failures=$((failures + 1)); }

# flags and notes survive a restart
start "$bin"
check "fourth start" "396 graded"
keys Enter
check "a run's questions" "› questions"
keys m
check_re "m flags the question" " flag *$"
keys :
keys "note the stored answer looks wrong" Enter
check "a note is attached" "flag note"
keys :
keys "export $XDG_DATA_HOME/export.json" Enter
check "export reports its count" "exported 4 records"
grep -q '"note":	"the stored answer looks wrong"' "$XDG_DATA_HOME/export.json" && echo "ok: export holds the note" || { echo "FAIL: export lacks the note"; failures=$((failures + 1)); }
keys Q
check "quit after notes" "EXITED rc=0"
start "$bin"
check "fifth start" "396 graded"
keys f
keys "flag=yes" Enter
check "the flag is still there after a restart" "1/1"
keys Q

# SIGTERM restores the terminal and exits 128+15
start "$bin"
check "second start" "396 graded"
pid=$(pgrep -n -f "^$bin\$" || pgrep -n -x planlens)
kill -TERM "$pid"
check "SIGTERM exits cleanly" "EXITED rc=143"

# NO_COLOR: no colour escapes, the selection still in reverse video
start NO_COLOR=1 "$bin"
check "NO_COLOR starts" "396 graded"
if t capture-pane -p -e -t e2e | grep -q $'\e\[3[0-7]'; then echo "FAIL: colour with NO_COLOR"; failures=$((failures + 1)); else echo "ok: NO_COLOR has no colour"; fi
if t capture-pane -p -e -t e2e | grep -q $'\e\[7m'; then echo "ok: selection in reverse video"; else echo "FAIL: no reverse video"; failures=$((failures + 1)); fi
keys Q

# TERM=dumb and a missing terminal fall back to batch output
start TERM=dumb "$bin"
check "TERM=dumb prints the dashboard" "runs × tasks"
check "and exits" "EXITED rc=0"

# a keymap override from $XDG_CONFIG_HOME
mkdir -p "$XDG_CONFIG_HOME/planlens"
printf 'bind generic x quit\n' > "$XDG_CONFIG_HOME/planlens/keymap"
start "$bin"
check "third start" "396 graded"
keys x
check "user keymap binds x to quit" "EXITED rc=0"

# stdout redirected and stdin not a terminal: the screen is on /dev/tty, stdout stays clean
out=$(mktemp)
start "echo | $bin > $out"
check "runs with stdout redirected" "396 graded"
keys Q
check "and quits" "EXITED rc=0"
[ ! -s "$out" ] && echo "ok: nothing written to stdout" || { echo "FAIL: stdout got output"; failures=$((failures + 1)); }
rm -f "$out"

# LANG=C: ASCII drawing
start LANG=C LC_ALL=C "$bin"
check "LANG=C draws ASCII breadcrumbs" "planlens > dashboard"
# resize storm down to 1x1 and 20x5, then back
for size in "1 1" "20 5" "200 60" "1 1" "80 24" "20 5"; do
  set -- $size
  t resize-window -t e2e -x "$1" -y "$2"
done
t resize-window -t e2e -x 120 -y 30
check "survives a resize storm (1x1, 20x5)" "planlens > dashboard"
# SIGINT restores the terminal (exit 130)
pid=$(pgrep -n -f "^$bin\$" || pgrep -n -x planlens)
kill -INT "$pid"
check "SIGINT exits cleanly" "EXITED rc=130"

# batch output into a closed pipe: no error message
err=$(mktemp)
"$bin" --batch 2>"$err" | head -1 >/dev/null
[ ! -s "$err" ] && echo "ok: SIGPIPE in batch output is quiet" || { echo "FAIL: batch into a closed pipe printed: $(cat "$err")"; failures=$((failures + 1)); }
rm -f "$err"

echo "$failures failure(s)"
[ "$failures" -eq 0 ]
