# Shared helpers for the tests that drive a real terminal in tmux
# (sourced after lib.sh; not a test itself). The tmux server runs on a
# private socket, $TMPDIR/tmux.sock, and is killed when the test exits;
# the session is named t.
sock=$TMPDIR/tmux.sock
T() { tmux -S "$sock" "$@"; }
trap 'T kill-server 2>/dev/null' EXIT

# new_session ARGS...: a new session (tmux new-session -d ARGS) on the
# private socket, a server left from before stopped first. A client that
# connects while the old server exits gets "server exited unexpectedly"
# (seen once in a sanitizer run): wait for its socket to go, and try
# once more after a pause.
new_session() {
	T kill-server 2>/dev/null
	i=0
	while [ -S "$sock" ] && [ $i -lt 20 ]; do
		sleep 0.1
		i=$((i + 1))
	done
	T -f /dev/null new-session -d "$@" 2>/dev/null && return 0
	sleep 0.5
	T -f /dev/null new-session -d "$@"
}

# wait_for TEXT: until the screen shows TEXT (5 s at most), else the
# screen goes to stderr and the test fails.
wait_for() {
	i=0
	while ! T capture-pane -p -t t | grep -qF -- "$1"; do
		i=$((i + 1))
		if [ $i -gt 50 ]; then
			T capture-pane -p -t t >&2
			fail "timeout waiting for '$1'"
		fi
		sleep 0.1
	done
}

# keys KEY...: tmux key names, one at a time, as a person types them.
keys() {
	for k in "$@"; do
		T send-keys -t t "$k"
		sleep 0.05
	done
}

# type_text TEXT: the text as it is (no key names).
type_text() {
	T send-keys -t t -l "$1"
	sleep 0.1
}
