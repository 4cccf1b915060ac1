# Helpers for the end-to-end tests that count failures and report them
# all at the end (sourced; not a test itself). The test ends with
# [ "$fails" -eq 0 ].
set -u
D=${DISCLOSE:?set DISCLOSE to the git-disclose binary}
fails=0
fail() { echo "FAIL: $*"; fails=$((fails + 1)); }
expect_rc() { # want cmd...
	want=$1; shift
	"$@" >"$TMPDIR/out" 2>"$TMPDIR/err"; rc=$?
	[ "$rc" = "$want" ] || { fail "exit $rc, want $want: $*"; cat "$TMPDIR/out" "$TMPDIR/err"; }
}
has() { grep -qF -- "$1" "$TMPDIR/out" || { fail "output lacks '$1'"; cat "$TMPDIR/out"; }; }
lacks() { ! grep -qF -- "$1" "$TMPDIR/out" || { fail "output has '$1'"; cat "$TMPDIR/out"; }; }
err_has() { grep -qF -- "$1" "$TMPDIR/err" || { fail "stderr lacks '$1'"; cat "$TMPDIR/err"; }; }
