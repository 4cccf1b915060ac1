# Shared helpers for the end-to-end tests (sourced; not a test itself).
# The runner gives DISCLOSE, TOP, a private HOME and TMPDIR.
set -u
D=${DISCLOSE:?run through tests/run-e2e.sh}

# Two kinds of failure, named apart: fail stops the script at once (a
# step that later steps depend on); flag counts a failed case and goes
# on, so that one run shows every failing case, and the script ends with
# finish. The expect_* helpers stop; expect_rc, has, lacks and err_has
# flag.
fail() {
	echo "FAIL: $*" >&2
	exit 1
}

fails=0
flag() {
	echo "FAIL: $*"
	fails=$((fails + 1))
}

# finish: the exit status of a script that flags its cases.
finish() {
	[ "$fails" -eq 0 ] && return 0
	echo "$fails failed case(s)"
	exit 1
}

# expect_rc WANT CMD...: run CMD (output in $TMPDIR/out, err), flag a
# different exit status.
expect_rc() {
	want=$1
	shift
	"$@" >"$TMPDIR/out" 2>"$TMPDIR/err"
	rc=$?
	[ "$rc" = "$want" ] && return 0
	flag "exit $rc, want $want: $*"
	cat "$TMPDIR/out" "$TMPDIR/err"
}

# has / lacks TEXT: $TMPDIR/out has (lacks) TEXT; err_has: $TMPDIR/err.
has() {
	grep -qF -- "$1" "$TMPDIR/out" && return 0
	flag "output lacks '$1'"
	cat "$TMPDIR/out"
}
lacks() {
	! grep -qF -- "$1" "$TMPDIR/out" && return 0
	flag "output has '$1'"
	cat "$TMPDIR/out"
}
err_has() {
	grep -qF -- "$1" "$TMPDIR/err" && return 0
	flag "stderr lacks '$1'"
	cat "$TMPDIR/err"
}

# expect_eq WHAT EXPECTED ACTUAL
expect_eq() {
	[ "$2" = "$3" ] && return 0
	printf 'FAIL: %s\n--- expected\n%s\n--- actual\n%s\n' "$1" "$2" "$3" >&2
	exit 1
}

# expect_status WANT CMD...: run CMD, require its exit status.
expect_status() {
	want=$1
	shift
	"$@" >"$TMPDIR/out" 2>"$TMPDIR/err"
	got=$?
	[ "$got" -eq "$want" ] && return 0
	echo "FAIL: '$*' exited $got, expected $want" >&2
	sed 's/^/  stdout: /' "$TMPDIR/out" >&2
	sed 's/^/  stderr: /' "$TMPDIR/err" >&2
	exit 1
}

# expect_grep PATTERN FILE: FILE must contain PATTERN (fixed string).
expect_grep() {
	grep -qF -- "$1" "$2" && return 0
	echo "FAIL: '$1' not in $2:" >&2
	sed 's/^/  /' "$2" >&2
	exit 1
}

# new_repo DIR: a repository with a test identity and one commit.
new_repo() {
	git init -q -b main "$1" || fail "git init"
	cd "$1" || fail "cd $1"
	git config user.name "Hu Man"
	git config user.email "hu@example.org"
	git config commit.gpgsign false
	echo base >base.txt
	git add base.txt
	git commit -q -m "base" || fail "first commit"
}

HUMAN_SOB="Signed-off-by: Hu Man <hu@example.org>"

# slowdown: how many times slower this build runs (the sanitizer build,
# run with ASAN_OPTIONS set by make, about ten times): for the few rows
# that bound a time to catch a quadratic step, never as a benchmark.
slowdown() {
	if [ -n "${ASAN_OPTIONS:-}" ]; then echo 10; else echo 1; fi
}

# The key that turns on the test-only hooks (DISCLOSE_TEST_HOOKS, src/repo.c).
TEST_HOOKS=disclose-test-hooks-5c0f19ad

# The state a read-only command must leave alone.
repo_state() {
	git for-each-ref --format='%(refname) %(objectname)'
	git rev-parse HEAD 2>/dev/null
	cat "$(git rev-parse --git-dir)"/logs/HEAD 2>/dev/null | wc -l
	git status --porcelain
}
