# Shared by the tmux end-to-end scripts (sourced; they set bin, root, sock
# and, before sourcing, WAIT_TENTHS and KEY_PAUSE when the defaults do not fit):
# a private tmux server, XDG directories in a scratch dir ($work), and the
# helpers that type keys and read the screen as a person would.
work=$(mktemp -d)
export XDG_STATE_HOME=$work/state XDG_CONFIG_HOME=$work/config XDG_DATA_HOME=$work/data
mkdir -p "$XDG_STATE_HOME" "$XDG_CONFIG_HOME" "$XDG_DATA_HOME"
failures=0
t() { tmux -L "$sock" "$@"; }
cleanup() { t kill-server 2>/dev/null; rm -rf "$work"; }
trap cleanup EXIT
screen() { t capture-pane -p -t e2e; }
# session COLS ROWS COMMAND: COMMAND in a fresh session "e2e". A holder session
# keeps the server up: killing its last session makes tmux exit, and a
# new-session racing that exit fails with "server exited unexpectedly".
session() {
  t has-session -t hold 2>/dev/null || t new-session -d -s hold "sleep 86400"
  t kill-session -t e2e 2>/dev/null
  t new-session -d -s e2e -x "$1" -y "$2" "$3"
}
wait_for() { # wait_for TEXT: up to WAIT_TENTHS tenths of a second for TEXT on the screen
  for _ in $(seq "${WAIT_TENTHS:-100}"); do screen | grep -qF -- "$1" && return 0; sleep 0.1; done
  return 1
}
check() { # check NAME TEXT
  if wait_for "$2"; then echo "ok: $1"; else echo "FAIL: $1: '$2' not on screen:"; screen; failures=$((failures + 1)); fi
}
check_re() { # check_re NAME REGEX: an extended regular expression matches a screen line
  for _ in $(seq 50); do screen | grep -qE -- "$2" && { echo "ok: $1"; return; }; sleep 0.1; done
  echo "FAIL: $1: /$2/ not on screen:"; screen; failures=$((failures + 1))
}
check_absent() { # check_absent NAME TEXT (after a short settle)
  sleep 0.3
  if screen | grep -qF -- "$2"; then echo "FAIL: $1: '$2' still on screen"; screen; failures=$((failures + 1)); else echo "ok: $1"; fi
}
keys() { t send-keys -t e2e "$@"; sleep "${KEY_PAUSE:-0.15}"; }
prompt() { keys "$1"; keys "$2" Enter; } # prompt KEY TEXT: type TEXT at the prompt KEY opens
