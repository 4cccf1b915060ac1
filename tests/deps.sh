#!/bin/sh
# Install the Debian packages named as arguments when any is missing.
# As root this runs apt-get; otherwise it prints the exact command to run.
# When another apt or dpkg holds the package lock, apt-get waits for it
# (DEPS_LOCK_TIMEOUT seconds, default 300) and, when it gives up, the
# process holding the lock is named. DEPS_ADMINDIR names another dpkg
# directory (its status file and locks) and DEPS_APT_OPTS adds options
# to apt-get: both for tests/e2e/deps-lock.sh.
missing=""
for p in "$@"; do
	dpkg-query -W -f='${Status}\n' "$p" 2>/dev/null | grep -q 'install ok installed' ||
		missing="$missing $p"
done
[ -z "$missing" ] && exit 0
if [ "$(id -u)" -ne 0 ]; then
	echo "deps: missing Debian packages:$missing" >&2
	echo "deps: run: sudo apt-get install -y$missing" >&2
	exit 2
fi
timeout=${DEPS_LOCK_TIMEOUT:-300}
admindir=${DEPS_ADMINDIR:-/var/lib/dpkg}
set -- -o "DPkg::Lock::Timeout=$timeout"
[ -n "${DEPS_ADMINDIR:-}" ] && set -- "$@" -o "Dir::State::status=$admindir/status"
# shellcheck disable=SC2086 # DEPS_APT_OPTS is a list of options
set -- "$@" ${DEPS_APT_OPTS:-}
log=$(mktemp "${TMPDIR:-/tmp}/deps.XXXXXX") || exit 2
trap 'rm -f "$log"' EXIT

# holders FILE: "pid (name: command line)" of each process that has FILE
# open (fuser, else a look through /proc/*/fd)
holders() {
	pids=$(fuser "$1" 2>/dev/null)
	if [ -z "$pids" ]; then
		for fd in /proc/[0-9]*/fd/*; do
			[ "$(readlink "$fd" 2>/dev/null)" = "$1" ] || continue
			pid=${fd#/proc/}
			pids="$pids ${pid%%/*}"
		done
	fi
	for pid in $(echo $pids | tr ' ' '\n' | sort -u); do
		comm=$(cat "/proc/$pid/comm" 2>/dev/null)
		cmd=$(tr '\0\n\t' '   ' <"/proc/$pid/cmdline" 2>/dev/null |
			cut -c 1-160)
		echo "$pid (${comm:-?}: ${cmd% })"
	done
}

# lock_failure: apt-get gave up on a lock; name who holds it
lock_failure() {
	pat='Could not get lock|Unable to acquire the dpkg frontend lock|Unable to lock'
	grep -q -E "$pat" "$log" || return 1
	echo "deps: apt-get gave up after waiting $timeout s for the package lock:" >&2
	grep -E "$pat" "$log" | sort -u | sed 's/^/deps:   /' >&2
	for f in "$admindir/lock-frontend" "$admindir/lock" \
		 /var/lib/apt/lists/lock /var/cache/apt/archives/lock; do
		[ -e "$f" ] || continue
		holders "$f" | while read -r who; do
			echo "deps: $f is held by process $who" >&2
		done
	done
	echo "deps: wait for that process to finish (or raise DEPS_LOCK_TIMEOUT), then run again" >&2
	return 0
}

export DEBIAN_FRONTEND=noninteractive
echo "deps: installing$missing (apt-get waits up to $timeout s if another apt or dpkg holds its lock)"
apt-get "$@" install -y -q $missing >"$log" 2>&1 && exit 0
if lock_failure; then
	exit 2
fi
# the package lists may be missing or old
{ apt-get "$@" update -q >"$log" 2>&1 &&
	apt-get "$@" install -y -q $missing >"$log" 2>&1; } && exit 0
lock_failure && exit 2
sed 's/^/deps:   /' "$log" | tail -n 20 >&2
echo "deps: apt-get install failed for:$missing" >&2
exit 2
