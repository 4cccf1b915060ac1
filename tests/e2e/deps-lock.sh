# tests/deps.sh when another apt or dpkg holds the package lock: apt-get
# waits for it (DPkg::Lock::Timeout), says so first, and when it gives up
# the holder is named. The lock is a private dpkg directory's
# (DEPS_ADMINDIR), held by a real fcntl lock as dpkg takes it; the
# package does not exist, and apt-get stops at the lock before it looks.
. "$TOP/tests/e2e/lib.sh"
[ "$(id -u)" = 0 ] || { echo "needs root (apt-get)"; exit 77; }
command -v apt-get >/dev/null && command -v python3 >/dev/null ||
	{ echo "needs apt-get and python3"; exit 77; }
adm=$TMPDIR/dpkg
mkdir -p "$adm"
: >"$adm/status"
: >"$adm/lock"
python3 -c '
import fcntl, os, sys, time
f = open(sys.argv[1], "w")
fcntl.lockf(f, fcntl.LOCK_EX)
open(sys.argv[1] + ".ready", "w").close()
time.sleep(60)
' "$adm/lock-frontend" &
holder=$!
i=0
while [ ! -f "$adm/lock-frontend.ready" ] && [ $i -lt 100 ]; do
	sleep 0.1
	i=$((i + 1))
done
[ -f "$adm/lock-frontend.ready" ] || { kill $holder; fail "no lock holder"; }
start=$(date +%s)
DEPS_LOCK_TIMEOUT=3 DEPS_ADMINDIR=$adm DEPS_APT_OPTS=--no-download \
	sh "$TOP/tests/deps.sh" disclose-no-such-package-x >"$TMPDIR/out" 2>"$TMPDIR/err"
rc=$?
took=$(($(date +%s) - start))
kill $holder
cat "$TMPDIR/out" "$TMPDIR/err"
expect_eq "exit status" 2 "$rc"
expect_grep "waits up to 3 s" "$TMPDIR/out"
[ "$took" -ge 3 ] || fail "apt-get did not wait for the lock ($took s)"
expect_grep "$adm/lock-frontend is held by process $holder (python3" "$TMPDIR/err"
expect_grep "wait for that process to finish" "$TMPDIR/err"
echo "deps-lock: ok"
